package sceneload

import (
	"math"
	"testing"

	"github.com/foothold/foothold/scenes"
)

// The ramps scene's mesh is its layout: a ray down onto any point of a
// ramp, a cross-slope or the terrain (away from their edges) meets the
// height the layout gives, within the terrain's triangulation.
func TestRampsMeshMatchesLayout(t *testing.T) {
	m, err := Builtin("ramps")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rng := scenes.NewRNG(7)
	top := func(x, z float64) float64 {
		r := scenes.Ray{Origin: [3]float32{float32(x + RampsShift), 10, float32(z + RampsShift)}, Dir: [3]float32{0, -1, 0}, TMax: 20}
		h, ok := bvh.ClosestHit(r, nil)
		if !ok {
			return math.NaN()
		}
		return 10 - float64(h.T)
	}
	check := func(what string, x, z, want, tol float64) {
		if got := top(x, z); !(math.Abs(got-want) <= tol) {
			t.Errorf("%s at (%.2f, %.2f): surface at %.4f m, layout %.4f m", what, x, z, got, want)
		}
	}
	for i, deg := range RampAngles {
		z0, z1 := RampLane(i)
		tan := math.Tan(deg * math.Pi / 180)
		for range 20 {
			x, z := float64(rng.Range(0.05, RampLength-0.05)), float64(rng.Range(z0+0.05, z1-0.05))
			check("ramp", x, z, x*tan, 1e-4*(1+x*tan))
			check("landing", float64(rng.Range(RampLength+0.05, RampLanding-0.05)), z, RampLength*tan, 1e-4*(1+RampLength*tan))
		}
	}
	for i, deg := range CrossAngles {
		z0, z1 := RampLane(i)
		tan := math.Tan(deg * math.Pi / 180)
		for range 20 {
			x, z := float64(rng.Range(CrossX0+0.05, CrossX1-0.05)), float64(rng.Range(z0+0.05, z1-0.05))
			check("cross-slope", x, z, (z-float64(z0))*tan, 1e-4)
		}
	}
	for range 200 {
		x, z := float64(rng.Range(11.05, 18.95)), float64(rng.Range(19.05, 26.95))
		check("terrain", x, z, TerrainHeight(x, z), 0.01)
	}
	check("floor", -2, 1, 0, 1e-6)
}
