package actiongraph_test

import (
	"fmt"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/library"
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
	start := int32(w.lib.Index(library.TableIStart))
	params := w.tree.Params()
	moves := []struct{ dx, dz, dyaw float64 }{{0, 0, 0}, {0.03, -0.02, 0.02}, {-0.05, 0.04, -0.1}, {0.2, 0.1, 0.25}, {1e-9, 0, 0}}
	var kept, decided, stale int
	for mi, mv := range moves {
		pt, _ := actiongraph.NewPlanTree(w.g, w.templates, false)
		pt.Reset(tableIStartFrame, start, depth)
		pt.Evaluate(w.tree, actiongraph.Budget{})
		for _, c := range pt.Feasible(nil) {
			tr, _ := actiongraph.NewPlanTree(w.g, w.templates, false)
			tr.Reset(tableIStartFrame, start, depth)
			tr.Evaluate(w.tree, actiongraph.Budget{})
			n := tr.Nodes[c]
			root := action.Frame{Position: n.Frame.Position.Add(mgl64.Vec3{mv.dx, 0, mv.dz}), Yaw: n.Frame.Yaw + mv.dyaw}
			st := tr.CommitAt(c, root, w.tree)
			kept += st.Kept
			decided += st.Decided
			stale += st.Stale
			for !tr.Evaluate(w.tree, actiongraph.Budget{Nodes: 9}) {
			}
			fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, false)
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
