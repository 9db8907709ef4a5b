package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// axes are the unit vectors x, y, z.
var axes = [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// EulerToQuat composes rotations about the given axes (0 x, 1 y, 2 z) in
// BVH order: the first listed rotation is outermost, R = R_a0 · R_a1 · R_a2.
// Angles are in radians.
func EulerToQuat(order [3]int, angles [3]float64) mgl64.Quat {
	q := mgl64.QuatIdent()
	for k := range 3 {
		q = q.Mul(mgl64.QuatRotate(angles[k], axes[order[k]]))
	}
	return q.Normalize()
}

// QuatToEuler inverts EulerToQuat for an order of three distinct axes. At
// gimbal lock (middle angle ±90°) the last angle is set to zero.
func QuatToEuler(q mgl64.Quat, order [3]int) [3]float64 {
	m := q.Normalize().Mat4()
	at := func(r, c int) float64 { return m.At(r, c) }
	i, j, k := order[0], order[1], order[2]
	// s is +1 when (i, j, k) is a cyclic permutation of (x, y, z).
	s := 1.0
	if (j-i+3)%3 != 1 {
		s = -1
	}
	sb := s * at(i, k)
	cb := math.Hypot(at(i, i), at(i, j))
	b := math.Atan2(sb, cb)
	if cb < 1e-9 {
		return [3]float64{math.Atan2(s*at(k, j), at(j, j)), b, 0}
	}
	return [3]float64{math.Atan2(-s*at(j, k), at(k, k)), b, math.Atan2(-s*at(i, j), at(i, i))}
}
