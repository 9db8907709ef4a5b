package library

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Source is one clip a library is built from.
type Source struct {
	Name      string // unique, for reports ("16_17.amc", "robot.glb#Walking")
	Ref       ClipRef
	Clip      *motion.Clip
	Effectors *motion.Effectors
}

// ClipRef is how an action file names a clip: a BVH file, an AMC motion
// with its ASF skeleton, or a glTF character's animation, at a scale.
type ClipRef struct {
	BVH, AMC, ASF, GLTF, Animation string
	Scale                          float64 // file units to metres (0: 1)
}

// BuildOptions tune Build.
type BuildOptions struct {
	// MaxPoseError is the largest pose difference a transition between
	// two actions may have, as a share of the leg's length: joint
	// positions relative to the root's ground point and heading, root mean
	// square, plus 0.1 s of the difference of their velocities. Zero means
	// 0.1. [Limit: >= 0]
	MaxPoseError float64
	// MinAction and MaxAction bound an action's length; longer standing
	// stretches are cut into pieces of about a second. Zero means 0.1 s
	// and 2 s. [Units: s]
	MinAction, MaxAction float64
	// Hands keeps the hands' docks. Without it actions dock their feet
	// only: a hand still in a capture (a T-pose, a hand on a hip) is
	// rarely on something the level will have.
	Hands bool
}

// Built is a library made by Build: the actions, their graph, how the
// action file refers to each action's clip, and what happened.
type Built struct {
	Library *action.Library
	Graph   *actiongraph.Graph
	Clips   map[string]ActionClip // per action name
	Report  Report
}

// ActionClip is where an action's clip comes from: the source, whether it
// got root motion (RootMotion) and its frames (first, last inclusive).
type ActionClip struct {
	Source     string
	Ref        ClipRef
	RootMotion bool
	Loop       bool // the clip (with its root motion) played twice
	First      int
	Last       int
	// BlendFrom, when set, is the action whose last pose the clip fades in
	// from over BlendSeconds (motion.BlendIn).
	BlendFrom    string
	BlendSeconds float64
	// Turn, when not zero, turns the clip's path (motion.TurnPath) after
	// the frames are picked and before the blend.
	Turn Turn
}

// Turn is a path turn: Deg about the vertical through Pivot (x, z in the
// clip), growing from From to To seconds into the action.
type Turn struct {
	Deg      float64
	Pivot    [2]float64
	From, To float64
}

// Report says what Build did.
type Report struct {
	Sources      []SourceReport `json:"sources"`
	Actions      int            `json:"actions"`
	Tags         map[string]int `json:"actions_per_tag"`
	Transitions  int            `json:"transitions"`
	MaxPoseError float64        `json:"max_transition_pose_error_m"`
	// MaxBlendError is the largest pose difference a start or stop blends
	// across (motion.BlendIn).
	MaxBlendError float64  `json:"max_blend_pose_error_m"`
	Dropped       []string `json:"dead_ends_dropped"`
	Entry         []string `json:"entry"`
	// Size is the character's leg over the adult's; from 15% off, the
	// docks use the built-in templates grown by it ("foot@2.43").
	Size float64 `json:"size_to_adult"`
}

// SourceReport is what one source gave.
type SourceReport struct {
	Name       string  `json:"name"`
	Seconds    float64 `json:"seconds"`
	RootMotion float64 `json:"root_motion_m_per_s,omitempty"` // added to a clip on the spot
	Loop       bool    `json:"loop,omitempty"`                // ends as it starts: played twice to cut
	FootDocks  int     `json:"foot_docks"`
	Actions    int     `json:"actions"`
	Skipped    string  `json:"skipped,omitempty"`
	// NoDocks says, when no foot was ever docked, why (dock.Diagnose).
	NoDocks string `json:"no_docks,omitempty"`
}

// cut is a candidate action: frames [from, to] of a prepared source, and
// how the feet stand at either end (-1 both, 0 left, 1 right).
type cut struct {
	src        int
	from, to   int
	startFoot  int
	endFoot    int
	standStart bool // both feet down and the root slow at the first frame
	standEnd   bool
}

const bothFeet = -1

// Build cuts source clips into actions and joins them into a state graph,
// motion-graph fashion (Kovar, Gleicher and Pighin 2002):
//
//   - The sources sharing the most common skeleton are used; clips of other
//     skeletons are reported as skipped (no retargeting).
//   - A clip on the spot gets the root motion its feet imply (RootMotion).
//   - Docks are extracted with the thresholds scaled to the skeleton's leg.
//   - Cut points are the middles of single-support foot docks and the ends
//     of stretches where both feet stand; an action runs from one cut point
//     to the next (a step, about half a second), and a long standing
//     stretch is cut into pieces of about a second.
//   - Tags come from each action's root motion: idle, walk or run by speed,
//     turn-left/right with the angle to 15° (turn-left-45), step-up and
//     step-down by the rise, jump when no foot is down for a quarter of a
//     second, start and stop where the feet stand at the first or last
//     frame.
//   - Each step of a walk or run gets two turning variants, its path
//     turned 30° left and right about its first foot dock while the other
//     foot swings (motion.TurnPath), with the step's transitions.
//   - A transition joins a's end to b's start when the same feet stand
//     there and the poses differ by at most MaxPoseError of the leg;
//     consecutive pieces of one clip are always joined.
//   - A character more than 15% larger or smaller than the adult (by its
//     leg) docks with the built-in templates grown to it (dock.ScaledName).
//   - Actions without a successor are dropped until none is left. The
//     entries are the standing actions (the first named "idle"), and for
//     motion no standing action leads to, its first action.
//
// The result is deterministic: the sources' order decides every tie.
func Build(srcs []Source, opt BuildOptions) (*Built, error) {
	if opt.MaxPoseError == 0 {
		opt.MaxPoseError = 0.1
	}
	if opt.MinAction == 0 {
		opt.MinAction = 0.1
	}
	if opt.MaxAction == 0 {
		opt.MaxAction = 2
	}
	if !(opt.MaxPoseError > 0) || !(opt.MinAction > 0) || !(opt.MaxAction >= 2*opt.MinAction) {
		return nil, fmt.Errorf("library: bad build options %+v", opt)
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("library: no clips to build from")
	}
	b := &builder{opt: opt, srcs: srcs, out: &Built{Clips: map[string]ActionClip{}, Report: Report{Tags: map[string]int{}}}}
	if err := b.prepare(); err != nil {
		return nil, err
	}
	b.cutAll()
	if err := b.actions(); err != nil {
		return nil, err
	}
	b.transitions()
	if err := b.blended(); err != nil {
		return nil, err
	}
	if err := b.turnVariants(); err != nil {
		return nil, err
	}
	return b.finish()
}

// builder holds Build's work.
type builder struct {
	opt     BuildOptions
	srcs    []Source
	out     *Built
	leg     float64
	xopt    dock.ExtractOptions
	clips   []*motion.Clip // per source: prepared (root motion), nil when skipped
	moved   []bool
	looped  []bool
	support [][2][]bool        // per source, foot side, frame: docked
	air     [][]bool           // per source, frame: every foot off the floor
	found   [][]dock.Extracted // per source: the docks extracted from the whole prepared clip
	cuts    []cut
	acts    []*action.Action // per cut
	next    [][]int          // per cut: successor cuts
	errs    [][]float64      // per cut: pose error of each successor
	blends  []blendOf        // per cut: the fade it starts with
	turns   []Turn           // per cut: the turn of its path
}

// blendOf is a cut's fade in from another cut's last pose.
type blendOf struct {
	from    int // the cut, or -1
	seconds float64
}

// prepare picks the skeleton, scales the thresholds and gives clips on the
// spot their root motion.
func (b *builder) prepare() error {
	ref := b.commonSkeleton()
	sk := b.srcs[ref].Clip.Skeleton
	g, err := motion.GuessScale(sk, b.srcs[ref].Effectors)
	if err != nil {
		return fmt.Errorf("library: %s: %w", b.srcs[ref].Name, err)
	}
	b.leg = g.Leg
	s := b.leg / motion.AdultLeg
	b.xopt = dock.DefaultExtractOptions()
	b.xopt.SpeedOn *= s
	b.xopt.SpeedOff *= s
	b.xopt.MaxHeight *= s
	b.xopt.MaxSlide *= 0.5 * s // half the capture default: a docked foot held by the warp slides as the clip does
	if !feetLevelAtRest(sk, b.srcs[ref].Effectors) {
		// The tilt test measures from the rest pose: without feet at the
		// same angle there (a bind pose taken from a walk), it is off.
		b.xopt.MaxTilt = 0
	}
	b.clips = make([]*motion.Clip, len(b.srcs))
	b.moved = make([]bool, len(b.srcs))
	b.looped = make([]bool, len(b.srcs))
	b.support = make([][2][]bool, len(b.srcs))
	b.air = make([][]bool, len(b.srcs))
	b.found = make([][]dock.Extracted, len(b.srcs))
	for i, src := range b.srcs {
		rep := SourceReport{Name: src.Name, Seconds: src.Clip.Duration()}
		if !sameSkeleton(src.Clip.Skeleton, sk) {
			rep.Skipped = fmt.Sprintf("its skeleton is not %s's (a library has one skeleton; retargeting is not built)", b.srcs[ref].Name)
			b.out.Report.Sources = append(b.out.Report.Sources, rep)
			continue
		}
		c, speed, moved := motion.RootMotion(src.Clip, src.Effectors)
		if moved {
			rep.RootMotion = math.Round(speed*100) / 100
		}
		if isLoop(c, src.Effectors, b.opt.MaxPoseError*b.leg) {
			c, b.looped[i] = loopTwice(c, src.Effectors), true
			rep.Loop = true
		}
		b.clips[i], b.moved[i] = c, moved
		ds, err := dock.Extract(c, src.Effectors, c.Trajectory(src.Effectors.Hips)[0], b.xopt)
		if err != nil {
			return fmt.Errorf("library: %s: %w", src.Name, err)
		}
		b.found[i] = ds
		for side := range 2 {
			b.support[i][side] = make([]bool, c.Frames())
		}
		b.air[i] = airborne(c, src.Effectors, 0.08*b.leg)
		for _, d := range ds {
			if d.Template != "foot" {
				continue
			}
			rep.FootDocks++
			for f := d.StartFrame; f <= d.EndFrame; f++ {
				b.support[i][d.Side][f] = true
			}
		}
		if rep.FootDocks == 0 {
			rep.NoDocks = b.whyNoDocks(c, src.Effectors)
		}
		b.out.Report.Sources = append(b.out.Report.Sources, rep)
	}
	return nil
}

// whyNoDocks says, foot by foot, why a clip docks no foot.
func (b *builder) whyNoDocks(c *motion.Clip, eff *motion.Effectors) string {
	ds, err := dock.Diagnose(c, eff, b.xopt)
	if err != nil {
		return err.Error()
	}
	var why []string
	for _, d := range ds {
		if d.Template == "foot" {
			why = append(why, d.Effector+": "+d.Why(b.xopt))
		}
	}
	return strings.Join(why, "; ")
}

// commonSkeleton is the source whose skeleton most sources share (ties:
// the longest total duration, then the first).
func (b *builder) commonSkeleton() int {
	best, bestN, bestT := 0, 0, 0.0
	for i, s := range b.srcs {
		n, t := 0, 0.0
		for _, o := range b.srcs {
			if sameSkeleton(s.Clip.Skeleton, o.Clip.Skeleton) {
				n++
				t += o.Clip.Duration()
			}
		}
		if n > bestN || (n == bestN && t > bestT+1e-9) {
			best, bestN, bestT = i, n, t
		}
	}
	return best
}

// sameSkeleton reports whether two skeletons have the same joints, parents
// and offsets (to 0.1 mm).
func sameSkeleton(a, b *motion.Skeleton) bool {
	if a == b {
		return true
	}
	if a.NumJoints() != b.NumJoints() {
		return false
	}
	for j := range a.Names {
		if a.Names[j] != b.Names[j] || a.Parents[j] != b.Parents[j] || a.Offsets[j].Sub(b.Offsets[j]).Len() > 1e-4 {
			return false
		}
	}
	return true
}

// point is a cut point: a frame and how the feet stand there.
type point struct{ frame, foot int }

// cutAll finds every source's cut points and the actions between them.
func (b *builder) cutAll() {
	for i, c := range b.clips {
		if c == nil {
			continue
		}
		pts := b.points(i)
		before := len(b.cuts)
		for k := 0; k+1 < len(pts); k++ {
			p, q := pts[k], pts[k+1]
			dur := float64(q.frame-p.frame) * c.FrameTime
			switch {
			case p.foot >= 0 && p.foot == q.foot:
				continue // the same foot twice: no step between
			case p.foot == bothFeet && q.foot == bothFeet && b.bothDown(i, p.frame, q.frame):
				b.standing(i, p.frame, q.frame)
				continue
			case dur < b.opt.MinAction || dur > b.opt.MaxAction:
				continue
			}
			b.cuts = append(b.cuts, b.cutOf(i, p, q))
		}
		b.out.Report.Sources[b.reportIndex(i)].Actions = len(b.cuts) - before
	}
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
	// One foot docked twice in a row (heel, then ball): one stance, its
	// cut point between them.
	out := pts[:0]
	for _, p := range pts {
		if k := len(out) - 1; k >= 0 && p.foot >= 0 && out[k].foot == p.foot {
			out[k].frame = (out[k].frame + p.frame) / 2
			continue
		}
		out = append(out, p)
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
			b.cuts = append(b.cuts, b.cutOf(i, p, q))
		}
	}
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

// actions makes every cut an action with its docks and tags.
func (b *builder) actions() error {
	for k, ct := range b.cuts {
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
	case b.flight(ct) >= 0.25:
		tags = append(tags, "jump")
	case speed > 2.4*b.leg:
		tags = append(tags, "run")
	default:
		tags = append(tags, "walk")
	}
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

// airborne marks the frames where every foot's lowest point (joint, tip
// or end site below) is more than clear above the clip's floor.
func airborne(c *motion.Clip, eff *motion.Effectors, clear float64) []bool {
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	low := make([]float64, c.Frames())
	floor := math.Inf(1)
	for f := range low {
		low[f] = math.Inf(1)
		for _, e := range eff.Feet {
			for j := range n {
				if c.Skeleton.IsAncestor(e.Joint, j) {
					low[f] = min(low[f], pos[f*n+j][1])
				}
			}
		}
		floor = min(floor, low[f])
	}
	out := make([]bool, len(low))
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

// transitions joins each action's end to the starts it may go on to.
func (b *builder) transitions() {
	ends := make([][]mgl64.Vec3, len(b.acts))
	starts := make([][]mgl64.Vec3, len(b.acts))
	for k, a := range b.acts {
		ends[k] = poseFeature(a.Clip, a.Effectors, a.Clip.Frames()-1)
		starts[k] = poseFeature(a.Clip, a.Effectors, 0)
	}
	limit := b.opt.MaxPoseError * b.leg
	b.next = make([][]int, len(b.acts))
	b.errs = make([][]float64, len(b.acts))
	for i, ci := range b.cuts {
		for j, cj := range b.cuts {
			if ci.endFoot != cj.startFoot {
				continue
			}
			natural := ci.src == cj.src && ci.to == cj.from
			e := featureDistance(ends[i], starts[j])
			if natural || (e <= limit && feetHeld(b.acts[i], b.acts[j])) {
				b.next[i] = append(b.next[i], j)
				b.errs[i] = append(b.errs[i], e)
			}
		}
	}
}

// poseFeature is a frame's joint positions relative to the root's ground
// point and heading, followed by their velocities times 0.1 s (forward
// differences at the first frame, backward at others).
func poseFeature(c *motion.Clip, eff *motion.Effectors, f int) []mgl64.Vec3 {
	n := c.Skeleton.NumJoints()
	g := f - 1
	if f == 0 {
		g = 1
	}
	at := func(f int) []mgl64.Vec3 {
		pos := make([]mgl64.Vec3, n)
		c.FrameFK(f, pos, make([]mgl64.Quat, n))
		r := c.RootPointAt(f, eff.Hips)
		for j := range pos {
			pos[j] = r.ToLocal(pos[j])
		}
		return pos
	}
	p, q := at(f), at(g)
	out := slices.Clone(p)
	scale := 0.1 / (float64(f-g) * c.FrameTime)
	for j := range p {
		out = append(out, p[j].Sub(q[j]).Mul(scale))
	}
	return out
}

// featureDistance is the root mean square distance of the positions plus
// that of the scaled velocities.
func featureDistance(a, b []mgl64.Vec3) float64 {
	h := len(a) / 2
	return rms(a[:h], b[:h]) + rms(a[h:], b[h:])
}

// rms is the root mean square distance of corresponding points.
func rms(a, b []mgl64.Vec3) float64 {
	var s float64
	for j := range a {
		d := a[j].Sub(b[j])
		s += d.Dot(d)
	}
	return math.Sqrt(s / float64(len(a)))
}

// finish drops dead ends and unreachable actions, names the rest and
// builds the library and graph.
func (b *builder) finish() (*Built, error) {
	alive := make([]bool, len(b.acts))
	for i := range alive {
		alive[i] = true
	}
	succ := func(i int) []int {
		var out []int
		for _, j := range b.next[i] {
			if alive[j] {
				out = append(out, j)
			}
		}
		return out
	}
	for changed := true; changed; {
		changed = false
		for i := range b.acts {
			if alive[i] && len(succ(i)) == 0 {
				alive[i], changed = false, true
				b.out.Report.Dropped = append(b.out.Report.Dropped, b.describe(i)+": no successor")
			}
		}
	}
	var entry []int
	for i, a := range b.acts {
		if alive[i] && a.Tags[0] == "idle" {
			entry = append(entry, i)
		}
	}
	if len(entry) == 0 {
		for i := range b.acts {
			if alive[i] {
				entry = append(entry, i)
			}
		}
	}
	if len(entry) == 0 {
		return nil, fmt.Errorf("library: no action can go on to another: %s", b.whyNone())
	}
	reach := make([]bool, len(b.acts))
	visit := func(from []int) {
		stack := slices.Clone(from)
		for _, e := range from {
			reach[e] = true
		}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range succ(i) {
				if !reach[j] {
					reach[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	visit(entry)
	// Motion no standing action leads to is entered on its own: the first
	// action of it not yet reached becomes an entry, until all are.
	for i := range b.acts {
		if alive[i] && !reach[i] {
			entry = append(entry, i)
			visit([]int{i})
		}
	}
	return b.assemble(alive, entry)
}

// describe names a cut for reports.
func (b *builder) describe(i int) string {
	ct := b.cuts[i]
	return fmt.Sprintf("%s frames %d-%d (%s)", b.srcs[ct.src].Name, ct.from, ct.to, b.acts[i].Tags[0])
}

// whyNone says why no action survived.
func (b *builder) whyNone() string {
	if len(b.acts) == 0 {
		return "no clip has a step (alternating foot docks) or both feet standing; see each source's foot docks"
	}
	return fmt.Sprintf("%d actions, none with a successor within the pose error", len(b.acts))
}

// assemble names the surviving actions (by first tag, numbered in order;
// the first standing one is "idle") and builds the library and graph.
func (b *builder) assemble(alive []bool, entry []int) (*Built, error) {
	name := make([]string, len(b.acts))
	count := map[string]int{}
	for i, a := range b.acts {
		if alive[i] {
			t := a.Tags[0]
			count[t]++
			name[i] = fmt.Sprintf("%s.%d", t, count[t])
		}
	}
	// The state a character starts in, "idle", is the first standing
	// action of a clip named idle, or the first standing action.
	first := -1
	for i, a := range b.acts {
		if alive[i] && a.Tags[0] == "idle" && (first < 0 || strings.Contains(strings.ToLower(b.srcs[b.cuts[i].src].Name), "idle") && !strings.Contains(strings.ToLower(b.srcs[b.cuts[first].src].Name), "idle")) {
			first = i
		}
	}
	if first >= 0 {
		for i := range b.acts {
			if name[i] == "idle.1" {
				name[i] = name[first]
			}
		}
		name[first] = "idle"
	}
	lib := action.NewLibrary()
	next := map[string][]string{}
	rep := &b.out.Report
	// A character of another size docks with templates grown to it.
	size := b.leg / motion.AdultLeg
	rep.Size = math.Round(size*100) / 100
	if math.Abs(size-1) < 0.15 {
		size = 1
	}
	for i, a := range b.acts {
		if !alive[i] {
			continue
		}
		a.Name = name[i]
		for k := range a.Docks {
			a.Docks[k].Template = dock.ScaledName(a.Docks[k].Template, size)
		}
		if err := lib.Add(a); err != nil {
			return nil, err
		}
		ct := b.cuts[i]
		ac := ActionClip{Source: b.srcs[ct.src].Name, Ref: b.srcs[ct.src].Ref, RootMotion: b.moved[ct.src], Loop: b.looped[ct.src], First: ct.from, Last: ct.to}
		if bl := b.blends[i]; bl.from >= 0 {
			ac.BlendFrom, ac.BlendSeconds = name[bl.from], bl.seconds
		}
		ac.Turn = b.turns[i]
		b.out.Clips[a.Name] = ac
		for k, j := range b.next[i] {
			if alive[j] {
				next[a.Name] = append(next[a.Name], name[j])
				rep.Transitions++
				rep.MaxPoseError = max(rep.MaxPoseError, b.errs[i][k])
			}
		}
		for _, t := range a.Tags {
			rep.Tags[t]++
		}
	}
	var entries []string
	for _, e := range entry {
		if alive[e] {
			entries = append(entries, name[e])
		}
	}
	sort.Strings(entries)
	g, err := actiongraph.NewGraph(lib, next, entries)
	if err != nil {
		return nil, err
	}
	rep.Actions, rep.Entry = len(lib.Actions), entries
	rep.MaxPoseError = math.Round(rep.MaxPoseError*1e4) / 1e4
	b.out.Library, b.out.Graph = lib, g
	return b.out, nil
}

// isLoop reports whether a clip ends as it starts: its last pose within
// limit of its first (joint positions relative to the root, root mean
// square; velocities are not compared, a loop's seam has no frame on both
// sides).
func isLoop(c *motion.Clip, eff *motion.Effectors, limit float64) bool {
	if c.Frames() < 4 {
		return false
	}
	a, z := poseFeature(c, eff, 0), poseFeature(c, eff, c.Frames()-1)
	h := len(a) / 2
	return rms(a[:h], z[:h]) <= limit
}

// loopTwice makes a loop exact (its last pose its first, relative to the
// heading: see loop) and plays it twice (playTwice).
func loopTwice(c *motion.Clip, eff *motion.Effectors) *motion.Clip {
	exact := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: slices.Clone(c.Trans), Rot: slices.Clone(c.Rot)}
	tr := c.Trajectory(eff.Hips)
	loop(exact, tr[0].Yaw, tr[len(tr)-1].Yaw)
	return playTwice(exact, eff)
}

// playTwice returns a loop followed by itself: the second playing starts
// where the first ends, turned and moved on the ground by the loop's own
// root motion; the first frame of the second playing is dropped (it is
// the first playing's last).
func playTwice(c *motion.Clip, eff *motion.Effectors) *motion.Clip {
	n := c.Skeleton.NumJoints()
	frames := c.Frames()
	out := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append(slices.Clone(c.Trans), c.Trans[n:]...), Rot: append(slices.Clone(c.Rot), c.Rot[n:]...)}
	r0, r1 := c.RootPointAt(0, eff.Hips), c.RootPointAt(frames-1, eff.Hips)
	turn := mgl64.QuatRotate(r1.Yaw-r0.Yaw, mgl64.Vec3{0, 1, 0})
	for f := frames; f < out.Frames(); f++ {
		t := out.Trans[f*n]
		p := r1.ToWorld(r0.ToLocal(mgl64.Vec3{t[0], 0, t[2]}))
		out.Trans[f*n] = mgl64.Vec3{p[0], t[1], p[2]}
		out.Rot[f*n] = turn.Mul(out.Rot[f*n]).Normalize()
	}
	return out
}

// blended adds the transitions between standing and moving that need a
// blend, as a game engine cross-fades: for each moving action, copies
// fading in from standing poses (starts: the nearest first, then the
// nearest of those that cannot reach it yet, until every standing action
// can), and a copy of the standing piece nearest its end fading in from
// that end (a stop), where the same feet stand. The blend lasts 0.4 s or 80% of the action;
// the report gives the largest pose difference a blend bridges.
func (b *builder) blended() error {
	limit := b.opt.MaxPoseError * b.leg
	n := len(b.acts)
	idle := func(i int) bool { return b.acts[i].Tags[0] == "idle" }
	starts, ends := make([][]mgl64.Vec3, n), make([][]mgl64.Vec3, n)
	for i, a := range b.acts {
		starts[i], ends[i] = poseFeature(a.Clip, a.Effectors, 0), poseFeature(a.Clip, a.Effectors, a.Clip.Frames()-1)
	}
	type pick struct {
		from, to int
		start    bool
	}
	var picks []pick
	for i := range n {
		if idle(i) || b.blends[i].from >= 0 {
			continue
		}
		// Starts: from the nearest standing pose not yet able to go on to
		// this step, until every standing action can.
		covered := map[int]bool{}
		for {
			best, bestErr := -1, math.Inf(1)
			for j := range n {
				if !idle(j) || covered[j] || !compatible(b.cuts[j].endFoot, b.cuts[i].startFoot) {
					continue
				}
				e := featureDistance(ends[j], starts[i])
				if e <= limit {
					covered[j] = true // a plain transition
					continue
				}
				if e < bestErr {
					best, bestErr = j, e
				}
			}
			if best < 0 {
				break
			}
			picks = append(picks, pick{best, i, true})
			b.out.Report.MaxBlendError = max(b.out.Report.MaxBlendError, math.Round(bestErr*1e4)/1e4)
			for j := range n {
				if idle(j) && featureDistance(ends[j], ends[best]) <= limit {
					covered[j] = true
				}
			}
			covered[best] = true
		}
		// A stop: into the nearest standing piece, unless one follows
		// plainly.
		stop, stopErr := -1, math.Inf(1)
		for j := range n {
			if idle(j) && compatible(b.cuts[i].endFoot, b.cuts[j].startFoot) {
				if e := featureDistance(ends[i], starts[j]); e < stopErr {
					stop, stopErr = j, e
				}
			}
		}
		if stop >= 0 && stopErr > limit {
			picks = append(picks, pick{i, stop, false})
			b.out.Report.MaxBlendError = max(b.out.Report.MaxBlendError, math.Round(stopErr*1e4)/1e4)
		}
	}
	first := len(b.acts)
	for _, p := range picks {
		if err := b.addBlend(p.from, p.to, p.start); err != nil {
			return err
		}
	}
	// A start goes on as its step does, stops added since included.
	for k, p := range picks {
		if p.start {
			b.next[first+k] = slices.Clone(b.next[p.to])
			b.errs[first+k] = slices.Clone(b.errs[p.to])
		}
	}
	return nil
}

// compatible reports whether feet standing at one cut can stand at the
// next: the same foot, or both feet on either side.
func compatible(end, start int) bool {
	return end == start || end == bothFeet || start == bothFeet
}

// addBlend adds a copy of cut to fading in from cut from's last pose, with
// from's feet at its start and to's successors; from goes on to it.
func (b *builder) addBlend(from, to int, start bool) error {
	src, dst := b.acts[from], b.acts[to]
	seconds := min(0.4, 0.8*dst.Duration())
	c, shift := motion.BlendIn(dst.Clip, src.Clip.PoseAt(src.Clip.Frames()-1, src.Effectors.Hips), dst.Effectors.Hips, seconds)
	k := len(b.acts)
	a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, dst.Effectors, b.xopt)
	if err != nil {
		return err
	}
	a.Source = dst.Source
	a.Docks = keepAfter(a.Docks, shifted(dst.Docks, dst.StartFrame(), shift), seconds)
	a.Docks = b.heldFromStart(a, src)
	b.keepDocks(a)
	anchor(a)
	if start {
		a.Tags = slices.Clone(dst.Tags)
		if !slices.Contains(a.Tags, "start") {
			a.Tags = append(a.Tags, "start")
		}
	} else {
		a.Tags = []string{"stop"}
	}
	ct := b.cuts[to]
	ct.startFoot = b.cuts[from].endFoot
	b.cuts = append(b.cuts, ct)
	b.acts = append(b.acts, a)
	b.blends = append(b.blends, blendOf{from: from, seconds: seconds})
	b.turns = append(b.turns, Turn{})
	b.next = append(b.next, slices.Clone(b.next[to]))
	b.errs = append(b.errs, slices.Clone(b.errs[to]))
	// Every action ending as from ends (same feet, pose within the limit)
	// may go on to it too.
	limit := b.opt.MaxPoseError * b.leg
	fromEnd := poseFeature(src.Clip, src.Effectors, src.Clip.Frames()-1)
	fromIdle := src.Tags[0] == "idle"
	for j := range k {
		aj := b.acts[j]
		if (aj.Tags[0] == "idle") != fromIdle || b.blends[j].from >= 0 || !compatible(b.cuts[j].endFoot, ct.startFoot) {
			continue
		}
		e := 0.0
		if j != from {
			if e = featureDistance(poseFeature(aj.Clip, aj.Effectors, aj.Clip.Frames()-1), fromEnd); e > limit || !feetHeld(aj, a) {
				continue
			}
		}
		b.next[j] = append(b.next[j], k)
		b.errs[j] = append(b.errs[j], e)
	}
	return nil
}

// TurnDeg is the turn of the turning variants of a step.
const TurnDeg = 30

// turnVariants adds, for every step of a walk or run (two foot docks at
// least, no blend), copies turning TurnDeg left and right about its first
// foot dock, between that dock's end and the last foot dock's start. A
// copy goes on as the step does, and what goes on to the step goes on to
// it.
func (b *builder) turnVariants() error {
	n := len(b.acts)
	for i := range n {
		a := b.acts[i]
		if b.blends[i].from >= 0 || (a.Tags[0] != "walk" && a.Tags[0] != "run") {
			continue
		}
		var feet []action.Dock
		for _, d := range a.Docks {
			if d.Template == "foot" {
				feet = append(feet, d)
			}
		}
		if len(feet) < 2 {
			continue
		}
		first, last := feet[0], feet[len(feet)-1]
		p := a.StartFrame().ToWorld(mgl64.Vec3{float64(first.Pose.Position[0]), 0, float64(first.Pose.Position[2])})
		for _, deg := range []float64{TurnDeg, -TurnDeg} {
			t := Turn{Deg: deg, Pivot: [2]float64{p[0], p[2]}, From: first.End, To: max(first.End, last.Start)}
			if err := b.addTurn(i, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// addTurn adds cut i turned by t.
func (b *builder) addTurn(i int, t Turn) error {
	src := b.acts[i]
	c := motion.TurnPath(src.Clip, t.Deg*math.Pi/180, mgl64.Vec3{t.Pivot[0], 0, t.Pivot[1]}, t.From, t.To)
	k := len(b.acts)
	a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, src.Effectors, b.xopt)
	if err != nil {
		return err
	}
	a.Source = src.Source
	a.Docks = turnDocks(src, t)
	a.Tags = b.tags(a, b.cuts[i])
	b.cuts = append(b.cuts, b.cuts[i])
	b.acts = append(b.acts, a)
	b.blends = append(b.blends, blendOf{from: -1})
	b.turns = append(b.turns, t)
	b.next = append(b.next, slices.Clone(b.next[i]))
	b.errs = append(b.errs, slices.Clone(b.errs[i]))
	for j := range k {
		if m := slices.Index(b.next[j], i); m >= 0 {
			b.next[j] = append(b.next[j], k)
			b.errs[j] = append(b.errs[j], b.errs[j][m])
		}
	}
	return nil
}

// feetLevelAtRest reports whether the rest pose holds the feet as a
// standing character does: each ankle-to-tip direction within 45° of
// level, and the two within 10° of each other.
func feetLevelAtRest(sk *motion.Skeleton, eff *motion.Effectors) bool {
	rest := sk.RestPositions()
	var els []float64
	for _, e := range eff.Feet {
		d := rest[e.Tip].Sub(rest[e.Joint])
		el := math.Atan2(d[1], math.Hypot(d[0], d[2])) * 180 / math.Pi
		if math.Abs(el) > 45 {
			return false
		}
		els = append(els, el)
	}
	return len(els) < 2 || math.Abs(els[0]-els[1]) <= 10
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

// shifted is docks moved by a shift on the ground (world), in the frame of
// start.
func shifted(docks []action.Dock, start motion.RootPoint, shift mgl64.Vec3) []action.Dock {
	out := slices.Clone(docks)
	d := start.ToLocal(mgl64.Vec3{start.X + shift[0], 0, start.Z + shift[2]})
	for k := range out {
		p := &out[k].Pose.Position
		p[0] += float32(d[0])
		p[2] += float32(d[2])
	}
	return out
}

// keepAfter is the docks of a blended clip: those of the clip it was made
// from that start after the blend (the motion there is the same), and of
// the docks found in the blended clip those that end before them.
func keepAfter(found, orig []action.Dock, seconds float64) []action.Dock {
	var out []action.Dock
	for _, d := range orig {
		if d.Start >= seconds {
			out = append(out, d)
		}
	}
	for _, d := range found {
		clash := false
		for _, o := range out {
			clash = clash || (o.Effector == d.Effector && d.End >= o.Start)
		}
		if !clash {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b action.Dock) int { return cmpFloat(a.Start, b.Start) })
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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
	return out
}

// turnDocks are a step's docks on its turned copy: those held before the
// turn as they were, those held after it turned with it about the pivot,
// any other dropped.
func turnDocks(src *action.Action, t Turn) []action.Dock {
	var out []action.Dock
	start := src.StartFrame()
	yaw := t.Deg * math.Pi / 180
	pivot := mgl64.Vec3{t.Pivot[0], 0, t.Pivot[1]}
	r := mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0})
	for _, d := range src.Docks {
		switch {
		case d.End <= t.From+1e-9:
			out = append(out, d)
		case d.Start >= t.To-1e-9:
			p := d.Pose.Position
			w := start.ToWorld(mgl64.Vec3{float64(p[0]), 0, float64(p[2])})
			w = pivot.Add(r.Rotate(w.Sub(pivot)))
			l := start.ToLocal(w)
			d.Pose.Position = mgl32.Vec3{float32(l[0]), p[1], float32(l[2])}
			d.Pose.Yaw = float32(motion.WrapAngle(float64(d.Pose.Yaw) + yaw))
			out = append(out, d)
		}
	}
	return out
}

// Feet held across a transition may differ this much between the two
// actions' docks, as the planner's plan tree shares their support (see
// actiongraph's sharedDocks): the foot stays on one support.
const (
	heldDistance = 0.015 // [Units: m]
	heldYaw      = 0.08  // [Units: rad]
)

// feetHeld reports whether every dock b starts with that continues a dock
// of a held to a's end (the same effector) lies where a's does, within
// heldDistance and heldYaw once a's delta is applied: the foot stays put
// across the seam.
func feetHeld(a, b *action.Action) bool {
	end := action.Frame{}.Then(a.Delta)
	ft := b.Clip.FrameTime
	for _, db := range b.Docks {
		if db.Start > 1.5*ft {
			continue
		}
		wb := end.DockPose(db.Pose)
		for _, da := range a.Docks {
			if da.Effector != db.Effector || da.End < a.Duration()-1.5*a.Clip.FrameTime {
				continue
			}
			if da.Pose.Position.Sub(wb.Position).Len() > heldDistance || math.Abs(math.Remainder(float64(da.Pose.Yaw-wb.Yaw), 2*math.Pi)) > heldYaw {
				return false
			}
		}
	}
	return true
}

// heldFromStart adds, to an action blended in from src's last pose, the
// feet src holds at its end, held from the first frame for as long as
// they stay within MaxSlide of where they start: the feet stay planted
// through the fade until they lift, on the support src held them on.
func (b *builder) heldFromStart(a, src *action.Action) []action.Dock {
	out := a.Docks
	c := a.Clip
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	for _, d := range src.Docks {
		if d.Template != "foot" || d.End < src.Duration()-1.5*src.Clip.FrameTime {
			continue
		}
		var e motion.Effector
		for _, x := range a.Effectors.Feet {
			if c.Skeleton.Names[x.Joint] == d.Effector {
				e = x
			}
		}
		last := 0
		for f := 1; f < c.Frames(); f++ {
			if pos[f*n+e.Joint].Sub(pos[e.Joint]).Len() > b.xopt.MaxSlide || pos[f*n+e.Tip].Sub(pos[e.Tip]).Len() > b.xopt.MaxSlide {
				break
			}
			last = f
		}
		clash := false
		for _, o := range out {
			clash = clash || (o.Effector == d.Effector && o.Start <= float64(last)*c.FrameTime)
		}
		if last == 0 || clash {
			continue
		}
		pose := dock.PoseAt(c, e, 0, a.StartFrame())
		pose.Position[1] -= float32(a.Ground)
		out = append(out, action.Dock{Effector: d.Effector, Side: d.Side, Template: d.Template, End: float64(last) * c.FrameTime, Pose: pose})
	}
	slices.SortStableFunc(out, func(x, y action.Dock) int { return cmpFloat(x.Start, y.Start) })
	return out
}
