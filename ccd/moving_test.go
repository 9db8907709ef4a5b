package ccd_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
)

// Random articulated sweeps against moving triangles: an arm (a free root
// and a turning joint carrying a capsule) moving and turning at random
// over 5 frames at 30 Hz, and two triangles crossing its way, each moving
// along a path with a key inside the clip. The oracle (package
// capsuleoracle, no code shared with ccd) poses the arm and places the
// triangles at 2,000 instants a second and measures their exact static
// distances: a contact it finds, the checker must find too. 2,000 sweeps;
// 100,000 in the long tier.
func TestClipMovingNeverMisses(t *testing.T) {
	n := 2000
	if tier.Long() {
		n = 100000
	}
	m := ccd.ArmModel(0.5, 0.06)
	sw, err := ccd.NewSweeps(action.NewLibrary(), m, ccd.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	empty, _ := scenes.NewBVH(&scenes.Mesh{Positions: []float32{100, 100, 100, 101, 100, 100, 100, 101, 100}, Indices: []uint32{0, 1, 2}}, scenes.BVHOptions{})
	sc, err := ccd.NewScene(empty)
	if err != nil {
		t.Fatal(err)
	}
	c := ccd.NewChecker(sw, sc)
	r := rand.New(rand.NewPCG(58, 7))
	pos, rot := make([]mgl64.Vec3, 3), make([]mgl64.Quat, 3)
	trans, local := make([]mgl64.Vec3, 3), make([]mgl64.Quat, 3)
	var contacts, found, falsePos int
	for k := range n {
		clip := randomArmClip(r, m)
		const start = 10.0
		movers := randomMovers(r, start, clip.Duration())
		// The oracle.
		touch := false
		for s := 0; s <= int(clip.Duration()*2000) && !touch; s++ {
			tm := float64(s) / 2000
			clip.Sample(tm, trans, local)
			m.Skeleton.FK(trans, local, pos, rot)
			a, b := m.Place(pos, rot, 0)
			for _, mv := range movers {
				off := offsetAt(mv, start+tm)
				for _, tr := range mv.Tris {
					tri := capsuleoracle.Tri{tr[0].Add(off), tr[1].Add(off), tr[2].Add(off)}
					if apart(a, b, tri, m.Capsules[0].Radius) {
						continue
					}
					if capsuleoracle.SegmentTriangle(a, b, tri) <= m.Capsules[0].Radius {
						touch = true
					}
				}
			}
		}
		var ct ccd.Contact
		clear := c.ClipMoving(clip, start, movers, math.NaN(), &ct)
		if touch {
			contacts++
			if clear {
				t.Fatalf("sweep %d: the oracle finds a contact, the checker none", k)
			}
		}
		if !clear {
			found++
			if !touch {
				falsePos++
			}
		}
	}
	t.Logf("%d sweeps: the oracle found %d in contact, the checker %d (%d not found by the oracle: %.1f%% of the clear)",
		n, contacts, found, falsePos, 100*float64(falsePos)/float64(max(n-contacts, 1)))
	if contacts < n/10 || contacts > n*9/10 {
		t.Errorf("%d of %d sweeps in contact: a poor mix", contacts, n)
	}
}

// apart reports whether the boxes of segment ab grown by r and of
// triangle t do not meet (then they cannot touch).
func apart(a, b mgl64.Vec3, t capsuleoracle.Tri, r float64) bool {
	for k := range 3 {
		lo, hi := min(a[k], b[k])-r, max(a[k], b[k])+r
		if min(t[0][k], t[1][k], t[2][k]) > hi || max(t[0][k], t[1][k], t[2][k]) < lo {
			return true
		}
	}
	return false
}

// randomArmClip is 5 frames at 30 Hz of the arm: the root moves up to 8
// cm and both joints turn up to 0.3 rad a frame about random axes.
func randomArmClip(r *rand.Rand, m *body.Model) *motion.Clip {
	c := motion.NewClip(m.Skeleton, 5, 1.0/30)
	turn := func(most float64) mgl64.Quat {
		ax := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize()
		return mgl64.QuatRotate(r.Float64()*most, ax)
	}
	p, q0, q1 := mgl64.Vec3{}, turn(math.Pi), turn(math.Pi)
	for f := range 5 {
		c.Trans[f*3], c.Trans[f*3+1] = p, mgl64.Vec3{0, 0.3, 0}
		c.Rot[f*3], c.Rot[f*3+1], c.Rot[f*3+2] = q0, q1, mgl64.QuatIdent()
		p = p.Add(mgl64.Vec3{r.Float64()*0.16 - 0.08, r.Float64()*0.16 - 0.08, r.Float64()*0.16 - 0.08})
		q0, q1 = q0.Mul(turn(0.3)).Normalize(), q1.Mul(turn(0.3)).Normalize()
	}
	return c
}

// randomMovers is two triangles near the arm's reach, each moving from
// start to start+d along a path through a random point at a random time
// (a key inside the clip), up to 4 m/s.
func randomMovers(r *rand.Rand, start, d float64) []ccd.Mover {
	var out []ccd.Mover
	for range 2 {
		c := mgl64.Vec3{r.Float64()*1.2 - 0.6, r.Float64()*1.4 - 0.2, r.Float64()*1.2 - 0.6}
		var tri [3]mgl64.Vec3
		for i := range tri {
			tri[i] = c.Add(mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Mul(0.25))
		}
		v := func() mgl64.Vec3 {
			return mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Mul(2 * d)
		}
		mid := start + r.Float64()*d
		o0 := v()
		o1 := o0.Add(v())
		o2 := o1.Add(v())
		out = append(out, ccd.Mover{Tris: [][3]mgl64.Vec3{tri}, Times: []float64{start - 0.01, mid, start + d + 0.01}, Offsets: []mgl64.Vec3{o0, o1, o2}})
	}
	return out
}

// offsetAt is mover m's offset at time t, the oracle's own: held before
// the first key and after the last, along straight lines between.
func offsetAt(m ccd.Mover, t float64) mgl64.Vec3 {
	if t <= m.Times[0] {
		return m.Offsets[0]
	}
	for k := 1; k < len(m.Times); k++ {
		if t <= m.Times[k] {
			u := (t - m.Times[k-1]) / (m.Times[k] - m.Times[k-1])
			return m.Offsets[k-1].Mul(1 - u).Add(m.Offsets[k].Mul(u))
		}
	}
	return m.Offsets[len(m.Offsets)-1]
}

// A wide triangle moving fast along its normal passes over a small still
// capsule within one frame interval: no face of the prism it sweeps comes
// near the capsule, which stands inside it; the contact is found. The
// same triangle stopping short of the capsule is clear.
func TestClipMovingSweepsThrough(t *testing.T) {
	m := ccd.ArmModel(0.1, 0.02)
	sw, err := ccd.NewSweeps(action.NewLibrary(), m, ccd.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	far, _ := scenes.NewBVH(&scenes.Mesh{Positions: []float32{100, 100, 100, 101, 100, 100, 100, 101, 100}, Indices: []uint32{0, 1, 2}}, scenes.BVHOptions{})
	sc, _ := ccd.NewScene(far)
	c := ccd.NewChecker(sw, sc)
	clip := motion.NewClip(m.Skeleton, 3, 1.0/30) // standing still: the capsule from y 0.3 to 0.4
	for f := range 3 {
		clip.Rot[f*3], clip.Rot[f*3+1], clip.Rot[f*3+2] = mgl64.QuatIdent(), mgl64.QuatIdent(), mgl64.QuatIdent()
	}
	wall := [3]mgl64.Vec3{{-1, -1, -2}, {-1, 2, 2}, {-1, -1, 2}} // the plane x = -1, facing ±x
	for _, c2 := range []struct {
		to    float64
		clear bool
	}{{1.0, false}, {-0.1, true}} {
		mv := ccd.Mover{Tris: [][3]mgl64.Vec3{wall}, Times: []float64{0, 1.0 / 30}, Offsets: []mgl64.Vec3{{}, {1 + c2.to, 0, 0}}}
		var ct ccd.Contact
		if got := c.ClipMoving(clip, 0, []ccd.Mover{mv}, math.NaN(), &ct); got != c2.clear {
			t.Errorf("the wall moved to x %.1f: clear %v, want %v (%+v)", c2.to, got, c2.clear, ct)
		}
	}
}
