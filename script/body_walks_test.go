package script_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// bodyScene is a scene spec and how to load it.
type bodyScene struct {
	spec string
	opt  sceneload.LoadOptions
}

// bodyScenes are the built-in scenes and, with the shared data, its levels
// (with -short, for the race detector, builtin:rooms alone).
func bodyScenes() []bodyScene {
	var out []bodyScene
	for _, n := range []string{"stepping", "climbing", "level", "rooms"} {
		if !tier.Short() || n == "rooms" {
			out = append(out, bodyScene{spec: "builtin:" + n})
		}
	}
	if d, ok := shareddata.Dir(); ok && !tier.Short() {
		for _, m := range shareddata.Meshes {
			out = append(out, bodyScene{filepath.Join(d, m.File), sceneload.LoadOptions{Scale: m.Scale, ExcludeNodes: m.Exclude}})
		}
	}
	return out
}

// bodyWalks is how many walks of how many seconds TestBodyWalksStayClear
// takes per scene: $FOOTHOLD_BODY_WALKS ("6x20" for six walks of 20 s),
// else one of 10 s (5 s with -short).
func bodyWalks(t *testing.T) (int, float64) {
	if v := os.Getenv("FOOTHOLD_BODY_WALKS"); v != "" {
		var n int
		var s float64
		if _, err := fmt.Sscanf(v, "%dx%g", &n, &s); err != nil || n < 1 || s <= 0 {
			t.Fatalf("FOOTHOLD_BODY_WALKS=%q: want walks x seconds, like 6x20", v)
		}
		return n, s
	}
	if tier.Short() {
		return 1, 5
	}
	return 1, 10
}

// scriptedWalks are the scripted walks of the built-in scenes: on
// stepping east from the Table I start (towards the gap, the low wall and
// the stepping stones; the main job's start, 0.15 m from the west wall,
// has the standing adult's torso in the wall), and on rooms east through
// the 0.9 m doorway. Each must start where the standing body fits.
var scriptedWalks = map[string]string{
	"builtin:stepping": "start: {x: 3, z: 2, yaw_deg: 90}\nduration: 15\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.2}\n  - {at: 1.5, heading_deg: 90, speed: 1.2, request: hop}\n  - {at: 4, heading_deg: 90, speed: 1.2}\n  - {at: 9, heading_deg: 0, speed: 1.2}\n",
	"builtin:rooms":    "start: {x: 1.5, z: 26.4, yaw_deg: 90}\nduration: 12\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.4}\n",
}

// TestBodyWalksStayClear: random-start walks with the body checked (see
// bodyWalks; the heading changes every 5 s), on every built-in scene and
// shared level, and the scripted walks of the built-in scenes. The oracle
// (package capsuleoracle, no code shared with ccd) poses the output clip
// at every frame, and at 1 kHz between frames where the body is within
// 10 cm of the scene (no part moves 10 cm in a 60 Hz frame): no capsule
// goes into the scene beyond the contact rules' sink.
func TestBodyWalksStayClear(t *testing.T) {
	t.Parallel() // the two longest tests of the package, side by side
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	starts, seconds := bodyWalks(t)
	for _, sc := range bodyScenes() {
		spec := sc.spec
		w, err := world.Load(spec, lib, world.Options{Load: sc.opt, CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		setup, err := planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library))
		if err != nil {
			t.Fatal(err)
		}
		o := clipOracle{scene: capsuleoracle.NewScene(w.Mesh), setup: setup}
		fits := script.BodyFits(setup, w.BVH)
		foot := w.Supports[w.Templates["foot"]]
		open := script.OpenFloor(foot)
		rng := scenes.NewRNG(23)
		var dist, worst, clearance float64 = 0, math.Inf(-1), math.Inf(1)
		refused, blocked, samples := 0, int64(0), 0
		walks := starts
		if scriptedWalks[spec] != "" {
			walks++
		}
		for k := range walks {
			var s *script.Script
			if k == starts {
				if s, err = script.ReadScript(strings.NewReader(scriptedWalks[spec]), spec+" script"); err != nil {
					t.Fatal(err)
				}
				if !fits(s) {
					t.Fatalf("%s: the scripted walk's start does not fit the standing body", spec)
				}
			} else {
				s = script.RandomWalkWhere(foot, open, rng, seconds, 5, fits) // a start where the standing body fits
			}
			res, err := script.Run(setup, planner.Config{Work: 1000}, s, 60, w.BVH)
			if err != nil {
				t.Fatal(err)
			}
			d, c, n, where := o.deepest(res.Clip)
			if d > 1e-4 {
				t.Errorf("%s walk %d: %s", spec, k, where)
			}
			worst, clearance, samples = max(worst, d), min(clearance, c), samples+n
			dist += pathLength(res.Clip)
			refused += res.Refused
			blocked += res.Work.Blocked
		}
		t.Logf("%s: %d random walks of %.0f s and %d scripted: %.1f m walked; deepest %.4f m (≤ 0: clear), smallest clearance of a part that may not touch %.3f m; %d poses checked; %d choices refused, %d plan nodes blocked for the body",
			filepath.Base(spec), starts, seconds, walks-starts, dist, max(worst, 0), clearance, samples, refused, blocked)
	}
}

// clipOracle poses a clip for the capsule oracle.
type clipOracle struct {
	scene *capsuleoracle.Scene
	setup *planner.Setup
}

// deepest returns the deepest intrusion of the body over clip c, the
// smallest clearance of a part that may touch nothing (torso, head, arms),
// the poses checked and a description of the deepest. Every capsule is
// checked at every frame; between two frames, at 1 kHz, each capsule that
// came within 10 cm of going into the scene at either frame (no part moves
// 10 cm in a 60 Hz frame).
func (o clipOracle) deepest(c *motion.Clip) (float64, float64, int, string) {
	m := o.setup.Sweeps().Model()
	sink := o.setup.Sweeps().Options().Sink
	n, nc := c.Skeleton.NumJoints(), len(m.Capsules)
	trans, pos := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	rot, world := make([]mgl64.Quat, n), make([]mgl64.Quat, n)
	worst, clearance, where, poses := math.Inf(-1), math.Inf(1), "", 0
	note := func(i int, tm float64) float64 {
		in := o.scene.IntrudeCapsule(m, i, pos, world, sink)
		if in.Depth > worst {
			worst = in.Depth
			if in.Capsule >= 0 {
				where = fmtIntrusion(m.Capsules[i].Part.String(), in, tm)
			}
		}
		clearance = min(clearance, in.Clearance)
		return in.Depth
	}
	pose := func(tm float64) {
		c.Sample(tm, trans, rot)
		c.Skeleton.FK(trans, rot, pos, world)
		poses++
	}
	prev, cur := make([]float64, nc), make([]float64, nc)
	pose(0)
	for i := range nc {
		prev[i] = note(i, 0)
	}
	for f := 1; f < c.Frames(); f++ {
		t0, t1 := float64(f-1)*c.FrameTime, float64(f)*c.FrameTime
		pose(t1)
		for i := range nc {
			cur[i] = note(i, t1)
		}
		for tm := t0 + 1e-3; tm < t1-1e-9; tm += 1e-3 {
			posed := false
			for i := range nc {
				if max(prev[i], cur[i]) > -0.1 {
					if !posed {
						pose(tm)
						posed = true
					}
					note(i, tm)
				}
			}
		}
		prev, cur = cur, prev
	}
	return worst, clearance, poses, where
}

func fmtIntrusion(part string, in capsuleoracle.Intrusion, tm float64) string {
	return part + " " + ftoa(in.Depth*1000) + " mm into triangle " + itoa(in.Triangle) + " at " + ftoa(tm) + " s"
}

// pathLength is the length of the root's path over the ground.
func pathLength(c *motion.Clip) float64 {
	n := c.Skeleton.NumJoints()
	d := 0.0
	for f := 1; f < c.Frames(); f++ {
		a, b := c.Trans[(f-1)*n], c.Trans[f*n]
		d += math.Hypot(b[0]-a[0], b[2]-a[2])
	}
	return d
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }
func itoa(i int) string     { return strconv.Itoa(i) }

// BodyFits checks the whole warped start, feet and shins too: standing on
// the stepping scene at x 3.5, z 0.95 facing +X, beside the side of the
// 0.1 m flight's ramp, the body's oracle finds a shin of the warped idle
// 50 mm in the scene, which the plan-time check of the idle (it leaves the
// parts the warp places to the warped motion) does not see; at z 2 the
// body fits. (The case was x 2.9, z 2 until the warp's IK bent the knees
// as the pose bends them: the shin there was 29 mm in.)
func TestBodyFitsChecksTheFeet(t *testing.T) {
	w, setup := bodyWorld(t, "builtin:stepping", librarybuild.DefaultOptions{}, world.Options{})
	fits := script.BodyFits(setup, w.BVH)
	plan := ccd.NewChecker(setup.Sweeps(), setup.BodyScene())
	o := clipOracle{scene: capsuleoracle.NewScene(w.Mesh), setup: setup}
	for _, z := range []float64{0.95, 2} {
		s, err := script.ReadScript(strings.NewReader(fmt.Sprintf("scene: builtin:stepping\nstart: {x: 3.5, z: %v, yaw_deg: 90, state: idle}\nduration: 1\ninputs:\n  - {at: 0, speed: 0}\n", z)), "start")
		if err != nil {
			t.Fatal(err)
		}
		f, err := s.Start(w.BVH)
		if err != nil {
			t.Fatal(err)
		}
		res, err := script.Run(setup, planner.Config{Depth: 1, Fit: -1}, s, 60, w.BVH)
		if err != nil {
			t.Fatal(err)
		}
		deep, _, _, where := o.deepest(res.Clip)
		clearAtPlan := plan.Action(int32(setup.Library().Index("idle")), f, 0, nil)
		t.Logf("z %.2f: fits %v; the oracle's deepest %.1f mm (%s); the plan-time check clear %v", z, fits(s), deep*1000, where, clearAtPlan)
		if fits(s) != (deep <= 0) {
			t.Errorf("z %.2f: fits %v, but the oracle finds the body %.1f mm in the scene (%s)", z, fits(s), deep*1000, where)
		}
		if !clearAtPlan {
			t.Errorf("z %.2f: the plan-time check finds a contact: the case does not show the placed parts", z)
		}
		if z == 0.95 && deep <= 0 || z == 2 && deep > 0 {
			t.Errorf("z %.2f: the oracle's deepest %.1f mm: the case is not what it was chosen for", z, deep*1000)
		}
	}
}

// bodyWorld loads scene spec for the built-in library made with lo (its
// support cache in a fresh folder) and a planner setup that checks the
// body.
func bodyWorld(t *testing.T, spec string, lo librarybuild.DefaultOptions, wo world.Options) (*world.World, *planner.Setup) {
	t.Helper()
	lib, g, err := librarybuild.Default(lo)
	if err != nil {
		t.Fatal(err)
	}
	wo.CacheDir = t.TempDir()
	w, err := world.Load(spec, lib, wo)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	return w, setup
}
