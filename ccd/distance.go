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
	d, _, _ := segTriClosest(p, q, t)
	return d
}

// segTriClosest is the distance between segment p–q and triangle t and,
// when they do not meet, a closest point of each.
func segTriClosest(p, q v3, t *tri3) (d float64, onSeg, onTri v3) {
	a, b, c := t[0], t[1], t[2]
	if segmentHitsTriangle(p, q, a, b, c) {
		return 0, p, p
	}
	onSeg, onTri = p, pointTriangleClosest(p, a, b, c)
	best := dist2(onSeg, onTri)
	if x := pointTriangleClosest(q, a, b, c); dist2(q, x) < best {
		onSeg, onTri, best = q, x, dist2(q, x)
	}
	for _, e := range [3][2]v3{{a, b}, {b, c}, {c, a}} {
		if s, x := segmentSegmentClosest(p, q, e[0], e[1]); dist2(s, x) < best {
			onSeg, onTri, best = s, x, dist2(s, x)
		}
	}
	return math.Sqrt(best), onSeg, onTri
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

// pointTriangleClosest is the point of the triangle closest to p, by its
// Voronoi regions (Ericson, Real-Time Collision Detection, 5.1.5).
func pointTriangleClosest(p, a, b, c v3) v3 {
	ab, ac, ap := b.sub(a), c.sub(a), p.sub(a)
	d1, d2 := ab.dot(ap), ac.dot(ap)
	if d1 <= 0 && d2 <= 0 {
		return a
	}
	bp := p.sub(b)
	d3, d4 := ab.dot(bp), ac.dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return b
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return a.add(ab.mul(d1 / (d1 - d3)))
	}
	cp := p.sub(c)
	d5, d6 := ab.dot(cp), ac.dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return c
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return a.add(ac.mul(d2 / (d2 - d6)))
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return b.add(c.sub(b).mul((d4 - d3) / ((d4 - d3) + (d5 - d6))))
	}
	den := va + vb + vc
	if den == 0 {
		// Degenerate triangle whose corners' regions did not claim p: its
		// edges hold it.
		x := pointSegmentClosest(p, a, b)
		for _, y := range [2]v3{pointSegmentClosest(p, b, c), pointSegmentClosest(p, c, a)} {
			if dist2(p, y) < dist2(p, x) {
				x = y
			}
		}
		return x
	}
	v, w := vb/den, vc/den
	return a.add(ab.mul(v)).add(ac.mul(w))
}

// pointSegmentClosest is the point of segment a–b closest to p.
func pointSegmentClosest(p, a, b v3) v3 {
	ab := b.sub(a)
	l := ab.len2()
	if l == 0 {
		return a
	}
	return a.add(ab.mul(clamp01(p.sub(a).dot(ab) / l)))
}

// segmentSegmentClosest is a closest pair of points of segments p1–q1 and
// p2–q2 (Ericson 5.1.9).
func segmentSegmentClosest(p1, q1, p2, q2 v3) (v3, v3) {
	d1, d2, r := q1.sub(p1), q2.sub(p2), p1.sub(p2)
	a, e, f := d1.len2(), d2.len2(), d2.dot(r)
	var s, t float64
	switch {
	case a == 0 && e == 0:
		return p1, p2
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
	return p1.add(d1.mul(s)), p2.add(d2.mul(t))
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
