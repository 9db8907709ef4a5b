package scenes_test

import (
	"fmt"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/scenes"
)

// A probe ray straight down onto the first tread of the stepping scene's
// 0.45 m stairs: where is the surface, and could a foot stand on it?
func ExampleBVH_ClosestHit() {
	m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		panic(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		panic(err)
	}
	ray := scenes.Ray{Origin: [3]float32{0.55, 1, 3.5}, Dir: [3]float32{0, -1, 0}, TMax: 2}
	if h, ok := bvh.ClosestHit(ray, nil); ok {
		fmt.Printf("surface at y = %.2f m, normal %v\n", ray.At(h.T)[1], h.Normal)
	}
	fmt.Println("anything within 0.5 m:", bvh.AnyHit(scenes.Ray{Origin: ray.Origin, Dir: ray.Dir, TMax: 0.5}, nil))
	// Output:
	// surface at y = 0.45 m, normal [0 1 0]
	// anything within 0.5 m: false
}
