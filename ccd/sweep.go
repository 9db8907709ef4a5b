package ccd

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Options tunes the sweeps and the narrow phase. The zero value gives the
// defaults.
type Options struct {
	// Slice is the length of the sub-intervals an action's sweep is
	// bounded over. [Units: s] [Limit: > 0; 0 means 0.1]
	Slice float64
	// Epsilon is the narrow phase's resolution: a reported contact has the
	// capsule within Epsilon of the triangle. [Units: m] [Limit: > 0; 0
	// means 0.1 mm]
	Epsilon float64
	// Substeps is how many equal steps each frame interval of a clip is
	// measured at, offline for actions (finer steps: tighter boxes, and
	// more gaps settled from stored axes without interpolating the
	// clip at run time). [Limit: >= 1; 0 means 4]
	Substeps int
	// ClipSubsteps is the same for an executed clip (Checker.Clip),
	// measured at run time: fewer instants cost less forward kinematics,
	// and the narrow phase interpolates the clip where the looser bounds
	// leave a step unsettled. [Limit: >= 1; 0 means 1]
	ClipSubsteps int
	// Sink is how far, in the executed motion, a part that may touch
	// ground faces may sink into one (a planted foot on its support).
	// [Units: m] [Limit: >= 0; 0 means 2 cm]
	Sink float64
	// Margin widens every capsule in plan checks (Checker.Action), not in
	// checks of executed clips: what a plan finds clear is clear of the
	// scene by at least Margin, so a warp that moves the parts it checks
	// by less keeps them clear. [Units: m] [Limit: >= 0; 0 means none]
	Margin float64
}

func (o Options) withDefaults() Options {
	if o.Slice <= 0 {
		o.Slice = 0.1
	}
	if o.Epsilon <= 0 {
		o.Epsilon = 1e-4
	}
	if o.Sink <= 0 {
		o.Sink = 0.02
	}
	if o.Substeps <= 0 {
		o.Substeps = 4
	}
	if o.ClipSubsteps <= 0 {
		o.ClipSubsteps = 1
	}
	if !(o.Margin > 0) { // NaN too
		o.Margin = 0
	}
	return o
}

// slerpSafety covers the interpolation's deviation from constant angular
// speed: slerp turns at a constant rate, and its linear fallback for
// rotations under 1.8° (mgl64.QuatSlerp) turns at most 1.0001 times the
// mean rate.
const slerpSafety = 1.001

// segment is a capsule's axis.
type segment struct{ a, b mgl64.Vec3 }

// box is an axis-aligned box by centre and half-size.
type box struct{ c, h mgl64.Vec3 }

// sweep is one clip measured for the body, in its own frame (the action
// frame for actions, the world for an executed clip), at steps of
// Options.Substeps per frame interval.
type sweep struct {
	clip   *motion.Clip
	toOwn  placement      // clip coordinates → the sweep's frame
	k      int            // steps per frame interval (Options.Substeps, or ClipSubsteps for an executed clip)
	steps  int            // the instants measured: (frames-1)*k + 1
	dt     float64        // [Units: s] between instants
	seg    []segment      // per capsule, per instant
	travel []float64      // per capsule, per step: no point of the axis is ever farther from where it was at either end of the step
	speed  []float64      // per capsule, per step: no point of the axis moves farther over the step (over part of it, in proportion)
	sag    []float64      // per capsule, per step: no point of the axis strays farther from the straight path between its places at the ends
	slices []int32        // slice s covers steps slices[s] .. slices[s+1]-1
	boxes  []box          // per slice, per capsule: holds the capsule over the slice
	groups []box          // per slice, per group: holds the group's capsules over the slice
	whole  [numGroups]box // per group
	reach  []float64      // per slice, per capsule: no point of the axis moves farther from its place at the slice's middle instant
	ends   [2]sweepEnd    // the first and the last instant
	// slack widens every radius: for plan checks, which run at frames
	// snapped to a grid (snap.go), it covers the snap; zero for an
	// executed clip.
	slack   float64
	snapped bool // the sweep is checked at snapped frames
	// members are the capsules of each group: the body's (Sweeps.groups),
	// but for an action, the placed parts of a limb it docks no hand or
	// foot of are in freeGroup.
	members *[numGroups][]int32
}

// sweepEnd is a sweep's capsules at one instant: boxes that hold each
// capsule, grown by Epsilon, and each group.
type sweepEnd struct {
	instant int
	boxes   []box // per capsule
	groups  [numGroups]box
}

// axis is capsule i's axis at instant f. A capsule's instants lie
// together, as the narrow phase follows them.
func (sw *sweep) axis(i, f int) *segment { return &sw.seg[i*sw.steps+f] }

// at is where step f of capsule i lies in travel, speed and sag.
func (sw *sweep) at(i, f int) int { return i*max(sw.steps-1, 1) + f }

// The capsule groups: each is bounded over the whole clip as one box.
const (
	clearGroup  = iota // may touch no face
	groundGroup        // may touch ground faces (ignored at plan time)
	placedGroup        // placed by the warp: checked only in the executed motion
	freeGroup          // the placed parts of the limbs an action never docks: checked at plan time like the ground group
	numGroups
)

// Sweeps are the measured sweeps of every action of a library for one
// body. Immutable; safe for concurrent use.
type Sweeps struct {
	model    *body.Model
	opt      Options
	chain    []int32 // per capsule, the joints from the root down to its joint
	chainOff []int32
	joints   []int32            // 0 .. joints-1
	groups   [numGroups][]int32 // capsule indices per group
	actions  []sweep
	frames   int // the most frames of any action
}

// Measured is one action's sweep as measured offline: its costly part,
// the capsules' axes at every instant (forward kinematics) and the bounds
// on their motion between instants. NewSweeps derives the rest (slices,
// boxes, reaches, ends) from it.
type Measured struct {
	Axes   []float64 // per capsule, per instant: the axis's two ends (six numbers) in the action frame
	Travel []float64 // per capsule, per step (one step for a clip of one frame)
	Speed  []float64 // per capsule, per step
	Sag    []float64 // per capsule, per step
}

// Measure measures action i of lib for model m, at opt.Substeps instants
// per frame interval. It is safe for concurrent use; measuring every
// action of a library is the bake's work (package bake), done once and
// stored.
func Measure(lib *action.Library, i int, m *body.Model, opt Options) (Measured, error) {
	s, err := forModel(m, opt)
	if err != nil {
		return Measured{}, err
	}
	a := lib.Actions[i]
	if err := s.fits(a); err != nil {
		return Measured{}, err
	}
	sw := sweep{k: s.opt.Substeps, members: &s.groups}
	s.kinematics(&sw, a.Clip, actionPlacement(a))
	return sw.measured(), nil
}

// NewSweeps assembles the sweeps of every action of lib for model m from
// their measures (Measure, in the library's order), with opt's slices,
// margin and resolution. A measure of the wrong size or with a number
// that is not finite is an error.
func NewSweeps(lib *action.Library, m *body.Model, opt Options, measured []Measured) (*Sweeps, error) {
	s, err := forModel(m, opt)
	if err != nil {
		return nil, err
	}
	if len(measured) != len(lib.Actions) {
		return nil, fmt.Errorf("ccd: %d measured sweeps for %d actions", len(measured), len(lib.Actions))
	}
	for _, a := range lib.Actions {
		if err := s.fits(a); err != nil {
			return nil, err
		}
		s.frames = max(s.frames, a.Clip.Frames())
	}
	s.actions = make([]sweep, len(lib.Actions))
	for i, a := range lib.Actions {
		sw := &s.actions[i]
		sw.snapped, sw.k, sw.members = true, s.opt.Substeps, s.actionGroups(a)
		if err := sw.load(a.Clip, actionPlacement(a), measured[i], len(m.Capsules)); err != nil {
			return nil, fmt.Errorf("ccd: action %q: %w", a.Name, err)
		}
		s.finish(sw)
	}
	return s, nil
}

// fits checks that action a's clip uses the body's skeleton.
func (s *Sweeps) fits(a *action.Action) error {
	if n, want := a.Clip.Skeleton.NumJoints(), s.model.Skeleton.NumJoints(); n != want {
		return fmt.Errorf("ccd: action %q has %d joints; the body's skeleton has %d", a.Name, n, want)
	}
	return nil
}

// measured copies sw's measure out.
func (sw *sweep) measured() Measured {
	m := Measured{Axes: make([]float64, 0, 6*len(sw.seg))}
	for _, g := range sw.seg {
		m.Axes = append(m.Axes, g.a[0], g.a[1], g.a[2], g.b[0], g.b[1], g.b[2])
	}
	m.Travel, m.Speed, m.Sag = slices.Clone(sw.travel), slices.Clone(sw.speed), slices.Clone(sw.sag)
	return m
}

// load sets sw to clip c placed by pl, as measured by m for nc capsules.
func (sw *sweep) load(c *motion.Clip, pl placement, m Measured, nc int) error {
	ns := (c.Frames()-1)*sw.k + 1
	steps := max(ns-1, 1) * nc
	if len(m.Axes) != 6*ns*nc || len(m.Travel) != steps || len(m.Speed) != steps || len(m.Sag) != steps {
		return fmt.Errorf("measured for another clip or body: %d axis numbers and %d steps, want %d and %d", len(m.Axes), len(m.Travel), 6*ns*nc, steps)
	}
	for _, v := range [][]float64{m.Axes, m.Travel, m.Speed, m.Sag} {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("measured sweep holds %v", x)
			}
		}
	}
	sw.clip, sw.toOwn, sw.steps, sw.dt = c, pl, ns, c.FrameTime/float64(sw.k)
	sw.seg = make([]segment, ns*nc)
	for i := range sw.seg {
		v := m.Axes[6*i : 6*i+6]
		sw.seg[i] = segment{mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]}}
	}
	sw.travel, sw.speed, sw.sag = slices.Clone(m.Travel), slices.Clone(m.Speed), slices.Clone(m.Sag)
	return nil
}

// forModel is Sweeps for model m with no actions yet: each capsule's chain
// and group.
func forModel(m *body.Model, opt Options) (*Sweeps, error) {
	s := &Sweeps{model: m, opt: opt.withDefaults()}
	sk := m.Skeleton
	if sk.NumJoints() > maxJoints {
		return nil, fmt.Errorf("ccd: the body's skeleton has %d joints; at most %d are supported", sk.NumJoints(), maxJoints)
	}
	for j := range sk.NumJoints() {
		s.joints = append(s.joints, int32(j))
	}
	for i, c := range m.Capsules {
		s.chainOff = append(s.chainOff, int32(len(s.chain)))
		first := len(s.chain)
		for j := int(c.Joint); j >= 0; j = sk.Parents[j] {
			s.chain = append(s.chain, int32(j))
		}
		reverse(s.chain[first:])
		g := clearGroup
		switch {
		case c.Part.Placed():
			g = placedGroup
		case c.Part.MayTouchGround():
			g = groundGroup
		}
		s.groups[g] = append(s.groups[g], int32(i))
	}
	s.chainOff = append(s.chainOff, int32(len(s.chain)))
	return s, nil
}

// actionGroups are the groups of action a's sweep: a placed capsule of a
// limb whose hand or foot a never docks is in freeGroup (the warp leaves
// that limb as the clip has it), but for a forearm, which is in
// clearGroup as it would be were the warp never to place one.
func (s *Sweeps) actionGroups(a *action.Action) *[numGroups][]int32 {
	all := a.Effectors.All()
	free := func(i int32) bool {
		e := int(s.model.Capsules[i].Effector)
		if e < 0 || e >= len(all) {
			return false
		}
		name := s.model.Skeleton.Names[all[e].Joint]
		return !slices.ContainsFunc(a.Docks, func(d action.Dock) bool { return d.Effector == name })
	}
	if !slices.ContainsFunc(s.groups[placedGroup], free) {
		return &s.groups
	}
	g := s.groups
	g[placedGroup], g[freeGroup] = nil, nil
	g[clearGroup] = slices.Clone(g[clearGroup])
	for _, i := range s.groups[placedGroup] {
		switch {
		case !free(i):
			g[placedGroup] = append(g[placedGroup], i)
		case s.model.Capsules[i].Part == body.Forearm:
			// An arm that docks nothing swings as the clip swings it:
			// its forearm is tested as any part that may touch nothing.
			g[clearGroup] = append(g[clearGroup], i)
		default:
			g[freeGroup] = append(g[freeGroup], i)
		}
	}
	slices.Sort(g[clearGroup])
	return &g
}

func reverse(s []int32) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Model is the body the sweeps were measured for.
func (s *Sweeps) Model() *body.Model { return s.model }

// Options are the sweeps' options, with defaults filled in.
func (s *Sweeps) Options() Options { return s.opt }

// NumActions is how many actions s measured (the library's, in order).
func (s *Sweeps) NumActions() int { return len(s.actions) }

// Instants is how many instants action a is measured at (Substeps per
// frame interval, and the last frame) and the time between them.
func (s *Sweeps) Instants(a int) (int, float64) {
	sw := &s.actions[a]
	return sw.steps, sw.dt
}

// Axis is capsule i's axis at instant f of action a, in the action frame.
func (s *Sweeps) Axis(a, i, f int) (p, q mgl64.Vec3) {
	sg := s.actions[a].axis(i, f)
	return sg.a, sg.b
}

// Sag bounds how far any point of capsule i's axis strays, between
// instants f and g of action a (f < g, both within one frame interval of
// the clip, as it interpolates it), from the straight path between its
// places at f and g: an eighth of the squared time between them times the
// axis's acceleration bound over the frame interval.
func (s *Sweeps) Sag(a, i, f, g int) float64 {
	sw := &s.actions[a]
	if sw.steps == 1 {
		return 0
	}
	n := float64(g - f)
	return n * n * sw.sag[sw.at(i, f)]
}

// Travel bounds how far any point of capsule i's axis ever is, over step f
// of action a (instants f to f+1), from its places at both ends.
func (s *Sweeps) Travel(a, i, f int) float64 {
	sw := &s.actions[a]
	if sw.steps == 1 {
		return 0
	}
	return sw.travel[sw.at(i, f)]
}

// actionPlacement maps a's clip coordinates to its action frame: the start's
// ground point to the origin, its heading to +Z.
func actionPlacement(a *action.Action) placement {
	r := a.StartFrame()
	p := placement{yaw: -r.Yaw, origin: mgl64.Vec3{r.X, a.Ground, r.Z}}
	p.prepare()
	return p
}

// measure fills sw for clip c placed by pl, reusing sw's memory.
func (s *Sweeps) measure(sw *sweep, c *motion.Clip, pl placement) {
	s.kinematics(sw, c, pl)
	s.finish(sw)
}

// kinematics fills sw's axes at every instant of clip c placed by pl and
// the bounds on their motion between instants, reusing sw's memory.
func (s *Sweeps) kinematics(sw *sweep, c *motion.Clip, pl placement) {
	m := s.model
	k := sw.k
	if sw.members == nil {
		sw.members = &s.groups
	}
	nc, nf, nj := len(m.Capsules), c.Frames(), c.Skeleton.NumJoints()
	ns := (nf-1)*k + 1
	sw.clip, sw.toOwn, sw.steps, sw.dt = c, pl, ns, c.FrameTime/float64(k)
	sw.seg = grow(sw.seg, ns*nc)
	sw.travel = grow(sw.travel, max(ns-1, 1)*nc)
	var trans, pos [maxJoints]mgl64.Vec3
	var rot, world [maxJoints]mgl64.Quat
	for g := range ns {
		f, u := g/k, float64(g%k)/float64(k)
		c.SampleBetween(f, u, s.joints, trans[:nj], rot[:nj])
		c.Skeleton.FK(trans[:nj], rot[:nj], pos[:nj], world[:nj])
		for i := range nc {
			a, b := m.Place(pos[:nj], world[:nj], i)
			*sw.axis(i, g) = segment{pl.apply(a), pl.apply(b)}
		}
	}
	sw.speed = grow(sw.speed, max(ns-1, 1)*nc)
	sw.sag = grow(sw.sag, max(ns-1, 1)*nc)
	// Each step's travel: the speed bound, or the ends' chord plus twice
	// the sag (within a step, a point is within the sag of its straight
	// path, which runs the chord at most).
	var turn [maxJoints]float64
	for f := 0; f+1 < nf; f++ {
		for j := range nj {
			q0, q1 := c.Rot[f*nj+j], c.Rot[(f+1)*nj+j]
			turn[j] = 2 * math.Acos(min(math.Abs(q0.Dot(q1)), 1)) * slerpSafety
		}
		for i := range nc {
			speed, accel := s.intervalBounds(c, f, i, turn[:nj])
			speed /= float64(k)
			sag := accel / float64(8*k*k)
			for g := f * k; g < (f+1)*k; g++ {
				at := sw.at(i, g)
				sw.speed[at], sw.sag[at] = speed, sag
				sw.travel[at] = min(speed, sw.chord(i, g)+2*sag)
			}
		}
	}
	if ns == 1 {
		clear(sw.travel[:nc])
		clear(sw.speed[:nc])
		clear(sw.sag[:nc])
	}
}

// finish derives the rest of sw from its axes and bounds: the slack of a
// snapped sweep, the slices and their boxes, reaches and ends.
func (s *Sweeps) finish(sw *sweep) {
	sw.slack = 0
	if sw.snapped {
		sw.slack = snapSlack(s.extent(sw)) + s.opt.Margin
	}
	s.slice(sw, sw.steps)
}

// extent is how far from its frame's origin any capsule of sw ever
// reaches at its measured instants.
func (s *Sweeps) extent(sw *sweep) float64 {
	far := 0.0
	for i, c := range s.model.Capsules {
		for f := range sw.steps {
			sg := sw.axis(i, f)
			far = max(far, sg.a.Len()+c.Radius, sg.b.Len()+c.Radius)
		}
	}
	return far
}

// maxJoints bounds the skeletons a sweep measures without allocating.
const maxJoints = 256

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// intervalBounds bounds capsule i's axis over frame interval f as the
// clip interpolates it (translations linearly, rotations by slerp at
// constant angular speed about a fixed axis, or by its linear fallback
// under 3.6°): speed, how far any point of the axis moves over the
// interval, and accel, its acceleration (both with the interval taken as
// one unit of time). turn holds each joint's angle over the interval,
// times slerpSafety.
//
// Proof: x = y0 with y_j = T_j + R_j·y_{j+1} down the chain to a point of
// the axis. Let L_j, V_j, A_j bound the length of y_j and of its first and
// second derivatives, and φ_j be joint j's angle over the interval (times
// slerpSafety). T_j changes linearly (no second derivative), R_j turns
// about a fixed axis at rate φ_j, so V_j ≤ |ΔT_j| + φ_j·L_{j+1} + V_{j+1}
// and A_j ≤ φ_j²·L_{j+1} + 2·φ_j·V_{j+1} + A_{j+1}, plus α_j·L_{j+1} for
// the angular acceleration α_j of the linear fallback, under φ_j³/4
// (φ_j³ is taken).
func (s *Sweeps) intervalBounds(c *motion.Clip, f, i int, turn []float64) (speed, accel float64) {
	nj := c.Skeleton.NumJoints()
	cp := &s.model.Capsules[i]
	reach := max(cp.A.Len(), cp.B.Len())
	chain := s.chain[s.chainOff[i]:s.chainOff[i+1]]
	for k := len(chain) - 1; k >= 0; k-- {
		j := int(chain[k])
		angle := turn[j]
		accel += (angle*angle+angle*angle*angle)*reach + 2*angle*speed
		t0, t1 := c.Trans[f*nj+j], c.Trans[(f+1)*nj+j]
		speed += angle*reach + t1.Sub(t0).Len()
		reach += max(t0.Len(), t1.Len())
	}
	return speed, accel
}

// chord is the farther that capsule i's axis ends move over step f.
func (sw *sweep) chord(i, f int) float64 {
	s0, s1 := sw.axis(i, f), sw.axis(i, f+1)
	return math.Sqrt(max(dist2(of(s0.a), of(s1.a)), dist2(of(s0.b), of(s1.b))))
}

// within bounds how far any point of capsule i's axis moves over a part w
// (a fraction) of step f: in proportion to its speed bound, or along the
// straight path between the ends' positions and off it by the sag at each
// end of the part.
func (sw *sweep) within(i, f int, w float64) float64 {
	k := sw.at(i, f)
	return min(w*sw.speed[k], w*sw.chord(i, f)+4*sw.sag[k])
}

// slice cuts the clip's frame intervals into slices of about opt.Slice
// seconds and bounds each capsule over each slice and each group over the
// whole clip.
func (s *Sweeps) slice(sw *sweep, nf int) {
	nc := len(s.model.Capsules)
	per := max(1, int(math.Round(s.opt.Slice/sw.dt)))
	intervals := max(nf-1, 1)
	sw.slices = sw.slices[:0]
	for f := 0; f < intervals; f += per {
		sw.slices = append(sw.slices, int32(f))
	}
	sw.slices = append(sw.slices, int32(intervals))
	ns := len(sw.slices) - 1
	sw.boxes = grow(sw.boxes, ns*nc)
	sw.groups = grow(sw.groups, ns*numGroups)
	var whole [numGroups]bounds
	for g := range whole {
		whole[g] = empty()
	}
	for sl := range ns {
		for g, caps := range sw.members {
			group := empty()
			for _, i := range caps {
				b := empty()
				for f := sw.slices[sl]; f < sw.slices[sl+1]; f++ {
					s.addInterval(&b, sw, int(f), int(i), nf)
				}
				sw.boxes[sl*nc+int(i)] = b.box()
				group.union(&b)
			}
			sw.groups[sl*numGroups+g] = group.box()
			whole[g].union(&group)
		}
	}
	for g := range whole {
		sw.whole[g] = whole[g].box()
	}
	sw.reach = grow(sw.reach, ns*nc)
	for sl := range ns {
		for i := range nc {
			sw.reach[sl*nc+i] = sw.midReach(i, int(sw.slices[sl]), int(sw.slices[sl+1]))
		}
	}
	for e, f := range [2]int{0, sw.steps - 1} {
		s.measureEnd(&sw.ends[e], sw, f)
	}
}

// midReach bounds how far any point of capsule i's axis moves over steps
// f0..f1-1 from its place at the middle instant (f0+f1)/2.
func (sw *sweep) midReach(i, f0, f1 int) float64 {
	fm := (f0 + f1) / 2
	var before, after float64
	for f := f0; f < f1; f++ {
		if f < fm {
			before += sw.travel[sw.at(i, f)]
		} else {
			after += sw.travel[sw.at(i, f)]
		}
	}
	return max(before, after)
}

// measureEnd bounds sw's capsules at instant f into e.
func (s *Sweeps) measureEnd(e *sweepEnd, sw *sweep, f int) {
	nc := len(s.model.Capsules)
	e.instant = f
	e.boxes = grow(e.boxes, nc)
	for g, caps := range sw.members {
		group := empty()
		for _, i := range caps {
			b := empty()
			sg := *sw.axis(int(i), f)
			r := s.model.Capsules[i].Radius + sw.slack + s.opt.Epsilon
			b.add(sg.a, r)
			b.add(sg.b, r)
			e.boxes[i] = b.box()
			group.union(&b)
		}
		e.groups[g] = group.box()
	}
}

// addInterval extends b by capsule i over step f: the box of its axis at
// both ends, grown by its radius and the step's sag (the straight paths
// between the ends' positions stay in that box), or by half the speed
// bound (every point is within it of where it was or will be).
func (s *Sweeps) addInterval(b *bounds, sw *sweep, f, i, nf int) {
	r := s.model.Capsules[i].Radius + sw.slack + min(sw.sag[sw.at(i, f)], sw.speed[sw.at(i, f)]/2)
	for _, g := range [2]int{f, min(f+1, nf-1)} {
		sg := *sw.axis(i, g)
		b.add(sg.a, r)
		b.add(sg.b, r)
	}
}

// bounds accumulates a box by its corners.
type bounds struct{ lo, hi mgl64.Vec3 }

func empty() bounds {
	inf := math.Inf(1)
	return bounds{mgl64.Vec3{inf, inf, inf}, mgl64.Vec3{-inf, -inf, -inf}}
}

func (b *bounds) add(p mgl64.Vec3, r float64) {
	for k := 0; k < 3; k++ {
		b.lo[k] = min(b.lo[k], p[k]-r)
		b.hi[k] = max(b.hi[k], p[k]+r)
	}
}

func (b *bounds) union(o *bounds) {
	for k := 0; k < 3; k++ {
		b.lo[k] = min(b.lo[k], o.lo[k])
		b.hi[k] = max(b.hi[k], o.hi[k])
	}
}

// box is b by centre and half-size; an empty b gives a box with negative
// half-sizes, which meets nothing.
func (b *bounds) box() box {
	if b.lo[0] > b.hi[0] {
		return box{h: mgl64.Vec3{-1, -1, -1}}
	}
	return box{b.lo.Add(b.hi).Mul(0.5), b.hi.Sub(b.lo).Mul(0.5)}
}
