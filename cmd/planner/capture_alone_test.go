package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// Each shared walk capture alone gives a character that, on
// builtin:level, walks, turns at least 90° left and then right when
// asked, and stands when the speed asked is zero, its root never jumping
// over 5 cm in a frame. The oracle is the root's path in the written
// motion alone: the direction of travel over the last second of each leg
// of the script, the root's ground speed over the last second of
// standing, and its second difference between frames.
func TestEachWalkCaptureAlone(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library of each shared walk capture and walks it (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	for _, rel := range []string{
		"mocap/cmu-walk.bvh", "mocap/cmu-07_01-walk.bvh", "mocap/cmu-16_15-walk.bvh",
		"mocap/asf-amc/03_01.amc", "mocap/asf-amc/16_17.amc", "mocap/asf-amc/16_19.amc",
		"conventions/games105/walkF.bvh", "conventions/games105/walk_and_turn_left.bvh",
		"conventions/games105/walk_forward.bvh",
	} {
		t.Run(strings.ReplaceAll(filepath.Base(rel), ".", "_"), func(t *testing.T) {
			libFile := filepath.Join(t.TempDir(), "lib.yaml")
			rep, _ := buildLibrary(t, libFile, "--from", shareddata.Path(t, rel), "--spaces=false")
			if rep.Tags["idle"] == 0 || rep.Tags[syntheticTag] == 0 {
				t.Errorf("tags %v: want a synthesized standing action", rep.Tags)
			}
			walkTurnStand(t, libFile)
		})
	}
}

const syntheticTag = "synthesized"

// walkTurnStand walks the library's character on builtin:level from its
// default start: 6 s ahead, 6 s asked 120° to the left, 6 s asked back
// 120° to the right, then 4 s asked to stand.
func walkTurnStand(t *testing.T, libFile string) {
	t.Helper()
	res := runTurnScript(t, libFile, true)
	walkTurnStandChecks(t, res, res.Clip, 6)
}

// runTurnScript runs walkTurnStand's script; without stand, its walk
// alone, 5 s a leg.
func runTurnScript(t *testing.T, libFile string, stand bool) *script.RunResult {
	t.Helper()
	return runLegs(t, libFile, stand, 6)
}

// levelMiddle loads builtin:level for o's library and setup, and a
// script of seconds standing at the default start nearest the level's
// middle.
func levelMiddle(t *testing.T, o runOptions, seconds float64) (*world.World, *planner.Setup, *script.Script) {
	t.Helper()
	lib, g, err := o.library()
	if err != nil {
		t.Fatal(err)
	}
	w, err := loadWorld("builtin:level", "", o.load, lib, o.friction)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := o.setup(g, w.Querier)
	if err != nil {
		t.Fatal(err)
	}
	foot, err := w.FootSupport()
	if err != nil {
		t.Fatal(err)
	}
	b := w.Mesh.Bounds()
	s, ok := script.DefaultStart(foot, float64(b.Min[0]+b.Max[0])/2, float64(b.Min[2]+b.Max[2])/2, seconds)
	if !ok {
		t.Fatal("no default start")
	}
	return w, setup, s
}

// runLegs runs walkTurnStand's script with legs of leg seconds (4 s of
// standing after them); without stand, 5 s legs and no standing.
func runLegs(t *testing.T, libFile string, stand bool, leg float64) *script.RunResult {
	t.Helper()
	w, setup, s := levelMiddle(t, runOptions{lib: libFile, depth: 4, work: 1000, friction: 0.8}, 22)
	yaw := s.YawDeg * math.Pi / 180
	left := yaw + 2*math.Pi/3
	s.Inputs = []script.TimedInput{{At: 0, Heading: yaw, Speed: 1.2}, {At: leg, Heading: left, Speed: 1.2}, {At: 2 * leg, Heading: yaw, Speed: 1.2}, {At: 3 * leg, Speed: 0}}
	s.Duration = 3*leg + 4
	if !stand {
		s.Inputs = []script.TimedInput{{At: 0, Heading: yaw, Speed: 1.2}, {At: 5, Heading: left, Speed: 1.2}, {At: 10, Heading: yaw, Speed: 1.2}}
		s.Duration = 15
	}
	res, err := script.Run(setup, planner.Config{Depth: 4, Work: 1000}, s, 60, w.BVH)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func walkTurnStandChecks(t *testing.T, res *script.RunResult, c *motion.Clip, leg float64) {
	t.Helper()
	d0, h0 := travel(c, leg-1, leg)
	h1, turnL := farthestTurn(c, leg, 2*leg, h0, 1)
	_, turnR := farthestTurn(c, 2*leg, 3*leg, h1, -1)
	still, _ := travel(c, 3*leg+3, 3*leg+4)
	t.Logf("%.1f m in %.0f s; %.2f m/s at %.0f-%.0f s, turned %.0f° left, then %.0f° right; %.3f m/s standing at the end; %d actions", groundPath(res), 3*leg+4, d0, leg-1, leg, turnL, turnR, still, len(res.Steps))
	if testing.Verbose() {
		var acts []string
		for _, st := range res.Steps {
			acts = append(acts, fmt.Sprintf("%.1f:%s", st.Start, st.Action))
		}
		t.Logf("actions: %s", strings.Join(acts, " "))
	}
	if d0 < 0.5 {
		t.Errorf("walks %.2f m/s after 5 s, want 0.5 at least", d0)
	}
	if turnL < 90 || turnR < 90 {
		t.Errorf("turned %.0f° left and %.0f° right, want 90° each at least", turnL, turnR)
	}
	if still > 0.05 {
		t.Errorf("moves %.3f m/s when asked to stand", still)
	}
	n := c.Skeleton.NumJoints()
	for f := 1; f+1 < c.Frames(); f++ {
		if j := c.Trans[(f+1)*n].Sub(c.Trans[f*n].Mul(2)).Add(c.Trans[(f-1)*n]).Len(); j > 0.05 {
			t.Errorf("the root jumps %.3f m at %.2f s (a second difference over 5 cm)", j, float64(f)*c.FrameTime)
			break
		}
	}
}

// travel is how far the root goes on the ground from time t0 to t1 of c,
// and in which direction (yaw).
func travel(c *motion.Clip, t0, t1 float64) (dist, heading float64) {
	p, q := rootAt(c, t0), rootAt(c, t1)
	return math.Hypot(q[0]-p[0], q[2]-p[2]), math.Atan2(q[0]-p[0], q[2]-p[2])
}

// farthestTurn is the direction of travel over the half second windows
// from t0 to t1 that turns farthest from heading h towards side (1 left,
// -1 right), among windows that travel 0.2 m at least, and that turn in
// degrees (to that side).
func farthestTurn(c *motion.Clip, t0, t1, h float64, side float64) (heading, deg float64) {
	heading, deg = h, math.Inf(-1)
	for t := t0; t+0.5 <= t1+1e-9; t += 0.25 {
		d, x := travel(c, t, t+0.5)
		if d < 0.2 {
			continue
		}
		if turn := side * motion.WrapAngle(x-h) * 180 / math.Pi; turn > deg {
			heading, deg = x, turn
		}
	}
	return heading, deg
}

// rootAt is the root's position at time t of c (the nearest frame).
func rootAt(c *motion.Clip, t float64) [3]float64 {
	f := min(c.Frames()-1, max(0, int(math.Round(t/c.FrameTime))))
	n := c.Skeleton.NumJoints()
	p := c.Trans[f*n]
	return [3]float64{p[0], p[1], p[2]}
}

// GAMES-105's run_forward, a stride and a half of running, alone: the
// library runs on (the step with its mirror image), so the character
// asked to walk runs rather than start and stop by turns — over 2 m/s
// from 1.5 to 3 s, measured on the root's path — turns both ways and
// stands when asked (walkTurnStand's script in 3 s legs: a runner covers
// a walker's 6 s in less than half).
func TestAStrideAndAHalfRunsOn(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library of a capture and walks it (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	libFile := filepath.Join(t.TempDir(), "lib.yaml")
	buildLibrary(t, libFile, "--from", shareddata.Path(t, "conventions/games105/run_forward.bvh"), "--spaces=false")
	res := runLegs(t, libFile, true, 3)
	walkTurnStandChecks(t, res, res.Clip, 3)
	if d, _ := travel(res.Clip, 1.5, 3); d < 2*1.5 {
		t.Errorf("%.2f m/s from 1.5 to 3 s asked to walk: want a run, 2 m/s at least", d/1.5)
	}
}

// CMU 16_17 alone (a walk and a left turn), walked from builtin:level's
// three farthest starts: one walk reaches a place where every way on ends
// within the plan's depth, though the next steps' docks are supported. The
// character goes on as far as there is support rather than freeze
// mid-stride: no walk is stuck, none goes under 1 m.
func TestNoFreezeWhereEveryWayEnds(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library of a capture and walks it (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	libFile := filepath.Join(t.TempDir(), "lib.yaml")
	buildLibrary(t, libFile, "--from", shareddata.Path(t, "mocap/asf-amc/16_17.amc"), "--spaces=false")
	o := runOptions{lib: libFile, depth: 4, work: 1000, friction: 0.8}
	sum, err := walks("builtin:level", o, walkPlan{starts: 3, seconds: 20, every: 5, seed: 1, by: "farthest"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range sum.Walks {
		t.Logf("from %.1f: %.1f m, stuck %d frames", w.Start, w.DistanceM, w.Stuck)
		if w.Stuck > 0 || w.DistanceM < 1 {
			t.Errorf("from %.1f: %.1f m, stuck %d frames", w.Start, w.DistanceM, w.Stuck)
		}
	}
}
