package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// The tests build libfoothold both ways, then compile and run the C tests,
// the examples in C, C# and Python, the random-argument soak and the
// overhead benchmark against it. Without a C compiler, mono or python3
// they skip, unless FOOTHOLD_ABI_REQUIRE=1 (as in CI) makes that a failure.

var built struct {
	once             sync.Once
	dir, so, archive string
	err              error
}

// buildLibrary builds libfoothold.so and libfoothold.a once per test run.
func buildLibrary(tb testing.TB) (dir, so, archive string) {
	tb.Helper()
	need(tb, "gcc")
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "libfoothold"); built.err != nil {
			return
		}
		built.so, built.archive = filepath.Join(built.dir, "libfoothold.so"), filepath.Join(built.dir, "libfoothold.a")
		for _, b := range [][2]string{{"c-shared", built.so}, {"c-archive", built.archive}} {
			if out, err := exec.Command("go", "build", "-buildmode="+b[0], "-o", b[1], ".").CombinedOutput(); err != nil {
				built.err = fmt.Errorf("go build -buildmode=%s: %v\n%s", b[0], err, out)
				return
			}
		}
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.dir, built.so, built.archive
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// need skips (or, with FOOTHOLD_ABI_REQUIRE=1, fails) without a tool.
func need(tb testing.TB, tool string) {
	tb.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("FOOTHOLD_ABI_REQUIRE") == "1" {
			tb.Fatalf("%s not found: the C ABI's programs cannot be built", tool)
		}
		tb.Skipf("%s not found; skipping (FOOTHOLD_ABI_REQUIRE=1 makes this a failure)", tool)
	}
}

// compile builds C sources into an executable linked with the shared
// library (archive false) or the static one.
func compile(tb testing.TB, out string, archive bool, srcs ...string) string {
	tb.Helper()
	dir, _, a := buildLibrary(tb)
	args := append([]string{"-O2", "-Wall", "-Werror", "-std=c11", "-D_GNU_SOURCE", "-I.", "-o", out}, srcs...)
	if archive {
		args = append(args, a, "-lpthread", "-lm")
	} else {
		args = append(args, "-L"+dir, "-Wl,-rpath,"+dir, "-lfoothold", "-lpthread", "-lm")
	}
	if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		tb.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return out
}

// run runs a program with GOMAXPROCS procs and returns its output.
func run(tb testing.TB, procs int, name string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(name, args...)
	dir, _, _ := buildLibrary(tb)
	cmd.Env = append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", procs), "LD_LIBRARY_PATH="+dir, "MONO_PATH="+dir)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		tb.Fatalf("%s %s (GOMAXPROCS=%d): %v\n%s%s", name, strings.Join(args, " "), procs, err, out.String(), errs.String())
	}
	if s := errs.String(); s != "" {
		tb.Logf("%s: %s", filepath.Base(name), strings.TrimSpace(s))
	}
	return out.String()
}

var mainJob struct {
	once      sync.Once
	hash, bvh string
	err       error
}

// theMainJob runs `go run ./cmd/planner` (the main job) once and returns
// its motion hash and the BVH it wrote: the oracle of every program here.
func theMainJob(tb testing.TB) (hash, bvh string) {
	tb.Helper()
	mainJob.once.Do(func() {
		dir, err := os.MkdirTemp("", "mainjob")
		if err != nil {
			mainJob.err = err
			return
		}
		cmd := exec.Command("go", "run", "./cmd/planner", "--json", "--out", dir)
		cmd.Dir = ".."
		out, err := cmd.Output()
		if err != nil {
			mainJob.err = fmt.Errorf("the main job: %v", err)
			return
		}
		var sum struct {
			Hash string `json:"motion_hash"`
		}
		if err := json.Unmarshal(out, &sum); err != nil || len(sum.Hash) != 16 {
			mainJob.err = fmt.Errorf("the main job's summary (%v): %s", err, out)
			return
		}
		mainJob.hash, mainJob.bvh = sum.Hash, filepath.Join(dir, "motion.bvh")
	})
	if mainJob.err != nil {
		tb.Fatal(mainJob.err)
	}
	return mainJob.hash, mainJob.bvh
}

// TestExamples runs the three programs of examples/ (C, C# with P/Invoke,
// Python with ctypes) at GOMAXPROCS 1 and 2: each prints the main job's
// motion hash, and the C one writes the main job's BVH, byte for byte.
func TestExamples(t *testing.T) {
	hash, bvh := theMainJob(t)
	want := "motion hash " + hash
	tmp := t.TempDir()
	dir, so, _ := buildLibrary(t)
	walkSO := compile(t, filepath.Join(tmp, "walk"), false, "examples/walk.c")
	walkA := compile(t, filepath.Join(tmp, "walk-static"), true, "examples/walk.c")
	mainBVH, err := os.ReadFile(bvh)
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		for _, prog := range []string{walkSO, walkA} {
			out := filepath.Join(tmp, fmt.Sprintf("%s-%d.bvh", filepath.Base(prog), procs))
			if got := run(t, procs, prog, out); !strings.Contains(got, want) {
				t.Errorf("%s (GOMAXPROCS=%d): %q, want %q", filepath.Base(prog), procs, got, want)
			}
			if b, err := os.ReadFile(out); err != nil || !bytes.Equal(b, mainBVH) {
				t.Errorf("%s (GOMAXPROCS=%d): %s is not the main job's motion.bvh (%v)", filepath.Base(prog), procs, out, err)
			}
		}
	}
	t.Run("python", func(t *testing.T) {
		need(t, "python3")
		for _, procs := range []int{1, 2} {
			if got := run(t, procs, "python3", "examples/walk.py", so); !strings.Contains(got, want) {
				t.Errorf("walk.py (GOMAXPROCS=%d): %q, want %q", procs, got, want)
			}
		}
	})
	t.Run("csharp", func(t *testing.T) {
		need(t, "mcs")
		need(t, "mono")
		exe := filepath.Join(dir, "walk.exe")
		if b, err := exec.Command("mcs", "-warnaserror", "-out:"+exe, "examples/Walk.cs").CombinedOutput(); err != nil {
			t.Fatalf("mcs: %v\n%s", err, b)
		}
		for _, procs := range []int{1, 2} {
			if got := run(t, procs, "mono", exe); !strings.Contains(got, want) {
				t.Errorf("Walk.cs (GOMAXPROCS=%d): %q, want %q", procs, got, want)
			}
		}
	})
}

// TestEveryCall runs tests/abi_test.c, linked both ways, at GOMAXPROCS 1
// and 2: every function of foothold.h and its misuse, against what the Go
// packages say of the same library, walk and crowd (expect.txt).
func TestEveryCall(t *testing.T) {
	expect := writeExpect(t)
	tmp := t.TempDir()
	for _, archive := range []bool{false, true} {
		prog := compile(t, filepath.Join(tmp, fmt.Sprintf("abi_test-%v", archive)), archive, "tests/abi_test.c")
		for _, procs := range []int{1, 2} {
			out := run(t, procs, prog, expect)
			if !strings.Contains(out, ", 0 failed") {
				t.Errorf("abi_test (static %v, GOMAXPROCS=%d): %s", archive, procs, out)
			}
			t.Logf("static %v, GOMAXPROCS=%d: %s", archive, procs, strings.TrimSpace(out))
		}
	}
}

var raceBuilt struct {
	once    sync.Once
	archive string
	err     error
}

// compileRace builds C sources into an executable linked with the library
// built with the race detector (as a static archive, linked without PIE,
// where ThreadSanitizer finds its memory).
func compileRace(tb testing.TB, out string, srcs ...string) string {
	tb.Helper()
	dir, _, _ := buildLibrary(tb)
	raceBuilt.once.Do(func() {
		raceBuilt.archive = filepath.Join(dir, "race", "libfoothold.a")
		b, err := exec.Command("go", "build", "-race", "-buildmode=c-archive", "-o", raceBuilt.archive, ".").CombinedOutput()
		if err != nil {
			raceBuilt.err = fmt.Errorf("go build -race -buildmode=c-archive: %v\n%s", err, b)
		}
	})
	if raceBuilt.err != nil {
		tb.Fatal(raceBuilt.err)
	}
	args := append([]string{"-O2", "-Wall", "-Werror", "-std=c11", "-D_GNU_SOURCE", "-I.", "-o", out}, srcs...)
	args = append(args, raceBuilt.archive, "-no-pie", "-lpthread", "-lm")
	if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		tb.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return out
}

// runRace runs a program built by compileRace, failing on any data race.
func runRace(tb testing.TB, name string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=2", "GORACE=halt_on_error=1 exitcode=66")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "DATA RACE") {
		tb.Fatalf("%s with the race detector: %v\n%s", filepath.Base(name), err, out)
	}
	return string(out)
}

// TestEveryCallRace runs tests/abi_test.c against the library built with
// the race detector: the registry, the per-handle exclusion and planners
// sharing one world, used from C threads at once (two walks on two
// threads, one character on two), race-free.
func TestEveryCallRace(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the race-detector build is left out")
	}
	expect := writeExpect(t)
	out := runRace(t, compileRace(t, filepath.Join(t.TempDir(), "abi_test-race"), "tests/abi_test.c"), expect)
	if !strings.Contains(out, ", 0 failed") {
		t.Fatalf("abi_test with the race detector:\n%s", out)
	}
	t.Log(lastLine(out))
}

// TestRandomCallsRace makes random calls on two threads at once, from the
// same handles (released, reused and used by both), against the library
// built with the race detector: no data race, no crash, no fault.
func TestRandomCallsRace(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the race-detector build is left out")
	}
	expect := writeExpect(t)
	out := runRace(t, compileRace(t, filepath.Join(t.TempDir(), "random_calls-race"), "tests/random_calls.c"), expect, "4000", "7", "2")
	if !strings.Contains(out, "4000 calls on 2 threads") || !strings.Contains(out, ", 0 failed") {
		t.Fatalf("random_calls with the race detector:\n%s", out)
	}
	t.Log(strings.TrimSpace(out))
}

// TestRandomCalls makes 10,000 calls with random arguments (handles live,
// released, forged and of other kinds; buffer lengths; NaNs and
// infinities; null pointers): every call returns a status with a message,
// none crashes, and a character walked between them still makes the main
// job's motion.
func TestRandomCalls(t *testing.T) {
	expect := writeExpect(t)
	prog := compile(t, filepath.Join(t.TempDir(), "random_calls"), false, "tests/random_calls.c")
	out := run(t, 2, prog, expect, "10000", "1")
	if !strings.Contains(out, "10000 calls") || !strings.Contains(out, ", 0 failed") {
		t.Errorf("random_calls: %s", out)
	}
	t.Log(strings.TrimSpace(out))
}

// BenchmarkOverhead runs tests/overhead.c once per iteration: the C ABI's
// fh_character_update beside the same update called from Go, per call
// (each run's medians over its rounds); the metrics are the medians over
// the runs.
func BenchmarkOverhead(b *testing.B) {
	prog := compile(b, filepath.Join(b.TempDir(), "overhead"), false, "tests/overhead.c")
	var c, g, over, null []float64
	for range b.N {
		out := run(b, 1, prog)
		var ci, gi, oi, ni float64
		if _, err := fmt.Sscanf(lastLine(out), "overhead c_ns=%g go_ns=%g overhead_ns=%g null_call_ns=%g", &ci, &gi, &oi, &ni); err != nil {
			b.Fatalf("overhead: %v: %s", err, out)
		}
		c, g, over, null = append(c, ci), append(g, gi), append(over, oi), append(null, ni)
		b.Log(lastLine(out))
	}
	b.ReportMetric(median(c), "C-ns/update")
	b.ReportMetric(median(g), "Go-ns/update")
	b.ReportMetric(median(over), "overhead-ns/update")
	b.ReportMetric(median(null), "ns/null-call")
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

var expectation struct {
	once sync.Once
	path string
	err  error
}

// writeExpect writes what the Go packages say of the built-in library, the
// main job's walk and a small crowd, for the C tests (tests/expect.h).
func writeExpect(tb testing.TB) string {
	tb.Helper()
	hash, bvh := theMainJob(tb)
	dir, _, _ := buildLibrary(tb)
	expectation.once.Do(func() {
		var b strings.Builder
		expectation.err = expectations(&b, hash, bvh, dir)
		expectation.path = filepath.Join(dir, "expect.txt")
		if expectation.err == nil {
			expectation.err = os.WriteFile(expectation.path, []byte(b.String()), 0o644)
		}
	})
	if expectation.err != nil {
		tb.Fatal(expectation.err)
	}
	return expectation.path
}

// The crowd the C tests run: two characters passing on the far floor of
// builtin:stepping, for crowdSteps steps of 1/30 s.
var crowdAgents = [][4]float64{{8.1, 1.8, 9.6, 1.8}, {9.6, 2.9, 8.1, 2.9}} // start x, z; goal x, z
const crowdSteps = 120

func expectations(b *strings.Builder, hash, bvh, dir string) error {
	fmt.Fprintf(b, "hash %s\nbvh %s\ntmp %s\n", hash, bvh, dir)
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "actions %d\n", len(lib.Actions))
	for i, a := range lib.Actions {
		fmt.Fprintf(b, "action %d %s\n", i, a.Name)
	}
	sk := lib.Actions[0].Clip.Skeleton
	fmt.Fprintf(b, "joints %d\n", sk.NumJoints())
	for j, n := range sk.Names {
		o := sk.Offsets[j]
		fmt.Fprintf(b, "joint %d %s %d %.17g %.17g %.17g\n", j, n, sk.Parents[j], o[0], o[1], o[2])
	}
	if err := libraryFile(b, dir); err != nil {
		return err
	}
	fst := filepath.Join(dir, "stepping.fst")
	cmd := exec.Command("go", "run", "./cmd/preprocess", "build", "--scene", "builtin:stepping", "--out", fst)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("preprocess build: %v\n%s", err, out)
	}
	fmt.Fprintf(b, "fst %s\n", fst)
	w, err := world.Load("builtin:stepping", lib, world.Options{Friction: dock.DefaultFriction})
	if err != nil {
		return err
	}
	model, err := planner.DefaultBody(lib, nil)
	if err != nil {
		return err
	}
	sw, _, err := bake.Sweeps(lib, model, ccd.Options{}, bake.Options{})
	if err != nil {
		return err
	}
	setup, err := planner.NewSetup(g, w.Querier, sw)
	if err != nil {
		return err
	}
	for _, tag := range []string{"hop", "climb"} {
		m, err := setup.Tags(tag)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%s %d\n", tag, uint64(m))
	}
	if err := walkFigures(b, setup, w, model); err != nil {
		return err
	}
	return crowdFigures(b, lib, g, w, model)
}

// libraryFile builds a library of cmu-walk.bvh with `planner library`
// when the shared data is there.
func libraryFile(b *strings.Builder, dir string) error {
	data, ok := shareddata.Dir()
	if !ok {
		fmt.Fprintf(b, "libfile - 0\n")
		return nil
	}
	file := filepath.Join(dir, "cmu-walk.yaml")
	cmd := exec.Command("go", "run", "./cmd/planner", "library", "--from", filepath.Join(data, "mocap", "cmu-walk.bvh"), "--out", file)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("planner library: %v\n%s", err, out)
	}
	lib, _, err := librarybuild.LoadLibrary(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "libfile %s %d\n", file, len(lib.Actions))
	return nil
}

// walkFigures runs the main job's walk on a planner and writes its report
// figures, its debug geometry's sizes and its body's first capsule at the
// end.
func walkFigures(b *strings.Builder, setup *planner.Setup, w *world.World, model *body.Model) error {
	s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "walk")
	if err != nil {
		return err
	}
	in, err := s.Resolve(setup)
	if err != nil {
		return err
	}
	start, err := s.Start(w.BVH)
	if err != nil {
		return err
	}
	steps := 0
	p, err := planner.New(setup, planner.Config{Start: start, State: s.State, Depth: 4, Work: planner.DefaultWork, OnStep: func(*planner.Step) { steps++ }})
	if err != nil {
		return err
	}
	const dt = 1.0 / 60
	for f := 1; f <= 18*60; f++ {
		p.Update(dt, in.At(float64(f)*dt))
	}
	st := p.Stats()
	fmt.Fprintf(b, "report %d %d %d %d %d %d\n", steps, st.Evaluated, st.Unsupported, st.Queries, p.Stuck(), p.Refused())
	var g planner.DebugGeometry
	p.Debug(&g, 0)
	nl, np := len(g.Lines), len(g.Points)
	p.Debug(&g, 100)
	fmt.Fprintf(b, "debug %d %d %d %d\n", nl, np, len(g.Lines), len(g.Points))
	pose := p.Pose()
	pos, rot := make([]mgl64.Vec3, len(pose.Trans)), make([]mgl64.Quat, len(pose.Trans))
	model.Skeleton.FK(pose.Trans, pose.Rot, pos, rot)
	a, c := model.Place(pos, rot, 0)
	fmt.Fprintf(b, "capsules %d\ncapsule0 %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", len(model.Capsules), a[0], a[1], a[2], c[0], c[1], c[2], model.Capsules[0].Radius)
	return nil
}

// crowdFigures runs crowdAgents as a crowd.Sim with occupancy-space claims
// and writes where each root is after crowdSteps steps.
func crowdFigures(b *strings.Builder, lib *action.Library, g *stategraph.Graph, w *world.World, model *body.Model) error {
	sw, _, err := bake.Sweeps(lib, model, ccd.Options{Margin: crowd.PlanMargin}, bake.Options{})
	if err != nil {
		return err
	}
	spaces, _, err := bake.Spaces(lib, sw, "", bake.Options{})
	if err != nil {
		return err
	}
	setup, err := planner.NewSetup(g, w.Querier, sw)
	if err != nil {
		return err
	}
	sc := crowd.Scenario{Name: "crowd", Mesh: w.Mesh, Walls: true}
	for _, a := range crowdAgents {
		y, err := script.Floor(w.BVH, a[0], math.NaN(), a[1])
		if err != nil {
			return err
		}
		yaw := math.Atan2(a[2]-a[0], a[3]-a[1])
		sc.Agents = append(sc.Agents, crowd.Agent{Start: action.Frame{Position: mgl64.Vec3{a[0], y, a[1]}, Yaw: yaw}, Goal: mgl64.Vec3{a[2], y, a[3]}})
	}
	sim, err := crowd.NewSim(setup, spaces, sc, crowd.SimOptions{Claims: crowd.SpaceClaims})
	if err != nil {
		return err
	}
	for range crowdSteps {
		sim.Step(1.0 / 30)
	}
	fmt.Fprintf(b, "crowd %d %d\n", len(sc.Agents), crowdSteps)
	for k, a := range sc.Agents {
		r := sim.Planner(k).Pose().Trans[0]
		fmt.Fprintf(b, "agent %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", k, a.Start.Position[0], a.Start.Position[2], a.Start.Yaw,
			a.Goal[0], a.Goal[2], r[0], r[1], r[2])
	}
	return nil
}

// TestLoops runs the short loops docs/cabi.md shows (examples/loop.c,
// loop.py, Loop.cs): the same walk, so the same root, in each language;
// and the page shows each file as it is, in under 30 lines.
func TestLoops(t *testing.T) {
	doc, err := os.ReadFile("../docs/cabi.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ file, fence string }{{"examples/loop.c", "c"}, {"examples/loop.py", "python"}, {"examples/Loop.cs", "csharp"}} {
		src, err := os.ReadFile(f.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc), "```"+f.fence+"\n"+string(src)+"```\n") {
			t.Errorf("docs/cabi.md does not show %s as it is", f.file)
		}
		if n := strings.Count(string(src), "\n"); n >= 30 {
			t.Errorf("%s: %d lines, want under 30", f.file, n)
		}
	}
	dir, so, _ := buildLibrary(t)
	want := run(t, 1, compile(t, filepath.Join(t.TempDir(), "loop"), false, "examples/loop.c"))
	var x, y, z float64
	if _, err := fmt.Sscanf(want, "root at x %g, y %g, z %g", &x, &y, &z); err != nil || x < 2 {
		t.Fatalf("loop.c: %q (%v): want the character 2 m or more east of its start", want, err)
	}
	t.Run("python", func(t *testing.T) {
		need(t, "python3")
		if got := run(t, 2, "python3", "examples/loop.py", so); got != want {
			t.Errorf("loop.py: %q, want %q", got, want)
		}
	})
	t.Run("csharp", func(t *testing.T) {
		need(t, "mcs")
		need(t, "mono")
		exe := filepath.Join(dir, "loop.exe")
		if b, err := exec.Command("mcs", "-warnaserror", "-out:"+exe, "examples/Loop.cs").CombinedOutput(); err != nil {
			t.Fatalf("mcs: %v\n%s", err, b)
		}
		if got := run(t, 2, "mono", exe); got != want {
			t.Errorf("Loop.cs: %q, want %q", got, want)
		}
	})
}
