package actiongraph_test

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// A plan over a floor that ends 2 m ahead: unrolled two levels deep from a
// walk, pruned where a foot would step off the edge, then committed to the
// first feasible child so that only the new level is unrolled.
func ExamplePlanTree() {
	lib, g, _ := librarybuild.Default(librarybuild.DefaultOptions{})
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-3, -0.2, -3}, mgl32.Vec3{2, 0, 3}) // the floor ends at x = 2
	bvh, _ := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	probe, _ := geoquery.NewProbe(bvh, geoquery.DefaultParams())
	templates := map[string]*dock.Template{}
	for _, n := range []string{"foot", "hand"} {
		templates[n], _ = dock.Builtin(n)
	}
	pt, _ := actiongraph.NewPlanTree(g, templates, actiongraph.Prune)
	start := action.Frame{Position: mgl64.Vec3{0, 0, 0}, Yaw: math.Pi / 2} // facing the edge
	pt.Reset(start, int32(lib.Index("walk.r")), 2)
	pt.Evaluate(probe, actiongraph.Budget{})
	st := pt.Stats()
	fmt.Printf("%d nodes made, %d evaluated, %d unsupported, %d feasible choices\n", st.Made, st.Evaluated, st.Unsupported, len(pt.Feasible(nil)))
	c := pt.Feasible(nil)[0]
	kept := pt.CommitAt(c, pt.Nodes[c].Frame, nil)
	fmt.Printf("committed to %s: %d nodes kept, %d of them decided\n", lib.Actions[pt.Nodes[0].Action].Name, kept.Kept, kept.Decided)
	// Output:
	// 58 nodes made, 58 evaluated, 8 unsupported, 8 feasible choices
	// committed to walk.l: 11 nodes kept, 11 of them decided
}
