package ccd_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

var arm = ccd.ArmModel

func randQuat(r *rand.Rand, maxAngle float64) mgl64.Quat {
	ax := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize()
	return mgl64.QuatRotate(r.Float64()*maxAngle, ax)
}

func randVec(r *rand.Rand, s float64) mgl64.Vec3 {
	return mgl64.Vec3{(r.Float64()*2 - 1) * s, (r.Float64()*2 - 1) * s, (r.Float64()*2 - 1) * s}
}

// randomSweep is a clip of frames frames at 30 Hz: the root moves up to
// step metres and turns up to 90° per frame, the joint turns up to 90°.
func randomSweep(r *rand.Rand, m *body.Model, frames int, at mgl64.Vec3, step float64) *motion.Clip {
	c := motion.NewClip(m.Skeleton, frames, 1.0/30)
	p, q0, q1 := at, randQuat(r, math.Pi), randQuat(r, math.Pi)
	for f := range frames {
		c.Trans[f*3] = p
		c.Rot[f*3], c.Rot[f*3+1] = q0, q1
		p = p.Add(randVec(r, step))
		q0, q1 = q0.Mul(randQuat(r, math.Pi/2)).Normalize(), q1.Mul(randQuat(r, math.Pi/2)).Normalize()
	}
	return c
}

func meshOf(tris []otri) *scenes.Mesh {
	m := &scenes.Mesh{}
	for _, t := range tris {
		for _, v := range t {
			m.Indices = append(m.Indices, uint32(len(m.Positions)/3))
			m.Positions = append(m.Positions, float32(v[0]), float32(v[1]), float32(v[2]))
		}
	}
	return m
}

// tri32 is t as the scene stores it (float32 corners).
func tri32(t otri) otri {
	for i := range t {
		for k := range 3 {
			t[i][k] = float64(float32(t[i][k]))
		}
	}
	return t
}

// TestNoMissedContacts sweeps a capsule 100,000 times (translation and
// rotation, two to four frames) past random triangles and compares the
// checker with the oracle: every contact the oracle finds must be reported
// (no false negative), and every reported contact must be real within
// Epsilon at the reported time. The share of reported contacts the oracle
// does not confirm (false positives) is logged.
func TestNoMissedContacts(t *testing.T) {
	n := 100000
	if tier.Short() {
		n = 5000
	}
	opt := ccd.Options{}
	total := inWorkers(n, func(w int) func(k int, c *[6]int) {
		r := rand.New(rand.NewPCG(7, uint64(w)))
		return func(k int, c *[6]int) { sweepCase(t, r, k, opt, c) }
	}) // reported, real, missed, false positives, wrong times, later than the first
	reported, real, missed, falsePos, wrongTime := total[0], total[1], total[2], total[3], total[4]
	t.Logf("%d sweeps: %d real contacts, %d reported, %d missed, %d false positives (%.2f%% of reports), %d reported at a wrong time, %d later than the first", n, real, reported, missed, falsePos, 100*float64(falsePos)/float64(max(reported, 1)), wrongTime, total[5])
	if missed > 0 {
		t.Errorf("%d contacts missed", missed)
	}
	if real < n/4 || real > n*3/4 {
		t.Errorf("%d of %d sweeps touch: the cases do not test both answers", real, n)
	}
}

// sweepCase checks one random sweep; c counts reported, real, missed, false
// positives, wrong times and contacts reported later than the oracle's
// first.
func sweepCase(t *testing.T, r *rand.Rand, k int, opt ccd.Options, c *[6]int) {
	m := arm(0.1+0.5*r.Float64(), 0.01+0.15*r.Float64())
	clip := randomSweep(r, m, 2+k%3, randVec(r, 0.5), 0.05+0.5*r.Float64())
	var tris []otri
	for range 1 + k%3 {
		ctr := randVec(r, 0.6)
		tris = append(tris, tri32(otri{ctr.Add(randVec(r, 0.5)), ctr.Add(randVec(r, 0.5)), ctr.Add(randVec(r, 0.5))}))
	}
	if k%7 == 0 { // a thin wall: a large triangle the sweep may tunnel through
		ctr := randVec(r, 0.3)
		tris = append(tris, tri32(otri{ctr.Add(mgl64.Vec3{-3, -3, 0}), ctr.Add(mgl64.Vec3{3, -3, 0}), ctr.Add(mgl64.Vec3{0, 3, 0})}))
	}
	bvh, err := scenes.NewBVH(meshOf(tris), scenes.BVHOptions{Workers: 1})
	if err != nil {
		t.Error(err)
		return
	}
	sw, err := ccd.NewSweeps(action.NewLibrary(), m, opt, nil)
	if err != nil {
		t.Error(err)
		return
	}
	sc, err := ccd.NewScene(bvh)
	if err != nil {
		t.Error(err)
		return
	}
	var got ccd.Contact
	clear := ccd.NewChecker(sw, sc).Clip(clip, &got)
	judge(t, k, newOracle(m, clip), tris, tris[got.Triangle], clear, got, sw.Options().Epsilon, c)
}

// judge compares the checker's answer on a sweep (clear, or the contact
// got with its triangle reported) with the oracle over tris, and counts
// in c: reported, real, missed, false positives, wrong times and contacts
// reported later than the oracle's first.
func judge(t *testing.T, k int, o *oracle, tris []otri, reported otri, clear bool, got ccd.Contact, epsilon float64, c *[6]int) {
	best := math.Inf(1)
	for _, tr := range tris {
		g := o.minGap(0, tr)
		best = math.Min(best, g)
	}
	eps := epsilon + 1e-9
	hit := best < 0
	if hit {
		c[1]++
	}
	if !clear {
		c[0]++
		if best > eps {
			c[3]++
		}
		if g := o.gap(0, reported, got.Time); g > eps {
			c[4]++
			t.Errorf("case %d: contact reported at %.6f s, where the oracle's gap is %.6f m", k, got.Time, g)
		}
		if at, ok := o.touchBefore(tris, got.Time-1e-6); ok {
			c[5]++
			t.Errorf("case %d: contact reported at %.6f s, but the oracle finds one at %.6f s", k, got.Time, at)
		}
	}
	if hit && clear {
		c[2]++
		t.Errorf("case %d: the oracle finds a contact (gap %.6f m) the checker missed", k, best)
	}
}

// TestNoMissedContactsOnLevels: random articulated sweeps starting near a
// random triangle of each shared level (within 0.5 m of it, either side),
// checked against the scene's BVH as the planner checks it, and compared
// with the oracle over every triangle whose box comes near the sweep (the
// oracle's own grid): no missed contact. $FOOTHOLD_CCD_LEVEL_SWEEPS sets
// the number of sweeps (default 4,000; 400 with -short).
func TestNoMissedContactsOnLevels(t *testing.T) {
	n := 4000
	if tier.Short() {
		n = 400
	}
	if v := os.Getenv("FOOTHOLD_CCD_LEVEL_SWEEPS"); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil || n < 1 {
			t.Fatalf("FOOTHOLD_CCD_LEVEL_SWEEPS=%q", v)
		}
	}
	d, ok := shareddata.Dir()
	if !ok {
		t.Skip("no shared data: the level sweeps need ../shared/data")
	}
	var levels []shareddata.Mesh
	for _, m := range shareddata.Meshes {
		if strings.HasSuffix(m.File, ".obj") {
			levels = append(levels, m)
		}
	}
	var total [6]int
	for li, lv := range levels {
		mesh, err := sceneload.Load(filepath.Join(d, lv.File), sceneload.LoadOptions{Scale: lv.Scale})
		if err != nil {
			t.Fatal(err)
		}
		sc := checkScene(t, mesh)
		cases := n / len(levels)
		c := inWorkers(cases, func(w int) func(k int, c *[6]int) {
			o := capsuleoracle.NewScene(mesh) // its grid is not shared between goroutines
			r := rand.New(rand.NewPCG(uint64(11+li), uint64(w)))
			return func(k int, c *[6]int) { levelCase(t, r, k, o, sc, c) }
		})
		t.Logf("%s: %d sweeps: %d real contacts, %d reported, %d missed, %d false positives, %d reported at a wrong time", filepath.Base(lv.File), cases, c[1], c[0], c[2], c[3], c[4])
		for i := range total {
			total[i] += c[i]
		}
	}
	t.Logf("all levels: %d real contacts, %d reported, %d missed, %d false positives (%.2f%% of reports), %d wrong times, %d later than the first", total[1], total[0], total[2], total[3], 100*float64(total[3])/float64(max(total[0], 1)), total[4], total[5])
	if total[2] > 0 {
		t.Errorf("%d contacts missed", total[2])
	}
	if total[1] < n/10 || total[1] > n*9/10 {
		t.Errorf("%d of %d sweeps touch: the cases do not test both answers", total[1], n)
	}
}

// levelCase checks one random sweep near a random triangle of the level.
func levelCase(t *testing.T, r *rand.Rand, k int, o *capsuleoracle.Scene, sc *ccd.Scene, c *[6]int) {
	m := arm(0.1+0.4*r.Float64(), 0.02+0.1*r.Float64())
	tr := o.Triangle(r.IntN(o.NumTriangles()))
	u, v := r.Float64(), r.Float64()
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	p := tr[0].Add(tr[1].Sub(tr[0]).Mul(u)).Add(tr[2].Sub(tr[0]).Mul(v))
	nrm := tr[1].Sub(tr[0]).Cross(tr[2].Sub(tr[0]))
	if l := nrm.Len(); l > 0 {
		p = p.Add(nrm.Mul((r.Float64()*1.0 - 0.5) / l))
	}
	clip := randomSweep(r, m, 2+k%3, p.Sub(mgl64.Vec3{0, 0.3, 0}), 0.05+0.3*r.Float64())
	sw, err := ccd.NewSweeps(action.NewLibrary(), m, ccd.Options{}, nil)
	if err != nil {
		t.Error(err)
		return
	}
	var got ccd.Contact
	clear := ccd.NewChecker(sw, sc).Clip(clip, &got)
	or := newOracle(m, clip)
	lo, hi := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for tm := 0.0; tm <= clip.Duration()+1e-9; tm += 1e-3 {
		a, b := or.capsule(0, tm)
		for _, q := range [2]mgl64.Vec3{a, b} {
			for i := range 3 {
				lo[i], hi[i] = math.Min(lo[i], q[i]), math.Max(hi[i], q[i])
			}
		}
	}
	pad := m.Capsules[0].Radius + 0.05 // more than the axis moves in 1 ms
	var tris []otri
	for _, i := range o.Near(lo.Sub(mgl64.Vec3{pad, pad, pad}), hi.Add(mgl64.Vec3{pad, pad, pad}), nil) {
		tris = append(tris, otri(o.Triangle(i)))
	}
	judge(t, k, or, tris, otri(o.Triangle(int(got.Triangle))), clear, got, sw.Options().Epsilon, c)
}

// inWorkers runs cases 0..n-1 on GOMAXPROCS goroutines, worker w taking
// every w-th case with the case function newWorker(w) makes for it, and
// returns the sum of the counts they keep.
func inWorkers(n int, newWorker func(w int) func(k int, c *[6]int)) [6]int {
	var total [6]int
	var mu sync.Mutex
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var c [6]int
			run := newWorker(w)
			for k := w; k < n; k += workers {
				run(k, &c)
			}
			mu.Lock()
			for i := range c {
				total[i] += c[i]
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}
