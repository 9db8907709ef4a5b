package motion

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var allOrders = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// Every order round-trips random rotations, including ones at gimbal lock;
// the oracle is the rotated basis vectors, not the angles.
func TestEulerRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, order := range allOrders {
		for n := range 2000 {
			a := [3]float64{(r.Float64()*2 - 1) * math.Pi, (r.Float64()*2 - 1) * math.Pi / 2, (r.Float64()*2 - 1) * math.Pi}
			if n%10 == 0 {
				a[1] = math.Copysign(math.Pi/2, a[1])
			}
			q := EulerToQuat(order, a)
			back := EulerToQuat(order, QuatToEuler(q, order))
			for _, v := range axes {
				if d := q.Rotate(v).Sub(back.Rotate(v)).Len(); d > 1e-7 {
					t.Fatalf("order %v angles %v: basis vector off by %g", order, a, d)
				}
			}
		}
	}
}

// The composition order is BVH's: "Zrotation Xrotation" rotates about x
// first, then about z, when applied to a vector.
func TestEulerOrderIsBVH(t *testing.T) {
	q := EulerToQuat([3]int{2, 0, 1}, [3]float64{math.Pi / 2, math.Pi / 2, 0})
	// Rx(90°) takes +y to +z; Rz(90°) leaves +z alone.
	got := q.Rotate(mgl64.Vec3{0, 1, 0})
	if got.Sub(mgl64.Vec3{0, 0, 1}).Len() > 1e-12 {
		t.Fatalf("Rz·Rx·(0,1,0) = %v, want (0,0,1)", got)
	}
}
