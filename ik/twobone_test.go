package ik

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func randVec(r *rand.Rand) mgl64.Vec3 {
	return mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
}

// Random reachable targets are hit, the bone lengths are kept, and the
// middle joint bends towards the pole.
func TestTwoBoneReaches(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 10000 {
		l1, l2 := 0.2+r.Float64()*0.3, 0.2+r.Float64()*0.3
		root := randVec(r)
		dir := randVec(r).Normalize()
		dist := (abs(l1-l2) + 0.01) + r.Float64()*(l1+l2-abs(l1-l2)-0.06)
		target := root.Add(dir.Mul(dist))
		pole := randVec(r)
		mid, end, ok := TwoBone(root, target, l1, l2, pole, 0.03)
		if !ok || end.Sub(target).Len() > 1e-9 {
			t.Fatalf("target at %g of reach %g missed by %g", dist, l1+l2, end.Sub(target).Len())
		}
		if e := abs(mid.Sub(root).Len() - l1); e > 1e-9 {
			t.Fatalf("upper bone length off by %g", e)
		}
		if e := abs(end.Sub(mid).Len() - l2); e > 1e-9 {
			t.Fatalf("lower bone length off by %g", e)
		}
		perp := pole.Sub(dir.Mul(pole.Dot(dir)))
		if perp.Len() > 1e-3 && mid.Sub(root).Dot(perp) < -1e-9 {
			t.Fatalf("middle joint bends away from the pole")
		}
	}
}

// Past the soft zone the chain stops short on the line to the target,
// never longer than its reach, and reports it.
func TestTwoBoneUnreachable(t *testing.T) {
	root := mgl64.Vec3{0, 1, 0}
	prev := 0.0
	for _, dist := range []float64{0.8, 0.83, 0.86, 0.9, 1.2} {
		target := root.Add(mgl64.Vec3{0, -dist, 0})
		_, end, ok := TwoBone(root, target, 0.43, 0.42, mgl64.Vec3{0, 0, 1}, 0.03)
		got := end.Sub(root).Len()
		if got > 0.85+1e-12 || got < prev {
			t.Fatalf("distance %g: end at %g (previous %g)", dist, got, prev)
		}
		if dist > 0.82 && ok {
			t.Fatalf("distance %g inside the soft zone reported as reached", dist)
		}
		prev = got
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Align maps the rest frame onto the target frame.
func TestAlign(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		rd, rr, d, ref := randVec(r), randVec(r), randVec(r), randVec(r)
		q := Align(rd, rr, d, ref)
		if e := q.Rotate(rd.Normalize()).Sub(d.Normalize()).Len(); e > 1e-9 {
			t.Fatalf("direction off by %g", e)
		}
		// The rest reference's perpendicular part lands in the plane of
		// (d, ref) on ref's side.
		rp := rr.Sub(rd.Normalize().Mul(rr.Dot(rd.Normalize()))).Normalize()
		got := q.Rotate(rp)
		want := ref.Sub(d.Normalize().Mul(ref.Dot(d.Normalize()))).Normalize()
		if e := got.Sub(want).Len(); e > 1e-9 {
			t.Fatalf("reference off by %g", e)
		}
	}
}

func finiteVec(v mgl64.Vec3) bool {
	for _, x := range v {
		if x != x || x > 1e300 || x < -1e300 {
			return false
		}
	}
	return true
}

// Degenerate input never gives NaN, and the bones keep their lengths.
func TestTwoBoneDegenerate(t *testing.T) {
	root := mgl64.Vec3{0, 1, 0}
	for _, c := range []struct {
		target, pole mgl64.Vec3
		l1, l2       float64
	}{
		{root, mgl64.Vec3{0, 0, 1}, 0.43, 0.42},                  // target at the root
		{mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 1, 0}, 0.43, 0.42}, // pole along the limb
		{mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{}, 0.43, 0.42},        // no pole
		{mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 0, 1}, 0, 0.42},    // zero-length bone
		{mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 0, 1}, 0, 0},       // both
		{root, mgl64.Vec3{}, 0, 0},
	} {
		mid, end, _ := TwoBone(root, c.target, c.l1, c.l2, c.pole, 0.02)
		if !finiteVec(mid) || !finiteVec(end) {
			t.Fatalf("%+v: %v %v", c, mid, end)
		}
		if e := abs(mid.Sub(root).Len() - c.l1); e > 1e-9 {
			t.Fatalf("%+v: upper bone off by %g", c, e)
		}
		if e := abs(end.Sub(mid).Len() - c.l2); e > 1e-9 {
			t.Fatalf("%+v: lower bone off by %g", c, e)
		}
	}
}

// Unreachable targets: not reached, the chain at its (soft) full extension
// pointing at the target.
func TestTwoBoneUnreachablePointsAtTarget(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		root := randVec(r)
		target := root.Add(randVec(r).Normalize().Mul(0.9 + 2*r.Float64()))
		_, end, ok := TwoBone(root, target, 0.43, 0.42, randVec(r), 0.02)
		if ok {
			t.Fatal("unreachable target reported reached")
		}
		dir := end.Sub(root)
		if dir.Len() < 0.85-0.02-1e-9 || dir.Len() > 0.85+1e-12 {
			t.Fatalf("extension %g", dir.Len())
		}
		if c := dir.Normalize().Dot(target.Sub(root).Normalize()); c < 1-1e-12 {
			t.Fatalf("end does not point at the target (cos %g)", c)
		}
	}
}

func FuzzTwoBone(f *testing.F) {
	f.Add(0.0, 1.0, 0.0, 0.1, 0.2, 0.3, 0.43, 0.42, 0.0, 0.0, 1.0, 0.02)
	f.Fuzz(func(t *testing.T, rx, ry, rz, tx, ty, tz, l1, l2, px, py, pz, soft float64) {
		for _, x := range []float64{rx, ry, rz, tx, ty, tz, l1, l2, px, py, pz, soft} {
			if x != x || x > 1e6 || x < -1e6 {
				return // the contract is for finite, reasonably sized input
			}
		}
		mid, end, _ := TwoBone(mgl64.Vec3{rx, ry, rz}, mgl64.Vec3{tx, ty, tz}, l1, l2, mgl64.Vec3{px, py, pz}, soft)
		if !finiteVec(mid) || !finiteVec(end) {
			t.Fatalf("NaN or infinity: %v %v", mid, end)
		}
	})
}

// Drop lowers a limb's root just enough (raises it, for a target above
// out of reach): the root moved by it lies at exactly the reach from the
// target, above it as far as it can (checked by distance, for targets
// drawn all round); a target within reach needs none; one as far as the
// reach across the ground cannot be reached by lowering.
func TestDrop(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const reach = 0.8
	for range 1000 {
		root := mgl64.Vec3{rng.Float64()*2 - 1, rng.Float64() * 2, rng.Float64()*2 - 1}
		target := mgl64.Vec3{rng.Float64()*2 - 1, rng.Float64() * 2, rng.Float64()*2 - 1}
		d := Drop(root, target, reach)
		dxz := math.Hypot(root[0]-target[0], root[2]-target[2])
		switch {
		case dxz >= reach:
			if !math.IsInf(d, 1) {
				t.Fatalf("root %v, target %v across %.3f: drop %v, want +Inf", root, target, dxz, d)
			}
		case root.Sub(target).Len() <= reach:
			if d != 0 {
				t.Fatalf("root %v, target %v within reach: drop %v", root, target, d)
			}
		default:
			low := root.Sub(mgl64.Vec3{0, d, 0})
			if e := math.Abs(low.Sub(target).Len() - reach); e > 1e-9 || (d > 0) != (root[1] > target[1]) {
				t.Fatalf("root %v, target %v: lowered by %v, %.3g off the reach", root, target, d, e)
			}
		}
	}
}
