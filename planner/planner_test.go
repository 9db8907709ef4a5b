package planner_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/warp"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

type testWorld struct {
	lib   *action.Library
	bvh   *scenes.BVH
	setup *planner.Setup
	lw    *world.World
}

// loadWorld readies a scene as LoadWorld does (support data built in a
// fresh cache, buried supports dropped).
func loadWorld(t testing.TB, scene string) *testWorld {
	t.Helper()
	return loadWorldWith(t, scene, world.Options{})
}

// loadWorldWith is loadWorld with world options (its cache fresh unless
// opt.CacheDir names one).
func loadWorldWith(t testing.TB, scene string, opt world.Options) *testWorld {
	t.Helper()
	return loadWorldLib(t, scene, opt, librarybuild.DefaultOptions{})
}

// loadWorldLib is loadWorldWith planning with the library lo builds.
func loadWorldLib(t testing.TB, scene string, opt world.Options, lo librarybuild.DefaultOptions) *testWorld {
	t.Helper()
	lib, g, err := librarybuild.Default(lo)
	if err != nil {
		t.Fatal(err)
	}
	if opt.CacheDir == "" {
		opt.CacheDir = t.TempDir()
	}
	lw, err := world.Load(scene, lib, opt)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, lw.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	return &testWorld{lib: lib, bvh: lw.BVH, setup: setup, lw: lw}
}

// mainJob is the main job's script (script.SteppingWalk), its inputs
// resolved over w and where it starts.
func mainJob(t testing.TB, w *testWorld) (*script.Script, *script.Inputs, action.Frame) {
	t.Helper()
	s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "SteppingWalk")
	if err != nil {
		t.Fatal(err)
	}
	in, err := s.Resolve(w.setup)
	if err != nil {
		t.Fatal(err)
	}
	start, err := s.Start(w.bvh)
	if err != nil {
		t.Fatal(err)
	}
	return s, in, start
}

// recorded is a planner with the steps it took.
type recorded struct {
	*planner.Planner
	steps []planner.Step
}

// newRecorded starts a planner over w that records its steps.
func newRecorded(t testing.TB, w *testWorld, cfg planner.Config) *recorded {
	t.Helper()
	r := &recorded{}
	if cfg.Work == 0 && cfg.Budget == 0 {
		cfg.Work = 1000 // deterministic, whatever else the machine is doing
	}
	cfg.OnStep = func(s *planner.Step) {
		c := *s
		c.Targets = append([]warp.Target(nil), s.Targets...)
		c.Docks = append([]warp.DockReport(nil), s.Docks...)
		r.steps = append(r.steps, c)
	}
	p, err := planner.New(w.setup, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.Planner = p
	return r
}

// tags resolves a request.
func tags(t testing.TB, w *testWorld, names ...string) planner.Tags {
	t.Helper()
	m, err := w.setup.Tags(names...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scriptedInput is a timed list of inputs.
type scriptedInput struct {
	at float64
	in planner.Input
}

func inputAt(s []scriptedInput, t float64) planner.Input {
	in := s[0].in
	for _, x := range s {
		if t >= x.at {
			in = x.in
		}
	}
	return in
}

// A walk across the stepping room: every dock meets its support to 1 cm,
// docked effectors do not slide, the root never jumps, nothing sinks into
// the floor, the character is never stuck.
func TestPlannerWalksStepping(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: mgl64.Vec3{3.6, 0, 2.0}, Yaw: math.Pi / 2}})
	east := math.Pi / 2
	script := []scriptedInput{{0, planner.Input{Heading: east, Speed: 1.2}}, {1.0, planner.Input{Heading: east, Speed: 1.2, Request: tags(t, w, "hop")}}, {3.2, planner.Input{Heading: east, Speed: 1.2}}, {8, planner.Input{}}}
	roots := driveAndCheck(t, w, p, func(tm float64) planner.Input { return inputAt(script, tm) }, 10)
	if roots[len(roots)-1][0]-roots[0][0] < 3 {
		t.Errorf("walked only %.2f m east", roots[len(roots)-1][0]-roots[0][0])
	}
}

// The main job's walk (script.SteppingWalk), as the main job plans it
// (the moves beyond the paper's, the body checked), goes up and down the
// 0.2 m flight, crosses the gap and the pit, and climbs onto the 1.0 m
// box, meeting every check of driveAndCheck on the way.
func TestSteppingWalk(t *testing.T) {
	w := loadWorldLib(t, "builtin:stepping", world.Options{}, librarybuild.DefaultOptions{Crowd: true})
	if w.setup.Sweeps() == nil {
		t.Fatal("the default setup checks no body")
	}
	s, in, start := mainJob(t, w)
	p := newRecorded(t, w, planner.Config{Start: start, State: s.State})
	roots := driveAndCheck(t, w, p, in.At, s.Duration)
	seen := map[string]bool{}
	landing := false
	for _, st := range p.steps {
		seen[strings.TrimSuffix(strings.TrimSuffix(st.Action, ".l"), ".r")] = true
		for _, tg := range st.Targets {
			// A foot on the landing, 0.8 m up, between the flights.
			if p := tg.Pose.Position; p[1] > 0.75 && p[1] < 0.85 && p[0] > 1.6 && p[0] < 2.4 {
				landing = true
			}
		}
	}
	if !seen["climb-ledge"] {
		t.Error("the walk has no climb")
	}
	if !landing {
		t.Error("no foot on the 0.8 m landing")
	}
	// It ends standing on the box: x 8.6-9.6, z 0.3-1.3, top 1.0 m.
	last := p.steps[len(p.steps)-1]
	if f := last.Frame.Position; f[1] < 0.95 || f[1] > 1.05 || f[0] < 8.6 || f[0] > 9.6 || f[2] < 0.3 || f[2] > 1.3 {
		t.Errorf("ends at %.2v, not on the box", f)
	}
	if d := roots[len(roots)-1].Sub(roots[0]); math.Hypot(d[0], d[2]) < 8 {
		t.Errorf("ends %.2f m from the start", math.Hypot(d[0], d[2]))
	}
	if p.Refused() > 10 {
		t.Errorf("%d choices refused for the body", p.Refused())
	}
}

// driveAndCheck runs p for seconds at 60 Hz under input and checks the
// motion: every dock reached within 1 cm of its support, docked effectors
// hold still within 1 cm, no joint of a docked limb goes 1 cm into its
// support, the root never jumps 5 cm or turns 3.5° in a frame, and the
// character is never stuck. It returns the root's path.
func driveAndCheck(t *testing.T, w *testWorld, p *recorded, input func(float64) planner.Input, seconds float64) []mgl64.Vec3 {
	t.Helper()
	const dt = 1.0 / 60
	sk := p.Pose().Skeleton
	n := sk.NumJoints()
	var roots []mgl64.Vec3
	var rootRot []mgl64.Quat
	pos := make([]mgl64.Vec3, n)
	world := make([]mgl64.Quat, n)
	type sample struct {
		step int
		t    float64
		pos  []mgl64.Vec3
	}
	var frames []sample
	for f := 0; f < int(seconds*60); f++ {
		ps := p.Update(dt, input(float64(f)*dt))
		sk.FK(ps.Trans, ps.Rot, pos, world)
		roots = append(roots, ps.Trans[0])
		rootRot = append(rootRot, ps.Rot[0])
		frames = append(frames, sample{len(p.steps) - 1, ps.Time, append([]mgl64.Vec3(nil), pos...)})
	}
	for f := 1; f < len(roots); f++ {
		if d := roots[f].Sub(roots[f-1]).Len(); d > 0.05 {
			t.Errorf("frame %d: the root jumps %.1f cm", f, d*100)
		}
		// Nor does it turn abruptly: the walking turns peak at 1.9° per
		// frame and the warp's eased reorientation (at most 15° over an
		// action) adds to it (a U-turn peaked at 3.2°); the 90° turns on
		// the spot peak at 3.75°.
		if a := 2 * math.Acos(math.Min(1, math.Abs(rootRot[f].Dot(rootRot[f-1])))) * 180 / math.Pi; a > 4 {
			t.Errorf("frame %d: the root turns %.1f° in one frame", f, a)
		}
	}
	steps := p.steps
	for i, s := range steps {
		for _, r := range s.Docks {
			if !r.Reached || r.Error > 0.01 {
				t.Errorf("step %d %s: dock %d %+v", i, s.Action, r.Dock, r)
			}
		}
	}
	// Docked effectors hold still (within 1 cm) through each dock, and no
	// joint of a docked foot or hand goes more than 1 cm into the surface
	// supporting it.
	for i, s := range steps {
		a := w.lib.Get(s.Action)
		for _, tg := range s.Targets {
			d := a.Docks[tg.Dock]
			j := sk.Index(d.Effector)
			for _, fr := range frames {
				if fr.step != i || fr.t < d.Start || fr.t > d.End {
					continue
				}
				for k := range sk.Parents {
					if sk.IsAncestor(j, k) && fr.pos[k][1] < float64(tg.Pose.Position[1])-0.01 && overSurface(w, fr.pos[k], float64(tg.Pose.Position[1])) {
						t.Errorf("step %d %s: %s %.1f cm into its support", i, s.Action, sk.Names[k], (float64(tg.Pose.Position[1])-fr.pos[k][1])*100)
					}
				}
			}
		}
		for _, d := range a.Docks {
			j := sk.Index(d.Effector)
			var first *mgl64.Vec3
			for _, fr := range frames {
				if fr.step != i || fr.t < d.Start || fr.t > d.End {
					continue
				}
				if first == nil {
					first = &fr.pos[j]
				} else if m := fr.pos[j].Sub(*first).Len(); m > 0.01 {
					t.Errorf("step %d %s: %s slides %.1f mm", i, s.Action, d.Effector, m*1000)
					break
				}
			}
		}
	}
	if p.Stuck() > 0 {
		t.Errorf("stuck %d times", p.Stuck())
	}
	var names []string
	for _, s := range steps {
		names = append(names, s.Action)
	}
	t.Logf("%d actions: %v; root from %.2v to %.2v", len(steps), names, roots[0], roots[len(roots)-1])
	return roots
}

// overSurface reports whether the scene has a surface more than 1 cm
// above point p under it, below 5 cm over height y (the support's): a toe
// that hangs over a support's edge goes below its height, but into
// nothing, or down onto the floor beyond it.
func overSurface(w *testWorld, p mgl64.Vec3, y float64) bool {
	top := y + 0.05
	r := scenes.Ray{Origin: [3]float32{float32(p[0]), float32(top), float32(p[2])}, Dir: [3]float32{0, -1, 0}, TMax: float32(top - p[1])}
	h, hit := w.bvh.ClosestHit(r, nil)
	return hit && top-float64(h.T)-p[1] > 0.01
}

// SetDepth restarts the plan at the new depth: after it, the plan grows to
// exactly that depth and no deeper.
func TestSetDepth(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: mgl64.Vec3{3.6, 0, 2.0}, Yaw: math.Pi / 2}, Depth: 3})
	deepest := func() int32 {
		d := int32(0)
		for _, n := range p.Plan().Nodes {
			d = max(d, n.Depth)
		}
		return d
	}
	for _, d := range []int{3, 1, 5, 2} {
		p.SetDepth(d)
		if p.Depth() != d {
			t.Fatalf("Depth() = %d after SetDepth(%d)", p.Depth(), d)
		}
		for range 20 {
			p.Update(1.0/600, planner.Input{}) // short steps: no action ends
		}
		if got := deepest(); got != int32(d) {
			t.Errorf("SetDepth(%d): the plan reaches depth %d", d, got)
		}
	}
}

// A request may name several tags: by the gap, where there is nothing to
// climb, "climb,hop" walks exactly as "hop" does, and "climb" alone not.
func TestRequestSeveralTags(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	walk := func(req string) string {
		p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: mgl64.Vec3{3.6, 0, 2.0}, Yaw: math.Pi / 2}, Budget: time.Hour})
		for range 3 * 60 {
			p.Update(1.0/60, planner.Input{Heading: math.Pi / 2, Speed: 1.2, Request: tags(t, w, strings.Split(req, ",")...)})
		}
		var names []string
		for _, s := range p.steps {
			names = append(names, s.Action)
		}
		return strings.Join(names, " ")
	}
	hop, both, climb := walk("hop"), walk("climb,hop"), walk("climb")
	if !strings.Contains(hop, "hop") || both != hop {
		t.Errorf("request hop: %s; request climb,hop: %s", hop, both)
	}
	if climb == hop {
		t.Errorf("request climb walks as request hop: %s", climb)
	}
}

// Input.Within: a character standing on open floor facing +X, asked to go
// -Z, starts walking (its first steps travel square to the way) unless the
// way may be at most 30° off, when it stands: the score of every move that
// far off rises above standing's.
func TestInputWithin(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	first := func(within float64) string {
		p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: mgl64.Vec3{3.6, 0, 2.0}, Yaw: math.Pi / 2}})
		for range 60 {
			p.Update(1.0/60, planner.Input{Heading: math.Pi, Speed: 1.2, Within: within})
		}
		if len(p.steps) < 2 {
			t.Fatalf("within %.2f: %d steps in a second", within, len(p.steps))
		}
		return p.steps[1].Action // steps[0] is the start pose's own action
	}
	if got := first(0); !strings.HasPrefix(got, "start") {
		t.Errorf("without Within the first choice is %s, want a start", got)
	}
	if got := first(math.Pi / 6); got != "idle" {
		t.Errorf("within 30° the first choice is %s, want idle", got)
	}
}
