package ccd_test

import (
	"math"
	"slices"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
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
func TestActionAgreesWithOracle(t *testing.T) { actionAgreesWithOracle(t, false) }

// With Checker.FreeLimbs the plan-time test also keeps out of the scene
// the placed parts (hands, feet) of the limbs an action docks no hand or
// foot of, as it does the legs; the oracle judges those parts from the
// action's docks (TestFreeLimbsMeetALowWall has a hand alone touch).
func TestFreeLimbsAgreeWithOracle(t *testing.T) { actionAgreesWithOracle(t, true) }

func actionAgreesWithOracle(t *testing.T, freeLimbs bool) {
	s := steppingStage(t)
	mesh, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	frames := 24
	if tier.Short() || freeLimbs {
		frames = 8
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
	warm.FreeLimbs = freeLimbs
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
			fc := ccd.NewChecker(s.sweeps, s.scene)
			fc.FreeLimbs = freeLimbs
			if fresh := fc.Action(int32(cs[1]), f, lift(k), nil); fresh != clear[k] {
				t.Errorf("case %d: %q: clear %v after the other children, %v from a fresh checker", k, a.Name, clear[k], fresh)
			}
			or := newOracle(m, placedClip(t, a, f, lift(k)))
			best := planGap(or, o, freeParts(m, a, freeLimbs), s.sweeps.Options().Sink)
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
// checks (not the placed ones, unless free says so) to the triangles they
// may not touch (the legs and the free parts may touch faces within
// body.GroundCone of up; a free contact part, a hand, may sink into any
// face by sink).
func planGap(or *oracle, o *capsuleoracle.Scene, free func(int) bool, sink float64) float64 {
	best := math.Inf(1)
	cosGround := math.Cos(body.GroundCone)
	for i, cp := range or.m.Capsules {
		if cp.Part.Placed() && !free(i) {
			continue
		}
		lo, hi := sweptBox(or, i)
		for _, tr := range o.Near(lo, hi, nil) {
			tri := o.Triangle(tr)
			n := tri[1].Sub(tri[0]).Cross(tri[2].Sub(tri[0]))
			if (cp.Part.MayTouchGround() || cp.Part.Placed()) && n.Len() > 0 && n.Normalize()[1] >= cosGround {
				continue
			}
			g := or.minGap(i, otri(tri))
			if cp.Part.Placed() && cp.Part.Contact() {
				g += sink
			}
			best = math.Min(best, g)
		}
	}
	return best
}

// freeParts reports, with freeLimbs, which capsules of m belong to a limb
// whose hand or foot action a has no dock of; without, none.
func freeParts(m *body.Model, a *action.Action, freeLimbs bool) func(int) bool {
	docked := map[string]bool{}
	for _, d := range a.Docks {
		docked[d.Effector] = true
	}
	all := a.Effectors.All()
	return func(i int) bool {
		e := int(m.Capsules[i].Effector)
		return freeLimbs && e >= 0 && e < len(all) && !docked[m.Skeleton.Names[all[e].Joint]]
	}
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

// A walk past a low wall (0.75 m high, below the forearms, along the
// walk): the wall is moved in, 5 mm at a time, until the oracle finds a
// swinging hand in its side (past the sink a hand may) while every other
// part keeps clear of it. There the plan-time test with Checker.FreeLimbs
// reports a contact, of a hand; without, it finds the walk clear (the walk
// docks no hand, and the plan leaves placed parts to the warp); the
// executed clip is in contact either way.
func TestFreeLimbsMeetALowWall(t *testing.T) {
	s := steppingStage(t)
	a := s.lib.Get("walk.l")
	ai := int32(s.lib.Index("walk.l"))
	if len(a.Docks) == 0 || slices.ContainsFunc(a.Docks, func(d action.Dock) bool { return d.Template != "foot" }) {
		t.Fatalf("walk.l docks %v: want feet alone", a.Docks)
	}
	m := s.sweeps.Model()
	f := action.Frame{}
	clip := placedClip(t, a, f, 0)
	or := newOracle(m, clip)
	d := clip.Positions()
	nj := clip.Skeleton.NumJoints()
	along := d[(clip.Frames()-1)*nj].Sub(d[0])
	axis, side := 0, 2 // the wall runs along the walk's main axis
	if math.Abs(along[2]) > math.Abs(along[0]) {
		axis, side = 2, 0
	}
	sink := s.sweeps.Options().Sink
	for _, sign := range []float64{1, -1} {
		for off := 0.45; off > 0.1; off -= 0.005 {
			mesh := lowWall(side, axis, sign, off)
			o := capsuleoracle.NewScene(mesh)
			free, rest := planGap(or, o, freeParts(m, a, true), sink), planGap(or, o, freeParts(m, a, false), 0)
			if free >= -0.002 {
				continue
			}
			if rest < 0.005 {
				break // the body meets it before a hand goes in
			}
			sc := checkScene(t, mesh)
			plain, withFree := ccd.NewChecker(s.sweeps, sc), ccd.NewChecker(s.sweeps, sc)
			withFree.FreeLimbs = true
			var ct ccd.Contact
			t.Logf("wall %.3f m to the side (%+.0f): the oracle's hands %.1f mm into it past their sink, the rest %.1f mm clear", off, sign, -free*1000, rest*1000)
			if !plain.Action(ai, f, 0, nil) {
				t.Errorf("without FreeLimbs the walk is not clear")
			}
			if withFree.Action(ai, f, 0, &ct) {
				t.Errorf("with FreeLimbs the walk is clear")
			} else if p := m.Capsules[ct.Capsule].Part; !p.Placed() {
				t.Errorf("with FreeLimbs the contact is the %v's", p)
			}
			if plain.Clip(clip, nil) {
				t.Errorf("the executed walk is clear")
			}
			return
		}
	}
	t.Fatal("no wall meets a hand alone: the case tests nothing")
}

// lowWall is a floor and a box 0.75 m high and 0.1 m thick, off metres
// from the origin along axis side (on the sign side), running 5 m either
// way along axis.
func lowWall(side, axis int, sign, off float64) *scenes.Mesh {
	var b sceneload.Builder
	b.Quad(mgl32.Vec3{-5, 0, -5}, mgl32.Vec3{-5, 0, 5}, mgl32.Vec3{5, 0, 5}, mgl32.Vec3{5, 0, -5})
	lo, hi := mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0.75, 0}
	lo[axis], hi[axis] = -5, 5
	near, far := float32(sign*off), float32(sign*(off+0.1))
	lo[side], hi[side] = min(near, far), max(near, far)
	b.Box(lo, hi)
	return b.Mesh()
}
