package scenes_test

import (
	"fmt"
	"strings"

	"github.com/foothold/foothold/scenes"
)

// A probe ray straight down onto the first tread of the stepping scene's
// 0.45 m stairs: where is the surface, and could a foot stand on it?
func ExampleBVH_ClosestHit() {
	m, err := scenes.Load("builtin:stepping", scenes.LoadOptions{})
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

// Reading an OBJ from any reader: quads are fan-triangulated.
func ExampleReadOBJ() {
	src := "v 0 0 0\nv 2 0 0\nv 2 0 2\nv 0 0 2\nf 1 4 3 2\n"
	m, err := scenes.ReadOBJ(strings.NewReader(src), "floor.obj")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d triangles, %.1f m²\n", m.NumTriangles(), m.SurfaceArea())
	// Output:
	// 2 triangles, 4.0 m²
}
