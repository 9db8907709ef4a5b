package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Spring advances a critically damped spring pulling x towards target,
// integrated exactly (no step-size error, unconditionally stable):
// acceleration = -ω²(x - target) - 2ω·velocity. omega is the spring's angular frequency
// [Units: 1/s]; a larger omega follows the target faster, settling in
// about 6.6/omega seconds to within 1% from rest.
func Spring(x, v, target mgl64.Vec3, omega, dt float64) (mgl64.Vec3, mgl64.Vec3) {
	d := x.Sub(target)
	e := math.Exp(-omega * dt)
	j := v.Add(d.Mul(omega)) // d(t) = (d + j t) e^{-ωt}
	x1 := target.Add(d.Add(j.Mul(dt)).Mul(e))
	v1 := v.Sub(j.Mul(omega * dt)).Mul(e)
	return x1, v1
}
