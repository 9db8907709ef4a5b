package actiongraph_test

import (
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/librarybuild"
	"github.com/go-gl/mathgl/mgl64"
)

// HasWayOn against a fresh plan unrolled one level from the moved frame:
// for every feasible child of the Table I start on stepping and frames all
// over the scene (floors, stairs, the gap, the pit), it reports a way on
// exactly when one of the fresh plan's children has every dock it does not
// share with its parent supported (and its feet held at once apart). It leaves the plan as it was.
func TestWayOnAtMatchesFresh(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	start := int32(w.lib.Index(librarybuild.TableIStart))
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	pt.Reset(tableIStartFrame, start, 3)
	pt.Evaluate(w.tree, actiongraph.Budget{})
	before := append([]actiongraph.Slot(nil), pt.Slots...)
	var ways, none int
	for _, c := range pt.Feasible(nil) {
		n := pt.Nodes[c]
		for i := range 120 {
			x, z := 0.15+0.37*float64(i%27), 0.2+0.45*float64(i%9)
			mv := action.Frame{Position: mgl64.Vec3{x, n.Frame.Position[1], z}, Yaw: n.Frame.Yaw + 0.7*float64(i)}
			fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			fresh.Reset(mv, n.Action, 1)
			fresh.Evaluate(w.tree, actiongraph.Budget{})
			want := false
			r := fresh.Nodes[0]
			for g := r.FirstChild; g < r.FirstChild+r.NumChildren; g++ {
				all, every := true, true
				for k := range w.lib.Actions[fresh.Nodes[g].Action].Docks {
					s := fresh.Slots[fresh.Nodes[g].FirstDock+int32(k)]
					if s.State != actiongraph.Supported {
						every = false
						all = all && s.Shared >= 0
					}
				}
				// Every dock supported, yet unsupported: two feet held at once
				// could not be found apart.
				crowded := every && fresh.Nodes[g].Status == actiongraph.Unsupported
				want = want || (all && !crowded)
			}
			if got := pt.HasWayOn(c, mv, w.tree, nil); got != want {
				t.Fatalf("child %d (%s) at %v: way on %v, fresh plan %v", c, w.lib.Actions[n.Action].Name, mv, got, want)
			}
			if want {
				ways++
			} else {
				none++
			}
		}
	}
	if ways == 0 || none == 0 {
		t.Errorf("%d moves with a way on, %d without: the case does not test both", ways, none)
	}
	for i := range before {
		if pt.Slots[i] != before[i] {
			t.Fatalf("slot %d changed: %+v, was %+v", i, pt.Slots[i], before[i])
		}
	}
	t.Logf("%d moves with a way on, %d without", ways, none)
}
