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
	t := tri3{of(a), of(b), of(c)}
	return segTriDist(of(p), of(q), &t)
}

// v3 is a vector the compiler keeps in registers (it does not for arrays).
type v3 struct{ x, y, z float64 }

func of(v mgl64.Vec3) v3 { return v3{v[0], v[1], v[2]} }

func (a v3) sub(b v3) v3      { return v3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a v3) add(b v3) v3      { return v3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a v3) mul(s float64) v3 { return v3{a.x * s, a.y * s, a.z * s} }
func (a v3) dot(b v3) float64 { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a v3) len2() float64    { return a.dot(a) }
func dist2(a, b v3) float64   { return a.sub(b).len2() }
func (a v3) cross(b v3) v3 {
	return v3{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x}
}

// tri3 is a triangle's corners.
type tri3 [3]v3

func segTriDist(p, q v3, t *tri3) float64 {
	a, b, c := t[0], t[1], t[2]
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
func segmentHitsTriangle(p, q, a, b, c v3) bool {
	d := q.sub(p)
	e1, e2 := b.sub(a), c.sub(a)
	h := d.cross(e2)
	det := e1.dot(h)
	if det == 0 {
		return false // parallel or degenerate: the edge and point tests decide
	}
	inv := 1 / det
	s := p.sub(a)
	u := s.dot(h) * inv
	if u < 0 || u > 1 {
		return false
	}
	k := s.cross(e1)
	v := d.dot(k) * inv
	if v < 0 || u+v > 1 {
		return false
	}
	t := e2.dot(k) * inv
	return t >= 0 && t <= 1
}

// pointTriangleDist2 is the squared distance from p to the triangle, by
// its Voronoi regions (Ericson, Real-Time Collision Detection, 5.1.5).
func pointTriangleDist2(p, a, b, c v3) float64 {
	ab, ac, ap := b.sub(a), c.sub(a), p.sub(a)
	d1, d2 := ab.dot(ap), ac.dot(ap)
	if d1 <= 0 && d2 <= 0 {
		return ap.len2()
	}
	bp := p.sub(b)
	d3, d4 := ab.dot(bp), ac.dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return bp.len2()
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return dist2(p, a.add(ab.mul(d1/(d1-d3))))
	}
	cp := p.sub(c)
	d5, d6 := ab.dot(cp), ac.dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return cp.len2()
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return dist2(p, a.add(ac.mul(d2/(d2-d6))))
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return dist2(p, b.add(c.sub(b).mul((d4-d3)/((d4-d3)+(d5-d6)))))
	}
	den := va + vb + vc
	if den == 0 {
		// Degenerate triangle whose corners' regions did not claim p: its
		// edges hold it.
		return min(pointSegmentDist2(p, a, b), pointSegmentDist2(p, b, c), pointSegmentDist2(p, c, a))
	}
	v, w := vb/den, vc/den
	return dist2(p, a.add(ab.mul(v)).add(ac.mul(w)))
}

// pointSegmentDist2 is the squared distance from p to segment a–b.
func pointSegmentDist2(p, a, b v3) float64 {
	ab := b.sub(a)
	l := ab.len2()
	if l == 0 {
		return dist2(p, a)
	}
	t := clamp01(p.sub(a).dot(ab) / l)
	return dist2(p, a.add(ab.mul(t)))
}

// segmentSegmentDist2 is the squared distance between segments p1–q1 and
// p2–q2 (Ericson 5.1.9).
func segmentSegmentDist2(p1, q1, p2, q2 v3) float64 {
	d1, d2, r := q1.sub(p1), q2.sub(p2), p1.sub(p2)
	a, e, f := d1.len2(), d2.len2(), d2.dot(r)
	var s, t float64
	switch {
	case a == 0 && e == 0:
		return r.len2()
	case a == 0:
		t = clamp01(f / e)
	default:
		c := d1.dot(r)
		if e == 0 {
			s = clamp01(-c / a)
			break
		}
		b := d1.dot(d2)
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
	return dist2(p1.add(d1.mul(s)), p2.add(d2.mul(t)))
}

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}
