package ccdprim

import (
	"container/heap"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Options tunes a query. The zero value gives the defaults.
type Options struct {
	// Tolerance is how near the primitives count as touching. [Units: m]
	// [Limit: >= 0; 0 means 1e-9]
	Tolerance float64
	// Resolution is the width in time and on the primitives a box is
	// halved down to. [Limit: > 0; 0 means 1e-6]
	Resolution float64
	// MaxBoxes bounds the boxes a query looks at; when it runs out, the
	// earliest box left is reported as a contact (never a miss).
	// [Limit: >= 1; 0 means 100000]
	MaxBoxes int
}

func (o Options) withDefaults() Options {
	if !(o.Tolerance > 0) {
		o.Tolerance = 1e-9
	}
	if !(o.Resolution > 0) {
		o.Resolution = 1e-6
	}
	if o.MaxBoxes <= 0 {
		o.MaxBoxes = 100000
	}
	return o
}

// Result is a query's answer.
type Result struct {
	Hit   bool
	Time  float64 // the earliest time of contact found, in [0, 1] of the step (when Hit)
	Boxes int     // boxes looked at
}

// VertexFace reports whether point p, moving from p0 to p1, touches the
// triangle moving from (a0, b0, c0) to (a1, b1, c1) over the step.
func VertexFace(p0, a0, b0, c0, p1, a1, b1, c1 mgl64.Vec3, o Options) Result {
	// F(t, u, v) = p − a − u (b − a) − v (c − a), each point at time t.
	q := query{face: true}
	q.set(0, p0, p1, 1)
	q.set(1, a0, a1, -1)
	q.set(2, b0.Sub(a0), b1.Sub(a1), -1)
	q.set(3, c0.Sub(a0), c1.Sub(a1), -1)
	return q.solve(o.withDefaults(), p0, a0, b0, c0, p1, a1, b1, c1)
}

// EdgeEdge reports whether the edge moving from (a0, b0) to (a1, b1)
// touches the edge moving from (c0, d0) to (c1, d1) over the step.
func EdgeEdge(a0, b0, c0, d0, a1, b1, c1, d1 mgl64.Vec3, o Options) Result {
	// F(t, u, v) = a + u (b − a) − c − v (d − c), each point at time t.
	q := query{}
	q.set(0, a0.Sub(c0), a1.Sub(c1), 1)
	q.set(1, mgl64.Vec3{}, mgl64.Vec3{}, 0)
	q.set(2, b0.Sub(a0), b1.Sub(a1), 1)
	q.set(3, d0.Sub(c0), d1.Sub(c1), -1)
	return q.solve(o.withDefaults(), a0, b0, c0, d0, a1, b1, c1, d1)
}

// query is F(t, u, v) = k0(t) + k1(t) + u·k2(t) + v·k3(t), each term
// linear in t: k_i(t) = s_i (x_i + t (y_i − x_i)).
type query struct {
	face bool // u + v <= 1 (a triangle); else u, v in [0, 1] (two edges)
	x, y [4]mgl64.Vec3
}

func (q *query) set(i int, at0, at1 mgl64.Vec3, sign float64) {
	q.x[i], q.y[i] = at0.Mul(sign), at1.Mul(sign)
}

// at is F at one corner.
func (q *query) at(t, u, v float64) mgl64.Vec3 {
	var f mgl64.Vec3
	w := [4]float64{1, 1, u, v}
	for i := range 4 {
		k := q.x[i].Add(q.y[i].Sub(q.x[i]).Mul(t))
		f = f.Add(k.Mul(w[i]))
	}
	return f
}

// box is a box of (t, u, v).
type box struct{ lo, hi [3]float64 }

// holdsZero reports whether F's range over b, widened by tol, holds 0 in
// every coordinate, and whether the whole range lies within tol of 0 (a
// contact within the tolerance, whatever the box's size).
func (q *query) holdsZero(b box, tol float64) (holds, within bool) {
	var lo, hi mgl64.Vec3
	for k := range 8 {
		t, u, v := b.lo[0], b.lo[1], b.lo[2]
		if k&1 != 0 {
			t = b.hi[0]
		}
		if k&2 != 0 {
			u = b.hi[1]
		}
		if k&4 != 0 {
			v = b.hi[2]
		}
		f := q.at(t, u, v)
		if k == 0 {
			lo, hi = f, f
			continue
		}
		for a := range 3 {
			lo[a], hi[a] = min(lo[a], f[a]), max(hi[a], f[a])
		}
	}
	within = true
	for a := range 3 {
		if lo[a] > tol || hi[a] < -tol {
			return false, false
		}
		within = within && lo[a] >= -tol && hi[a] <= tol
	}
	return true, within
}

// roundingBound bounds the rounding of F's evaluation from points whose
// coordinates are at most m in magnitude: the differences of points, then
// about thirty operations, each off by at most half an ulp of values
// under 8m — under 256 ulps of m; four times that is taken.
func roundingBound(m float64) float64 { return 1024 * m * 0x1p-52 }

// solve runs the search. pts are the query's points, for the rounding
// bound.
func (q *query) solve(o Options, pts ...mgl64.Vec3) Result {
	m := 0.0
	for _, p := range pts {
		for a := range 3 {
			m = max(m, math.Abs(p[a]))
		}
	}
	tol := o.Tolerance + roundingBound(max(m, 1))
	h := &boxes{{hi: [3]float64{1, 1, 1}}}
	var r Result
	for h.Len() > 0 {
		b := heap.Pop(h).(box)
		r.Boxes++
		if q.face && b.lo[1]+b.lo[2] > 1 {
			continue // outside the triangle
		}
		holds, within := q.holdsZero(b, tol)
		if !holds {
			continue
		}
		if within {
			return Result{Hit: true, Time: b.lo[0], Boxes: r.Boxes}
		}
		widest, w := 0, 0.0
		for a := range 3 {
			if d := b.hi[a] - b.lo[a]; d > w {
				widest, w = a, d
			}
		}
		if w <= o.Resolution || r.Boxes >= o.MaxBoxes {
			return Result{Hit: true, Time: b.lo[0], Boxes: r.Boxes}
		}
		mid := (b.lo[widest] + b.hi[widest]) / 2
		left, right := b, b
		left.hi[widest], right.lo[widest] = mid, mid
		heap.Push(h, left)
		heap.Push(h, right)
	}
	return r
}

// boxes is a heap of boxes, the earliest in time first.
type boxes []box

func (h boxes) Len() int           { return len(h) }
func (h boxes) Less(i, j int) bool { return h[i].lo[0] < h[j].lo[0] }
func (h boxes) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *boxes) Push(x any)        { *h = append(*h, x.(box)) }
func (h *boxes) Pop() any {
	old := *h
	b := old[len(old)-1]
	*h = old[:len(old)-1]
	return b
}
