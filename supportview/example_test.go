package supportview_test

import (
	"fmt"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supportview"
	"github.com/go-gl/mathgl/mgl32"
)

// Two floors, the upper one over half of the lower: two storeys.
func ExampleStoreys() {
	var b sceneload.Builder
	b.Box(mgl32.Vec3{0, -0.2, 0}, mgl32.Vec3{4, 0, 4})
	b.Box(mgl32.Vec3{0, 2.8, 0}, mgl32.Vec3{4, 3, 2})
	m := b.Mesh()
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	foot, _ := dock.Builtin("foot")
	tr, _, _ := supportbuild.Build(m, bvh, foot, dock.DefaultLattice(), supportbuild.BuildOptions{})
	for i, s := range supportview.Storeys(tr, 0) {
		fmt.Printf("storey %d: y %.1f to %.1f m\n", i+1, s.Lo, s.Hi)
	}
	// Output:
	// storey 1: y -0.2 to 2.8 m
	// storey 2: y 2.8 to 3.0 m
}
