package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/legoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
)

// The README's main command: the report (with the body's figures) and the
// files in ./foothold-out; the motion reads back, its root never jumps,
// every dock met its support, it climbs the flight and ends on the box,
// and the capsule oracle finds no capsule of the body in the scene in
// any frame; the support data is cached, and rebuilt when damaged.
func TestMainJob(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	if code := run(nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	rep := out.String()
	for _, want := range []string{"built now", "actions", "climb-ledge", "planning", "docks", "body", "plan nodes blocked", "foothold-out/motion.bvh", "foothold-out/motion.glb", "foothold-out/plan.png"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	var sum runSummary
	data, err := os.ReadFile("foothold-out/summary.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Stuck != 0 || sum.Unreached != 0 || sum.MaxDockErrorM > 0.01 || sum.DistanceM < 5 {
		t.Errorf("summary: %+v", sum)
	}
	c, err := motionfile.LoadBVH("foothold-out/motion.bvh", motion.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := c.Skeleton.NumJoints()
	for f := 1; f < c.Frames(); f++ {
		if d := c.Trans[f*n].Sub(c.Trans[(f-1)*n]).Len(); d > 0.05 {
			t.Errorf("frame %d: the root jumps %.1f cm", f, d*100)
		}
		// The 90° turns on the spot peak at 3.75° a frame; walking turns
		// at 3.2 (with the warp's eased reorientation).
		if a := 2 * math.Acos(math.Min(1, math.Abs(c.Rot[f*n].Dot(c.Rot[(f-1)*n])))) * 180 / math.Pi; a > 4 {
			t.Errorf("frame %d: the root turns %.1f° in one frame", f, a)
		}
	}
	if c.Frames() != sum.Frames {
		t.Errorf("%d BVH frames, summary says %d", c.Frames(), sum.Frames)
	}
	checkLegsSmooth(t, c, 0.25)
	checkMainJobPath(t, c)
	shareddata.ValidateGLTF(t, "foothold-out/motion.glb")
	// Second run: the cache.
	out.Reset()
	if code := run(nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "(cached)") {
		t.Fatalf("second run: exit %d, %s", code, out.String())
	}
	// A damaged cache is rebuilt.
	files, _ := filepath.Glob(filepath.Join(cache, "foothold", "*.fst"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	if err := os.WriteFile(files[0], []byte("FHSUPPRT garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run(nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "built now") {
		t.Fatalf("damaged cache: exit %d, %s", code, out.String())
	}
}

// checkMainJobPath checks the main job's motion c (read back from its
// file): the root rises at least 0.6 m on the 0.2 m flight (the landing is
// 0.8 m up), it ends standing on the 1.0 m box (x 8.6-9.6, z 0.3-1.3), and
// no capsule of the body goes into builtin:stepping in any frame beyond
// what the contact rules allow (the capsule oracle, InSceneDepth).
func checkMainJobPath(t *testing.T, c *motion.Clip) {
	t.Helper()
	n := c.Skeleton.NumJoints()
	low, flight := c.Trans[0][1], 0.0
	for f := range c.Frames() {
		if r := c.Trans[f*n]; r[0] < 4 {
			flight = math.Max(flight, r[1]-low)
		}
	}
	end := c.Trans[(c.Frames()-1)*n]
	if flight < 0.6 || end[0] < 8.6 || end[0] > 9.6 || end[2] < 0.3 || end[2] > 1.3 || end[1] < 1.8 {
		t.Errorf("the root rises %.2f m on the flight and ends at %.2v: want the flight climbed and the box reached", flight, end)
	}
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	m, err := planner.DefaultBody(lib, nil)
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := sceneload.Builtin("stepping")
	if err != nil {
		t.Fatal(err)
	}
	in := measureInScene(capsuleoracle.NewScene(mesh), m, c)
	t.Logf("the body: %.1f mm at its deepest (%s), %.2f%% of frames in the scene", in.DeepestM*1000, in.Part, in.Share*100)
	if in.Share > 0 || in.DeepestM > InSceneDepth {
		t.Errorf("the body goes %.1f mm into the scene (%s) in %.2f%% of frames", in.DeepestM*1000, in.Part, in.Share*100)
	}
}

// checkLegsSmooth measures the legs of motion c (read back from a file):
// no ankle or knee, relative to the root, moves more than bound (for a
// leg the adult's length; in proportion for others) further in a frame
// than in the frame before (legoracle.Snap), so no foot snaps onto its
// support and no knee flips to the other side of the leg. The main job's
// worst were 0.32 m (an ankle dropping onto the first stair at once, after
// a swing lifted over the next tread) and 1.0 m (a knee in the climb onto
// the box).
func checkLegsSmooth(t *testing.T, c *motion.Clip, bound float64) {
	t.Helper()
	worst, where, err := legoracle.Snap(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("legs: the largest second difference %.3f m (%s)", worst, where)
	if worst > bound {
		t.Errorf("%s moves %.3f m further in a frame than in the frame before (bound %.2f)", where, worst, bound)
	}
}

// planner run: a bad script names the file and line, exits 1, writes
// nothing.
func TestRunBadScript(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.yaml")
	os.WriteFile(script, []byte("start: {x: 1, z: 1}\nduration: 5\ninputs:\n  - {at: 0, speed: fast}\n"), 0o644)
	var out, errOut bytes.Buffer
	if code := run([]string{"run", "--input", script, "--out", filepath.Join(dir, "out")}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), script+":4:") {
		t.Fatalf("exit %d, %q", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Fatal("wrote an output folder")
	}
}
