package actiongraph

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// Windowed is a Querier that can tell, without searching, whether a
// sample lies in the window of a query (geoquery.Tree does). A commit that
// moves the tree keeps a supported slot's answer when its sample is still
// in the window of the moved expected pose.
type Windowed interface {
	Within(e dock.Pose, s dock.Sample) (float32, bool)
}

// CommitStats says what a commit kept.
type CommitStats struct {
	Kept    int // nodes of the child's subtree kept (the new root included)
	Decided int // of them, nodes whose status stayed known: reused without a query
	Dropped int // nodes below a kept node whose status must be decided again
	Exact   int // slots whose expected pose did not move: answers kept as they are
	Stale   int // supported slots that moved but whose support stays in the window
	Asked   int // slots that must be asked again (of nodes not known to be unsupported)
}

// Commit makes child (a child of the root) the new root, where the tree
// unrolled it: its subtree is kept with everything known about it; the
// level below its leaves is made and evaluated by the next Evaluate calls.
func (t *PlanTree) Commit(child int32) error {
	if err := t.checkChild(child); err != nil {
		return err
	}
	t.CommitAt(child, t.Nodes[child].Frame, nil)
	return nil
}

func (t *PlanTree) checkChild(child int32) error {
	if child < 1 || int(child) >= len(t.Nodes) || t.Nodes[child].Parent != 0 {
		return fmt.Errorf("actiongraph: node %d is not a child of the root", child)
	}
	return nil
}

// CommitAt makes child (a child of the root; it panics otherwise) the new
// root, started at frame root (where the character really is, which may
// differ from where the tree unrolled it). The kept subtree is moved there:
// every frame and expected pose is recomputed from the new root exactly as
// a fresh unroll would, so the tree equals one unrolled from root. A slot
// whose expected pose did not change keeps its answer; a supported slot
// that moved keeps its support as Stale when w (may be nil) says the
// support is within the moved window; every other slot is asked again.
// A node that is no longer known to be supported loses its children, which
// are made again once it is. It allocates only when the tree outgrows its
// largest size.
func (t *PlanTree) CommitAt(child int32, root action.Frame, w Windowed) CommitStats {
	if err := t.checkChild(child); err != nil {
		panic(err)
	}
	return t.copyTree(child, root, w, nil)
}

// copyTree makes child the new root at frame root, copying its subtree
// breadth-first with what is still known (see CommitAt). With ch, child
// is the root itself and the tree keeps its depths: answers and bodies
// the change may have changed are forgotten (see Changed).
func (t *PlanTree) copyTree(child int32, root action.Frame, w Windowed, ch *change) CommitStats {
	old, oldS := t.Nodes, t.Slots
	t.Nodes, t.Slots = t.spare[:0], t.spareS[:0]
	t.memo.reset()
	rebuild := !t.mixed
	var st CommitStats
	lib := t.Graph.Library
	shift := int32(1)
	if ch != nil {
		shift = 0
	}
	// Breadth-first copy of the subtree: a node's children follow in the
	// queue in order, so positions in the queue are the new indices.
	t.queue = append(t.queue[:0], child)
	t.edges = append(t.edges[:0], -1)
	t.fill = 0
	for head := 0; head < len(t.queue); head++ {
		o := old[t.queue[head]]
		i := int32(len(t.Nodes))
		parent, frame := int32(-1), root
		if head > 0 {
			parent = t.parentOf(i)
			pn := &t.Nodes[parent]
			frame = pn.Frame.Then(lib.Actions[pn.Action].Delta)
		}
		sin, cos := math.Sincos(frame.Yaw)
		t.addNode(parent, o.Action, o.Depth-shift, frame, sin, cos, t.edges[head])
		n := &t.Nodes[i]
		forget := ch != nil && ch.touches(t, n)
		n.Status = t.keepAnswers(n, oldS[o.FirstDock:], w, rebuild && head > 0, forget, &st)
		switch {
		case head == 0:
			n.Status = Supported // being performed
		case ch != nil && n.Status == Supported && o.Status != Supported && o.Status != Blocked:
			n.Status = Unknown // decided by more than its answers: decide again
		case n.Status != Supported || t.body == nil:
		case ch != nil && ch.blocks(t, n, o.Status):
			n.Status = Unknown // its body, and what lies below it, are decided again
		case sameFrame(&n.Frame, &o.Frame) && o.Status == Blocked:
			n.Status = Blocked
		case sameFrame(&n.Frame, &o.Frame) && o.Status == Supported:
		default:
			// Moved: its body is tested again by Evaluate, within its
			// budget; its docks' answers and subtree are kept meanwhile.
			t.recheck = append(t.recheck, i)
		}
		st.Kept++
		if n.Status != Unknown {
			st.Decided++
		}
		if n.Status != Supported || o.NumChildren == 0 {
			st.Dropped += t.subtreeSize(old, o) - 1
			continue
		}
		n.FirstChild, n.NumChildren = -1, o.NumChildren // placed below
		for c := o.FirstChild; c < o.FirstChild+o.NumChildren; c++ {
			t.queue = append(t.queue, c)
			t.edges = append(t.edges, t.Graph.Offsets[o.Action]+(c-o.FirstChild))
		}
	}
	t.spare, t.spareS = old[:0], oldS[:0]
	for _, i := range t.recheck {
		t.Nodes[i].Status = Unknown
	}
	t.recheck = t.recheck[:0]
	t.Nodes[0].Status = Supported
	t.redoDead()
	t.cursor, t.grow = 0, 0
	t.refresh, t.refreshEnd = t.Nodes[0].FirstChild, t.Nodes[0].FirstChild+t.Nodes[0].NumChildren
	for t.cursor < int32(len(t.Nodes)) && t.Nodes[t.cursor].Status != Unknown {
		t.cursor++
	}
	return st
}

// parentOf returns the parent of the node about to be placed at index i
// during CommitAt's copy: the first node whose children are not all placed,
// fixing its FirstChild as its first child arrives.
func (t *PlanTree) parentOf(i int32) int32 {
	for ; t.fill < int32(len(t.Nodes)); t.fill++ {
		p := &t.Nodes[t.fill]
		if p.NumChildren == 0 {
			continue
		}
		if p.FirstChild < 0 {
			p.FirstChild = i
		}
		if i < p.FirstChild+p.NumChildren {
			return t.fill
		}
	}
	panic("actiongraph: commit copy lost its parent")
}

// keepAnswers gives the new node n's slots what is still known from the
// old slots, and returns the node's status.
func (t *PlanTree) keepAnswers(n *Node, old []Slot, w Windowed, rebuild, forget bool, st *CommitStats) Status {
	unknown, unsupported := 0, false
	nd := int32(len(t.Graph.Library.Actions[n.Action].Docks))
	for k := int32(0); k < nd; k++ {
		s, o := &t.Slots[n.FirstDock+k], &old[k]
		switch {
		case s.Shared >= 0:
			// The same contact as the parent's slot: its answer.
			if p := &t.Slots[s.Shared]; p.State != Unknown {
				s.copyAnswer(p)
				st.Exact++
			}
		case o.State == Unknown || forget:
		case samePose(&s.Expected, &o.Expected):
			s.copyAnswer(o)
			st.Exact++
		case o.State == Supported && w != nil && !(t.paired[n.Action][k] && !t.evaluateAll):
			// (A dock held at once with another is asked again: which
			// support is nearest decides whether the two are apart.)
			if d, ok := w.Within(s.Expected, o.Sample); ok {
				s.copyAnswer(o)
				s.Distance, s.Stale = d, true
				st.Stale++
			}
		}
		switch s.State {
		case Unknown:
			unknown++
			continue
		case Unsupported:
			unsupported = true
		}
		if rebuild && s.Shared < 0 && !s.Stale && !s.Moved {
			i := n.FirstDock + k
			if h := questionHash(s.tmpl, &s.Expected); t.memo.asked(t.Slots, s, h) < 0 {
				t.memo.put(h, i)
			}
		}
	}
	switch {
	case unsupported: // one unsupported dock decides the node, asked or not the others
		return Unsupported
	case unknown > 0:
		st.Asked += unknown
		return Unknown
	}
	return Supported
}

// samePose reports whether two poses are the same to the bit.
func samePose(a, b *dock.Pose) bool {
	return math.Float32bits(a.Position[0]) == math.Float32bits(b.Position[0]) &&
		math.Float32bits(a.Position[1]) == math.Float32bits(b.Position[1]) &&
		math.Float32bits(a.Position[2]) == math.Float32bits(b.Position[2]) &&
		math.Float32bits(a.Yaw) == math.Float32bits(b.Yaw)
}

// sameFrame reports whether two frames are the same to the bit.
func sameFrame(a, b *action.Frame) bool {
	return a.Position == b.Position && math.Float64bits(a.Yaw) == math.Float64bits(b.Yaw)
}

// subtreeSize counts the nodes of the subtree at o in the old tree.
func (t *PlanTree) subtreeSize(old []Node, o Node) int {
	n := 1
	for c := o.FirstChild; c < o.FirstChild+o.NumChildren; c++ {
		n += t.subtreeSize(old, old[c])
	}
	return n
}

// redoDead recomputes Dead and DeadChildren from the statuses, leaves
// first.
func (t *PlanTree) redoDead() {
	for i := len(t.Nodes) - 1; i >= 0; i-- {
		n := &t.Nodes[i]
		n.DeadChildren = 0
		for c := n.FirstChild; c < n.FirstChild+n.NumChildren; c++ {
			if t.Nodes[c].Dead {
				n.DeadChildren++
			}
		}
		n.Dead = n.Status == Unsupported || n.Status == Blocked || !t.evaluateAll && n.NumChildren > 0 && n.DeadChildren == n.NumChildren
	}
}

// refreshNode asks again the stale slots of node i (a child of the root,
// about to be chosen from), so choices and warps use the nearest supports.
// It reports whether it asked anything.
func (t *PlanTree) refreshNode(q geoquery.Querier, i int32) bool {
	n := &t.Nodes[i]
	if n.Status == Unsupported || n.Status == Blocked {
		return false
	}
	asked := false
	tmpl := t.templates[n.Action]
	for k := range tmpl {
		j := n.FirstDock + int32(k)
		s := &t.Slots[j]
		if !s.Stale {
			continue
		}
		asked = true
		s.State, s.Stale = Unknown, false
		ok := t.query(q, j, tmpl[k])
		t.reshare(n, j)
		if !ok {
			// Cannot happen for a querier whose Within agrees with its
			// window; kept sound for any querier.
			n.Status = Unsupported
			t.stats.Unsupported++
			t.markDead(i)
			return true
		}
	}
	if asked && (!t.keepApart(q, n) || !t.reachableNode(n)) {
		n.Status = Unsupported
		t.stats.Unsupported++
		t.markDead(i)
	}
	return asked
}

// SetRootSupport records where the action being performed (the root) really
// has its dock k: the supported sample it was warped onto, whatever its
// expected pose now. Children that continue that contact (Slot.Shared)
// take it as their answer, so a foot planted across two actions stays where
// it is. The slot is not remembered as an answer to its question.
func (t *PlanTree) SetRootSupport(k int, s dock.Sample, pose dock.Pose) {
	r := &t.Nodes[0]
	j := r.FirstDock + int32(k)
	sl := &t.Slots[j]
	sl.State, sl.Sample, sl.Pose, sl.Stale = Supported, s, pose, false
	sl.Distance = 0
	t.reshareWithin(r, j)
	t.reshare(r, j)
}

// reshare gives the descendants of n that share slot j (directly or
// through a chain of shares) its new answer.
func (t *PlanTree) reshare(n *Node, j int32) {
	for c := n.FirstChild; c < n.FirstChild+n.NumChildren; c++ {
		cn := &t.Nodes[c]
		nd := int32(len(t.templates[cn.Action]))
		for k := int32(0); k < nd; k++ {
			if s := &t.Slots[cn.FirstDock+k]; s.Shared == j {
				s.copyAnswer(&t.Slots[j])
				t.reshare(cn, cn.FirstDock+k) // and on down a chain of shares
			}
		}
	}
}
