package humanoid

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// minJerk is the minimum-jerk ease from 0 to 1 (zero velocity and
// acceleration at both ends), clamped outside [0, 1].
func minJerk(u float64) float64 {
	u = clamp01(u)
	return u * u * u * (10 + u*(-15+6*u))
}

func clamp01(u float64) float64 { return min(max(u, 0), 1) }

// ease maps t in [t0, t1] to minJerk.
func ease(t, t0, t1 float64) float64 { return minJerk((t - t0) / (t1 - t0)) }

// hermite evaluates the cubic Hermite curve from p0 (velocity v0) at time 0
// to p1 (velocity v1) at time T, at time t; velocities are per second.
func hermite(p0, v0, p1, v1 mgl64.Vec3, T, t float64) mgl64.Vec3 {
	u := clamp01(t / T)
	u2, u3 := u*u, u*u*u
	h00, h10, h01, h11 := 2*u3-3*u2+1, u3-2*u2+u, -2*u3+3*u2, u3-u2
	return p0.Mul(h00).Add(v0.Mul(h10 * T)).Add(p1.Mul(h01)).Add(v1.Mul(h11 * T))
}

// hermite1 is hermite for one coordinate.
func hermite1(p0, v0, p1, v1, T, t float64) float64 {
	return hermite(mgl64.Vec3{p0}, mgl64.Vec3{v0}, mgl64.Vec3{p1}, mgl64.Vec3{v1}, T, t)[0]
}

// bump is 0 at both ends with zero slope there and 1 in the middle.
func bump(u float64) float64 {
	s := math.Sin(math.Pi * clamp01(u))
	return s * s
}

// yawVec is the horizontal unit vector a heading faces.
func yawVec(yaw float64) mgl64.Vec3 { s, c := math.Sincos(yaw); return mgl64.Vec3{s, 0, c} }

// rotY turns v by yaw about +Y (yaw 0 faces +Z, positive turns +Z to +X).
func rotY(yaw float64, v mgl64.Vec3) mgl64.Vec3 {
	s, c := math.Sincos(yaw)
	return mgl64.Vec3{c*v[0] + s*v[2], v[1], -s*v[0] + c*v[2]}
}

func quatY(yaw float64) mgl64.Quat { return mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0}) }
func quatX(a float64) mgl64.Quat   { return mgl64.QuatRotate(a, mgl64.Vec3{1, 0, 0}) }

// smin is a smooth minimum: within about k of min(a, b), differentiable.
func smin(a, b, k float64) float64 {
	m := min(a, b)
	return m - k*math.Log(math.Exp((m-a)/k)+math.Exp((m-b)/k))
}
