package ccd

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// boundsWorst is the largest share of each bound a sampled motion used.
type boundsWorst struct{ sag, travel, speed, box, frameSag float64 }

// TestStepBounds plays every step of the default library's actions, and of
// random fast and slow clips of a two-joint arm (measured as actions are
// and as executed clips are), at 12 and 48 moments (the clip
// sampled and posed by forward kinematics, as the planner plays it) and
// checks the bounds the sweeps measured: every point of a capsule's axis
// stays within the step's sag of the straight path between its places at
// the step's ends (and within the sag over its frame interval, Sweeps.Sag,
// of the path between its places at the frames), within the step's travel of both places, within the
// speed bound in proportion to the time, and the capsule inside its
// slice's box.
func TestStepBounds(t *testing.T) {
	s := adultSweeps(t)
	var w boundsWorst
	for k := range s.actions {
		checkBounds(t, s, &s.actions[k], 12, &w)
	}
	t.Logf("library: largest share used of sag %.3f, travel %.3f, speed %.3f, box %.3f, a frame's sag %.3f", w.sag, w.travel, w.speed, w.box, w.frameSag)

	arm := ArmModel(0.5, 0.05)
	r := rand.New(rand.NewPCG(7, 7))
	for _, maxTurn := range []float64{0.002, 0.03, 0.06, math.Pi / 2} { // below, at and above slerp's linear fallback, and fast
		w = boundsWorst{}
		for range 40 {
			c := boundsClip(r, arm, maxTurn)
			as, err := forModel(arm, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{as.opt.Substeps, as.opt.ClipSubsteps} {
				sw := sweep{k: k}
				as.measure(&sw, c, placement{cos: 1})
				checkBounds(t, as, &sw, 48, &w)
			}
		}
		t.Logf("arm turning up to %.3f rad a frame: largest share used of sag %.3f, travel %.3f, speed %.3f, box %.3f, a frame's sag %.3f", maxTurn, w.sag, w.travel, w.speed, w.box, w.frameSag)
	}
}

// checkBounds samples every step of sw at moments moments and records in
// w the largest share of each bound used.
func checkBounds(t *testing.T, s *Sweeps, sw *sweep, moments int, w *boundsWorst) {
	t.Helper()
	const tol = 1e-9
	m := s.model
	nc, nj, k := len(m.Capsules), sw.clip.Skeleton.NumJoints(), sw.k
	all := make([]int32, nj)
	for j := range all {
		all[j] = int32(j)
	}
	trans, pos := make([]mgl64.Vec3, nj), make([]mgl64.Vec3, nj)
	rot, world := make([]mgl64.Quat, nj), make([]mgl64.Quat, nj)
	slice := 0
	for f := 0; f+1 < sw.steps; f++ {
		for int(sw.slices[slice+1]) <= f {
			slice++
		}
		for q := 1; q < moments; q++ {
			u := float64(q) / float64(moments)
			sw.clip.SampleBetween(f/k, (float64(f%k)+u)/float64(k), all, trans, rot)
			sw.clip.Skeleton.FK(trans, rot, pos, world)
			for i := range nc {
				a, b := m.Place(pos, world, i)
				a, b = sw.toOwn.apply(a), sw.toOwn.apply(b)
				s0, s1 := *sw.axis(i, f), *sw.axis(i, f+1)
				f0, f1 := *sw.axis(i, f/k*k), *sw.axis(i, min(f/k*k+k, sw.steps-1))
				uf := (float64(f%k) + u) / float64(k)
				at := sw.at(i, f)
				for _, v := range []float64{0, 0.5, 1} {
					x := a.Add(b.Sub(a).Mul(v))
					x0, x1 := s0.a.Add(s0.b.Sub(s0.a).Mul(v)), s1.a.Add(s1.b.Sub(s1.a).Mul(v))
					straight := x0.Add(x1.Sub(x0).Mul(u))
					used(t, &w.sag, x.Sub(straight).Len(), sw.sag[at], tol, "sag", f, i)
					y0, y1 := f0.a.Add(f0.b.Sub(f0.a).Mul(v)), f1.a.Add(f1.b.Sub(f1.a).Mul(v))
					used(t, &w.frameSag, x.Sub(y0.Add(y1.Sub(y0).Mul(uf))).Len(), float64(k*k)*sw.sag[at], tol, "frame sag", f, i)
					used(t, &w.travel, max(x.Sub(x0).Len(), x.Sub(x1).Len()), sw.travel[at], tol, "travel", f, i)
					used(t, &w.speed, x.Sub(x0).Len(), u*sw.speed[at], tol, "speed", f, i)
				}
				bx := sw.boxes[slice*nc+i]
				r := m.Capsules[i].Radius
				for _, p := range []mgl64.Vec3{a, b} {
					for d := range 3 {
						used(t, &w.box, math.Abs(p[d]-bx.c[d])+r, bx.h[d], tol, "box", f, i)
					}
				}
			}
		}
	}
}

// adultSweeps are the default library's actions measured for the adult.
func adultSweeps(t *testing.T) *Sweeps {
	t.Helper()
	lib, m := adultLibrary(t, librarybuild.DefaultOptions{})
	s, err := measureAll(lib, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// adultLibrary is the built-in library made with opt and the adult's body.
func adultLibrary(t *testing.T, opt librarybuild.DefaultOptions) (*action.Library, *body.Model) {
	t.Helper()
	lib, _, err := librarybuild.Default(opt)
	if err != nil {
		t.Fatal(err)
	}
	a := lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	return lib, m
}

// used records x's share of bound in *worst and fails when x exceeds it.
func used(t *testing.T, worst *float64, x, bound, tol float64, what string, step, capsule int) {
	t.Helper()
	if x > bound+tol {
		t.Fatalf("step %d, capsule %d: %s %.9g exceeds its bound %.9g", step, capsule, what, x, bound)
	}
	if bound > tol {
		*worst = max(*worst, x/bound)
	}
}

// ArmModel is a two-joint skeleton (a free root and a turning joint 0.3 m
// above it) carrying one capsule of the given length and radius on the
// second joint: the simplest articulated body (the external tests' too).
func ArmModel(length, radius float64) *body.Model {
	sk := &motion.Skeleton{
		Names:    []string{"Root", "Joint", "Tip"},
		Parents:  []int{-1, 0, 1},
		Offsets:  []mgl64.Vec3{{}, {0, 0.3, 0}, {0, length, 0}},
		Channels: [][]motion.Channel{{motion.Xposition, motion.Yposition, motion.Zposition, motion.Zrotation, motion.Yrotation, motion.Xrotation}, {motion.Zrotation, motion.Yrotation, motion.Xrotation}, nil},
		EndSite:  []bool{false, false, true},
	}
	return &body.Model{Skeleton: sk, Capsules: []body.Capsule{{Joint: 1, B: mgl64.Vec3{0, length, 0}, Radius: radius, Part: body.Torso, Effector: -1}}}
}

// boundsClip is 6 frames at 30 Hz of the arm: the root moves up to 5 cm
// and both joints turn up to maxTurn a frame about random axes.
func boundsClip(r *rand.Rand, m *body.Model, maxTurn float64) *motion.Clip {
	c := motion.NewClip(m.Skeleton, 6, 1.0/30)
	turn := func() mgl64.Quat {
		ax := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize()
		return mgl64.QuatRotate(r.Float64()*maxTurn, ax)
	}
	p, q0, q1 := mgl64.Vec3{}, turn(), turn()
	for f := range 6 {
		c.Trans[f*3], c.Trans[f*3+1] = p, mgl64.Vec3{0, 0.3, 0}
		c.Rot[f*3], c.Rot[f*3+1], c.Rot[f*3+2] = q0, q1, mgl64.QuatIdent()
		p = p.Add(mgl64.Vec3{r.Float64()*0.1 - 0.05, r.Float64()*0.1 - 0.05, r.Float64()*0.1 - 0.05})
		q0, q1 = q0.Mul(turn()).Normalize(), q1.Mul(turn()).Normalize()
	}
	return c
}
