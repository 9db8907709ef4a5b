package librarybuild

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Synthesized is the tag of actions made by the builder rather than cut
// from a capture as it is: steps of a gait cycle looped inside its clip,
// a standing pose made from a step, the starts and stops blended into and
// out of it, and the turning variants of steps.
const Synthesized = "synthesized"

// StandSeconds is how long a standing action made from a step lasts
// (motion.Stand). [Units: s]
const StandSeconds = 1.0

// cycleLimit is the largest pose difference, as a share of the leg, between
// the ends of a gait cycle found inside a clip (the loop spreads it over
// the cycle): a share of the leg, root mean square over the joints.
const cycleLimit = 0.25

// synthesis is what Build made beyond the captures: per added source, the
// source it comes from, the gait cycle looped in it (and retimed) and the
// frame a standing pose is made from.
type synthesis struct {
	from   map[int]int    // added source → the source it copies
	cycle  map[int][2]int // added source → first and last frame of its loop (in the clip with root motion)
	mirror map[int]bool   // added source → its loop is the step in cycle followed by its mirror image
	retime map[int]int    // added source → the frames its loop is played in, when not as captured
	brisk  map[int]int    // retimed source → the gait cycle source it plays faster
	stand  map[int]int    // added source → the frame of its loop's clip a standing pose is made from
}

// synthesized reports whether source i was made by the builder.
func (b *builder) synthesized(i int) bool {
	_, ok := b.syn.from[i]
	return ok
}

// addCycles adds, for every prepared clip that travels and does not loop,
// a source playing twice the gait cycle found inside it (findCycle): its
// steps then go on to each other. When no clip walks at BriskWalk, the
// cycles that walk slower are also played faster (addBrisk).
func (b *builder) addCycles() error {
	var cycles []int
	for i := range len(b.srcs) {
		if b.clips[i] == nil || b.looped[i] || b.synthesized(i) {
			continue
		}
		from, to, ok := b.findCycle(i)
		mirror := false
		if !ok {
			if from, to, ok = b.findStep(i); !ok {
				continue
			}
			mirror = true
		}
		name := fmt.Sprintf("%s (cycle %d-%d)", b.srcs[i].Name, from, to)
		if mirror {
			name = fmt.Sprintf("%s (step %d-%d and its mirror image)", b.srcs[i].Name, from, to)
		}
		k := b.addSource(i, name)
		b.syn.cycle[k], b.syn.mirror[k] = [2]int{from, to}, mirror
		if err := b.prepareAdded(k); err != nil {
			return err
		}
		cycles = append(cycles, k)
	}
	if b.walksBriskly() {
		return nil
	}
	for _, k := range cycles {
		if err := b.addBrisk(k); err != nil {
			return err
		}
	}
	return nil
}

// walksBriskly reports whether a prepared clip that loops, or a gait cycle
// found in one, walks (slower than runSpeed) at BriskWalk or faster.
func (b *builder) walksBriskly() bool {
	for i, c := range b.clips {
		if c == nil || !b.looped[i] && b.period[i] == 0 {
			continue
		}
		if v := groundSpeed(c, b.srcs[i].Effectors) / b.leg; v >= BriskWalk && v < runSpeed {
			return true
		}
	}
	return false
}

// BriskWalk is the pace, in legs per second, a found walking cycle slower
// than it is also played at (addBrisk): 1.45 legs a second is 1.2 m/s for
// the adult, a walk's usual pace. MaxQuicken bounds how much faster than
// captured that playing may be: a capture of a slow walk (on uneven
// ground, carrying something) still walks briskly, its cadence raised by
// half at most.
const (
	BriskWalk  = 1.45
	MaxQuicken = 1.5
)

// minQuicken is the least speed-up worth a copy of a cycle.
const minQuicken = 1.1

// addBrisk adds, for gait cycle source k when it walks slower than
// BriskWalk, a copy of it played faster (retimed), by up to MaxQuicken,
// in a whole number of frames: the planner may then walk at the pace
// it is asked for with a capture made slowly.
func (b *builder) addBrisk(k int) error {
	speed := groundSpeed(b.clips[k], b.srcs[k].Effectors)
	cyc := b.syn.cycle[k]
	L := b.cycleFrames(k)
	if !(speed > 0) || b.period[k] == 0 {
		return nil
	}
	P := int(math.Round(float64(L) / min(MaxQuicken, BriskWalk*b.leg/speed)))
	if P < 2 || float64(L)/float64(P) < minQuicken {
		return nil
	}
	j := b.addSource(b.syn.from[k], fmt.Sprintf("%s (cycle %d-%d in %d frames)", b.srcs[b.syn.from[k]].Name, cyc[0], cyc[1], P))
	b.syn.cycle[j], b.syn.mirror[j], b.syn.retime[j], b.syn.brisk[j] = cyc, b.syn.mirror[k], P, k
	return b.prepareAdded(j)
}

// retimedDocks are the docks of a loop played twice in L frames a playing
// when it is played in P: the same places, at their frames retimed. (The
// dock-finder's speed thresholds would lose the stances a foot creeps
// through once played faster.)
func retimedDocks(ds []dock.Extracted, L, P int, frameTime float64) []dock.Extracted {
	out := slices.Clone(ds)
	at := func(f int) int { return int(math.Round(float64(f) * float64(P) / float64(L))) }
	for k := range out {
		d := &out[k]
		d.StartFrame, d.EndFrame = at(d.StartFrame), at(d.EndFrame)
		d.Start, d.End = float64(d.StartFrame)*frameTime, float64(d.EndFrame)*frameTime
	}
	return out
}

// retime plays loop c, played twice with L frames a playing, in P frames
// a playing at the same frame time: faster (P < L) or slower, the seam
// between the playings still on a frame.
func retime(c *motion.Clip, L, P int) *motion.Clip {
	n := c.Skeleton.NumJoints()
	frames := 2*P + 1
	out := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: make([]mgl64.Vec3, frames*n), Rot: make([]mgl64.Quat, frames*n)}
	for f := range frames {
		t := min(float64(f)*float64(L)/float64(P)*c.FrameTime, c.Duration())
		c.Sample(t, out.Trans[f*n:(f+1)*n], out.Rot[f*n:(f+1)*n])
	}
	return out
}

// findCycle is the gait cycle of source i whose last pose is nearest its
// first: from the middle of one foot's stance to the middle of a later
// stance of the same foot, every stance between single and alternating,
// the two poses (relative to the heading) within cycleLimit of the leg.
// A stance the capture starts or ends in is no end (cutShort).
func (b *builder) findCycle(i int) (from, to int, ok bool) {
	pts := b.points(i)
	c, eff := b.clips[i], b.srcs[i].Effectors
	feats := make(map[int][]mgl64.Vec3)
	feature := func(f int) []mgl64.Vec3 {
		if x, ok := feats[f]; ok {
			return x
		}
		x := poseFeature(c, eff, f)
		feats[f] = x[:len(x)/2]
		return feats[f]
	}
	best := math.Inf(1)
	for p := range pts {
		if pts[p].foot < 0 || b.cutShort(i, pts[p]) {
			continue
		}
		for q := p + 1; q < len(pts) && pts[q].foot >= 0 && pts[q].foot != pts[q-1].foot; q++ {
			if pts[q].foot != pts[p].foot || b.cutShort(i, pts[q]) {
				continue
			}
			if d := rms(feature(pts[p].frame), feature(pts[q].frame)); d < best {
				best, from, to = d, pts[p].frame, pts[q].frame
			}
		}
	}
	return from, to, best <= cycleLimit*b.leg
}

// findStep is, for a capture too short for a gait cycle (findCycle), the
// step of source i from the middle of one foot's stance to the middle of
// the other's that its mirror image (motion.Mirror) goes on from best:
// the step's last pose nearest the mirrored first, within cycleLimit of
// the leg. Neither stance may be one the capture starts or ends in.
func (b *builder) findStep(i int) (from, to int, ok bool) {
	c, eff := b.clips[i], b.srcs[i].Effectors
	m, err := motion.Mirror(c, eff)
	if err != nil {
		return 0, 0, false // an asymmetric skeleton: no mirror image
	}
	pts := b.points(i)
	best := math.Inf(1)
	for p := 0; p+1 < len(pts); p++ {
		a, z := pts[p], pts[p+1]
		if a.foot < 0 || z.foot < 0 || a.foot == z.foot || b.cutShort(i, a) || b.cutShort(i, z) {
			continue
		}
		fa, fz := poseFeature(m, eff, a.frame), poseFeature(c, eff, z.frame)
		if d := rms(fa[:len(fa)/2], fz[:len(fz)/2]); d < best {
			best, from, to = d, a.frame, z.frame
		}
	}
	return from, to, best <= cycleLimit*b.leg
}

// cycleFrames is how many frames a playing of source k's gait cycle lasts
// as captured: two steps when the second is the first's mirror image.
func (b *builder) cycleFrames(k int) int {
	cyc := b.syn.cycle[k]
	if b.syn.mirror[k] {
		return 2 * (cyc[1] - cyc[0])
	}
	return cyc[1] - cyc[0]
}

// cutShort reports whether the single-support stance of cut point p of
// source i runs into the clip's first or last frame: the capture starts
// or ends during it, and its middle is not the stance's.
func (b *builder) cutShort(i int, p point) bool {
	sup := b.support[i][p.foot]
	a, z := p.frame, p.frame
	for a > 0 && sup[a-1] {
		a--
	}
	for z+1 < len(sup) && sup[z+1] {
		z++
	}
	return a == 0 || z == len(sup)-1
}

// cycleTwice loops frames [from, to] of c exactly and plays them twice
// (closeLoop); with mirror, frames [from, to] are a step and the loop is
// that step followed by its mirror image (stepAndMirror).
func cycleTwice(c *motion.Clip, eff *motion.Effectors, from, to int, mirror bool) (*motion.Clip, error) {
	s, err := c.Slice(from, to+1)
	if err != nil {
		return nil, err
	}
	if mirror {
		if s, err = stepAndMirror(c, eff, s, from, to); err != nil {
			return nil, err
		}
	}
	return closeLoop(s, eff, true)
}

// stepAndMirror is step s (frames [from, to] of c) followed by the same
// frames of c's mirror image (motion.Mirror: the other foot's step), moved
// and turned on the ground to start where s ends: a gait cycle of two
// steps, 2·(to-from)+1 frames.
func stepAndMirror(c *motion.Clip, eff *motion.Effectors, s *motion.Clip, from, to int) (*motion.Clip, error) {
	m, err := motion.Mirror(c, eff)
	if err != nil {
		return nil, err
	}
	if m, err = m.Slice(from, to+1); err != nil {
		return nil, err
	}
	n := c.Skeleton.NumJoints()
	out := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append(slices.Clone(s.Trans), m.Trans[n:]...), Rot: append(slices.Clone(s.Rot), m.Rot[n:]...)}
	placeFrom(out, s.Frames(), m.RootPointAt(0, eff.Hips), s.RootPointAt(s.Frames()-1, eff.Hips))
	return out, nil
}

// maxCycle is the longest a loop that walks may last for its stances to be
// held as a gait cycle's are (closeLoop): a cycle is two steps. [Units: s]
const maxCycle = 2.0

// closedLoop is how close, as a share of the leg, a loop's ends are for
// closing it to leave its stances as they are (closeLoop).
const closedLoop = 0.05

// closeLoop makes loop s exact (its last pose its first, relative to the
// heading: see loop), in place, and plays it twice (playTwice); gait says
// s is a gait cycle found in a capture.
//
// Closing the loop spreads the difference of its ends over it, which
// moves a standing foot a little each frame; unless the ends lie within
// closedLoop of the leg, each foot dock of a gait cycle, or of a loop
// that walks (see walking) for maxCycle at most,
// extracted before the loop is closed, is held again as captured, roll and all
// (motion.Hold), carried to where the foot is at its middle — at its
// first frame for a dock the loop starts in, at its last for one it ends
// in, so the seam stays exact.
func closeLoop(s *motion.Clip, eff *motion.Effectors, gait bool) (*motion.Clip, error) {
	g, err := motion.GuessScale(s.Skeleton, eff)
	if err != nil {
		return nil, err
	}
	last := s.Frames() - 1
	a, z := poseFeature(s, eff, 0), poseFeature(s, eff, last)
	var docks []dock.Extracted
	if rms(a[:len(a)/2], z[:len(z)/2]) > closedLoop*g.Leg && (gait || s.Duration() <= maxCycle && walking(s, eff, g.Leg)) {
		if docks, err = extractStances(s, eff, extractOptions(g.Leg, false), g.Leg); err != nil {
			return nil, err
		}
	}
	orig := &motion.Clip{Skeleton: s.Skeleton, FrameTime: s.FrameTime, Trans: slices.Clone(s.Trans), Rot: slices.Clone(s.Rot)}
	tr := s.Trajectory(eff.Hips)
	loop(s, tr[0].Yaw, tr[len(tr)-1].Yaw)
	for _, d := range docks {
		e, ok := footNamed(s, eff, d.Effector)
		a, z := d.StartFrame, d.EndFrame
		if !ok || d.Template != "foot" {
			continue
		}
		at := (a + z) / 2
		switch {
		case a == 0:
			at = 0
		case z == last:
			at = last
		}
		motion.Hold(s, orig, e, a, z, at)
	}
	return playTwice(s, eff), nil
}

// footNamed is the foot of eff whose joint is named name.
func footNamed(c *motion.Clip, eff *motion.Effectors, name string) (motion.Effector, bool) {
	for _, e := range eff.Feet {
		if c.Skeleton.Names[e.Joint] == name {
			return e, true
		}
	}
	return motion.Effector{}, false
}

// anyStanding reports whether an action stands for MinStand or longer.
func (b *builder) anyStanding() bool {
	for i := range b.acts {
		if b.standsLong(i) {
			return true
		}
	}
	return false
}

// madeStand reports whether a standing pose was made for the library
// (addStand).
func (b *builder) madeStand() bool {
	return len(b.syn.stand) > 0
}

// MinStand is how long a standing piece lasts for a stop to fade into it
// (the blend's 0.4 s): a capture's standing pieces all shorter (the
// landings of jumps), or none on both feet at its ends (an idle that
// shifts its weight), get a standing pose made for them. [Units: s]
const MinStand = 0.4

// standsLong reports whether action i stands for MinStand or longer, on
// both feet at its ends (a character can stand in it, and turn on the
// spot from it).
func (b *builder) standsLong(i int) bool {
	return b.idle(i) && standing(b.acts[i])
}

// standing reports whether action a stands for MinStand or longer, on both
// feet at its ends.
func standing(a *action.Action) bool {
	return a.Tags[0] == "idle" && a.Duration() >= MinStand-1e-9 && standsAtBothEnds(a)
}

// anyMoving reports whether some action is not a standing piece.
func (b *builder) anyMoving() bool {
	for i := range b.acts {
		if !b.idle(i) {
			return true
		}
	}
	return false
}

// addStand adds a standing source, its cuts and their actions: the pose at
// the middle of a stance of the first looped gait cycle found in a
// capture (not one completed by a mirror image: its poses were never
// captured; else of the first looped clip that walks, else of the first
// clip that steps, else the middle of the first standing piece),
// with the feet set side by side (motion.Stand).
func (b *builder) addStand() error {
	base, looped := -1, -1
	for i := range b.srcs {
		if b.clips[i] == nil {
			continue
		}
		if _, ok := b.syn.cycle[i]; ok && !b.syn.mirror[i] {
			base = i
			break
		}
		if looped < 0 && b.looped[i] && b.walks(i) {
			looped = i
		}
		if base < 0 && len(b.stances(i)) > 0 {
			base = i
		}
	}
	if _, ok := b.syn.cycle[base]; !ok && looped >= 0 {
		base = looped
	}
	f := 0
	if base >= 0 {
		f = b.passing(base)
	} else if base, f = b.standingFrame(); base < 0 {
		return nil
	}
	k := b.addSource(base, fmt.Sprintf("%s (standing at frame %d)", b.srcs[base].Name, f))
	if cyc, ok := b.syn.cycle[base]; ok {
		b.syn.cycle[k], b.syn.mirror[k] = cyc, b.syn.mirror[base]
	}
	if P, ok := b.syn.retime[base]; ok {
		b.syn.retime[k] = P
	}
	b.syn.stand[k] = f
	if err := b.prepareAdded(k); err != nil {
		return err
	}
	n := len(b.cuts)
	b.cutSource(k)
	return b.actions(n)
}

// walks reports whether an action cut from source i walks.
func (b *builder) walks(i int) bool {
	for k, a := range b.acts {
		if b.cuts[k].src == i && a.Tags[0] == "walk" {
			return true
		}
	}
	return false
}

// standingFrame is the source and frame of the middle of the first
// standing piece, or -1: a still pose made from a capture that only stands
// (an idle that does not loop) stands for good.
func (b *builder) standingFrame() (int, int) {
	for i := range b.acts {
		if b.idle(i) {
			ct := b.cuts[i]
			return ct.src, (ct.from + ct.to) / 2
		}
	}
	return -1, 0
}

// stances are source i's cut points in the middle of a single stance.
func (b *builder) stances(i int) []point {
	return slices.DeleteFunc(b.points(i), func(p point) bool { return p.foot < 0 })
}

// passing is the middle of the stance of source i where the swinging foot
// passes the standing one most closely (along the heading): the pose
// nearest standing.
func (b *builder) passing(i int) int {
	c, eff := b.clips[i], b.srcs[i].Effectors
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	best, at := math.Inf(1), 0
	for _, p := range b.stances(i) {
		r := c.RootPointWith(p.frame, eff.Hips, pos, world)
		d := 0.0
		for k, e := range eff.Feet {
			z := r.ToLocal(pos[e.Joint])[2]
			if k == 0 {
				d = z
			} else {
				d -= z
			}
		}
		if math.Abs(d) < best {
			best, at = math.Abs(d), p.frame
		}
	}
	return at
}

// addSource appends a copy of source i under name, reported as made from
// it, and returns its index.
func (b *builder) addSource(i int, name string) int {
	src := b.srcs[i]
	src.Name = name
	b.srcs = append(b.srcs, src)
	k := len(b.srcs) - 1
	b.syn.from[k] = i
	b.clips = append(b.clips, nil)
	b.moved = append(b.moved, false)
	b.looped = append(b.looped, false)
	b.support = append(b.support, [2][]bool{})
	b.air = append(b.air, nil)
	b.hipsUp = append(b.hipsUp, nil)
	b.found = append(b.found, nil)
	return k
}

// prepareAdded prepares an added source and reports it.
func (b *builder) prepareAdded(k int) error {
	rep := SourceReport{Name: b.srcs[k].Name, Synthesized: true}
	if err := b.prepareSource(k, &rep); err != nil {
		return err
	}
	rep.Seconds = b.clips[k].Duration()
	b.out.Report.Sources = append(b.out.Report.Sources, rep)
	return nil
}

// shapeSynth applies source i's synthesis to its clip with root motion:
// the gait cycle looped and played twice, then the standing pose.
func (b *builder) shapeSynth(i int, c *motion.Clip) (*motion.Clip, error) {
	eff := b.srcs[i].Effectors
	var err error
	if cyc, ok := b.syn.cycle[i]; ok {
		if c, err = cycleTwice(c, eff, cyc[0], cyc[1], b.syn.mirror[i]); err != nil {
			return nil, fmt.Errorf("library: %s: %w", b.srcs[i].Name, err)
		}
		if P, ok := b.syn.retime[i]; ok {
			c = retime(c, b.cycleFrames(i), P)
		}
	}
	if f, ok := b.syn.stand[i]; ok {
		if c, err = motion.Stand(c, eff, f, StandSeconds); err != nil {
			return nil, fmt.Errorf("library: %s: %w", b.srcs[i].Name, err)
		}
	}
	return c, nil
}
