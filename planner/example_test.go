package planner_test

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl64"
)

// A game loop: build the support-trees once, then call Update every frame
// with the player's input and draw the returned pose.
func Example() {
	lib, graph, _ := actiongraph.Default(actiongraph.DefaultOptions{})
	mesh, _ := scenes.Load("builtin:stepping", scenes.LoadOptions{})
	bvh, _ := scenes.NewBVH(mesh, scenes.BVHOptions{})
	params := geoquery.DefaultParams()
	templates := map[string]*dock.Template{}
	trees := map[*dock.Template]*supporttree.Tree{}
	for _, name := range []string{"foot", "hand"} {
		t, _ := dock.Builtin(name)
		templates[name] = t
		trees[t], _, _ = supporttree.Build(mesh, bvh, t, params.Lattice, supporttree.BuildOptions{})
	}
	query, _ := geoquery.NewTree(bvh, params, trees)
	p, err := planner.New(planner.Config{Library: lib, Graph: graph, Querier: query, Templates: templates, Scene: bvh,
		Start: actiongraph.Frame{Position: mgl64.Vec3{3, 0, 2}, Yaw: math.Pi / 2}, State: "walk.r"})
	if err != nil {
		panic(err)
	}
	east := planner.Input{Heading: math.Pi / 2, Speed: 1.2}
	for range 3 * 60 { // three seconds at 60 Hz
		pose := p.Update(1.0/60, east)
		_ = pose // pose.Trans and pose.Rot drive the character's skeleton
	}
	for _, s := range p.Steps() {
		fmt.Printf("%.2f s %s at x %.1f\n", s.Start, s.Action, s.Frame.Position[0])
	}
	// Output:
	// 0.00 s walk.r at x 3.0
	// 0.52 s walk.l at x 3.6
	// 1.02 s walk.r at x 4.2
	// 1.52 s walk.l at x 4.9
	// 2.02 s walk.r at x 5.5
	// 2.52 s walk.l at x 6.0
}
