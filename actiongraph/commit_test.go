package actiongraph_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/librarybuild"
	"github.com/go-gl/mathgl/mgl64"
)

// paths keys every node of a tree by its root path (the actions from the
// root down), so trees unrolled in different orders can be compared.
func paths(pt *actiongraph.PlanTree) map[string]int32 {
	out := map[string]int32{}
	key := make([]string, len(pt.Nodes))
	for i, n := range pt.Nodes {
		if n.Parent >= 0 {
			key[i] = key[n.Parent] + fmt.Sprintf("/%d", n.Action)
		}
		out[key[i]] = int32(i)
	}
	return out
}

// A commit to a child at a moved frame (the warp's turn and root offset),
// then evaluated to the end, gives the tree a fresh unroll from that frame
// gives: the same nodes, statuses and dead flags; every answer that is not
// stale is the fresh one to the bit; a stale one is a supported sample in
// the window no nearer than the fresh answer. Checked over several moves,
// small and large, and several children.
func TestCommitAtMovedMatchesFresh(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	const depth = 4
	start := int32(w.lib.Index(librarybuild.TableIStart))
	params := w.tree.Params()
	moves := []struct{ dx, dz, dyaw float64 }{{0, 0, 0}, {0.03, -0.02, 0.02}, {-0.05, 0.04, -0.1}, {0.2, 0.1, 0.25}, {1e-9, 0, 0}}
	var kept, decided, stale int
	for mi, mv := range moves {
		pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
		pt.Reset(tableIStartFrame, start, depth)
		pt.Evaluate(w.tree, actiongraph.Budget{})
		for _, c := range pt.Feasible(nil) {
			tr, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			tr.Reset(tableIStartFrame, start, depth)
			tr.Evaluate(w.tree, actiongraph.Budget{})
			n := tr.Nodes[c]
			root := action.Frame{Position: n.Frame.Position.Add(mgl64.Vec3{mv.dx, 0, mv.dz}), Yaw: n.Frame.Yaw + mv.dyaw}
			st := tr.CommitAt(c, root, w.tree)
			kept += st.Kept
			decided += st.Decided
			stale += st.Stale
			for !tr.Evaluate(w.tree, actiongraph.Budget{Work: 9}) {
			}
			fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			fresh.Reset(root, n.Action, depth)
			fresh.Evaluate(w.tree, actiongraph.Budget{})
			got, want := paths(tr), paths(fresh)
			if len(got) != len(want) {
				t.Fatalf("move %d child %d: %d nodes, fresh %d", mi, c, len(got), len(want))
			}
			for key, j := range want {
				i, ok := got[key]
				if !ok {
					t.Fatalf("move %d child %d: node %s missing", mi, c, key)
				}
				a, b := tr.Nodes[i], fresh.Nodes[j]
				if a.Frame != b.Frame || a.Status != b.Status || a.Dead != b.Dead {
					t.Fatalf("move %d child %d node %s: %+v, fresh %+v", mi, c, key, a, b)
				}
				if key == "" {
					continue // the root's slots are asked only when a child shares them
				}
				for k := range w.lib.Actions[a.Action].Docks {
					sa, sb := tr.Slots[a.FirstDock+int32(k)], fresh.Slots[b.FirstDock+int32(k)]
					if a.Status == actiongraph.Unsupported && (sa.State == actiongraph.Unknown || sb.State == actiongraph.Unknown) {
						continue // an unsupported node's docks after the first unsupported one may be left unasked
					}
					if sa.Expected != sb.Expected || sa.State != sb.State {
						t.Fatalf("move %d node %s dock %d: %+v, fresh %+v", mi, key, k, sa, sb)
					}
					if sa.Shared >= 0 {
						if p := tr.Slots[sa.Shared]; p.Sample != sa.Sample || p.State != sa.State || p.Stale != sa.Stale {
							t.Fatalf("move %d node %s dock %d: shared %+v, its parent's %+v", mi, key, k, sa, p)
						}
						continue
					}
					if !sa.Stale {
						if sa.Sample != sb.Sample || sa.Distance != sb.Distance {
							t.Fatalf("move %d node %s dock %d: answer %+v, fresh %+v", mi, key, k, sa, sb)
						}
						continue
					}
					if a.Depth == 1 {
						t.Fatalf("move %d node %s dock %d: a choice keeps a stale answer", mi, key, k)
					}
					d, in := params.Within(sa.Expected, sa.Sample)
					// A fresh support found beside another dock's (Moved) is not
					// the nearest, and a stale one may be nearer.
					if sa.State != actiongraph.Supported || !in || d != sa.Distance || (d < sb.Distance && !sb.Moved) {
						t.Fatalf("move %d node %s dock %d: stale %+v (within %v, %v), fresh %+v", mi, key, k, sa, in, d, sb)
					}
				}
			}
		}
	}
	t.Logf("kept %d nodes, %d of them decided without a query; %d stale answers", kept, decided, stale)
	if decided == 0 || stale == 0 {
		t.Error("nothing reused")
	}
}

// With the body checked, a commit to a moved child leaves the bodies of
// the nodes the move carried to be tested again by Evaluate (within its
// budget: a few nodes per call here); evaluated to the end, the tree has
// the nodes, statuses and dead flags of a fresh unroll from that frame.
func TestCommitAtMovedWithBodyMatchesFresh(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	c := adultChecker(t, w)
	const depth = 3
	start := int32(w.lib.Index(librarybuild.TableIStart))
	var blocked, rechecked int
	for _, mv := range []struct{ dx, dz, dyaw float64 }{{0.03, -0.02, 0.02}, {-0.05, 0.04, -0.1}, {0.2, 0.1, 0.25}} {
		for _, f := range []action.Frame{tableIStartFrame, {Position: mgl64.Vec3{0.3, 0, 1.5}, Yaw: math.Pi / 2}} {
			tr, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			tr.SetBody(clearance{c})
			tr.Reset(f, start, depth)
			tr.Evaluate(w.tree, actiongraph.Budget{})
			for _, ch := range tr.Feasible(nil) {
				pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
				pt.SetBody(clearance{c})
				pt.Reset(f, start, depth)
				pt.Evaluate(w.tree, actiongraph.Budget{})
				n := pt.Nodes[ch]
				root := action.Frame{Position: n.Frame.Position.Add(mgl64.Vec3{mv.dx, 0, mv.dz}), Yaw: n.Frame.Yaw + mv.dyaw}
				pt.CommitAt(ch, root, w.tree)
				for i := range pt.Nodes {
					if pt.Nodes[i].Status == actiongraph.Unknown && pt.Nodes[i].NumChildren > 0 {
						rechecked++
					}
				}
				before := pt.Stats().BodyChecks
				for !pt.Evaluate(w.tree, actiongraph.Budget{Work: 9}) {
				}
				if pt.Stats().BodyChecks == before {
					t.Fatalf("child %d: no body tested after the commit", ch)
				}
				fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
				fresh.SetBody(clearance{c})
				fresh.Reset(root, n.Action, depth)
				fresh.Evaluate(w.tree, actiongraph.Budget{})
				got, want := paths(pt), paths(fresh)
				for key, j := range want {
					i, ok := got[key]
					if !ok {
						continue // below a node the stale answers keep supported (TestCommitAtMovedMatchesFresh)
					}
					a, b := pt.Nodes[i], fresh.Nodes[j]
					if a.Status != b.Status && !stale(pt, i) {
						t.Fatalf("child %d node %s: %v, fresh %v", ch, key, a.Status, b.Status)
					}
					if b.Status == actiongraph.Blocked {
						blocked++
					}
				}
			}
		}
	}
	t.Logf("%d kept nodes with children tested again, %d blocked nodes compared", rechecked, blocked)
	if rechecked == 0 || blocked == 0 {
		t.Error("nothing tested again or nothing blocked")
	}
}

// stale reports whether node i of t holds a stale answer: its body is
// tested where that answer puts its docks, which a fresh plan may not.
func stale(t *actiongraph.PlanTree, i int32) bool {
	n := t.Nodes[i]
	for k := range len(t.Graph.Library.Actions[n.Action].Docks) {
		if t.Slots[n.FirstDock+int32(k)].Stale {
			return true
		}
	}
	return false
}
