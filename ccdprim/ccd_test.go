package ccdprim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/ccdprim"
	"github.com/foothold/foothold/internal/tier"
)

func randVec(r *rand.Rand, s float64) mgl64.Vec3 {
	return mgl64.Vec3{s * (2*r.Float64() - 1), s * (2*r.Float64() - 1), s * (2*r.Float64() - 1)}
}

// lerp is a at time t of its move from a0 to a1.
func lerp(a0, a1 mgl64.Vec3, t float64) mgl64.Vec3 { return a0.Add(a1.Sub(a0).Mul(t)) }

// Contacts made by construction are found, no later than they happen: a
// vertex sent through a point of a moving triangle at time t*, and an
// edge sent through a point of another moving edge at t* (300 of each;
// 3,000 in the long tier).
func TestContactsByConstruction(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	n := 300
	if tier.Long() {
		n = 3000
	}
	for i := range n {
		ts := r.Float64()
		// A moving triangle and a point on it at ts.
		a0, b0, c0 := randVec(r, 2), randVec(r, 2), randVec(r, 2)
		a1, b1, c1 := a0.Add(randVec(r, 1)), b0.Add(randVec(r, 1)), c0.Add(randVec(r, 1))
		u, v := r.Float64(), r.Float64()
		if u+v > 1 {
			u, v = 1-u, 1-v
		}
		a, b, c := lerp(a0, a1, ts), lerp(b0, b1, ts), lerp(c0, c1, ts)
		x := a.Add(b.Sub(a).Mul(u)).Add(c.Sub(a).Mul(v))
		w := randVec(r, 3)
		p0, p1 := x.Sub(w.Mul(ts)), x.Add(w.Mul(1-ts))
		res := ccdprim.VertexFace(p0, a0, b0, c0, p1, a1, b1, c1, ccdprim.Options{})
		if !res.Hit || res.Time > ts+1e-6 {
			t.Fatalf("vertex-face %d: a contact at t %.6f: %+v", i, ts, res)
		}
		// An edge, and another edge through one of its points at ts.
		d0, d1 := randVec(r, 2), randVec(r, 2)
		e0, e1 := d0.Add(randVec(r, 1)), d1.Add(randVec(r, 1))
		y := lerp(lerp(d0, e0, ts), lerp(d1, e1, ts), u)
		dir := randVec(r, 1)
		f, g := y.Sub(dir.Mul(v)), y.Add(dir.Mul(1-v)) // the other edge at ts, through y
		mf, mg := randVec(r, 1), randVec(r, 1)
		res = ccdprim.EdgeEdge(d0, d1, f.Sub(mf.Mul(ts)), g.Sub(mg.Mul(ts)), e0, e1, f.Add(mf.Mul(1-ts)), g.Add(mg.Mul(1-ts)), ccdprim.Options{})
		if !res.Hit || res.Time > ts+1e-6 {
			t.Fatalf("edge-edge %d: a contact at t %.6f: %+v", i, ts, res)
		}
	}
}

// A vertex falling through a still floor triangle touches it when it
// crosses it; one that falls beside it, or stops short, does not.
func TestFallingVertex(t *testing.T) {
	a, b, c := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}
	cases := []struct {
		p0, p1 mgl64.Vec3
		hit    bool
		at     float64
	}{
		{mgl64.Vec3{0.2, 1, 0.2}, mgl64.Vec3{0.2, -1, 0.2}, true, 0.5},
		{mgl64.Vec3{0.2, 1, 0.2}, mgl64.Vec3{0.2, -3, 0.2}, true, 0.25},
		{mgl64.Vec3{0.8, 1, 0.8}, mgl64.Vec3{0.8, -1, 0.8}, false, 0},    // beside the hypotenuse
		{mgl64.Vec3{0.2, 1, 0.2}, mgl64.Vec3{0.2, 0.001, 0.2}, false, 0}, // stops a millimetre short
	}
	for i, c0 := range cases {
		r := ccdprim.VertexFace(c0.p0, a, b, c, c0.p1, a, b, c, ccdprim.Options{})
		if r.Hit != c0.hit || r.Hit && (r.Time > c0.at+1e-6 || r.Time < c0.at-1e-6) {
			t.Errorf("case %d: %+v, want hit %v at %v", i, r, c0.hit, c0.at)
		}
	}
}
