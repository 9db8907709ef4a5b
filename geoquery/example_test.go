package geoquery_test

import (
	"fmt"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
)

// A foot expected 0.12 m above the first 0.45 m tread of the stepping
// scene, facing 102° (2° off the lattice's 100°): Version I finds the
// nearest supported sample, on the tread.
func ExampleProbe_Nearest() {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	probe, err := geoquery.NewProbe(bvh, geoquery.DefaultParams())
	if err != nil {
		panic(err)
	}
	foot, _ := dock.Builtin("foot")
	q := geoquery.Query{Template: foot, Expected: dock.Pose{Position: [3]float32{0.52, 0.57, 3.5}, Yaw: 1.78}}
	var r geoquery.Result
	if probe.Nearest(q, &r, nil) {
		fmt.Printf("sample %+v, %.3f m from the expected pose\n", r.Sample, r.Distance)
		fmt.Printf("ankle on the surface at y = %.2f m\n", r.Support.Hits[0].Position[1])
	}
	// Output:
	// sample {X:5 Y:5 Z:35 Yaw:10}, 0.073 m from the expected pose
	// ankle on the surface at y = 0.45 m
}
