package librarybuild

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl64"
)

// transitions joins each action's end to the starts it may go on to.
func (b *builder) transitions() {
	ends := make([][]mgl64.Vec3, len(b.acts))
	starts := make([][]mgl64.Vec3, len(b.acts))
	for k := range b.cuts {
		ends[k], starts[k] = b.endFeature(k), b.startFeature(k)
	}
	limit := b.opt.MaxPoseError * b.leg
	b.next = make([][]int, len(b.acts))
	b.errs = make([][]float64, len(b.acts))
	// Consecutive pieces of a clip join, and so do the end of a piece of a
	// loop's second playing and the piece of its first playing that starts
	// at the same pose (a period earlier).
	for i, ci := range b.cuts {
		for j, cj := range b.cuts {
			if ci.endFoot != cj.startFoot {
				continue
			}
			natural := ci.src == cj.src && (ci.to == cj.from || b.period[ci.src] > 0 && ci.to-b.period[ci.src] == cj.from)
			e := featureDistance(ends[i], starts[j])
			if natural || (e <= limit && feetHeld(b.acts[i], b.acts[j])) {
				b.next[i] = append(b.next[i], j)
				b.errs[i] = append(b.errs[i], e)
			}
		}
	}
}

// startFeature and endFeature are cut i's pose features where it starts
// and ends, measured in its source clip (central differences).
func (b *builder) startFeature(i int) []mgl64.Vec3 {
	ct := b.cuts[i]
	c := b.clips[ct.src]
	return featureAt(c, b.acts[i].Effectors, ct.from, max(ct.from-1, 0), min(ct.from+1, c.Frames()-1))
}

func (b *builder) endFeature(i int) []mgl64.Vec3 {
	ct := b.cuts[i]
	c := b.clips[ct.src]
	return featureAt(c, b.acts[i].Effectors, ct.to, max(ct.to-1, 0), min(ct.to+1, c.Frames()-1))
}

// poseFeature is a frame's joint positions relative to the root's ground
// point and heading, followed by their velocities times 0.1 s (forward
// differences at the first frame, backward at others).
func poseFeature(c *motion.Clip, eff *motion.Effectors, f int) []mgl64.Vec3 {
	if f == 0 {
		return featureAt(c, eff, 0, 0, min(1, c.Frames()-1))
	}
	return featureAt(c, eff, f, f-1, f)
}

// featureAt is poseFeature at frame f with the velocities measured from
// frame g0 to frame g1. A cut's ends are measured in its source clip with
// central differences, so that where one cut ends and the next starts the
// features agree (one-sided differences differ by the acceleration there:
// 0.28 m on the robot's stride).
func featureAt(c *motion.Clip, eff *motion.Effectors, f, g0, g1 int) []mgl64.Vec3 {
	n := c.Skeleton.NumJoints()
	at := func(f int) []mgl64.Vec3 {
		pos := make([]mgl64.Vec3, n)
		c.FrameFK(f, pos, make([]mgl64.Quat, n))
		r := c.RootPointAt(f, eff.Hips)
		for j := range pos {
			pos[j] = r.ToLocal(pos[j])
		}
		return pos
	}
	p, p0, p1 := at(f), at(g0), at(g1)
	out := slices.Clone(p)
	scale := 0.0
	if g1 > g0 {
		scale = 0.1 / (float64(g1-g0) * c.FrameTime)
	}
	for j := range p {
		out = append(out, p1[j].Sub(p0[j]).Mul(scale))
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
	b.dropDeadEnds(alive)
	if b.dropToStop(alive, "start") {
		b.dropDeadEnds(alive)
	}
	for len(b.syn.from) > 0 && b.endless(alive) && b.dropToStop(alive, "") {
		b.dropDeadEnds(alive)
	}
	if !slices.Contains(alive, true) {
		return nil, fmt.Errorf("library: no action can go on to another: %s", b.whyNone())
	}
	return b.assemble(alive, b.entries(alive))
}

// dropDeadEnds drops the actions with no successor alive, and those
// fading in from an action dropped (the library file names the action a
// blend fades in from), until every action left has one.
func (b *builder) dropDeadEnds(alive []bool) {
	for changed := true; changed; {
		changed = false
		for i := range b.acts {
			if !alive[i] {
				continue
			}
			if len(b.alive(i, alive)) == 0 {
				alive[i], changed = false, true
				b.out.Report.Dropped = append(b.out.Report.Dropped, b.describe(i)+": no successor")
			} else if from := b.blends[i].from; from >= 0 && !alive[from] {
				alive[i], changed = false, true
				b.out.Report.Dropped = append(b.out.Report.Dropped, b.describe(i)+": fades in from an action dropped")
			}
		}
	}
}

// dropToStop drops the actions tagged tag after which the character can
// only stop (a start into a clip's last step), when another goes on: a
// planner that looks one action ahead takes such a start for a step and
// stops, over and over. Tag "" means every action that moves and does not
// stop (in a library the builder completed, the steps at a capture's end,
// whose only way on is a stop it blended). It reports whether it dropped
// any.
func (b *builder) dropToStop(alive []bool, tag string) bool {
	var drop []int
	goesOn := false
	for i, a := range b.acts {
		if !alive[i] || tag != "" && !slices.Contains(a.Tags, tag) ||
			tag == "" && (b.onTheSpot(i) || slices.Contains(a.Tags, "stop")) {
			continue
		}
		onlyStop := true
		for _, j := range b.alive(i, alive) {
			onlyStop = onlyStop && slices.Contains(b.acts[j].Tags, "stop")
		}
		if onlyStop {
			drop = append(drop, i)
		} else {
			goesOn = true
		}
	}
	if !goesOn {
		return false
	}
	for _, i := range drop {
		alive[i] = false
		b.out.Report.Dropped = append(b.out.Report.Dropped, b.describe(i)+": can only stop")
	}
	return len(drop) > 0
}

// endless reports whether some alive action that moves can go on moving
// for ever (a loop of actions that neither stand, turn on the spot, nor
// stop): only then are
// the steps that can only stop left out, so a capture with no loop keeps
// its way to a stop.
func (b *builder) endless(alive []bool) bool {
	moving := make([]bool, len(b.acts))
	for i, a := range b.acts {
		moving[i] = alive[i] && !b.onTheSpot(i) && !slices.Contains(a.Tags, "stop")
	}
	for changed := true; changed; {
		changed = false
		for i := range moving {
			if moving[i] && len(b.alive(i, moving)) == 0 {
				moving[i], changed = false, true
			}
		}
	}
	return slices.Contains(moving, true)
}

// onTheSpot reports whether cut i stands or turns on the spot.
func (b *builder) onTheSpot(i int) bool {
	t := b.acts[i].Tags[0]
	return t == "idle" || t == "pivot"
}

// alive is cut i's successors still alive.
func (b *builder) alive(i int, alive []bool) []int {
	var out []int
	for _, j := range b.next[i] {
		if alive[j] {
			out = append(out, j)
		}
	}
	return out
}

// entries are the standing actions, and for motion no standing action
// leads to, its first action not yet reached, until every action is.
func (b *builder) entries(alive []bool) []int {
	var entry []int
	for i, a := range b.acts {
		if alive[i] && a.Tags[0] == "idle" {
			entry = append(entry, i)
		}
	}
	reach := make([]bool, len(b.acts))
	visit := func(from ...int) {
		stack := slices.Clone(from)
		for _, e := range from {
			reach[e] = true
		}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range b.alive(i, alive) {
				if !reach[j] {
					reach[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	visit(entry...)
	for i := range b.acts {
		if alive[i] && !reach[i] {
			entry = append(entry, i)
			visit(i)
		}
	}
	return entry
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
	name := b.names(alive)
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
		c, stretch, err := atPlayRate(a.Clip, a.Effectors)
		if err != nil {
			return nil, err
		}
		a.Clip = c
		for k := range a.Docks {
			a.Docks[k].Start *= stretch
			a.Docks[k].End *= stretch
		}
		for k := range a.Docks {
			a.Docks[k].Template = dock.ScaledName(a.Docks[k].Template, size)
		}
		if err := lib.Add(a); err != nil {
			return nil, err
		}
		b.out.Clips[a.Name] = b.clipOf(i, name)
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
		entries = append(entries, name[e])
	}
	sort.Strings(entries)
	g, err := stategraph.NewGraph(lib, next, entries)
	if err != nil {
		return nil, err
	}
	rep.Actions, rep.Entry = len(lib.Actions), entries
	rep.MaxPoseError = math.Round(rep.MaxPoseError*1e4) / 1e4
	b.out.Library, b.out.Graph = lib, g
	return b.out, nil
}

// names names the surviving cuts by their first tag, numbered in order;
// the state a character starts in, "idle", is the first of the standing
// actions it prefers (standPreference).
func (b *builder) names(alive []bool) []string {
	name := make([]string, len(b.acts))
	count := map[string]int{}
	first := -1
	for i, a := range b.acts {
		if !alive[i] {
			continue
		}
		t := a.Tags[0]
		count[t]++
		name[i] = fmt.Sprintf("%s.%d", t, count[t])
		if t == "idle" && (first < 0 || b.standPreference(i) > b.standPreference(first)) {
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
	return name
}

// standPreference ranks standing action i as a state to start in and to
// turn on the spot from: one standing on both feet for MinStand or longer
// first (not the landing of a jump, nor an idle shifting its weight), then
// a piece of a clip named idle.
func (b *builder) standPreference(i int) int {
	r := 0
	if b.standsLong(i) {
		r += 2
	}
	if strings.Contains(strings.ToLower(b.srcs[b.cuts[i].src].Name), "idle") {
		r++
	}
	return r
}

// clipOf is how the library file refers to cut i's clip.
func (b *builder) clipOf(i int, name []string) ActionClip {
	ct := b.cuts[i]
	ac := ActionClip{Source: b.srcs[ct.src].Name, Ref: b.srcs[ct.src].Ref, RootMotion: b.moved[ct.src], Loop: b.looped[ct.src],
		First: ct.from, Last: ct.to, Turn: b.turns[i], Pivot: b.pivoted[i]}
	if bl := b.blends[i]; bl.from >= 0 {
		ac.BlendFrom, ac.BlendSeconds, ac.CarryOn = name[bl.from], bl.seconds, bl.carryOn
	}
	ac.Cycle, ac.Mirror, ac.Period = b.syn.cycle[ct.src], b.syn.mirror[ct.src], b.syn.retime[ct.src]
	ac.StandFrame, ac.Stand = b.syn.stand[ct.src]
	return ac
}

// Feet held across a transition may differ this much between the two
// actions' docks, as the planner's plan tree shares their support (see
// actiongraph's sharedDocks): the foot stays on one support.
const (
	heldDistance = 0.015 // [Units: m]
	heldYaw      = 0.08  // [Units: rad]
)

// feetHeld reports whether every dock b starts with lies where a leaves
// the foot: where a's dock of it held to a's end lies (within
// heldDistance and heldYaw once a's delta is applied), or, when a does not
// hold it at its end, within snapDistance of where a's last frame has the
// foot (on the ground): the foot stays put across the seam instead of
// jumping onto b's support. Likewise a foot a holds to its end that b
// does not dock at its start must start in b within liftDistance of that
// dock: b lifts it from there, and nothing holds it across the seam.
func feetHeld(a, b *action.Action) bool {
	end := action.Frame{}.Then(a.Delta)
	ft := b.Clip.FrameTime
	for _, da := range a.Docks {
		if !toEnd(a, da) || docksAtStart(b, da.Effector) {
			continue
		}
		if p, ok := startJoint(b, da.Effector); ok {
			w := end.Apply(p)
			if math.Hypot(w[0]-float64(da.Pose.Position[0]), w[2]-float64(da.Pose.Position[2])) > liftDistance {
				return false
			}
		}
	}
	for _, db := range b.Docks {
		if db.Start > 1.5*ft {
			continue
		}
		wb := end.DockPose(db.Pose)
		held := false
		for _, da := range a.Docks {
			if da.Effector != db.Effector || !toEnd(a, da) {
				continue
			}
			held = true
			if da.Pose.Position.Sub(wb.Position).Len() > heldDistance || math.Abs(math.Remainder(float64(da.Pose.Yaw-wb.Yaw), 2*math.Pi)) > heldYaw {
				return false
			}
		}
		if p, ok := endJoint(a, db.Effector); !held && ok && math.Hypot(p[0]-float64(wb.Position[0]), p[2]-float64(wb.Position[2])) > snapDistance {
			return false
		}
	}
	return true
}

// snapDistance is how far on the ground a foot a transition's first action
// leaves free may lie from the dock the next one starts with. [Units: m]
const snapDistance = 0.03

// liftDistance is how far from the dock a transition's first action holds
// it on to its end a foot may start the next action, which lifts it
// without docking it: what it jumps at the seam. [Units: m]
const liftDistance = 0.008

// endJoint is where action a's last frame has the named joint, in a's
// frame.
func endJoint(a *action.Action, name string) (mgl64.Vec3, bool) {
	return jointAt(a, a.Clip.Frames()-1, name)
}

// startJoint is where action a's first frame has the named joint, in a's
// frame.
func startJoint(a *action.Action, name string) (mgl64.Vec3, bool) { return jointAt(a, 0, name) }

// jointAt is where frame f of action a has the named joint, in a's frame.
func jointAt(a *action.Action, f int, name string) (mgl64.Vec3, bool) {
	c := a.Clip
	j := c.Skeleton.Index(name)
	if j < 0 {
		return mgl64.Vec3{}, false
	}
	n := c.Skeleton.NumJoints()
	pos := make([]mgl64.Vec3, n)
	c.FrameFK(f, pos, make([]mgl64.Quat, n))
	return a.StartFrame().ToLocal(pos[j]), true
}

// toEnd reports whether dock d of action a lasts to a's end (within 1.5
// frames).
func toEnd(a *action.Action, d action.Dock) bool {
	return d.End >= a.Duration()-1.5*a.Clip.FrameTime
}

// docksAtStart reports whether action a docks the named effector from its
// first frame (within 1.5 frames).
func docksAtStart(a *action.Action, name string) bool {
	for _, d := range a.Docks {
		if d.Effector == name && d.Start <= 1.5*a.Clip.FrameTime {
			return true
		}
	}
	return false
}
