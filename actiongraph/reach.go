package actiongraph

import (
	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/ik"
	"github.com/go-gl/mathgl/mgl64"
)

// startLeg is a leg whose foot an action docks from its first frame: at
// that frame, in the action frame, the top of the leg (the hip) and its
// foot joint, and how far the leg reaches when the warp poses it.
type startLeg struct {
	dock     int
	hip, end mgl64.Vec3
	reach    float64
}

// SetReach makes the plan refuse (Unsupported) an action whose foot,
// docked from its first frame and not standing on the action before's
// support, has its support where the leg cannot reach it from where the
// action starts without lowering the root more than maxDrop (the leg of
// bones l1 and l2 reaching reach(l1, l2)): the warp refuses such an action
// when it is chosen (the drop at its first frame, where the root cannot
// ease down), so a plan that counted on it
// would lead to a dead end. A margin of 2 cm leaves the warp's own turn
// and root offset the benefit of the doubt. Not in Table I mode.
func (t *PlanTree) SetReach(maxDrop float64, reach func(l1, l2 float64) float64) {
	lib := t.Graph.Library
	t.maxDrop = maxDrop + reachMargin
	t.legs = make([][]startLeg, len(lib.Actions))
	for i, a := range lib.Actions {
		t.legs[i] = startLegs(a, reach)
	}
}

// reachMargin is how much more than the warp's limit the plan lets a leg
// fall short by before it refuses a support. [Units: m]
const reachMargin = 0.02

// startLegs lists a's feet docked from its first frame.
func startLegs(a *action.Action, legReach func(l1, l2 float64) float64) []startLeg {
	c := a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	pos := make([]mgl64.Vec3, n)
	rot := make([]mgl64.Quat, n)
	c.FrameFK(0, pos, rot)
	start := a.StartFrame()
	local := func(p mgl64.Vec3) mgl64.Vec3 {
		q := start.ToLocal(p)
		q[1] -= a.Ground
		return q
	}
	var out []startLeg
	for k, d := range a.Docks {
		if d.Start > c.FrameTime/2 {
			continue
		}
		for _, e := range a.Effectors.Feet {
			mid := sk.Parents[e.Joint]
			if sk.Names[e.Joint] != d.Effector || mid < 0 || sk.Parents[mid] < 0 {
				continue
			}
			top := sk.Parents[mid]
			reach := legReach(pos[mid].Sub(pos[top]).Len(), pos[e.Joint].Sub(pos[mid]).Len())
			out = append(out, startLeg{dock: k, hip: local(pos[top]), end: local(pos[e.Joint]), reach: reach})
		}
	}
	return out
}

// reachable reports whether action a, started at f, reaches the supports
// of its feet docked from its first frame (pl, per dock; a dock on a
// support found before, not known, is not asked): the foot carried by its
// support's displacement from where the action expects it.
func (t *PlanTree) reachable(a int32, f *action.Frame, pl []placed) bool {
	if t.legs == nil || t.evaluateAll {
		return true
	}
	for _, l := range t.legs[a] {
		p := &pl[l.dock]
		if !p.known {
			continue
		}
		d := p.pose.Position.Sub(p.expected.Position)
		end := f.Apply(l.end).Add(mgl64.Vec3{float64(d[0]), float64(d[1]), float64(d[2])})
		if ik.Drop(f.Apply(l.hip), end, l.reach) > t.maxDrop {
			return false
		}
	}
	return true
}

// reachableNode is reachable for node n's slots.
func (t *PlanTree) reachableNode(n *Node) bool {
	if t.legs == nil || t.evaluateAll || len(t.legs[n.Action]) == 0 {
		return true
	}
	t.fromSlots(n)
	return t.reachable(n.Action, &n.Frame, t.found)
}
