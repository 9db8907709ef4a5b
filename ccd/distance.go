package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SegmentTriangleDistance returns the distance between segment p–q and
// triangle a, b, c (closed sets): zero when they meet; otherwise the least
// of the endpoints' distances to the triangle and the segment's distances to
// the triangle's edges, which is where two disjoint convex sets come
// closest. Degenerate triangles (points, segments) are handled as such.
func SegmentTriangleDistance(p, q, a, b, c mgl64.Vec3) float64 {
	if segmentHitsTriangle(p, q, a, b, c) {
		return 0
	}
	d := pointTriangleDist2(p, a, b, c)
	d = min(d, pointTriangleDist2(q, a, b, c))
	d = min(d, segmentSegmentDist2(p, q, a, b))
	d = min(d, segmentSegmentDist2(p, q, b, c))
	d = min(d, segmentSegmentDist2(p, q, c, a))
	return math.Sqrt(d)
}

// segmentHitsTriangle reports whether p–q crosses the triangle's plane
// inside the triangle (Möller–Trumbore on the segment, both faces).
func segmentHitsTriangle(p, q, a, b, c mgl64.Vec3) bool {
	d := q.Sub(p)
	e1, e2 := b.Sub(a), c.Sub(a)
	h := d.Cross(e2)
	det := e1.Dot(h)
	if det == 0 {
		return false // parallel or degenerate: the edge and point tests decide
	}
	inv := 1 / det
	s := p.Sub(a)
	u := s.Dot(h) * inv
	if u < 0 || u > 1 {
		return false
	}
	k := s.Cross(e1)
	v := d.Dot(k) * inv
	if v < 0 || u+v > 1 {
		return false
	}
	t := e2.Dot(k) * inv
	return t >= 0 && t <= 1
}

// pointTriangleDist2 is the squared distance from p to the triangle, by
// its Voronoi regions (Ericson, Real-Time Collision Detection, 5.1.5).
func pointTriangleDist2(p, a, b, c mgl64.Vec3) float64 {
	ab, ac, ap := b.Sub(a), c.Sub(a), p.Sub(a)
	d1, d2 := ab.Dot(ap), ac.Dot(ap)
	if d1 <= 0 && d2 <= 0 {
		return ap.LenSqr()
	}
	bp := p.Sub(b)
	d3, d4 := ab.Dot(bp), ac.Dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return bp.LenSqr()
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return dist2(p, a.Add(ab.Mul(d1/(d1-d3))))
	}
	cp := p.Sub(c)
	d5, d6 := ab.Dot(cp), ac.Dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return cp.LenSqr()
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return dist2(p, a.Add(ac.Mul(d2/(d2-d6))))
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return dist2(p, b.Add(c.Sub(b).Mul((d4-d3)/((d4-d3)+(d5-d6)))))
	}
	den := va + vb + vc
	if den == 0 {
		// Degenerate triangle whose corners' regions did not claim p: its
		// edges hold it.
		return min(pointSegmentDist2(p, a, b), pointSegmentDist2(p, b, c), pointSegmentDist2(p, c, a))
	}
	v, w := vb/den, vc/den
	return dist2(p, a.Add(ab.Mul(v)).Add(ac.Mul(w)))
}

// pointSegmentDist2 is the squared distance from p to segment a–b.
func pointSegmentDist2(p, a, b mgl64.Vec3) float64 {
	ab := b.Sub(a)
	l := ab.LenSqr()
	if l == 0 {
		return dist2(p, a)
	}
	t := clamp01(p.Sub(a).Dot(ab) / l)
	return dist2(p, a.Add(ab.Mul(t)))
}

// segmentSegmentDist2 is the squared distance between segments p1–q1 and
// p2–q2 (Ericson 5.1.9).
func segmentSegmentDist2(p1, q1, p2, q2 mgl64.Vec3) float64 {
	d1, d2, r := q1.Sub(p1), q2.Sub(p2), p1.Sub(p2)
	a, e, f := d1.LenSqr(), d2.LenSqr(), d2.Dot(r)
	var s, t float64
	switch {
	case a == 0 && e == 0:
		return r.LenSqr()
	case a == 0:
		t = clamp01(f / e)
	default:
		c := d1.Dot(r)
		if e == 0 {
			s = clamp01(-c / a)
			break
		}
		b := d1.Dot(d2)
		den := a*e - b*b
		if den > 0 {
			s = clamp01((b*f - c*e) / den)
		}
		t = (b*s + f) / e
		if t < 0 {
			t, s = 0, clamp01(-c/a)
		} else if t > 1 {
			t, s = 1, clamp01((b-c)/a)
		}
	}
	return dist2(p1.Add(d1.Mul(s)), p2.Add(d2.Mul(t)))
}

func dist2(a, b mgl64.Vec3) float64 { return a.Sub(b).LenSqr() }

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}
