package actiongraph

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// HasWayOn reports whether child c of the root, started at frame root
// instead of where the tree unrolled it (where a warp leaves it), has a way
// on there: a successor whose every dock q supports, a dock continuing one
// of c's own contacts (Slot.Shared) counting as held. Only a child known to
// be supported is asked about (others report false). With b (may be nil),
// the successor's body must also be clear there, raised by the mean height
// its asked supports lie off their expected poses. It asks q and b
// directly, leaving the tree and its memory as they are, and allocates
// nothing.
func (t *PlanTree) HasWayOn(c int32, root action.Frame, q geoquery.Querier, b Body) bool {
	n := &t.Nodes[c]
	if n.Status != Supported || n.Dead {
		return false
	}
	g := t.Graph
	f := root.Then(g.Library.Actions[n.Action].Delta)
	sin, cos := math.Sincos(f.Yaw)
	for e := g.Offsets[n.Action]; e < g.Offsets[n.Action+1]; e++ {
		if t.supportedAt(g.Edges[e], t.share[e], &f, sin, cos, q, b) {
			return true
		}
	}
	return false
}

// supportedAt reports whether action a started at frame f has every dock
// not shared (with its parent, or with an earlier dock of a) supported,
// its feet held at once apart (separate), and its body clear by b (nil:
// not asked).
func (t *PlanTree) supportedAt(a int32, share []int32, f *action.Frame, sin, cos float64, q geoquery.Querier, b Body) bool {
	docks := t.Graph.Library.Actions[a].Docks
	tmpl := t.templates[a]
	var e dock.Pose
	lift, asked := 0.0, 0
	again := t.again[a]
	t.found = t.found[:len(docks)] // NewPlanTree made room for the most docks
	for k := range docks {
		pl := &t.found[k]
		*pl = placed{}
		switch {
		case k < len(share) && share[k] >= 0:
			continue
		case again[k] >= 0:
			continue // on the support of an earlier dock, which the pairs name
		}
		f.PlaceDock(&e, &docks[k].Pose, sin, cos)
		t.stats.Queries++
		if !q.Nearest(geoquery.Query{Template: tmpl[k], Expected: e, NoSupport: true}, &t.result, &t.stats.Query) {
			return false
		}
		*pl = placed{expected: e, sample: t.result.Sample, pose: t.result.Pose, distance: t.result.Distance, known: true}
	}
	if !t.separate(q, a, t.found) || !t.reachable(a, f, t.found) {
		return false
	}
	for k := range t.found {
		if pl := &t.found[k]; pl.known && again[k] < 0 {
			lift += float64(pl.pose.Position[1] - pl.expected.Position[1])
			asked++
		}
	}
	if b == nil {
		return true
	}
	if asked > 0 {
		lift /= float64(asked)
	}
	t.stats.BodyChecks++
	return b.Clear(a, *f, lift)
}
