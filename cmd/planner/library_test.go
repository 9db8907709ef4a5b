package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/sceneload"
	"github.com/go-gl/mathgl/mgl64"
)

// scaledWalk is libraryWalk for a character size times the adult's: its
// speeds grown by size, and its start too, on the hall's floor east of the
// flights (x 3.35 at the adult's size) rather than on the strip by the west
// wall. From the strip the only way on is up the flights, whose risers
// (0.37 m at the robot's size) its walking steps do not reach: the docks'
// search window is the adult's. It used to walk from there with its feet
// in the gaps beside the 0.2 m flight, whose floor is no support for a
// foot of its size (supportbuild.FootStance).
func scaledWalk(size float64) string {
	r := strings.NewReplacer("x: 0.25, z: 1.5", fmt.Sprintf("x: %.3f, z: %.3f", 3.35*size, 1.5*size), "speed: 1.2", fmt.Sprintf("speed: %.3f", 1.2*size))
	return r.Replace(libraryWalk)
}

// libraryWalk is the main job's kind of walk for a user's library on
// builtin:stepping: set off east along the hall, turn north, turn back
// west, and stop.
const libraryWalk = `scene: builtin:stepping
start: {x: 0.25, z: 1.5, yaw_deg: 90, state: idle}
duration: 15
inputs:
  - {at: 0, heading_deg: 90, speed: 1.2}
  - {at: 5.0, heading_deg: 0, speed: 1.2}
  - {at: 9.0, heading_deg: 180, speed: 1.2}
  - {at: 12, speed: 0}
`

// TestLibraryBuildAndRun builds a library from each shared source with
// planner library, plans the walk above with planner run --library, and
// checks the motion written to motion.bvh (read back from the file): the
// graph closed, the walk goes somewhere, walks, turns and stops, every
// dock within 1 cm of its support, no docked foot sliding more than 1 cm
// (the ankle or, for a foot rolling over its ball, the toe in the BVH over
// each dock's interval), no jump of the hips
// over 5 cm between frames, no knee or ankle moving 0.25 m further in a
// frame than in the one before, and a glb the Khronos validator accepts.
func TestLibraryBuildAndRun(t *testing.T) {
	if tier.Short() {
		t.Skip("builds four libraries and plans with each (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	// Every library meets 1 cm of sliding (feet held across a transition
	// too) and 5 cm of root jump. The four-metre robot walks at its own
	// scale (see checkLibraryWalk).
	//
	// The legs move as smoothly as the main job's (checkLegsSmooth, 0.25
	// m): no foot jumps onto or off a support, no knee flips (the robot's
	// and mannequiny's knees bent backwards while a foot was lifted behind
	// them, and flipped back forwards: 0.43 and 0.66 m).
	const slideBound, jumpBound = 0.01, 0.05 // [Units: m]
	for _, tc := range []struct {
		name, from, clips string
	}{
		{"mesh2motion", "characters/mesh2motion-mannequin.glb", "#(Idle_Loop|Walk_Loop|Walk_Formal_Loop)$"},
		{"mannequiny", "characters/mannequiny-0.3.0.glb", "#(idle|walk)$"},
		{"robot", "characters/robot-expressive.glb", "#(Idle|Walking)$"},
		{"cmu16", "mocap/asf-amc", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			libFile := filepath.Join(dir, "lib.yaml")
			args := []string{"--from", shareddata.Path(t, tc.from), "--png", filepath.Join(dir, "strips")}
			if tc.clips != "" {
				args = append(args, "--clips", tc.clips)
			}
			rep, lib := buildLibrary(t, libFile, args...)
			if len(rep.PNGs) != len(lib.Actions) {
				t.Errorf("%d strips for %d actions", len(rep.PNGs), len(lib.Actions))
			}
			t.Logf("%d actions %v, %d transitions, pose error at a transition %.3f m, blends bridge %.3f m", rep.Actions, rep.Tags, rep.Transitions, rep.MaxPoseError, rep.MaxBlendError)
			sum := checkLibraryWalk(t, dir, libFile, lib, rep.Size)
			slide, seam, jump := motionFile(t, filepath.Join(dir, "run", "motion.bvh"), sum, lib)
			t.Logf("docked feet slide %.3f m at most, %.3f m where a foot is held across a transition; the root's largest jump %.3f m", slide, seam, jump)
			if slide > slideBound || seam > slideBound || jump > jumpBound {
				t.Errorf("a docked foot slides %.3f m, %.3f m across a transition (bound %.3f), the root jumps %.3f m (bound %.2f)", slide, seam, slideBound, jump, jumpBound)
			}
			checkLegsSmooth(t, readMotion(t, filepath.Join(dir, "run", "motion.bvh")), 0.25)
			if tc.name == "mesh2motion" {
				libraryCrowd(t, libFile, rep)
			}
			if tc.name == "mannequiny" || tc.name == "cmu16" {
				walkWithTheBody(t, dir, libFile)
			}
		})
	}
}

// libraryCrowd runs a crowd of the library's character: two groups of
// three crossing, with the occupancy spaces planner library wrote beside
// the library (read from that file, not built again). Every character
// arrives within 30 s and no two bodies meet.
func libraryCrowd(t *testing.T, libFile string, rep libraryJSON) {
	if want := strings.TrimSuffix(libFile, ".yaml") + ".fos"; rep.Spaces != want {
		t.Fatalf("planner library wrote the spaces to %q, want %q", rep.Spaces, want)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"crowd", "--library", libFile, "--scenario", "crossing", "--agents", "3", "--seconds", "30", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("planner crowd --library: exit %d: %s", code, errOut.String())
	}
	var s crowdSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	gap := "none within 2.5 m"
	if s.Deepest != nil {
		gap = fmt.Sprintf("%.3f m", -*s.Deepest)
	}
	t.Logf("crowd of the library's character: %d of %d arrived (last at %.1f s), smallest gap %s, spaces from %s", s.Arrived, s.Agents, s.LastArrive, gap, s.Spaces)
	if s.Spaces != rep.Spaces || s.Library != libFile || s.Arrived != s.Agents || s.Overlaps != 0 {
		t.Errorf("%+v", s)
	}
}

// checkLibraryWalk plans libraryWalk with a library, the docks alone
// (--no-body: walkWithTheBody plans with the body), and checks it walks,
// turns and stops, never stuck, every dock on its support. A character of
// another size (size, its legs over the adult's, more than 1.5 or less
// than 1/1.5) walks at its own scale: the scene, the start and the speeds
// grown by size (a four-metre robot's slowest step is 3.3 m/s, and the
// hall is as wide as it is tall).
func checkLibraryWalk(t *testing.T, dir, libFile string, lib *action.Library, size float64) runSummary {
	input := filepath.Join(dir, "walk.yaml")
	walk, args := libraryWalk, []string{"run", "--input", input, "--library", libFile, "--no-body", "--out", filepath.Join(dir, "run"), "--json"}
	if size > 1.5 || size < 1/1.5 {
		walk = scaledWalk(size)
		args = append(args, "--scene", "builtin:stepping", "--scale", fmt.Sprint(size))
	}
	if err := os.WriteFile(input, []byte(walk), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := runJSON(t, args...)
	t.Logf("%d actions, %.1f m, stuck %d frames, largest dock error %.2g m: %s", len(sum.Actions), sum.DistanceM, sum.Stuck, sum.MaxDockErrorM, strings.Join(sum.Actions, " "))
	if sum.MaxDockErrorM > 0.01 || sum.Unreached > 0 {
		t.Errorf("dock error %.3f m, %d unreached", sum.MaxDockErrorM, sum.Unreached)
	}
	if sum.DistanceM < 3*size || sum.Stuck > 0 {
		t.Errorf("went %.1f m, stuck %d frames", sum.DistanceM, sum.Stuck)
	}
	full := lib
	var walked, turned, stopped bool
	for _, name := range sum.Actions {
		tags := full.Get(name).Tags
		walked = walked || slices.Contains(tags, "walk")
		turned = turned || slices.Contains(tags, "turn-left") || slices.Contains(tags, "turn-right")
		stopped = stopped || slices.Contains(tags, "stop")
	}
	if !walked || !turned || !stopped {
		t.Errorf("walked %v, turned %v, stopped %v", walked, turned, stopped)
	}
	shareddata.ValidateGLTF(t, filepath.Join(dir, "run", "motion.glb"))
	return sum
}

// readMotion reads a motion file planner run wrote.
func readMotion(t *testing.T, path string) *motion.Clip {
	t.Helper()
	c, err := motionfile.LoadBVH(path, motion.BVHOptions{Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// runJSON runs planner with args (a run with --json) and reads its
// summary.
func runJSON(t *testing.T, args ...string) runSummary {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("planner %s: exit %d: %s", args[0], code, errOut.String())
	}
	var sum runSummary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	return sum
}

// motionFile reads the written BVH and measures the feet during every dock
// of every step (from the dock's first frame to the last before the next
// step: slide) and at the frame the next step starts, when the dock runs
// on into it (seam), and the root's jumps (second differences of its
// position between frames).
func motionFile(t *testing.T, path string, sum runSummary, full *action.Library) (slide, seam, jump float64) {
	c := readMotion(t, path)
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	fps := 1 / c.FrameTime
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	tip := map[int]int{}
	for _, e := range eff.All() {
		tip[e.Joint] = e.Tip
	}
	worst, worstSeam := "", ""
	for k, name := range sum.Actions {
		a := full.Get(name)
		for _, d := range a.Docks {
			j := c.Skeleton.Index(d.Effector)
			if j < 0 {
				t.Fatalf("no joint %q in %s", d.Effector, path)
			}
			f0 := int(math.Ceil((sum.StepStarts[k] + d.Start) * fps))
			f1 := min(int(math.Floor((sum.StepStarts[k]+d.End)*fps)), c.Frames()-1)
			next := c.Frames()
			if k+1 < len(sum.StepStarts) {
				next = int(math.Round(sum.StepStarts[k+1] * fps))
			}
			// A foot rolling over its ball keeps the ball still while
			// the ankle rises: the stiller of joint and tip counts.
			var in, across [2]float64
			for p, jj := range [2]int{j, tip[j]} {
				for f := f0; f <= f1; f++ {
					d := pos[f*n+jj].Sub(pos[f0*n+jj]).Len()
					if f < next {
						in[p] = max(in[p], d)
					} else {
						across[p] = max(across[p], d)
					}
				}
			}
			if m := min(in[0], in[1]); m > slide {
				slide, worst = m, fmt.Sprintf("%s's %s dock at %.2f-%.2f s", name, d.Effector, d.Start, d.End)
			}
			if m := min(across[0], across[1]); m > seam {
				seam, worstSeam = m, fmt.Sprintf("%s's %s dock at %.2f-%.2f s, into %s", name, d.Effector, d.Start, d.End, sum.Actions[min(k+1, len(sum.Actions)-1)])
			}
		}
	}
	t.Logf("the largest slide in %s; across a transition in %s", worst, worstSeam)
	at := 0
	for f := 1; f+1 < c.Frames(); f++ {
		if d := pos[(f+1)*n].Sub(pos[f*n].Mul(2)).Add(pos[(f-1)*n]).Len(); d > jump {
			jump, at = d, f
		}
	}
	step := 0
	for k, s := range sum.StepStarts {
		if float64(at)*c.FrameTime >= s-1e-9 {
			step = k
		}
	}
	if len(sum.Actions) > 0 {
		t.Logf("the root's largest jump at %.3f s, in %s (step %d, from %.3f s)", float64(at)*c.FrameTime, sum.Actions[step], step, sum.StepStarts[step])
	}
	return slide, seam, jump
}

// Bad input to planner library: a clear error, exit status 1 and no file.
func TestLibraryBadInput(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.glb")
	if err := os.WriteFile(broken, []byte("glTF\x02\x00\x00\x00\xff\xff\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "lib.yaml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", filepath.Join(dir, "missing")}, "no such file"},
		{[]string{"--from", empty}, "no captures"},
		{[]string{"--from", broken}, "broken.glb"},
		{[]string{"--from", empty, "--clips", "("}, "--clips"},
		{[]string{"--from", empty, "--max-pose-error", "-1"}, "want --from"},
		{[]string{"--out", out}, "want --from"},
	} {
		args := append([]string{"library"}, tc.args...)
		if !slices.Contains(tc.args, "--out") {
			args = append(args, "--out", out)
		}
		var o, e bytes.Buffer
		if code := run(args, &o, &e); code != 1 || !strings.Contains(e.String(), tc.want) {
			t.Errorf("%v: exit %d, %q (want %q)", tc.args, code, e.String(), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: wrote %s", tc.args, out)
		}
	}
}

// planner walks with a library whose feet dock with a grown template (the
// robot's foot@1.85) starts its walks on that template's open floor.
func TestLibraryWalksWithAScaledFoot(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library and support data for its foot (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "robot.yaml")
	var out, errOut bytes.Buffer
	if code := run([]string{"library", "--from", shareddata.Path(t, "characters/robot-expressive.glb"), "--clips", "#(Idle|Walking)$", "--out", lib}, &out, &errOut); code != 0 {
		t.Fatalf("planner library: exit %d: %s", code, errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"walks", "--library", lib, "--starts", "1", "--seconds", "2", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("planner walks: exit %d: %s", code, errOut.String())
	}
	var sum struct {
		Walks []struct{ Actions int } `json:"walks"`
	}
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil || len(sum.Walks) != 1 || sum.Walks[0].Actions == 0 {
		t.Errorf("walks: %v, %s", err, out.String())
	}
}

// planner library --retarget on every shared capture, BVH and Acclaim
// together: CMU's BVH conversions and subjects 3 and 14 are moved onto
// subject 16's Acclaim skeleton (none skipped), the actions cover walks,
// runs, jumps, turns both ways, steps up and down, starts and stops, the
// graph is closed, and the library plans the walk above with every dock
// within 1 cm, never stuck, no docked foot sliding over 1 cm (held across
// transitions too) and no root jump over 5 cm.
func TestLibraryFromAllCaptures(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library of every shared capture and plans with it (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	dir := t.TempDir()
	libFile := filepath.Join(dir, "lib.yaml")
	rep, lib := buildLibrary(t, libFile, "--from", shareddata.Path(t, "mocap"), "--retarget")
	for _, s := range rep.Sources {
		bvh := strings.HasSuffix(s.Name, ".bvh")
		if s.Skipped != "" || (bvh && s.Retargeted == "") || s.Actions == 0 {
			t.Errorf("%s: %+v", s.Name, s)
		}
	}
	for _, tag := range []string{"walk", "run", "jump", "turn-left", "turn-right", "step-up", "step-down", "start", "stop", "idle"} {
		if rep.Tags[tag] == 0 {
			t.Errorf("no action tagged %s: %v", tag, rep.Tags)
		}
	}
	t.Logf("%d sources, %d actions, %d transitions, pose error at a transition %.3f m", len(rep.Sources), rep.Actions, rep.Transitions, rep.MaxPoseError)
	checkTurnAndRiseTags(t, lib)
	sum := checkLibraryWalk(t, dir, libFile, lib, 1)
	slide, seam, jump := motionFile(t, filepath.Join(dir, "run", "motion.bvh"), sum, lib)
	t.Logf("docked feet slide %.3f m at most, %.3f m where a foot is held across a transition; the root's largest jump %.3f m", slide, seam, jump)
	if slide > 0.01 || seam > 0.01 || jump > 0.05 {
		t.Errorf("a docked foot slides %.3f m, %.3f m across a transition (bound 0.01), the root jumps %.3f m (bound 0.05)", slide, seam, jump)
	}
	walked := readMotion(t, filepath.Join(dir, "run", "motion.bvh"))
	checkLegsSmooth(t, walked, 0.25)
	// Up the 0.2 m flight, not along the 0.2 m gaps beside it, whose floor
	// no foot stands on (supportbuild.Narrow).
	deepest, where := bodyIntrusion(t, walked)
	rise := rootRise(walked)
	t.Logf("the root up to %.2f m; the body (not checked: the docks alone) at most %.3f m into the scene (%s)", rise, deepest, where)
	if rise < 0.6 {
		t.Errorf("the root rises %.2f m: want the 0.2 m flight climbed (0.6 m at least)", rise)
	}
	climbStairs(t, dir, libFile, lib)
	climbWithTheBody(t, dir, libFile)
}

// rootRise is how far clip c's root goes above where it starts.
func rootRise(c *motion.Clip) float64 {
	n := c.Skeleton.NumJoints()
	rise := 0.0
	for f := range c.Frames() {
		rise = max(rise, c.Trans[f*n][1]-c.Trans[0][1])
	}
	return rise
}

// climbWithTheBody plans libraryWalk's inputs with the body checked
// (--body), from the 0.10 m flight's foot instead of the narrow strip
// before the 0.20 m flight, where the standing body does not fit: the
// library climbs the flight (the root at least 0.5 m up) and never stands
// with no choice (a step whose only ways on all touch the scene once
// warped needs a stop of its own), and an oracle that poses the written
// motion's capsules at every frame finds none in the scene beyond the
// contact rules' sink.
func climbWithTheBody(t *testing.T, dir, libFile string) {
	t.Helper()
	w := runWithTheBody(t, dir, libFile)
	if w.sum.Body == nil {
		t.Fatal("planner run --body gave no body summary")
	}
	t.Logf("with the body: %d actions, %.1f m, the root up to %.2f m, stuck %d frames, %d choices refused; deepest %.4f m (%s): %s", len(w.sum.Actions), w.sum.DistanceM, w.rise, w.sum.Stuck, w.sum.Body.Refused, w.deepest, w.where, strings.Join(w.sum.Actions, " "))
	if w.rise < 0.5 || w.sum.Stuck > 0 || w.deepest > 5e-4 || w.sum.MaxDockErrorM > 0.01 {
		t.Errorf("with the body: the root %.2f m up (want at least 0.5), stuck %d frames, deepest %.4f m into the scene, dock error %.3f m", w.rise, w.sum.Stuck, w.deepest, w.sum.MaxDockErrorM)
	}
}

// bodyWalk is what runWithTheBody found of a walk with the body.
type bodyWalk struct {
	sum     runSummary
	rise    float64 // how far the root went up [Units: m]
	deepest float64 // the capsule oracle's deepest intrusion [Units: m]
	where   string
}

// runWithTheBody plans libraryWalk's inputs with the library in libFile
// and the body checked (--body), from the 0.10 m flight's foot, and reads
// the written motion back: its root's rise and the capsule oracle's
// deepest intrusion.
func runWithTheBody(t *testing.T, dir, libFile string) bodyWalk {
	t.Helper()
	input := filepath.Join(dir, "body.yaml")
	walk := strings.Replace(libraryWalk, "x: 0.25, z: 1.5", "x: 0.3, z: 0.5", 1)
	if err := os.WriteFile(input, []byte(walk), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "body")
	w := bodyWalk{sum: runJSON(t, "run", "--input", input, "--library", libFile, "--body", "--out", out, "--json")}
	c := readMotion(t, filepath.Join(out, "motion.bvh"))
	w.rise = rootRise(c)
	w.deepest, w.where = bodyIntrusion(t, c)
	return w
}

// walkWithTheBody plans libraryWalk's inputs with the body checked from
// the 0.10 m flight's foot: the character walks up the flight (the root
// at least 0.4 m up, the flight's fourth step) and on at least 3 m, and
// the capsule oracle finds no capsule in the scene beyond the contact
// rules' sink. Mannequiny's feet have no toes (the foot bone ends at the
// ball): they must clear the risers' edges by the foot's radius. The CMU
// walks land a foot in front of the next riser with the toes reaching
// over it: they must be lifted over it, not through it.
func walkWithTheBody(t *testing.T, dir, libFile string) {
	t.Helper()
	w := runWithTheBody(t, dir, libFile)
	t.Logf("with the body: %d actions, %.1f m, the root up to %.2f m, stuck %d frames; deepest %.4f m (%s): %s", len(w.sum.Actions), w.sum.DistanceM, w.rise, w.sum.Stuck, w.deepest, w.where, strings.Join(w.sum.Actions, " "))
	if w.rise < 0.4 || w.sum.DistanceM < 3 || w.deepest > 5e-4 {
		t.Errorf("with the body: %.1f m, the root %.2f m up (want 3 m and 0.4 m), deepest %.4f m into the scene", w.sum.DistanceM, w.rise, w.deepest)
	}
}

// bodyIntrusion poses clip c's body (derived from its own skeleton, at
// its size) at every frame against builtin:stepping with the capsule
// oracle and returns the deepest intrusion beyond the contact rules' sink
// (2 cm into ground faces for the legs and hands, into any face for feet
// and hands) and where it was.
func bodyIntrusion(t *testing.T, c *motion.Clip) (float64, string) {
	t.Helper()
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	m, err := body.DeriveSized(c.Skeleton, eff)
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sc := capsuleoracle.NewScene(mesh)
	n := c.Skeleton.NumJoints()
	trans, pos := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	rot, world := make([]mgl64.Quat, n), make([]mgl64.Quat, n)
	deepest, where := math.Inf(-1), ""
	for f := range c.Frames() {
		c.Sample(float64(f)*c.FrameTime, trans, rot)
		c.Skeleton.FK(trans, rot, pos, world)
		if in := sc.Intrude(m, pos, world, 0.02); in.Depth > deepest {
			deepest, where = in.Depth, fmt.Sprintf("frame %d", f)
			if in.Capsule >= 0 {
				where = fmt.Sprintf("the %v at frame %d", m.Capsules[in.Capsule].Part, f)
			}
		}
	}
	return deepest, where
}

// checkTurnAndRiseTags holds every action's turn and step tags to its own
// root delta, as read from the file: a step up rises, a step down falls, a
// turn left turns left (positive yaw), a turn right right.
func checkTurnAndRiseTags(t *testing.T, lib *action.Library) {
	t.Helper()
	bad := 0
	for _, a := range lib.Actions {
		rise, yaw := a.Delta.Translation[1], a.Delta.Yaw
		for tag, ok := range map[string]bool{"step-up": rise > 0, "step-down": rise < 0, "turn-left": yaw > 0, "turn-right": yaw < 0} {
			if slices.Contains(a.Tags, tag) && !ok {
				if bad++; bad <= 5 {
					t.Errorf("%s is tagged %s, but its root rises %.3f m and turns %.0f°", a.Name, tag, rise, yaw*180/math.Pi)
				}
			}
		}
	}
}

// climbStairs walks a library up stairs that fill the whole way (six
// risers of 0.15 m, treads of 0.3 m, to a landing 0.9 m up): with no way
// round, its walking steps climb them, every foot on a tread. The root
// must end at least 0.85 m above where it started, the feet and root
// within the bounds of the walk above.
func climbStairs(t *testing.T, dir, libFile string, lib *action.Library) {
	t.Helper()
	const riser, steps = 0.15, 6
	var obj strings.Builder
	box := func(x0, y0, x1, y1 float64) {
		n := strings.Count(obj.String(), "v ")
		for _, x := range []float64{x0, x1} {
			for _, y := range []float64{y0, y1} {
				for _, z := range []float64{0, 4} {
					fmt.Fprintf(&obj, "v %g %g %g\n", x, y, z)
				}
			}
		}
		at := func(i, j, k int) int { return n + i*4 + j*2 + k + 1 }
		for _, q := range [][4]int{
			{at(0, 1, 0), at(0, 1, 1), at(1, 1, 1), at(1, 1, 0)}, {at(0, 0, 0), at(1, 0, 0), at(1, 0, 1), at(0, 0, 1)},
			{at(0, 0, 0), at(0, 0, 1), at(0, 1, 1), at(0, 1, 0)}, {at(1, 0, 0), at(1, 1, 0), at(1, 1, 1), at(1, 0, 1)},
			{at(0, 0, 0), at(0, 1, 0), at(1, 1, 0), at(1, 0, 0)}, {at(0, 0, 1), at(1, 0, 1), at(1, 1, 1), at(0, 1, 1)},
		} {
			fmt.Fprintf(&obj, "f %d %d %d %d\n", q[0], q[1], q[2], q[3])
		}
	}
	box(0, -0.2, 3, 0)
	for k := range steps {
		box(3+0.3*float64(k), 0, 3.3+0.3*float64(k), riser*float64(k+1))
	}
	box(3+0.3*steps, 0, 6+0.3*steps, riser*steps)
	scene, input := filepath.Join(dir, "stairs.obj"), filepath.Join(dir, "stairs.yaml")
	script := "start: {x: 1.0, z: 2.0, yaw_deg: 90, state: idle}\nduration: 10\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.0}\n"
	if err := os.WriteFile(scene, []byte(obj.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := runJSON(t, "run", "--scene", scene, "--input", input, "--library", libFile, "--out", filepath.Join(dir, "stairs"), "--json")
	path := filepath.Join(dir, "stairs", "motion.bvh")
	c := readMotion(t, path)
	n := c.Skeleton.NumJoints()
	rise := c.Trans[(c.Frames()-1)*n][1] - c.Trans[0][1]
	slide, seam, jump := motionFile(t, path, sum, lib)
	t.Logf("up the stairs: %d actions, %.1f m, the root %.2f m up; docks within %.2g m, stuck %d frames; feet slide %.3f m, %.3f m across a transition; the root's largest jump %.3f m", len(sum.Actions), sum.DistanceM, rise, sum.MaxDockErrorM, sum.Stuck, slide, seam, jump)
	if rise < riser*steps-0.05 || sum.MaxDockErrorM > 0.01 || sum.Unreached > 0 || sum.Stuck > 0 || slide > 0.01 || seam > 0.01 || jump > 0.05 {
		t.Errorf("up the stairs: the root %.2f m up (want %.2f), dock error %.3f m, %d unreached, stuck %d frames, slide %.3f m, %.3f m across, root jump %.3f m", rise, riser*steps, sum.MaxDockErrorM, sum.Unreached, sum.Stuck, slide, seam, jump)
	}
}

// buildLibrary runs planner library with args into libFile (with --json),
// reads the library back and checks its graph is closed: every action has
// a successor.
func buildLibrary(t *testing.T, libFile string, args ...string) (libraryJSON, *action.Library) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"library", "--out", libFile, "--json"}, args...), &out, &errOut); code != 0 {
		t.Fatalf("planner library: exit %d: %s", code, errOut.String())
	}
	var rep libraryJSON
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	lib, g, err := librarybuild.LoadLibrary(libFile)
	if err != nil {
		t.Fatal(err)
	}
	for s := range lib.Actions {
		if len(g.Next(int32(s))) == 0 {
			t.Errorf("%s has no successor", lib.Actions[s].Name)
		}
	}
	return rep, lib
}

// planner library adds turns on the spot to captures that have none:
// mesh2motion's idle and walks have none, so with --no-pivots its
// character standing 0.4 m from builtin:stepping's south wall, facing it,
// and asked to walk away north, takes one step to the wall and stands
// there; by default (and with --pivots) it turns round and walks away,
// with the body checked as well.
func TestPivotsTurnAwayFromAWall(t *testing.T) {
	if tier.Short() {
		t.Skip("builds two libraries (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "wall.yaml")
	script := "scene: builtin:stepping\nstart: {x: 3.8, z: 3.5, yaw_deg: 0, state: idle}\nduration: 8\ninputs:\n  - {at: 0, heading_deg: 180, speed: 1.2}\n"
	if err := os.WriteFile(input, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, flag := range []string{"--no-pivots", "--pivots", ""} {
		pivots := flag != "--no-pivots"
		libFile := filepath.Join(dir, fmt.Sprintf("lib-%d.yaml", k))
		args := []string{"--from", shareddata.Path(t, "characters/mesh2motion-mannequin.glb"), "--clips", "#(Idle_Loop|Walk_Loop|Walk_Formal_Loop)$", "--spaces=false"}
		if flag != "" {
			args = append(args, flag)
		}
		rep, _ := buildLibrary(t, libFile, args...)
		if got := rep.Tags["pivot"]; (got == len(librarybuild.PivotDegs)) != pivots {
			t.Errorf("pivots %v: %d actions tagged pivot", pivots, got)
		}
		for _, body := range []bool{false, true} {
			args := []string{"run", "--input", input, "--library", libFile, "--out", filepath.Join(dir, "run"), "--json"}
			if !body {
				args = append(args, "--no-body")
			}
			sum := runJSON(t, args...)
			turned := slices.ContainsFunc(sum.Actions, func(a string) bool { return strings.HasPrefix(a, "pivot") })
			t.Logf("pivots %v, body %v: %.2f m, %v", pivots, body, sum.DistanceM, sum.Actions)
			if away := sum.DistanceM > 2; away != pivots || turned != pivots {
				t.Errorf("pivots %v, body %v: went %.2f m, turned on the spot %v", pivots, body, sum.DistanceM, turned)
			}
		}
	}
}
