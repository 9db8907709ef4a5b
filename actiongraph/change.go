package actiongraph

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
)

// Change is what an edit of the scene may have changed, in world
// coordinates: the boxes holding every lattice position whose supports
// may differ (of any template), and the boxes holding every triangle
// added, moved or removed. Unforeseen holds those of Scene's triangles
// that did not move along a path known before the edit (a mover's keys):
// a planner keeps the motions it checked against the movers' paths
// unless they come near these.
type Change struct {
	Supports   []scenes.AABB
	Scene      []scenes.AABB
	Unforeseen []scenes.AABB
}

// Bounded is a Body that can tell whether the body of an action may meet
// a box: Changed tests again only the bodies that may meet the scene's
// changed boxes (without it, every body).
type Bounded interface {
	// Meets reports whether action a, performed from frame f raised by
	// lift, may bring the body into box b.
	Meets(a int32, f action.Frame, lift float64, b scenes.AABB) bool
}

// change is a Change as copyTree uses it: the window's reach around a
// slot's expected pose.
type change struct {
	Change
	reach float32
}

// Changed makes the tree plan on q, the querier of the scene after an
// edit described by ch: the answers of the slots whose windows may meet
// ch.Supports are forgotten (every slot of such a node: docks held at
// once are answered together), and the bodies that may meet ch.Scene are
// tested again. A node no longer known to be supported loses its
// children. Evaluate then decides what was forgotten, so the tree equals
// one unrolled afresh on the changed scene. The root (being performed)
// keeps its frame; its answers that a child continues are asked again
// when forgotten. It allocates only when the tree outgrows its largest
// size.
func (t *PlanTree) Changed(q geoquery.Querier, reach float32, ch Change) CommitStats {
	t.memo.q = q
	t.mixed = false
	return t.copyTree(0, t.Nodes[0].Frame, nil, &change{Change: ch, reach: reach})
}

// Carry moves the whole tree by d, root and all, as what the character
// stands on carries it (a lift, a platform): every frame and expected
// pose is moved, a supported answer still in its moved window (w) is kept
// as Stale, the others are asked again, and the bodies of the moved nodes
// are tested again. Depths and the plan's shape are kept.
func (t *PlanTree) Carry(d mgl64.Vec3, w Windowed) CommitStats {
	root := t.Nodes[0].Frame
	root.Position = root.Position.Add(d)
	return t.copyTree(0, root, w, &change{})
}

// touches reports whether a window of node n's slots may meet the
// changed supports. A support found beside another dock's (Slot.Moved)
// was asked for up to the window's reach off the expected pose, so the
// reach is doubled for nodes with docks held at once.
func (c *change) touches(t *PlanTree, n *Node) bool {
	r := c.reach
	if len(t.together[n.Action]) > 0 {
		r *= 2
	}
	nd := int32(len(t.templates[n.Action]))
	for k := int32(0); k < nd; k++ {
		p := t.Slots[n.FirstDock+k].Expected.Position
		for _, b := range c.Supports {
			if p[0]+r >= b.Min[0] && p[0]-r <= b.Max[0] && p[1]+r >= b.Min[1] && p[1]-r <= b.Max[1] &&
				p[2]+r >= b.Min[2] && p[2]-r <= b.Max[2] {
				return true
			}
		}
	}
	return false
}

// blocks reports whether node n's body (its old status was) must be
// tested again: it was decided, and it may meet the changed scene.
func (c *change) blocks(t *PlanTree, n *Node, was Status) bool {
	if was != Supported && was != Blocked {
		return false
	}
	b := t.bounded
	if b == nil {
		return true
	}
	lift := t.lift(n)
	for _, box := range c.Scene {
		if b.Meets(n.Action, n.Frame, lift, box) {
			return true
		}
	}
	return false
}
