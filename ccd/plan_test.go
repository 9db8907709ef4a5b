package ccd_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/go-gl/mathgl/mgl64"
)

// TestActionAgreesWithOracle checks the plan-time test, Checker.Action,
// against the oracle under the plan's contact rules (the parts the warp
// places are not checked; the legs ignore ground faces). Ten actions are
// performed from each of 24 random frames over stepping (many start inside
// a step), in that order by one checker, as a plan checks a node's
// children: each answer must be the one a fresh checker gives, no contact
// the oracle finds may be missed, and a reported contact must be within
// Epsilon of its triangle at its time (plus twice the slack of the snapped
// frames plan checks run at). Asked again, the checker answers the same
// from memory.
func TestActionAgreesWithOracle(t *testing.T) {
	s := steppingStage(t)
	mesh, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	frames := 24
	if testing.Short() {
		frames = 6
	}
	eps := s.sweeps.Options().Epsilon + 2.1e-6
	m := s.sweeps.Model()
	cases := make([][2]int, 0, frames*10)
	for fi := range frames {
		for k := range 10 {
			cases = append(cases, [2]int{fi, (fi*7 + k*13) % len(s.lib.Actions)})
		}
	}
	// One checker in plan order first; the oracle's judgements in workers.
	warm := ccd.NewChecker(s.sweeps, s.scene)
	clear := make([]bool, len(cases))
	got := make([]ccd.Contact, len(cases))
	for k, cs := range cases {
		clear[k] = warm.Action(int32(cs[1]), s.frames[cs[0]], lift(k), &got[k])
	}
	checks := warm.Stats.Checks
	for k, cs := range cases {
		if again := warm.Action(int32(cs[1]), s.frames[cs[0]], lift(k), nil); again != clear[k] {
			t.Errorf("case %d asked again: clear %v, first %v", k, again, clear[k])
		}
	}
	if n := warm.Stats.Remembered; n < int64(len(cases))*9/10 || warm.Stats.Checks+n != checks+int64(len(cases)) {
		t.Errorf("asked again: %d answers remembered, %d checked anew, of %d", n, warm.Stats.Checks-checks, len(cases))
	}
	total := inWorkers(len(cases), func(int) func(k int, c *[6]int) {
		o := capsuleoracle.NewScene(mesh)
		return func(k int, c *[6]int) {
			cs := cases[k]
			a, f := s.lib.Actions[cs[1]], s.frames[cs[0]]
			if fresh := ccd.NewChecker(s.sweeps, s.scene).Action(int32(cs[1]), f, lift(k), nil); fresh != clear[k] {
				t.Errorf("case %d: %q: clear %v after the other children, %v from a fresh checker", k, a.Name, clear[k], fresh)
			}
			or := newOracle(m, placedClip(t, a, f, lift(k)))
			best := planGap(or, o)
			if best < 0 {
				c[1]++
			}
			if clear[k] {
				if best < 0 {
					c[2]++
					t.Errorf("case %d: %q clear, but the oracle finds a capsule %.6f m into the scene", k, a.Name, -best)
				}
				return
			}
			c[0]++
			if g := or.gap(got[k].Capsule, otri(o.Triangle(int(got[k].Triangle))), got[k].Time); g > eps {
				c[4]++
				t.Errorf("case %d: %q: contact reported at %.4f s (%s), where the oracle's gap is %.6f m", k, a.Name, got[k].Time, m.Capsules[got[k].Capsule].Part, g)
			}
			if best > eps {
				c[3]++
			}
		}
	})
	t.Logf("%d plan checks: %d in contact by the oracle, %d reported; %d missed, %d false positives, %d wrong contacts (checker: %d BVH nodes, %d exact distances, %d steps cleared by a plane)",
		len(cases), total[1], total[0], total[2], total[3], total[4], warm.Stats.BVH.Nodes, warm.Stats.Steps, warm.Stats.Bounds)
	if total[1] < len(cases)/5 || total[1] > len(cases)*4/5 {
		t.Errorf("%d of %d checks touch: the cases do not test both answers", total[1], len(cases))
	}
}

func lift(k int) float64 { return float64(k%3) * 0.02 }

// planGap is the smallest gap, over the clip, of the capsules a plan
// checks to the triangles they may not touch (the legs may touch faces
// within body.GroundCone of up).
func planGap(or *oracle, o *capsuleoracle.Scene) float64 {
	best := math.Inf(1)
	cosGround := math.Cos(body.GroundCone)
	for i, cp := range or.m.Capsules {
		if cp.Part.Placed() {
			continue
		}
		lo, hi := sweptBox(or, i)
		for _, tr := range o.Near(lo, hi, nil) {
			tri := o.Triangle(tr)
			n := tri[1].Sub(tri[0]).Cross(tri[2].Sub(tri[0]))
			if cp.Part.MayTouchGround() && n.Len() > 0 && n.Normalize()[1] >= cosGround {
				continue
			}
			g := or.minGap(i, otri(tri))
			best = math.Min(best, g)
		}
	}
	return best
}

// sweptBox holds capsule i over the clip, sampled at every frame and at
// 1 kHz, grown by its radius and 5 cm.
func sweptBox(or *oracle, i int) (lo, hi mgl64.Vec3) {
	inf := math.Inf(1)
	lo, hi = mgl64.Vec3{inf, inf, inf}, mgl64.Vec3{-inf, -inf, -inf}
	pad := or.m.Capsules[i].Radius + 0.05
	or.samples()
	nc := len(or.m.Capsules)
	for k := range or.ts {
		a, b := or.axes[k*nc+i][0], or.axes[k*nc+i][1]
		for k := range 3 {
			lo[k] = math.Min(lo[k], math.Min(a[k], b[k])-pad)
			hi[k] = math.Max(hi[k], math.Max(a[k], b[k])+pad)
		}
	}
	return lo, hi
}

// placedClip is action a's clip performed from frame f raised by lift: its
// start frame (ground point and heading) moved onto f.
func placedClip(t testing.TB, a *action.Action, f action.Frame, lift float64) *motion.Clip {
	c, err := a.Clip.Slice(0, a.Clip.Frames())
	if err != nil {
		t.Fatal(err)
	}
	st := a.StartFrame()
	turn := mgl64.QuatRotate(f.Yaw-st.Yaw, mgl64.Vec3{0, 1, 0})
	origin := mgl64.Vec3{st.X, a.Ground, st.Z}
	to := f.Position.Add(mgl64.Vec3{0, lift, 0})
	nj := c.Skeleton.NumJoints()
	for fr := range c.Frames() {
		c.Trans[fr*nj] = turn.Rotate(c.Trans[fr*nj].Sub(origin)).Add(to)
		c.Rot[fr*nj] = turn.Mul(c.Rot[fr*nj]).Normalize()
	}
	return c
}
