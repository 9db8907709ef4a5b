package dynamic_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/sceneload"
)

// A crate dropped on a floor gives a foot new supports on its top, and
// takes them away when it is removed.
func Example() {
	var floor sceneload.Builder
	floor.Box(mgl32.Vec3{-2, -0.2, -2}, mgl32.Vec3{2, 0, 2})
	foot, _ := dock.Builtin("foot")
	s, _ := dynamic.NewScene(floor.Mesh(), []*dock.Template{foot}, dock.DefaultLattice())
	onTop := func() uint64 {
		t, _ := s.Reachable(0)
		return t.YawMask(0, 5, 0) // the lattice position at (0, 0.5, 0)
	}
	var crate sceneload.Builder
	crate.Box(mgl32.Vec3{-0.5, 0, -0.5}, mgl32.Vec3{0.5, 0.5, 0.5})
	id, _, _ := s.Add(crate.Mesh(), dynamic.Transform{Translation: mgl64.Vec3{0, 0, 0}})
	fmt.Printf("on the crate: %d yaws\n", popcount(onTop()))
	s.Remove(id)
	fmt.Printf("once it is gone: %d yaws\n", popcount(onTop()))
	// Output:
	// on the crate: 36 yaws
	// once it is gone: 0 yaws
}

func popcount(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
