package ik

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/spatial/transform"
)

func randQuat(r *rand.Rand) mgl64.Quat {
	return mgl64.Quat{W: r.NormFloat64(), V: randVec(r)}.Normalize()
}

// Exact transforms of random sets (general, coplanar, of 3 points) are
// recovered; noisy ones give a residual no worse than the true transform.
func TestRigidFitRecovers(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 2000 {
		n := 3 + r.IntN(6)
		src := make([]mgl64.Vec3, n)
		for i := range src {
			src[i] = randVec(r)
			if trial%3 == 0 {
				src[i][1] = 0 // coplanar, like a foot's contact points
			}
		}
		q, tr := randQuat(r), randVec(r)
		dst := make([]mgl64.Vec3, n)
		for i := range dst {
			dst[i] = q.Rotate(src[i]).Add(tr)
		}
		gq, gt, rms, err := RigidFit(src, dst)
		if err != nil {
			t.Fatal(err)
		}
		if rms > 1e-9 || !gq.OrientationEqualThreshold(q, 1e-7) || gt.Sub(tr).Len() > 1e-8 {
			t.Fatalf("trial %d: rms %g, rotation %v want %v", trial, rms, gq, q)
		}
		// Noise: the fit's residual is at most that of the true transform.
		for i := range dst {
			dst[i] = dst[i].Add(randVec(r).Mul(0.01))
		}
		_, _, rms, _ = RigidFit(src, dst)
		truth := 0.0
		for i := range dst {
			d := q.Rotate(src[i]).Add(tr).Sub(dst[i])
			truth += d.Dot(d)
		}
		if rms > math.Sqrt(truth/float64(n))+1e-12 {
			t.Fatalf("trial %d: fit residual %g above the truth's %g", trial, rms, math.Sqrt(truth/float64(n)))
		}
	}
}

// Two points (a heel and a toe): the line is matched, with the smallest
// rotation doing it.
func TestRigidFitTwoPoints(t *testing.T) {
	src := []mgl64.Vec3{{0, 0, 0}, {0, 0, 0.15}}
	dst := []mgl64.Vec3{{1, 0.2, 1}, {1 + 0.15*math.Sin(0.5), 0.2, 1 + 0.15*math.Cos(0.5)}}
	q, tr, rms, err := RigidFit(src, dst)
	if err != nil || rms > 1e-12 {
		t.Fatalf("rms %g, %v", rms, err)
	}
	want := mgl64.QuatRotate(0.5, mgl64.Vec3{0, 1, 0})
	if !q.OrientationEqualThreshold(want, 1e-9) || tr.Sub(mgl64.Vec3{1, 0.2, 1}).Len() > 1e-12 {
		t.Fatalf("got %v %v, want a pure yaw of 0.5", q, tr)
	}
	if _, _, _, err := RigidFit(src[:1], dst[:1]); err == nil {
		t.Fatal("one point accepted")
	}
	if _, _, _, err := RigidFit([]mgl64.Vec3{{1, 1, 1}, {1, 1, 1}}, dst); err == nil {
		t.Fatal("coincident points accepted")
	}
}

func TestRigidFitAllocates0(t *testing.T) {
	src := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}
	dst := []mgl64.Vec3{{0, 1, 0}, {1, 1, 0}, {0, 1, 1}, {1, 1.1, 1}}
	if a := testing.AllocsPerRun(100, func() { RigidFit(src, dst) }); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

// The exact spring against RK4 with tiny steps (an independent
// integration of the same equation), and its defining behaviour: from
// rest it never overshoots, and it settles.
func TestSpringMatchesRK4(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 200 {
		x, v, target := randVec(r), randVec(r), randVec(r)
		omega := 1 + 20*r.Float64()
		dt := 0.001 + 0.1*r.Float64()
		gx, gv := Spring(x, v, target, omega, dt)
		// RK4 on (x, v).
		acc := func(x, v mgl64.Vec3) mgl64.Vec3 {
			return x.Sub(target).Mul(-omega * omega).Sub(v.Mul(2 * omega))
		}
		rx, rv := x, v
		const steps = 2000
		h := dt / steps
		for range steps {
			k1x, k1v := rv, acc(rx, rv)
			k2x, k2v := rv.Add(k1v.Mul(h/2)), acc(rx.Add(k1x.Mul(h/2)), rv.Add(k1v.Mul(h/2)))
			k3x, k3v := rv.Add(k2v.Mul(h/2)), acc(rx.Add(k2x.Mul(h/2)), rv.Add(k2v.Mul(h/2)))
			k4x, k4v := rv.Add(k3v.Mul(h)), acc(rx.Add(k3x.Mul(h)), rv.Add(k3v.Mul(h)))
			rx = rx.Add(k1x.Add(k2x.Mul(2)).Add(k3x.Mul(2)).Add(k4x).Mul(h / 6))
			rv = rv.Add(k1v.Add(k2v.Mul(2)).Add(k3v.Mul(2)).Add(k4v).Mul(h / 6))
		}
		if gx.Sub(rx).Len() > 1e-8 || gv.Sub(rv).Len() > 1e-7 {
			t.Fatalf("exact %v %v, RK4 %v %v", gx, gv, rx, rv)
		}
	}
	// From rest 1 m away, ω = 10: monotone approach, within 1% after
	// 0.66 s ((1 + ωt)e^{-ωt} = 0.01 at ωt ≈ 6.64).
	x, v := mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}
	for i := range 100 {
		x, v = Spring(x, v, mgl64.Vec3{}, 10, 1.0/60)
		if x[0] < 0 {
			t.Fatalf("step %d overshoots to %g", i, x[0])
		}
		if float64(i+1)/60 > 0.665 && x[0] > 0.01 {
			t.Fatalf("still %g m away after %.2f s", x[0], float64(i+1)/60)
		}
	}
}

// Against gonum's Umeyama fit (an SVD, a second implementation): the same
// rotation on random noisy sets; on exact rigid sets the same translation.
func TestRigidFitMatchesUmeyama(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for trial := range 500 {
		n := 3 + r.IntN(8)
		src, dst := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
		q, tr := randQuat(r), randVec(r)
		noise := 0.0
		if trial%2 == 1 {
			noise = 0.05
		}
		x, y := mat.NewDense(n, 3, nil), mat.NewDense(n, 3, nil)
		for i := range n {
			src[i] = randVec(r)
			dst[i] = q.Rotate(src[i]).Add(tr).Add(randVec(r).Mul(noise))
			for k := range 3 {
				x.Set(i, k, src[i][k])
				y.Set(i, k, dst[i][k])
			}
		}
		gq, gt, _, err := RigidFit(src, dst)
		if err != nil {
			t.Fatal(err)
		}
		_, rot, trans, err := transform.UmeyamaTransform(x, y)
		if err != nil {
			t.Fatal(err)
		}
		m := gq.Mat4()
		for a := range 3 {
			for b := range 3 {
				if d := math.Abs(m.At(a, b) - rot.At(a, b)); d > 1e-9 {
					t.Fatalf("trial %d: rotation [%d][%d] differs by %g", trial, a, b, d)
				}
			}
			if noise == 0 && math.Abs(gt[a]-trans.AtVec(a)) > 1e-9 {
				t.Fatalf("trial %d: translation differs", trial)
			}
		}
	}
}

func benchSets() ([]mgl64.Vec3, []mgl64.Vec3, *mat.Dense, *mat.Dense) {
	r := rand.New(rand.NewPCG(17, 18))
	const n = 8
	src, dst := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	x, y := mat.NewDense(n, 3, nil), mat.NewDense(n, 3, nil)
	q := randQuat(r)
	for i := range n {
		src[i] = randVec(r)
		dst[i] = q.Rotate(src[i]).Add(randVec(r).Mul(0.01))
		for k := range 3 {
			x.Set(i, k, src[i][k])
			y.Set(i, k, dst[i][k])
		}
	}
	return src, dst, x, y
}

// An 8-point fit (the foot8 template): ours, then gonum's Umeyama.
func BenchmarkRigidFit(b *testing.B) {
	src, dst, _, _ := benchSets()
	b.ReportAllocs()
	for b.Loop() {
		RigidFit(src, dst)
	}
}

func BenchmarkUmeyamaGonum(b *testing.B) {
	_, _, x, y := benchSets()
	b.ReportAllocs()
	for b.Loop() {
		transform.UmeyamaTransform(x, y)
	}
}
