package geoquery

import (
	"math"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
)

func TestYawDiff(t *testing.T) {
	rng := scenes.NewRNG(8)
	for i := 0; i < 100000; i++ {
		a, b := rng.Float64()*40-20, rng.Float64()*40-20
		d := yawDiff(a, b)
		if d <= -math.Pi || d > math.Pi {
			t.Fatalf("yawDiff(%v, %v) = %v, outside (-π, π]", a, b, d)
		}
		if r := math.Remainder(a-b-d, 2*math.Pi); math.Abs(r) > 1e-9 {
			t.Fatalf("yawDiff(%v, %v) = %v is not a - b modulo 2π", a, b, d)
		}
	}
	l := dock.DefaultLattice()
	for i := int32(0); i < l.Yaws(); i++ {
		if got := float32(float64(i) * 2 * math.Pi / float64(l.Yaws())); got != l.YawOf(i) {
			t.Fatalf("yaw %d: %v, YawOf %v", i, got, l.YawOf(i))
		}
	}
}
