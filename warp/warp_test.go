package warp

import (
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

func defaultLib(t *testing.T) *action.Library {
	t.Helper()
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// placed is the action's clip placed at frame without any warping (the
// oracle for a warp whose supports are exactly where expected).
func placedPositions(a *action.Action, frame action.Frame) []mgl64.Vec3 {
	start := a.StartFrame()
	pos := a.Clip.Positions()
	for i := range pos {
		p := start.ToLocal(pos[i])
		p[1] -= a.Ground
		pos[i] = frame.Apply(p)
	}
	return pos
}

func expectedTargets(a *action.Action, frame action.Frame) []Target {
	var ts []Target
	for k, d := range a.Docks {
		ts = append(ts, Target{Dock: k, Pose: frame.DockPose(d.Pose)})
	}
	return ts
}

// Supports exactly where the action expects them change nothing.
func TestWarpIdentity(t *testing.T) {
	lib := defaultLib(t)
	frame := action.Frame{Position: mgl64.Vec3{2, 0.5, -1}, Yaw: 0.8}
	for _, name := range []string{"walk.l", "turn-left.r", "step-up-30.l", "climb-ledge.l", "vault-box.r"} {
		a := lib.Get(name)
		w, err := Warp(a, frame, expectedTargets(a, frame), Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := placedPositions(a, frame)
		got := w.Clip.Positions()
		worst := 0.0
		for i := range want {
			worst = math.Max(worst, got[i].Sub(want[i]).Len())
		}
		if worst > 1e-4 || math.Abs(w.Turn) > 1e-6 || w.RootOffset.Len() > 1e-4 {
			t.Errorf("%s: moved %g m, turn %g, offset %v", name, worst, w.Turn, w.RootOffset)
		}
	}
}

// Displaced supports: every docked effector sits on its support (carried
// rigidly from where the clip had it) to 1e-6 m during its dock, bones keep
// their lengths, the root offset is the weighted mean displacement.
func TestWarpLandsOnSupport(t *testing.T) {
	lib := defaultLib(t)
	frame := action.Frame{Position: mgl64.Vec3{0, 0, 0}, Yaw: 0}
	for _, name := range []string{"walk.l", "step-up-15.r", "hop-gap.l", "climb-ledge.r", "stop.l"} {
		a := lib.Get(name)
		ts := expectedTargets(a, frame)
		// Move each support a few centimetres and turn it a few degrees.
		for k := range ts {
			ts[k].Pose.Position = ts[k].Pose.Position.Add(mgl32.Vec3{0.04 * float32(k%2), 0.03, -0.05 + 0.02*float32(k)})
			ts[k].Pose.Yaw += 0.05
		}
		w, err := Warp(a, frame, ts, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		c := w.Clip
		sk := c.Skeleton
		n := sk.NumJoints()
		pos := c.Positions()
		for _, r := range w.Docks {
			if !r.Reached || r.Error > 1e-6 {
				t.Errorf("%s dock %d: reached %v, error %g", name, r.Dock, r.Reached, r.Error)
			}
		}
		for f := range c.Frames() {
			for j, p := range sk.Parents {
				if p >= 0 {
					if e := math.Abs(pos[f*n+j].Sub(pos[f*n+p]).Len() - sk.Offsets[j].Len()); e > 1e-6 {
						t.Fatalf("%s frame %d: bone %s off by %g", name, f, sk.Names[j], e)
					}
				}
			}
		}
		// The planted joint stays put during its dock (it was still in the
		// clip, and the support does not move).
		for _, d := range a.Docks {
			j := sk.Index(d.Effector)
			f0, f1 := int(math.Round(d.Start/c.FrameTime)), int(math.Round(d.End/c.FrameTime))
			for f := f0; f <= f1; f++ {
				if s := pos[f*n+j].Sub(pos[f0*n+j]).Len(); s > 0.01 {
					t.Errorf("%s: %s slides %.1f mm during its dock", name, d.Effector, s*1000)
					break
				}
			}
		}
	}
}

// Supports turned about the frame's origin: the action turns with them.
func TestWarpReorients(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	const turn = 0.1
	rot := action.Frame{Yaw: turn}
	for k := range ts {
		p := ts[k].Pose.Position
		q := rot.Apply(mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])})
		ts[k].Pose = dock.Pose{Position: mgl32.Vec3{float32(q[0]), float32(q[1]), float32(q[2])}, Yaw: ts[k].Pose.Yaw + turn}
	}
	w, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(w.Turn-turn) > 1e-6 || w.RootOffset.Len() > 1e-5 {
		t.Fatalf("turn %g (want %g), offset %v", w.Turn, turn, w.RootOffset)
	}
	for _, r := range w.Docks {
		if r.Error > 1e-5 {
			t.Errorf("dock %d error %g", r.Dock, r.Error)
		}
	}
}

// A support out of reach is reported, not hidden, and nothing is NaN.
func TestWarpUnreachable(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	ts[1].Pose.Position[0] += 2.5 // the landing foot's support far to the side of the other
	w, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Docks[0].Reached && w.Docks[1].Reached || math.Max(w.Docks[0].Error, w.Docks[1].Error) < 0.1 {
		t.Fatalf("%+v", w.Docks)
	}
	for _, p := range w.Clip.Positions() {
		if p[0] != p[0] || p[1] != p[1] || p[2] != p[2] {
			t.Fatal("NaN")
		}
	}
	if _, err := Warp(a, frame, []Target{{Dock: 9}}, Carry{}, Options{}); err == nil {
		t.Fatal("a dock the action lacks was accepted")
	}
}

// On a real scene: every feasible first action of a plan, warped to the
// supports its geo-queries found, puts each docked effector on its support.
func TestWarpPlanOnStepping(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := geoquery.NewProbe(bvh, geoquery.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	templates := map[string]*dock.Template{}
	for _, n := range []string{"foot", "hand"} {
		templates[n], _ = dock.Builtin(n)
	}
	pt, err := actiongraph.NewPlanTree(g, templates, actiongraph.Prune)
	if err != nil {
		t.Fatal(err)
	}
	start := action.Frame{Position: mgl64.Vec3{3, 0, 2}, Yaw: math.Pi / 2}
	pt.Reset(start, int32(lib.Index(librarybuild.TableIStart)), 1)
	pt.Evaluate(q, actiongraph.Budget{})
	warped := 0
	for _, c := range pt.Feasible(nil) {
		n := pt.Nodes[c]
		a := lib.Actions[n.Action]
		var ts []Target
		for k := range a.Docks {
			s := pt.Slots[n.FirstDock+int32(k)]
			ts = append(ts, Target{Dock: k, Pose: s.Pose})
		}
		w, err := Warp(a, n.Frame, ts, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range w.Docks {
			if !r.Reached || r.Error > 1e-6 {
				t.Errorf("%s dock %d: %+v", a.Name, r.Dock, r)
			}
		}
		// The root moves smoothly: no jump over 5 cm between frames.
		nj := w.Clip.Skeleton.NumJoints()
		for f := 1; f < w.Clip.Frames(); f++ {
			if d := w.Clip.Trans[f*nj].Sub(w.Clip.Trans[(f-1)*nj]).Len(); d > 0.05 {
				t.Errorf("%s frame %d: the root jumps %.1f cm", a.Name, f, d*100)
			}
		}
		warped++
	}
	if warped < 3 {
		t.Fatalf("only %d feasible actions", warped)
	}
}

// A tilted support (a slope, a sloping ledge top): during the dock the foot
// or hand is the untilted warp's turned about the dock's origin by the
// tilt, in position and in orientation.
func TestWarpTilt(t *testing.T) {
	lib := defaultLib(t)
	frame := action.Frame{Position: mgl64.Vec3{1, 0.2, -0.5}, Yaw: 0.4}
	for _, name := range []string{"walk.l", "step-up-30.r", "climb-ledge.l"} {
		a := lib.Get(name)
		flat := expectedTargets(a, frame)
		tilted := expectedTargets(a, frame)
		for k := range tilted {
			axis := mgl64.Vec3{math.Cos(float64(k)), 0, math.Sin(float64(k))}
			tilted[k].Tilt = mgl64.QuatRotate(8*math.Pi/180, axis)
		}
		w0, err := Warp(a, frame, flat, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w1, err := Warp(a, frame, tilted, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sk := a.Clip.Skeleton
		n := sk.NumJoints()
		p0, p1 := w0.Clip.Positions(), w1.Clip.Positions()
		pos := make([]mgl64.Vec3, n)
		r0, r1 := make([]mgl64.Quat, n), make([]mgl64.Quat, n)
		for k, d := range a.Docks {
			j := sk.Index(d.Effector)
			s := vec(tilted[k].Pose.Position)
			tilt := tilted[k].Tilt
			f0, f1 := int(math.Round(d.Start/a.Clip.FrameTime)), int(math.Round(d.End/a.Clip.FrameTime))
			for f := f0; f <= f1; f++ {
				want := s.Add(tilt.Rotate(p0[f*n+j].Sub(s)))
				if e := p1[f*n+j].Sub(want).Len(); e > 1e-6 {
					t.Fatalf("%s dock %d frame %d: %s %g m from the tilted place", name, k, f, d.Effector, e)
				}
				sk.FK(w0.Clip.Trans[f*n:(f+1)*n], w0.Clip.Rot[f*n:(f+1)*n], pos, r0)
				sk.FK(w1.Clip.Trans[f*n:(f+1)*n], w1.Clip.Rot[f*n:(f+1)*n], pos, r1)
				if !tilt.Mul(r0[j]).ApproxEqualThreshold(r1[j], 1e-9) && !tilt.Mul(r0[j]).Scale(-1).ApproxEqualThreshold(r1[j], 1e-9) {
					t.Fatalf("%s dock %d frame %d: %s turned %v, want %v", name, k, f, d.Effector, r1[j], tilt.Mul(r0[j]))
				}
			}
		}
		for _, r := range w1.Docks {
			if !r.Reached || r.Error > 1e-6 {
				t.Errorf("%s dock %d: reached %v, error %g", name, r.Dock, r.Reached, r.Error)
			}
		}
	}
}

// torsoPitch is how far the torso (LowerBack to Head) leans towards the
// heading d from the vertical, in radians, at one frame of a clip.
func torsoPitch(c *motion.Clip, f int, d mgl64.Vec3) float64 {
	sk := c.Skeleton
	n := sk.NumJoints()
	pos, rot := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	sk.FK(c.Trans[f*n:(f+1)*n], c.Rot[f*n:(f+1)*n], pos, rot)
	v := pos[sk.Index("Head")].Sub(pos[sk.Index("LowerBack")])
	return math.Atan2(v.Dot(d), v[1])
}

// On supports tilted up or down along the heading the torso leans by
// LeanUp or LeanDown of the slope at the action's end, from Carry.Lean at
// its start; across a slope, or on a hand's support, it does not lean. The
// docks are still met exactly.
func TestWarpLean(t *testing.T) {
	lib := defaultLib(t)
	frame := action.Frame{Position: mgl64.Vec3{1, 0.2, -0.5}, Yaw: 0.4}
	d := mgl64.Vec3{math.Sin(frame.Yaw), 0, math.Cos(frame.Yaw)}
	up := mgl64.Vec3{0, 1, 0}
	deg := math.Pi / 180
	cases := []struct {
		name        string
		axis        mgl64.Vec3 // the supports' normals turn about it by 20°
		start, want float64    // the lean asked at the start, expected at the end
	}{
		{"walk.l", d.Cross(up), 0, LeanUp * 20 * deg},    // uphill ahead
		{"walk.r", up.Cross(d), 0, -LeanDown * 20 * deg}, // downhill
		{"walk.l", d, 0, 0},                              // across
		{"walk.l", mgl64.Vec3{}, 5 * deg, 0},             // flat after a lean: it eases out
		{"idle", d.Cross(up), 0, LeanUp * 20 * deg},      // standing on a slope
	}
	for _, c := range cases {
		a := lib.Get(c.name)
		flat, tilted := expectedTargets(a, frame), expectedTargets(a, frame)
		if c.axis != (mgl64.Vec3{}) {
			for k := range tilted {
				tilted[k].Tilt = mgl64.QuatRotate(20*deg, c.axis.Normalize())
			}
		}
		w0, err := Warp(a, frame, flat, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w1, err := Warp(a, frame, tilted, Carry{Lean: c.start}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		last := w1.Clip.Frames() - 1
		first := torsoPitch(w1.Clip, 0, d) - torsoPitch(w0.Clip, 0, d)
		end := torsoPitch(w1.Clip, last, d) - torsoPitch(w0.Clip, last, d)
		t.Logf("%s about %.2v from %.1f°: lean %.2f° at the start, %.2f° at the end (EndLean %.2f°)", c.name, c.axis, c.start/deg, first/deg, end/deg, w1.Next.Lean/deg)
		if math.Abs(first-c.start) > 0.3*deg || math.Abs(end-c.want) > 0.3*deg || math.Abs(w1.Next.Lean-c.want) > 1e-9 {
			t.Errorf("%s: lean %.2f° → %.2f° (EndLean %.2f°), want %.2f° → %.2f°", c.name, first/deg, end/deg, w1.Next.Lean/deg, c.start/deg, c.want/deg)
		}
		for _, r := range w1.Docks {
			if !r.Reached || r.Error > 1e-6 {
				t.Errorf("%s dock %d: reached %v, error %g", c.name, r.Dock, r.Reached, r.Error)
			}
		}
	}
	// A hand on a tilted support does not lean the body.
	a := lib.Get("climb-ledge.l")
	ts := expectedTargets(a, frame)
	for k := range ts {
		if a.Docks[k].Template != "foot" {
			ts[k].Tilt = mgl64.QuatRotate(20*deg, d.Cross(up))
		}
	}
	if w, err := Warp(a, frame, ts, Carry{}, Options{}); err != nil || w.Next.Lean != 0 {
		t.Errorf("climb with tilted hand supports: lean %v, %v", w.Next.Lean, err)
	}
	// Nor does a climb's feet: a lean carried into it is gone before the
	// first hand dock, and every dock is met.
	w, err := Warp(a, frame, expectedTargets(a, frame), Carry{Lean: 8 * deg}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	from := a.Clip.Frames()
	for _, dk := range a.Docks {
		if dk.Template != "foot" {
			from = min(from, int(math.Round(dk.Start/a.Clip.FrameTime)))
		}
	}
	w0, _ := Warp(a, frame, expectedTargets(a, frame), Carry{}, Options{})
	for f := from; f < w.Clip.Frames(); f++ {
		if l := torsoPitch(w.Clip, f, d) - torsoPitch(w0.Clip, f, d); math.Abs(l) > 1e-9 {
			t.Fatalf("climb frame %d, hand dock from %d: still leaning %.3f°", f, from, l/deg)
		}
	}
	for _, r := range w.Docks {
		if !r.Reached || r.Error > 1e-6 {
			t.Errorf("climb after a lean, dock %d: reached %v, error %g", r.Dock, r.Reached, r.Error)
		}
	}
}

// A foot docked flat just before the ground rises 30°: with the scene as
// Options.Ground the toes bend up until their tip rests on the slope (to
// 1 mm), the docks are still met exactly and the rest of the body does not
// move (the other foot's toes may bend too, and rest on or above the
// slope); without it the tip goes into the slope.
func TestWarpToesFollowTheGround(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("idle")
	frame := action.Frame{Yaw: 0}
	ts := expectedTargets(a, frame)
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	pos := a.Clip.Positions()
	// The slope starts 2 cm behind the left toes' tip (the idle's first
	// frame), rising along +Z.
	toeEnd := -1
	for j := range sk.Names {
		if sk.EndSite[j] && sk.Names[sk.Parents[j]] == "LeftToeBase" {
			toeEnd = j
		}
	}
	z0 := pos[toeEnd][2] - 0.02
	m := &scenes.Mesh{Positions: []float32{-2, 0, -2, 2, 0, -2, 2, 0, float32(z0), -2, 0, float32(z0),
		2, 0, float32(z0), -2, 0, float32(z0), -2, float32(math.Tan(math.Pi / 6)), float32(z0 + 1), 2, float32(math.Tan(math.Pi / 6)), float32(z0 + 1)},
		Indices: []uint32{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7}}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bent, err := Warp(a, frame, ts, Carry{}, Options{Ground: bvh})
	if err != nil {
		t.Fatal(err)
	}
	p0, p1 := plain.Clip.Positions(), bent.Clip.Positions()
	ground := func(p mgl64.Vec3) float64 { return math.Max(0, (p[2]-z0)*math.Tan(math.Pi/6)) }
	d := a.Docks[0]
	for f := int(math.Round(d.Start / a.Clip.FrameTime)); f <= int(math.Round(d.End/a.Clip.FrameTime)); f++ {
		tip0, tip1 := p0[f*n+toeEnd], p1[f*n+toeEnd]
		if f == 0 && tip0[1] > ground(tip0)-0.005 {
			t.Fatalf("the plain warp's toe tip is %.1f mm under the slope: the case tests nothing", (ground(tip0)-tip0[1])*1000)
		}
		if e := math.Abs(tip1[1] - ground(tip1)); e > 0.001 {
			t.Fatalf("frame %d: the bent toes' tip is %.1f mm off the slope (%.1f mm under it unbent)", f, e*1000, (ground(tip0)-tip0[1])*1000)
		}
		for j := range n {
			if (sk.IsAncestor(sk.Index("LeftToeBase"), j) || sk.IsAncestor(sk.Index("RightToeBase"), j)) && !strings.HasSuffix(sk.Names[j], "ToeBase") {
				if p1[f*n+j][1] < ground(p1[f*n+j])-0.001 {
					t.Fatalf("frame %d: %s is %.1f mm under the slope", f, sk.Names[j], (ground(p1[f*n+j])-p1[f*n+j][1])*1000)
				}
				continue // the toes' tips, which may bend
			}
			if e := p1[f*n+j].Sub(p0[f*n+j]).Len(); e > 1e-9 {
				t.Fatalf("frame %d: %s moved %.2g m", f, sk.Names[j], e)
			}
		}
	}
	for _, r := range bent.Docks {
		if !r.Reached || r.Error > 1e-6 {
			t.Errorf("dock %d: reached %v, error %g", r.Dock, r.Reached, r.Error)
		}
	}
}

// swingCase is the default library's walk.l placed at the origin, with
// its expected targets, and the foot that lands in it (its ankle, toe base
// and toes' tip are joints j, j+1, j+2): when it lands, and where the
// clip's joints are as placed.
type swingCase struct {
	a      *action.Action
	frame  action.Frame
	ts     []Target
	n      int // joints
	foot   string
	j      int
	land   float64 // [Units: s]
	placed []mgl64.Vec3
}

func newSwingCase(t *testing.T) swingCase {
	t.Helper()
	a := defaultLib(t).Get("walk.l")
	c := swingCase{a: a, ts: expectedTargets(a, action.Frame{}), n: a.Clip.Skeleton.NumJoints()}
	for _, d := range a.Docks {
		if d.Template == "foot" && d.Start > 0.2 {
			c.foot, c.land = d.Effector, d.Start
		}
	}
	if c.foot == "" {
		t.Fatal("no landing foot")
	}
	sk := a.Clip.Skeleton
	c.j = sk.Index(c.foot)
	if !strings.HasSuffix(sk.Names[c.j+2], "_End") {
		t.Fatalf("%s's chain is %v", c.foot, sk.Names[c.j:c.j+3])
	}
	c.placed = placedPositions(a, c.frame)
	return c
}

// middle is where the swing is between 30% and 70% of the way to its
// landing: the ankle's x then, and the toes' tip's z at either end.
func (c swingCase) middle() (x, z0, z1 float64) {
	f0, f1 := int(0.3*c.land/c.a.Clip.FrameTime), int(0.7*c.land/c.a.Clip.FrameTime)
	return c.placed[f0*c.n+c.j][0], c.placed[f0*c.n+c.j+2][2], c.placed[f1*c.n+c.j+2][2]
}

// plateau is a 10 m floor at y 0 with the top face of a plateau, top
// high, over x in [x0, x1] and z in [z0, z1].
func plateau(t *testing.T, x0, x1, z0, z1, top float64) *scenes.BVH {
	t.Helper()
	m := &scenes.Mesh{Positions: []float32{
		float32(x0), float32(top), float32(z0), float32(x1), float32(top), float32(z0), float32(x1), float32(top), float32(z1), float32(x0), float32(top), float32(z1),
		-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5},
		Indices: []uint32{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7}}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return bvh
}

// A swinging foot passes over a 3 cm plateau laid across its path (clear
// of its docks): with the scene as Options.Ground its ankle, toe base and
// toes' tip stay above the plateau wherever they cross it (to 1 mm); the
// docks are still met exactly and the swing moves no faster than 4 cm a
// frame more than the clip's; without the scene the foot goes into it.
func TestWarpSwingClearsTheGround(t *testing.T) {
	sc := newSwingCase(t)
	a, frame, ts, n, foot, j, land := sc.a, sc.frame, sc.ts, sc.n, sc.foot, sc.j, sc.land
	points := []int{j, j + 1, j + 2} // ankle, toe base, toes' tip
	x, z0, z1 := sc.middle()
	const top = 0.03
	bvh := plateau(t, x-0.5, x+0.5, z0, z1, top)
	over := func(p mgl64.Vec3) bool { return p[2] > z0 && p[2] < z1 && math.Abs(p[0]-x) < 0.5 }
	deepest := func(c *motion.Clip) (float64, float64) {
		pos := c.Positions()
		under, step := 0.0, 0.0
		for f := range int(land / a.Clip.FrameTime) {
			for _, k := range points {
				p := pos[f*n+k]
				if over(p) {
					under = math.Max(under, top-p[1])
				}
				if f > 0 {
					step = math.Max(step, p.Sub(pos[(f-1)*n+k]).Len())
				}
			}
		}
		return under, step
	}
	plain, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	under0, step0 := deepest(plain.Clip)
	lifted, err := Warp(a, frame, ts, Carry{}, Options{Ground: bvh})
	if err != nil {
		t.Fatal(err)
	}
	under1, step1 := deepest(lifted.Clip)
	t.Logf("%s over a 3 cm plateau: %.1f mm into it as the clip swings, %.1f mm lifted; fastest point %.1f / %.1f cm a frame", foot, under0*1000, under1*1000, step0*100, step1*100)
	if under0 < 0.005 {
		t.Fatalf("the clip's swing clears the plateau (%.1f mm): the case tests nothing", under0*1000)
	}
	if under1 > 0.001 || step1 > step0+0.04 {
		t.Errorf("lifted: %.1f mm into the plateau, %.1f cm a frame (the clip %.1f)", under1*1000, step1*100, step0*100)
	}
	for _, r := range lifted.Docks {
		if !r.Reached || r.Error > 1e-6 {
			t.Errorf("dock %d: reached %v, error %g", r.Dock, r.Reached, r.Error)
		}
	}
}

// TestWarpCarriesTheDrop: a walk whose landing foot's support lies 0.25 m
// down lowers its root at the end (Result.Next.Drop); the next action,
// given that drop (Carry.Drop), starts lowered by it and eases back, so
// the root does not jump at the seam.
func TestWarpCarriesTheDrop(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	for k, d := range a.Docks {
		if d.Start > 0.2 {
			ts[k].Pose.Position[1] -= 0.25
		}
	}
	r, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !(r.Next.Drop > 0.01) {
		t.Fatalf("a support 0.25 m down: no lowering at the end (%.3f m)", r.Next.Drop)
	}
	b := lib.Get("walk.r")
	next := r.Frame.Then(a.Delta)
	plain, err := Warp(b, next, expectedTargets(b, next), Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rootY := func(c *motion.Clip, f int) float64 { return c.Trans[f*c.Skeleton.NumJoints()][1] }
	y0 := rootY(plain.Clip, 0)
	carried, err := Warp(b, next, expectedTargets(b, next), Carry{Drop: r.Next.Drop}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := y0 - rootY(carried.Clip, 0); math.Abs(d-r.Next.Drop) > 1e-9 {
		t.Errorf("the next action starts lowered by %.4f m, want the carried %.4f m", d, r.Next.Drop)
	}
	last := carried.Clip.Frames() - 1
	if d := rootY(plain.Clip, last) - rootY(carried.Clip, last); math.Abs(d) > 1e-9 {
		t.Errorf("the carried drop has not eased out by the end: %.4f m", d)
	}
}

// TestWarpDropsACarriedLiftOnADockedFoot: a swing lift carried in from the
// action before (Carry.SwingLift) eases out on a foot that swings, but a
// foot the action docks from its first frame stands on its support at
// once: on flat ground, with supports where the action expects them, it
// is where the unwarped clip has it in every docked frame.
func TestWarpDropsACarriedLiftOnADockedFoot(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	m := &scenes.Mesh{Positions: []float32{-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5}, Indices: []uint32{0, 1, 2, 0, 2, 3}}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const carried = 0.05
	w, err := Warp(a, frame, expectedTargets(a, frame), Carry{SwingLift: [2]float64{carried, carried}}, Options{Ground: bvh})
	if err != nil {
		t.Fatal(err)
	}
	placed, got := placedPositions(a, frame), w.Clip.Positions()
	standing, swinging := -1, -1
	for i, e := range a.Effectors.Feet {
		docked := false
		for _, d := range a.Docks {
			docked = docked || d.Effector == sk.Names[e.Joint] && d.Start == 0
		}
		if docked {
			standing = i
		} else {
			swinging = i
		}
	}
	if standing < 0 || swinging < 0 {
		t.Fatalf("walk.l: no foot docked from its start and one free: %v", a.Docks)
	}
	j := a.Effectors.Feet[standing].Joint
	for _, d := range a.Docks {
		if d.Effector != sk.Names[j] || d.Start != 0 {
			continue
		}
		for f := 0; f <= int(d.End/a.Clip.FrameTime); f++ {
			if e := got[f*n+j].Sub(placed[f*n+j]).Len(); e > 1e-6 {
				t.Fatalf("frame %d: the docked %s is %.4f m off its support", f, sk.Names[j], e)
			}
		}
	}
	s := a.Effectors.Feet[swinging].Joint
	if lift := got[s][1] - placed[s][1]; math.Abs(lift-carried) > 1e-3 {
		t.Errorf("the swinging %s starts %.4f m up, want the carried %.2f m", sk.Names[s], lift, carried)
	}
}

// TestWarpReportsADropAtTheStart: a step whose foot, docked from its first
// frame, stands on a support 0.25 m below where the clip has it cannot
// ease its root down before that frame: the lowering it needs there is
// Result.StartDrop, and the leg then reaches (the hip within the thigh and
// shin of the foot's target). On its own supports, or given the drop as
// carried from the action before (Carry.Drop), it needs none.
func TestWarpReportsADropAtTheStart(t *testing.T) {
	lib := defaultLib(t)
	b := lib.Get("walk.r")
	frame := action.Frame{}
	plain, err := Warp(b, frame, expectedTargets(b, frame), Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.StartDrop != 0 {
		t.Errorf("on its own supports: a drop of %.4f m at the start", plain.StartDrop)
	}
	ts := expectedTargets(b, frame)
	lowered := -1
	for k, d := range b.Docks {
		if d.Start == 0 && d.Template == "foot" {
			ts[k].Pose.Position[1] -= 0.25
			lowered = k
			break
		}
	}
	if lowered < 0 {
		t.Fatal("walk.r has no foot docked at its first frame")
	}
	r, err := Warp(b, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !(r.StartDrop > 0.01) {
		t.Fatalf("a support 0.25 m down under a foot docked at the start: StartDrop %.4f m", r.StartDrop)
	}
	sk := b.Clip.Skeleton
	j := sk.Index(b.Docks[lowered].Effector)
	knee := sk.Parents[j]
	hipJ := sk.Parents[knee]
	n := sk.NumJoints()
	pos := make([]mgl64.Vec3, n)
	r.Clip.FrameFK(0, pos, make([]mgl64.Quat, n))
	reach := sk.Offsets[knee].Len() + sk.Offsets[j].Len()
	if d := pos[hipJ].Sub(pos[j]).Len(); d > reach+1e-6 {
		t.Errorf("the hip %.3f m from the ankle, the leg %.3f m", d, reach)
	}
	carried, err := Warp(b, frame, ts, Carry{Drop: r.StartDrop}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if carried.StartDrop > 1e-9 {
		t.Errorf("given the drop as carried: still %.4f m at the start", carried.StartDrop)
	}
	t.Logf("a support 0.25 m down: the root dropped %.3f m at the first frame", r.StartDrop)
}

// With Options.FootClearance, a swinging foot keeps that far from the
// edges of a 3 cm plateau laid across its path, not only above its top:
// the distance from the ankle, toe base and toes' tip to the plateau as a
// solid box (measured directly, at every frame of the swing) is at least
// FootClearance (to 1 mm). Looking straight down under the joints alone
// (FootClearance 0) brings one of them closer to its front edge.
func TestWarpSwingClearsAnEdge(t *testing.T) {
	sc := newSwingCase(t)
	a, frame, ts, n, foot, j, land := sc.a, sc.frame, sc.ts, sc.n, sc.foot, sc.j, sc.land
	points := []int{j, j + 1, j + 2} // ankle, toe base, toes' tip
	x, z0, z1 := sc.middle()
	const top, reach = 0.03, 0.03
	lo := mgl64.Vec3{x - 0.5, 0, z0}
	hi := mgl64.Vec3{x + 0.5, top, z1}
	var b sceneload.Builder
	b.Quad(mgl32.Vec3{-5, 0, -5}, mgl32.Vec3{-5, 0, 5}, mgl32.Vec3{5, 0, 5}, mgl32.Vec3{5, 0, -5})
	b.Box(mgl32.Vec3{float32(lo[0]), 0, float32(lo[2])}, mgl32.Vec3{float32(hi[0]), top, float32(hi[2])})
	bvh, err := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	nearest := func(c *motion.Clip) float64 {
		pos := c.Positions()
		d := math.Inf(1)
		for f := range int(land / a.Clip.FrameTime) {
			for _, k := range points {
				p := pos[f*n+k]
				var q mgl64.Vec3
				for i := range 3 {
					q[i] = math.Max(lo[i], math.Min(hi[i], p[i]))
				}
				d = math.Min(d, p.Sub(q).Len())
			}
		}
		return d
	}
	under, clear := warpPair(t, a, frame, ts, Options{Ground: bvh}, Options{Ground: bvh, FootClearance: reach})
	d0, d1 := nearest(under.Clip), nearest(clear.Clip)
	t.Logf("%s past a 3 cm plateau: nearest joint %.1f mm from it looking straight down, %.1f mm with %.0f mm clearance", foot, d0*1000, d1*1000, reach*1000)
	if d0 > reach-0.002 {
		t.Fatalf("looking straight down already keeps %.1f mm: the case tests nothing", d0*1000)
	}
	if d1 < reach-0.001 {
		t.Errorf("with FootClearance %.0f mm a joint comes %.1f mm from the plateau", reach*1000, d1*1000)
	}
	for _, r := range clear.Docks {
		if !r.Reached || r.Error > 1e-6 {
			t.Errorf("dock %d: reached %v, error %g", r.Dock, r.Reached, r.Error)
		}
	}
}

// With Options.FootClearance a swinging foot's ankle, toe base and toes'
// tip keep at least the height they stand at over the ground (so the sole
// stays on or above it), not only the clip's clearance capped at
// SwingClearance: over a 12 cm plateau across its swing, clear of where it
// lifts off, each point's height over the plateau's top at every frame of
// the swing is at least its standing height (its least over the frames
// the foot is docked, from the clip as placed) to 1 mm; with the
// clearance capped alone the ankle comes lower.
func TestWarpSwingKeepsTheSoleUp(t *testing.T) {
	sc := newSwingCase(t)
	a, frame, ts, n, foot, j, land, placed := sc.a, sc.frame, sc.ts, sc.n, sc.foot, sc.j, sc.land, sc.placed
	lift := 0.0
	for _, d := range a.Docks {
		if d.Effector == foot && d.Start < 0.1 {
			lift = d.End
		}
	}
	points := []int{j, j + 1, j + 2}
	var stand [3]float64
	for k, p := range points {
		stand[k] = math.Inf(1)
		for f := range a.Clip.Frames() {
			if tm := float64(f) * a.Clip.FrameTime; tm <= lift || tm >= land {
				stand[k] = math.Min(stand[k], placed[f*n+p][1])
			}
		}
	}
	f0, f1 := int((lift+0.35*(land-lift))/a.Clip.FrameTime), int((lift+0.65*(land-lift))/a.Clip.FrameTime)
	z0, z1 := placed[f0*n+j][2], placed[f1*n+j][2]
	x := placed[f0*n+j][0]
	// Clear of the toes where the foot lifts off.
	z0 = math.Max(z0, placed[int(lift/a.Clip.FrameTime)*n+j+2][2]+0.02)
	const top = 0.12
	bvh := plateau(t, x-0.5, x+0.5, z0, z1, top)
	lowest := func(c *motion.Clip) float64 {
		pos := c.Positions()
		low := math.Inf(1)
		for f := range c.Frames() {
			if tm := float64(f) * c.FrameTime; tm <= lift || tm >= land {
				continue // docked
			}
			for k, p := range points {
				q := pos[f*n+p]
				if q[2] > z0 && q[2] < z1 && math.Abs(q[0]-x) < 0.5 {
					low = math.Min(low, q[1]-top-stand[k])
				}
			}
		}
		return low
	}
	capped, err := Warp(a, frame, ts, Carry{}, Options{Ground: bvh})
	if err != nil {
		t.Fatal(err)
	}
	up, err := Warp(a, frame, ts, Carry{}, Options{Ground: bvh, FootClearance: 0.015})
	if err != nil {
		t.Fatal(err)
	}
	l0, l1 := lowest(capped.Clip), lowest(up.Clip)
	t.Logf("%s over a 12 cm plateau: a point %.1f mm below its standing height over it with the clearance capped, %.1f mm with FootClearance", foot, -l0*1000, -l1*1000)
	if math.IsInf(l0, 1) || l0 > -0.005 {
		t.Fatalf("with the clearance capped the foot keeps %.1f mm over its standing height: the case tests nothing", l0*1000)
	}
	if l1 < -0.001 {
		t.Errorf("with FootClearance a point comes %.1f mm below its standing height over the plateau", -l1*1000)
	}
}
