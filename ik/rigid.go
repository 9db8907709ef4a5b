package ik

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// ErrTooFewPoints is returned when a fit has fewer than two point pairs
// (or the source points all coincide).
var ErrTooFewPoints = errors.New("ik: a rigid fit needs at least two distinct points")

// RigidFit returns the rotation r and translation t minimising
// Σ |r·src[i] + t - dst[i]|² (Horn 1987, closed form with unit
// quaternions; the same optimum as Arun 1987 and Umeyama 1991 without
// scale), and the root-mean-square residual. src and dst have the same
// length. Coplanar sets have a unique answer; collinear ones (two points, a
// foot's heel and toe) leave the roll about their line free, and get the
// smallest rotation that aligns the lines. It does not allocate.
func RigidFit(src, dst []mgl64.Vec3) (r mgl64.Quat, t mgl64.Vec3, rms float64, err error) {
	n := len(src)
	if n < 2 || len(dst) != n {
		return mgl64.QuatIdent(), mgl64.Vec3{}, 0, ErrTooFewPoints
	}
	var cs, cd mgl64.Vec3
	for i := range n {
		cs, cd = cs.Add(src[i]), cd.Add(dst[i])
	}
	cs, cd = cs.Mul(1/float64(n)), cd.Mul(1/float64(n))
	// Cross-covariance S[a][b] = Σ (src-cs)_a (dst-cd)_b, and the spread.
	var s [3][3]float64
	var spread float64
	for i := range n {
		a, b := src[i].Sub(cs), dst[i].Sub(cd)
		spread = max(spread, a.Len())
		for p := range 3 {
			for q := range 3 {
				s[p][q] += a[p] * b[q]
			}
		}
	}
	if spread < 1e-12 {
		return mgl64.QuatIdent(), mgl64.Vec3{}, 0, ErrTooFewPoints
	}
	if collinear(src, cs) {
		r = lineFit(src, dst, cs, cd)
	} else {
		r = hornQuat(s)
	}
	t = cd.Sub(r.Rotate(cs))
	for i := range n {
		d := r.Rotate(src[i]).Add(t).Sub(dst[i])
		rms += d.Dot(d)
	}
	return r, t, math.Sqrt(rms / float64(n)), nil
}

// collinear reports whether every point lies on one line through c.
func collinear(ps []mgl64.Vec3, c mgl64.Vec3) bool {
	var dir mgl64.Vec3
	for _, p := range ps {
		if d := p.Sub(c); d.Len() > dir.Len() {
			dir = d
		}
	}
	u := dir.Normalize()
	for _, p := range ps {
		d := p.Sub(c)
		if d.Sub(u.Mul(d.Dot(u))).Len() > 1e-9*max(1, dir.Len()) {
			return false
		}
	}
	return true
}

// lineFit is the smallest rotation taking the source line's direction to
// the best direction of the destination points along it.
func lineFit(src, dst []mgl64.Vec3, cs, cd mgl64.Vec3) mgl64.Quat {
	var u mgl64.Vec3
	for _, p := range src {
		if d := p.Sub(cs); d.Len() > u.Len() {
			u = d
		}
	}
	u = u.Normalize()
	// The least-squares direction: Σ (u·a_i) b_i, with a_i = src - cs.
	var w mgl64.Vec3
	for i := range src {
		w = w.Add(dst[i].Sub(cd).Mul(src[i].Sub(cs).Dot(u)))
	}
	if w.Len() < 1e-15 {
		return mgl64.QuatIdent()
	}
	return fromTo(u, w.Normalize())
}

// FromTo is the shortest-arc rotation taking direction a to direction b
// (any lengths); the identity when either is shorter than 1e-12.
func FromTo(a, b mgl64.Vec3) mgl64.Quat {
	la, lb := a.Len(), b.Len()
	if la < 1e-12 || lb < 1e-12 {
		return mgl64.QuatIdent()
	}
	return fromTo(a.Mul(1/la), b.Mul(1/lb))
}

// fromTo is the shortest-arc rotation taking unit a to unit b.
func fromTo(a, b mgl64.Vec3) mgl64.Quat {
	c := a.Dot(b)
	if c < -1+1e-12 {
		return mgl64.Quat{W: 0, V: anyPerpendicular(a).Normalize()}
	}
	return mgl64.Quat{W: 1 + c, V: a.Cross(b)}.Normalize()
}

// hornQuat returns the unit quaternion maximising Σ b·(q a q*), the
// eigenvector of Horn's symmetric 4×4 matrix with the largest eigenvalue,
// by cyclic Jacobi rotations.
func hornQuat(s [3][3]float64) mgl64.Quat {
	sxx, sxy, sxz := s[0][0], s[0][1], s[0][2]
	syx, syy, syz := s[1][0], s[1][1], s[1][2]
	szx, szy, szz := s[2][0], s[2][1], s[2][2]
	a := [4][4]float64{
		{sxx + syy + szz, syz - szy, szx - sxz, sxy - syx},
		{syz - szy, sxx - syy - szz, sxy + syx, szx + sxz},
		{szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy},
		{sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz},
	}
	v := [4][4]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	for sweep := 0; sweep < 50; sweep++ {
		off := 0.0
		for p := range 4 {
			for q := p + 1; q < 4; q++ {
				off += a[p][q] * a[p][q]
			}
		}
		if off < 1e-30 {
			break
		}
		for p := range 4 {
			for q := p + 1; q < 4; q++ {
				if math.Abs(a[p][q]) < 1e-300 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				sn := t * c
				for k := range 4 {
					akp, akq := a[k][p], a[k][q]
					a[k][p], a[k][q] = c*akp-sn*akq, sn*akp+c*akq
				}
				for k := range 4 {
					apk, aqk := a[p][k], a[q][k]
					a[p][k], a[q][k] = c*apk-sn*aqk, sn*apk+c*aqk
				}
				for k := range 4 {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p], v[k][q] = c*vkp-sn*vkq, sn*vkp+c*vkq
				}
			}
		}
	}
	best := 0
	for i := 1; i < 4; i++ {
		if a[i][i] > a[best][best] {
			best = i
		}
	}
	q := mgl64.Quat{W: v[0][best], V: mgl64.Vec3{v[1][best], v[2][best], v[3][best]}}.Normalize()
	if q.W < 0 {
		q = q.Scale(-1)
	}
	return q
}
