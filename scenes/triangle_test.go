package scenes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func tri(a, b, c mgl32.Vec3) triVerts {
	return triVerts{{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {c[0], c[1], c[2]}}
}

// up is a right triangle in the plane y = 0, wound counter-clockwise seen
// from +Y, so its normal is +Y.
var up = tri(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0})

func TestIntersectAnalytic(t *testing.T) {
	down := mgl32.Vec3{0, -1, 0}
	cases := []struct {
		name      string
		r         Ray
		hit, back bool
		t         float32
	}{
		{"inside from above", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down, TMax: 2}, true, false, 1},
		{"inside from below", Ray{Origin: mgl32.Vec3{0.25, -2, 0.25}, Dir: down.Mul(-1), TMax: 5}, true, true, 2},
		{"outside the hypotenuse", Ray{Origin: mgl32.Vec3{0.75, 1, 0.75}, Dir: down, TMax: 2}, false, false, 0},
		{"on the hypotenuse", Ray{Origin: mgl32.Vec3{0.5, 1, 0.5}, Dir: down, TMax: 2}, true, false, 1},
		{"on a corner", Ray{Origin: mgl32.Vec3{0, 1, 0}, Dir: down, TMax: 2}, true, false, 1},
		{"too short", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down, TMax: 0.99}, false, false, 0},
		{"exactly reaching", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down, TMax: 1}, true, false, 1},
		{"starting past it", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down, TMin: 1.01, TMax: 3}, false, false, 0},
		{"parallel to the plane", Ray{Origin: mgl32.Vec3{-1, 0, 0.25}, Dir: mgl32.Vec3{1, 0, 0}, TMax: 3}, false, false, 0},
		{"unnormalised direction", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down.Mul(4), TMax: 1}, true, false, 0.25},
		{"culled back face", Ray{Origin: mgl32.Vec3{0.25, -2, 0.25}, Dir: down.Mul(-1), TMax: 5, BackfaceCull: true}, false, false, 0},
		{"front face with culling", Ray{Origin: mgl32.Vec3{0.25, 1, 0.25}, Dir: down, TMax: 2, BackfaceCull: true}, true, false, 1},
	}
	for _, c := range cases {
		var p rayPrep
		p.init(&c.r)
		tr := up
		got, back, ok := p.intersect(&tr, c.r.TMin, c.r.TMax)
		if ok != c.hit || (ok && (got != c.t || back != c.back)) {
			t.Errorf("%s: intersect = (%v, back %v, %v), want (%v, back %v, %v)", c.name, got, back, ok, c.t, c.back, c.hit)
		}
	}
}

// TestWatertight sends rays exactly through the shared diagonal of a quad
// split into two triangles, from many directions: each must hit at least
// one of the two.
func TestWatertight(t *testing.T) {
	a, b, c, d := mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 3}, mgl32.Vec3{3, 0, 3}, mgl32.Vec3{3, 0, 0}
	t1, t2 := tri(a, b, c), tri(a, c, d)
	rng := NewRNG(11)
	for i := 0; i < 100000; i++ {
		s := rng.Range(0.01, 2.99)
		target := mgl32.Vec3{s, 0, s} // on the diagonal a-c
		dir := mgl32.Vec3(rng.Dir())
		if dir[1] > -0.05 {
			dir[1] = -0.05 - dir[1]
		}
		o := target.Sub(dir.Mul(rng.Range(0.5, 5)))
		r := Ray{Origin: o, Dir: dir, TMax: 10}
		var p rayPrep
		p.init(&r)
		_, _, h1 := p.intersect(&t1, 0, 10)
		_, _, h2 := p.intersect(&t2, 0, 10)
		if !h1 && !h2 {
			t.Fatalf("ray %d %+v through the shared edge at %v missed both triangles", i, r, target)
		}
	}
}

// TestIntersectFloat64Oracle compares with a float64 Möller-Trumbore test
// on random triangles: clear hits (every barycentric above 1e-4) must hit at
// the same distance, clear misses (one below -1e-4) must miss.
func TestIntersectFloat64Oracle(t *testing.T) {
	rng := NewRNG(5)
	hits := 0
	for i := 0; i < 200000; i++ {
		var v [3]mgl32.Vec3
		for k := range v {
			v[k] = mgl32.Vec3{rng.Range(-3, 3), rng.Range(-3, 3), rng.Range(-3, 3)}
		}
		r := Ray{Origin: mgl32.Vec3{rng.Range(-4, 4), rng.Range(-4, 4), rng.Range(-4, 4)}, Dir: mgl32.Vec3(rng.Dir()), TMax: 20}
		tv := tri(v[0], v[1], v[2])
		var p rayPrep
		p.init(&r)
		got, _, ok := p.intersect(&tv, 0, 20)
		want, bary, valid := moller64(r, v)
		if !valid {
			continue
		}
		minB := math.Min(bary[0], math.Min(bary[1], bary[2]))
		inRange := want >= 1e-4 && want <= 20-1e-4
		switch {
		case minB > 1e-4 && inRange:
			hits++
			if !ok || math.Abs(float64(got)-want) > 1e-5*math.Max(1, want) {
				t.Fatalf("case %d: clear hit at t=%v (bary %v), got (%v, %v)", i, want, bary, got, ok)
			}
		case minB < -1e-4 && ok:
			t.Fatalf("case %d: clear miss (bary %v), got a hit at %v", i, bary, got)
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d clear hits: the oracle test is too weak", hits)
	}
}

func moller64(r Ray, v [3]mgl32.Vec3) (float64, [3]float64, bool) {
	f := func(a mgl32.Vec3) [3]float64 { return [3]float64{float64(a[0]), float64(a[1]), float64(a[2])} }
	sub := func(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
	cross := func(a, b [3]float64) [3]float64 {
		return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	o, d := f(r.Origin), f(r.Dir)
	v0, v1, v2 := f(v[0]), f(v[1]), f(v[2])
	e1, e2 := sub(v1, v0), sub(v2, v0)
	pv := cross(d, e2)
	det := dot(e1, pv)
	if math.Abs(det) < 1e-9 {
		return 0, [3]float64{}, false
	}
	tv := sub(o, v0)
	u := dot(tv, pv) / det
	q := cross(tv, e1)
	w := dot(d, q) / det
	return dot(e2, q) / det, [3]float64{1 - u - w, u, w}, true
}
