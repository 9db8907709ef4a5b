package actiongraph

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// minApart is the least share of the distance across the ground between
// two docks held at once that their supports must keep: two feet cannot
// stand on one spot, nor cross. The nearest support of each can be the
// same where the ground is narrower than the stance (an edge, a beam).
// Under half, so that a stance two lattice steps wide whose supports
// round to neighbouring samples keeps them.
const minApart = 0.4

// heldTogether is a pair of docks of two effectors held at the same time,
// and how far apart across the ground the action holds them.
type heldTogether struct {
	a, b  int32
	apart float32 // [Units: m]
}

// heldAtOnce lists a's pairs of docks of different effectors whose times
// overlap, a dock on the support of an earlier one (again, as sameSupport
// gives) standing for that one.
func heldAtOnce(a *action.Action, again []int32) []heldTogether {
	var out []heldTogether
	for k, d := range a.Docks {
		for m := k + 1; m < len(a.Docks); m++ {
			e := a.Docks[m]
			if e.Effector == d.Effector || e.Start >= d.End || d.Start >= e.End {
				continue
			}
			h := heldTogether{a: int32(k), b: int32(m)}
			for again[h.a] >= 0 {
				h.a = again[h.a]
			}
			for again[h.b] >= 0 {
				h.b = again[h.b]
			}
			dp := a.Docks[h.a].Pose.Position.Sub(a.Docks[h.b].Pose.Position)
			h.apart = float32(math.Hypot(float64(dp[0]), float64(dp[2])))
			out = append(out, h)
		}
	}
	return out
}

// placed is a dock's support as keepApart sees it.
type placed struct {
	expected, pose dock.Pose
	sample         dock.Sample
	distance       float32
	known          bool // asked for by the node itself (not held on from its parent)
	moved          bool // found beside another dock's support
}

// farEnough reports whether supports p and o lie at least minApart of
// apart from each other across the ground.
func farEnough(p, o *placed, apart float32) bool {
	dx, dz := p.pose.Position[0]-o.pose.Position[0], p.pose.Position[2]-o.pose.Position[2]
	return dx*dx+dz*dz >= (minApart*apart)*(minApart*apart)
}

// separate makes the supports ps of action a's docks held at once keep
// minApart of their distance where the nearest supports do not: one of
// the two is asked again where a puts it beside the other's support — the
// less displaced first, as the other is likely the one the ground ended
// under — and it reports whether every pair is then apart. Pairs with a
// dock the node does not ask for itself are not compared. With q nil it
// only checks.
func (t *PlanTree) separate(q geoquery.Querier, a int32, ps []placed) bool {
	if t.evaluateAll {
		return true // the paper asks the docks alone
	}
	for _, h := range t.together[a] {
		ka, kb := h.a, h.b
		pa, pb := &ps[ka], &ps[kb]
		if !pa.known || !pb.known || farEnough(pa, pb, h.apart) {
			continue
		}
		if q == nil {
			return false
		}
		if pa.distance > pb.distance {
			ka, kb = kb, ka
		}
		if !t.placeBeside(q, a, ps, ka, kb, h.apart) && !t.placeBeside(q, a, ps, kb, ka, h.apart) {
			return false
		}
	}
	if q == nil {
		return true
	}
	return t.separate(nil, a, ps) // a support moved for one pair may have come near another
}

// placeBeside asks for the support of dock k of action a where its
// expected pose lies beside dock m's support (k's expected offset from m's
// expected, applied to m's support), and reports whether one was found at
// least minApart of apart (their distance in a) from m's.
func (t *PlanTree) placeBeside(q geoquery.Querier, a int32, ps []placed, k, m int32, apart float32) bool {
	p, o := &ps[k], &ps[m]
	e := p.expected
	e.Position[0] += o.pose.Position[0] - o.expected.Position[0]
	e.Position[2] += o.pose.Position[2] - o.expected.Position[2]
	t.stats.Queries++
	if !q.Nearest(geoquery.Query{Template: t.templates[a][k], Expected: e, NoSupport: true}, &t.result, &t.stats.Query) {
		return false
	}
	r := &t.result
	p.pose, p.sample, p.moved = r.Pose, r.Sample, true
	p.distance = r.Pose.Position.Sub(p.expected.Position).Len()
	return farEnough(p, o, apart)
}

// keepApart is separate for node n's slots: supports found beside another
// are written back, Moved, and the docks on the same support follow.
func (t *PlanTree) keepApart(q geoquery.Querier, n *Node) bool {
	if len(t.together[n.Action]) == 0 || t.evaluateAll {
		return true
	}
	t.fromSlots(n)
	ok := t.separate(q, n.Action, t.found)
	for k, p := range t.found {
		if !p.moved {
			continue
		}
		s := &t.Slots[n.FirstDock+int32(k)]
		s.Sample, s.Pose, s.Distance, s.Stale, s.Moved = p.sample, p.pose, p.distance, false, true
		t.reshareWithin(n, n.FirstDock+int32(k))
		t.reshare(n, n.FirstDock+int32(k))
	}
	return ok
}

// fromSlots fills t.found with node n's supported slots (those not held on
// from its parent).
func (t *PlanTree) fromSlots(n *Node) {
	nd := len(t.templates[n.Action])
	t.found = t.found[:nd] // NewPlanTree made room for the most docks
	for k := range nd {
		s := &t.Slots[n.FirstDock+int32(k)]
		t.found[k] = placed{expected: s.Expected, pose: s.Pose, sample: s.Sample, distance: s.Distance,
			known: s.State == Supported && (s.Shared < 0 || s.Shared >= n.FirstDock)}
	}
}

// reshareWithin gives the slots of node n after slot j that hold its
// support (a foot set down again where it was) its answer, and their
// children sharing them too.
func (t *PlanTree) reshareWithin(n *Node, j int32) {
	end := n.FirstDock + int32(len(t.templates[n.Action]))
	for i := j + 1; i < end; i++ {
		if s := &t.Slots[i]; s.Shared == j {
			s.copyAnswer(&t.Slots[j])
			t.reshare(n, i)
		}
	}
}
