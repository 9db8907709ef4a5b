package librarybuild

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// point is a cut point: a frame and how the feet stand there.
type point struct{ frame, foot int }

// cutAll finds every source's cut points and the actions between them.
func (b *builder) cutAll() {
	for i := range b.clips {
		b.cutSource(i)
	}
}

// MaxRootAccel is the largest acceleration of the root from one frame to
// the next an action may hold: ten times gravity, beyond any landing. A
// capture that moves its root faster has a pop in it (a missing key, a
// step in its interpolation). [Units: m/s²]
const MaxRootAccel = 10 * 9.81

// MinHipsUp is how low, as a part of the leg, the pelvis may come above
// the lowest foot in an action: below it the character sits, kneels or
// lies, held by what no dock stands for (a seat, the floor under a knee).
const MinHipsUp = 0.5

// hipsUp is, per frame of clip c (its joint positions pos), the pelvis's
// height above low, the lowest point of the feet (lowestFoot).
func hipsUp(c *motion.Clip, eff *motion.Effectors, pos []mgl64.Vec3, low []float64) []float64 {
	n := c.Skeleton.NumJoints()
	pelvis := max(motion.Pelvis(c.Skeleton, eff), 0)
	out := make([]float64, len(low))
	for f, l := range low {
		out[f] = pos[f*n+pelvis][1] - l
	}
	return out
}

// lowestFoot is, per frame of clip c (its joint positions pos), the height
// of the lowest joint of the feet (each foot's joint, tip and end sites).
func lowestFoot(c *motion.Clip, eff *motion.Effectors, pos []mgl64.Vec3) []float64 {
	n := c.Skeleton.NumJoints()
	low := make([]float64, c.Frames())
	for f := range low {
		low[f] = math.Inf(1)
		for _, e := range eff.Feet {
			for j := range n {
				if c.Skeleton.IsAncestor(e.Joint, j) {
					low[f] = min(low[f], pos[f*n+j][1])
				}
			}
		}
	}
	return low
}

// rootPop is the first frame in from..to of clip c where the root's
// acceleration exceeds MaxRootAccel, and that acceleration; -1 when there
// is none. The acceleration is the second difference over a thirtieth of
// a second, so that a fast capture's jitter does not count.
func rootPop(c *motion.Clip, from, to int) (int, float64) {
	n := c.Skeleton.NumJoints()
	h := max(1, int(math.Round(1/(30*c.FrameTime))))
	dt2 := float64(h*h) * c.FrameTime * c.FrameTime
	for f := from + h; f+h <= to; f++ {
		d := c.Trans[(f+h)*n].Sub(c.Trans[f*n].Mul(2)).Add(c.Trans[(f-h)*n])
		if acc := d.Len() / dt2; acc > MaxRootAccel {
			return f, acc
		}
	}
	return -1, 0
}

// cutSource finds source i's cut points and the actions between them.
func (b *builder) cutSource(i int) {
	c := b.clips[i]
	if c == nil {
		return
	}
	pts := b.points(i)
	before := len(b.cuts)
	for k := 0; k+1 < len(pts); k++ {
		p, q := pts[k], pts[k+1]
		dur := float64(q.frame-p.frame) * c.FrameTime
		switch {
		case p.foot == bothFeet && q.foot == bothFeet && b.bothDown(i, p.frame, q.frame):
			b.standing(i, p.frame, q.frame)
			continue
		case dur < b.opt.MinAction || dur > b.opt.MaxAction:
			continue
		}
		b.addCut(i, p, q)
	}
	b.out.Report.Sources[b.reportIndex(i)].Actions = len(b.cuts) - before
}

// reportIndex is the report line of source i.
func (b *builder) reportIndex(i int) int {
	for k, r := range b.out.Report.Sources {
		if r.Name == b.srcs[i].Name {
			return k
		}
	}
	return 0
}

// points lists a source's cut points in frame order: the middle of each
// single-support stance (stretches of one foot docked alone, merged when
// that foot is docked twice in a row), and both ends of each stretch where
// both feet stand (at least MinAction long).
func (b *builder) points(i int) []point {
	sup := b.support[i]
	n := len(sup[0])
	state := func(f int) int {
		switch {
		case sup[0][f] && sup[1][f]:
			return 2
		case sup[0][f]:
			return 0
		case sup[1][f]:
			return 1
		}
		return 3 // no foot down
	}
	var pts []point
	minFrames := int(math.Ceil(b.opt.MinAction / b.clips[i].FrameTime))
	for f := 0; f < n; {
		s, g := state(f), f
		for g+1 < n && state(g+1) == s {
			g++
		}
		switch {
		case s == 0 || s == 1:
			pts = append(pts, point{(f + g) / 2, s})
		case s == 2 && g-f >= minFrames:
			pts = append(pts, point{f, bothFeet}, point{g, bothFeet})
		}
		f = g + 1
	}
	// One foot docked twice in a row in one place (heel, then ball): one
	// stance, its cut point between them. Docked twice apart, it hopped:
	// two stances, and a step from one to the other.
	out := pts[:0]
	last := point{-1, bothFeet}
	for _, p := range pts {
		if k := len(out) - 1; k >= 0 && p.foot >= 0 && out[k].foot == p.foot && !b.hop(i, last, p) {
			out[k].frame = (out[k].frame + p.frame) / 2
			continue
		}
		out, last = append(out, p), p
	}
	if L := b.period[i]; L > 0 {
		return periodic(out, L, n)
	}
	return out
}

// MinHop is how far apart, as a part of the leg, one foot's two docks in
// a row must be for a hop (a step from that foot onto itself); nearer, they
// are one stance (the heel, then the ball).
const MinHop = 0.3

// MinSwingSpeed is the slowest the other foot moves over the ground (the
// stiller of its joint and tip, in legs per second) between a hop's two
// stances: slower, it stood there, in a stance too short or too rolled to
// dock, and the two docks are no hop.
const MinSwingSpeed = 0.6

// hop reports whether foot p.foot docked at p and again at q (source i)
// hopped: it stands in places MinHop of the leg apart, and the other foot
// never slows to a stance between.
func (b *builder) hop(i int, p, q point) bool {
	at := func(x point) (mgl32.Vec3, bool) {
		for _, d := range b.found[i] {
			if d.Template == "foot" && int(d.Side) == x.foot && d.StartFrame <= x.frame && x.frame <= d.EndFrame {
				return d.Pose.Position, true
			}
		}
		return mgl32.Vec3{}, false
	}
	a, okA := at(p)
	z, okZ := at(q)
	if !okA || !okZ || float64(z.Sub(a).Len()) < MinHop*b.leg {
		return false
	}
	c, eff := b.clips[i], b.srcs[i].Effectors
	var other motion.Effector
	for _, e := range eff.Feet {
		if int(e.Side) != p.foot {
			other = e
		}
	}
	n, h := c.Skeleton.NumJoints(), max(1, int(math.Round(1.0/30/c.FrameTime)))
	pos := c.Positions()
	speed := func(j, f int) float64 {
		d := pos[(f+h)*n+j].Sub(pos[(f-h)*n+j])
		return math.Hypot(d[0], d[2]) / (2 * float64(h) * c.FrameTime)
	}
	for f := max(p.frame, h); f <= q.frame && f+h < c.Frames(); f++ {
		if min(speed(other.Joint, f), speed(other.Tip, f)) < MinSwingSpeed*b.leg {
			return false
		}
	}
	return true
}

// periodic gives the cut points of a loop played twice (L frames a
// playing, n frames in all) one period apart: those of the middle
// playing, [L/2, 3L/2), where no stance is cut short by the clip's ends,
// and their copies a period before and after, within the clip.
func periodic(pts []point, L, n int) []point {
	var mid []point
	for _, p := range pts {
		if 2*p.frame >= L && 2*p.frame < 3*L {
			mid = append(mid, p)
		}
	}
	var out []point
	for _, shift := range []int{-L, 0, L} {
		for _, p := range mid {
			if f := p.frame + shift; f >= 0 && f < n {
				out = append(out, point{f, p.foot})
			}
		}
	}
	return out
}

// bothDown reports whether both feet stand throughout frames [from, to].
func (b *builder) bothDown(i, from, to int) bool {
	for f := from; f <= to; f++ {
		if !b.support[i][0][f] || !b.support[i][1][f] {
			return false
		}
	}
	return true
}

// standing cuts a stretch where both feet stand into pieces of about a
// second.
func (b *builder) standing(i, from, to int) {
	c := b.clips[i]
	pieces := max(1, int(math.Round(float64(to-from)*c.FrameTime/1.0)))
	for k := range pieces {
		p := point{from + (to-from)*k/pieces, bothFeet}
		q := point{from + (to-from)*(k+1)/pieces, bothFeet}
		if float64(q.frame-p.frame)*c.FrameTime >= b.opt.MinAction {
			b.addCut(i, p, q)
		}
	}
}

// addCut adds the action from p to q of source i, unless its root pops
// (rootPop): then it says so in the report.
func (b *builder) addCut(i int, p, q point) {
	if f, acc := rootPop(b.clips[i], p.frame, q.frame); f >= 0 {
		b.out.Report.Dropped = append(b.out.Report.Dropped, fmt.Sprintf("%s frames %d-%d: the root pops at frame %d (%.0f m/s², over %.0f)", b.srcs[i].Name, p.frame, q.frame, f, acc, MaxRootAccel))
		return
	}
	if low := slices.Min(b.hipsUp[i][p.frame : q.frame+1]); low < MinHipsUp*b.leg {
		b.out.Report.Dropped = append(b.out.Report.Dropped, fmt.Sprintf("%s frames %d-%d: off its feet (the pelvis %.2f m above the lowest foot, under %.0f%% of the leg: it sits, kneels or lies)", b.srcs[i].Name, p.frame, q.frame, low, MinHipsUp*100))
		return
	}
	b.cuts = append(b.cuts, b.cutOf(i, p, q))
}

// cutOf is the action from p to q of source i.
func (b *builder) cutOf(i int, p, q point) cut {
	return cut{src: i, from: p.frame, to: q.frame, startFoot: p.foot, endFoot: q.foot,
		standStart: p.foot == bothFeet && b.slow(i, p.frame), standEnd: q.foot == bothFeet && b.slow(i, q.frame)}
}

// slow reports whether the hips move slower than a tenth of a leg per
// second around frame f.
func (b *builder) slow(i, f int) bool {
	c := b.clips[i]
	eff := b.srcs[i].Effectors
	a, z := max(f-2, 0), min(f+2, c.Frames()-1)
	if a == z {
		return true
	}
	p, q := c.RootPointAt(a, eff.Hips), c.RootPointAt(z, eff.Hips)
	return math.Hypot(q.X-p.X, q.Z-p.Z)/(float64(z-a)*c.FrameTime) < 0.1*b.leg
}

// actions makes every cut from the k0th on an action with its docks and
// tags.
func (b *builder) actions(k0 int) error {
	for k := k0; k < len(b.cuts); k++ {
		ct := b.cuts[k]
		src := b.srcs[ct.src]
		c, err := b.clips[ct.src].Slice(ct.from, ct.to+1)
		if err != nil {
			return err
		}
		a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, src.Effectors, b.xopt)
		if err != nil {
			return fmt.Errorf("library: %s frames %d-%d: %w", src.Name, ct.from, ct.to, err)
		}
		a.Source = src.Name
		a.Docks = b.cutDocks(ct, a)
		a.Tags = b.tags(a, ct)
		if b.synthesized(ct.src) {
			a.Tags = append(a.Tags, Synthesized)
		}
		b.keepDocks(a)
		b.acts = append(b.acts, a)
		b.blends = append(b.blends, blendOf{from: -1})
		b.turns = append(b.turns, Turn{})
	}
	return nil
}

// keepDocks drops the hands' docks unless BuildOptions.Hands.
func (b *builder) keepDocks(a *action.Action) {
	if !b.opt.Hands {
		a.Docks = slices.DeleteFunc(a.Docks, func(d action.Dock) bool { return d.Template == "hand" })
	}
}

// tags names what an action does from its root motion and feet.
func (b *builder) tags(a *action.Action, ct cut) []string {
	d := a.Delta
	dist := math.Hypot(d.Translation[0], d.Translation[2])
	speed := dist / a.Duration()
	deg := d.Yaw * 180 / math.Pi
	var tags []string
	switch {
	case dist < 0.1*b.leg && math.Abs(deg) < 15:
		tags = append(tags, "idle")
	case dist < 0.1*b.leg:
		tags = append(tags, "pivot")
	case b.flight(ct) >= 0.25 && !b.gaitStep(ct, speed):
		tags = append(tags, "jump")
	case speed > runSpeed*b.leg:
		tags = append(tags, "run")
	default:
		tags = append(tags, "walk")
	}
	tags = b.turnAndRise(tags, d)
	if tags[0] != "idle" {
		if ct.standStart {
			tags = append(tags, "start")
		}
		if ct.standEnd {
			tags = append(tags, "stop")
		}
	}
	return tags
}

// turnAndRise appends to tags the turn (by its angle, to 15°) and the
// step up or down that root delta d makes.
func (b *builder) turnAndRise(tags []string, d action.Delta) []string {
	deg := d.Yaw * 180 / math.Pi
	if math.Abs(deg) >= 20 {
		side := "left"
		if deg < 0 {
			side = "right"
		}
		tags = append(tags, "turn-"+side, fmt.Sprintf("turn-%s-%d", side, 15*int(math.Round(math.Abs(deg)/15))))
	}
	switch rise := d.Translation[1]; {
	case rise > 0.15*b.leg:
		tags = append(tags, "step-up")
	case rise < -0.15*b.leg:
		tags = append(tags, "step-down")
	}
	return tags
}

// runSpeed is, in legs per second, the speed above which a step is a
// run's.
const runSpeed = 2.4

// gaitStep reports whether cut ct, at speed (m/s), is a step of a gait,
// from one foot onto the other: in a gait cycle found in a capture (its
// stances single and alternating: a walk or a run, whatever its feet's
// height says on uneven ground), or, at a run's speed, in a clip captured
// as a loop (a cartoon's run floats a third of a second a step; slower, a
// loop is a jump played over and over). Such a step is no jump.
func (b *builder) gaitStep(ct cut, speed float64) bool {
	if ct.startFoot < 0 || ct.endFoot < 0 || ct.startFoot == ct.endFoot {
		return false
	}
	return b.period[ct.src] > 0 || b.looped[ct.src] && speed > runSpeed*b.leg
}

// airborne marks the frames where the feet's lowest point (low, per
// frame: lowestFoot) is more than clear above the clip's floor.
func airborne(low []float64, clear float64) []bool {
	out := make([]bool, len(low))
	if len(low) == 0 {
		return out
	}
	floor := slices.Min(low)
	for f, l := range low {
		out[f] = l > floor+clear
	}
	return out
}

// flight is the longest time in a cut with every foot off the floor.
func (b *builder) flight(ct cut) float64 {
	run, longest := 0, 0
	for f := ct.from; f <= ct.to; f++ {
		if !b.air[ct.src][f] {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return float64(longest) * b.clips[ct.src].FrameTime
}

// anchor sets the pose of each dock that begins or ends the action to the
// pose at that frame (dock.PoseAt), so that a dock continuing across the
// seam of two pieces cut from one clip has the same pose in both, and the
// planner holds the foot on one support through the seam.
func anchor(a *action.Action) {
	last := a.Clip.Frames() - 1
	start := a.StartFrame()
	for k := range a.Docks {
		d := &a.Docks[k]
		f := -1
		switch ft := a.Clip.FrameTime; {
		case d.Start < 0.5*ft:
			f = 0
		case d.End > float64(last)*ft-0.5*ft:
			f = last
		}
		if f < 0 {
			continue
		}
		for _, e := range a.Effectors.All() {
			if a.Clip.Skeleton.Names[e.Joint] == d.Effector {
				d.Pose = dock.PoseAt(a.Clip, e, f, start)
				d.Pose.Position[1] -= float32(a.Ground)
			}
		}
	}
}

// cutDocks are the docks of the whole source clip that overlap cut ct, cut
// to it: a dock running over the cut's first or last frame is posed at
// that frame (dock.PoseAt), where the neighbouring piece poses it too, so
// the planner holds the foot on one support across the seam; a dock
// inside the cut is posed at its middle frame. Extracting from the piece
// alone loses the docks a cut point splits (too short at its ends).
func (b *builder) cutDocks(ct cut, a *action.Action) []action.Dock {
	c := b.clips[ct.src]
	start := a.StartFrame()
	var out []action.Dock
	for _, d := range b.found[ct.src] {
		from, to := max(d.StartFrame, ct.from), min(d.EndFrame, ct.to)
		if from > to {
			continue
		}
		at := (from + to) / 2
		switch {
		case from == ct.from:
			at = from
		case to == ct.to:
			at = to
		}
		var e motion.Effector
		for _, x := range a.Effectors.All() {
			if a.Clip.Skeleton.Names[x.Joint] == d.Effector {
				e = x
			}
		}
		// The source clip's frame at is the piece's frame at-ct.from.
		pose := dock.PoseAt(a.Clip, e, at-ct.from, start)
		pose.Position[1] -= float32(a.Ground)
		out = append(out, action.Dock{Effector: d.Effector, Side: d.Side, Template: d.Template,
			Start: float64(from-ct.from) * c.FrameTime, End: float64(to-ct.from) * c.FrameTime, Pose: pose})
	}
	return b.oneSupport(out, a.Clip, a.Effectors)
}

// oneSupport merges the docks of a foot lifted for under a tenth of a
// second (three frames at least) and set down within 2% of the leg of
// where it was, when the foot in clip c (effectors eff) stays that near
// where it stands at the first dock's start until the second ends (its
// joint or its tip, the one that moves less): it stays on one support. Two
// would be asked for separately, and on uneven ground found apart.
func (b *builder) oneSupport(docks []action.Dock, c *motion.Clip, eff *motion.Effectors) []action.Dock {
	slide := max(b.xopt.MaxSlide, 0.02*b.leg)
	n := c.Skeleton.NumJoints()
	var pos []mgl64.Vec3
	still := func(x, y action.Dock) bool {
		if pos == nil {
			pos = c.Positions()
		}
		e, ok := footNamed(c, eff, x.Effector)
		if !ok {
			return true
		}
		f0, f1 := int(math.Round(x.Start/c.FrameTime)), min(int(math.Round(y.End/c.FrameTime)), c.Frames()-1)
		mj, mt := 0.0, 0.0
		for f := f0; f <= f1; f++ {
			mj = max(mj, pos[f*n+e.Joint].Sub(pos[f0*n+e.Joint]).Len())
			mt = max(mt, pos[f*n+e.Tip].Sub(pos[f0*n+e.Tip]).Len())
		}
		return min(mj, mt) <= slide
	}
	return mergeDocks(docks, max(3*c.FrameTime, 0.1), slide, still)
}
