package actiongraph_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/warp"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// band is flat ground for z >= z0 (every x), sampled every 0.1 m across x
// and exactly at z0 where the expected pose lies before it: a dock
// expected short of the band is supported on its edge, as far ahead as it
// falls short.
func band(z0 float64) ground {
	return func(e mgl32.Vec3) (float64, float64) {
		return math.Round(float64(e[0])*10) / 10, math.Max(float64(e[2]), z0)
	}
}

// A plan with SetReach refuses an action whose feet, planted from its
// first frame, find their supports where the legs cannot reach from where
// the action starts: "stand" (both feet held from its start) after "hop",
// its supports d ahead of where it expects them. The warp is the oracle:
// warped onto those supports, whatever the plan refuses drops the root
// more than the warp allows at a first frame (4 cm), and whatever the warp
// allows the plan keeps; near and far cases both occur. Without SetReach,
// and in Table I mode, every case is supported.
func TestAPlanRefusesSupportsBeyondTheLegs(t *testing.T) {
	g, tmpl := footing(t)
	const maxDrop = 0.04
	stand := g.Library.Get("stand")
	var kept, refused int
	for _, d := range []float64{0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4} {
		frame := action.Frame{Position: mgl64.Vec3{0, 0, 5}}
		q := band(5 + d)
		for _, mode := range []struct {
			reach, tableI bool
		}{{true, false}, {false, false}, {true, true}} {
			pt, err := actiongraph.NewPlanTree(g, tmpl, pruning(mode.tableI))
			if err != nil {
				t.Fatal(err)
			}
			if mode.reach {
				pt.SetReach(maxDrop, warp.Reach)
			}
			pt.Reset(frame, int32(g.Library.Index("hop")), 1)
			pt.Evaluate(q, actiongraph.Budget{})
			var n actiongraph.Node
			r := pt.Nodes[0]
			for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
				if pt.Nodes[c].Action == int32(g.Library.Index("stand")) {
					n = pt.Nodes[c]
				}
			}
			if !mode.reach || mode.tableI {
				if n.Status != actiongraph.Supported {
					t.Errorf("d %.2f, reach %v, Table I %v: stand %v, want supported", d, mode.reach, mode.tableI, n.Status)
				}
				continue
			}
			var ts []warp.Target
			for k := range stand.Docks {
				ts = append(ts, warp.Target{Dock: k, Pose: pt.Slots[n.FirstDock+int32(k)].Pose})
			}
			w, err := warp.Warp(stand, n.Frame, ts, warp.Carry{}, warp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			allowed := w.StartDrop <= maxDrop && w.Docks[0].Reached && w.Docks[1].Reached
			t.Logf("d %.2f: plan %v; warped, the root drops %.1f mm at the start", d, n.Status, 1000*w.StartDrop)
			switch {
			case n.Status == actiongraph.Unsupported && allowed:
				t.Errorf("d %.2f: the plan refuses what the warp allows (a drop of %.1f mm)", d, 1000*w.StartDrop)
			case n.Status == actiongraph.Supported && !allowed && w.StartDrop > maxDrop+0.02:
				t.Errorf("d %.2f: the plan keeps what the warp refuses by more than its margin (a drop of %.1f mm)", d, 1000*w.StartDrop)
			case n.Status == actiongraph.Supported:
				kept++
			default:
				refused++
			}
		}
	}
	if kept == 0 || refused == 0 {
		t.Errorf("%d kept, %d refused: the cases do not show both", kept, refused)
	}
}

// pruning is the plan tree's mode for a Table I tree or not.
func pruning(tableI bool) actiongraph.Pruning {
	if tableI {
		return actiongraph.EvaluateAll
	}
	return actiongraph.Prune
}
