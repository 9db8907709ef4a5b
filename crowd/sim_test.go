package crowd_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// runResult is what the oracle saw of a crowd run.
type runResult struct {
	deepest  float64 // the deepest overlap of two bodies (negative: the smallest gap)
	overlaps int     // frames with two bodies overlapping
	arrived  int
	last     float64 // when the last arrived
	wait     float64 // the longest a character on its way stayed within 0.25 m
	crowded  int
}

func (r runResult) String() string {
	return fmt.Sprintf("%d arrived (the last at %.1f s), the longest wait %.1f s, bodies overlapping in %d frames (deepest %.3f m; negative: the smallest gap), %d choices refused for claims",
		r.arrived, r.last, r.wait, r.overlaps, r.deepest, r.crowded)
}

// runScenario runs sc at 30 Hz for up to seconds (until every character
// arrives) and checks every pair of bodies still in the scene at every
// frame: the capsules posed by forward kinematics, the distance between
// every pair of axes of two characters whose roots are within 2.5 m.
func runScenario(t *testing.T, sc crowd.Scenario, opt crowd.SimOptions, seconds float64) runResult {
	t.Helper()
	setup := setupOn(t, sc.Mesh, sc.Walls)
	ad := loadAdult(t)
	sim, err := crowd.NewSim(setup, ad.spaces, sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	m := ad.model
	res := runResult{deepest: math.Inf(-1)}
	const dt = 1.0 / 30
	bodies := make([][][2]mgl64.Vec3, sim.Len())
	since := make([]float64, sim.Len())
	from := make([]mgl64.Vec3, sim.Len())
	for k := range from {
		from[k] = sc.Agents[k].Start.Position
	}
	for sim.Time() < seconds {
		sim.Step(dt)
		for k := range bodies {
			bodies[k] = capsules(m, sim.Planner(k).Pose())
			if r := bodies[k][0][0]; math.Hypot(r[0]-from[k][0], r[2]-from[k][2]) > 0.25 {
				from[k], since[k] = r, sim.Time()
			} else if sim.Arrived(k) < 0 {
				res.wait = math.Max(res.wait, sim.Time()-since[k])
			}
		}
		overlap := false
		for i := range bodies {
			for j := i + 1; j < len(bodies); j++ {
				ri, rj := bodies[i][0][0], bodies[j][0][0]
				if sim.Gone(i) || sim.Gone(j) || math.Hypot(ri[0]-rj[0], ri[2]-rj[2]) > 2.5 {
					continue
				}
				d := capsuleoracle.BodiesOverlap(m, bodies[i], bodies[j], math.Min(res.deepest, 0))
				res.deepest = math.Max(res.deepest, d)
				overlap = overlap || d > 0
			}
		}
		if overlap {
			res.overlaps++
		}
		all := true
		for k := range bodies {
			all = all && sim.Arrived(k) >= 0
		}
		if all {
			break
		}
	}
	for k := range bodies {
		if at := sim.Arrived(k); at >= 0 {
			res.arrived++
			res.last = math.Max(res.last, at)
		}
		res.crowded += sim.Planner(k).Crowded()
	}
	return res
}

// maxWait is the longest a character on its way may stay in place in the
// scenario tests: in the middle of the circle of 50 one waits up to about
// half a minute for the others to clear. [Units: s]
const maxWait = 35

// expectAll fails unless every one of n characters arrived, no two bodies
// ever overlapped and none waited longer than maxWait.
func expectAll(t *testing.T, r runResult, n int) {
	t.Helper()
	if r.arrived != n {
		t.Errorf("%d of %d arrived", r.arrived, n)
	}
	if r.overlaps > 0 {
		t.Errorf("bodies overlap in %d frames, by %.3f m at most", r.overlaps, r.deepest)
	}
	if r.wait > maxWait {
		t.Errorf("a character waited %.1f s", r.wait)
	}
}

// TestCircleScenario sends 8, 20 and 50 characters on a circle to the
// opposite points at once: with claims on occupancy spaces every
// character arrives, no two bodies ever overlap (every pair of capsules of
// two characters, at every frame) and none waits longer than maxWait.
func TestCircleScenario(t *testing.T) {
	for _, n := range []int{8, 20, 50} {
		if n == 50 && tier.Short() {
			continue
		}
		r := runScenario(t, crowd.Circle(n, crowd.CircleRadius(n)), crowd.SimOptions{Claims: crowd.SpaceClaims}, 90)
		t.Logf("%d with claims: %v", n, r)
		expectAll(t, r, n)
	}
}

// TestCrossingScenario sends two groups of 25 across each other's path.
func TestCrossingScenario(t *testing.T) {
	n := 25
	if tier.Short() {
		n = 6
	}
	r := runScenario(t, crowd.Crossing(n), crowd.SimOptions{Claims: crowd.SpaceClaims}, 90)
	t.Logf("2×%d: %v", n, r)
	expectAll(t, r, 2*n)
}

// TestHallwayScenario sends two groups of 25 towards each other along a
// corridor 4 m wide, each on its right-hand half, the planners also
// keeping the bodies clear of the walls.
func TestHallwayScenario(t *testing.T) {
	if tier.Short() {
		t.Skip("the hallway takes a minute (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	r := runScenario(t, crowd.Hallway(25), crowd.SimOptions{Claims: crowd.SpaceClaims}, 90)
	t.Logf("hallway 2×25: %v", r)
	expectAll(t, r, 50)
}

// TestBottleneckScenario runs the bottleneck (50 leaving a room by one
// door 1.2 m wide, the planners keeping the body clear of the walls) from
// the starts as built and from three jittered ones, for 180 s each: every
// character gets out, no two bodies ever overlap, and none waits longer
// than the queue at the door makes it (the last in the queue of 50 stands
// about 90 s, measured).
func TestBottleneckScenario(t *testing.T) {
	if tier.Short() {
		t.Skip("the bottleneck takes a minute (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	for seed := range uint64(4) {
		sc := crowd.Bottleneck(50)
		if seed > 0 {
			sc = crowd.Jitter(sc, scenes.NewRNG(seed))
		}
		r := runScenario(t, sc, crowd.SimOptions{Claims: crowd.SpaceClaims}, 180)
		t.Logf("%s, %d characters, jitter %d: %v", sc.Name, len(sc.Agents), seed, r)
		if r.overlaps > 0 {
			t.Errorf("jitter %d: bodies overlap in %d frames, by %.3f m at most", seed, r.overlaps, r.deepest)
		}
		if r.arrived < len(sc.Agents) || r.wait > bottleneckWait {
			t.Errorf("jitter %d: %d of %d through the door in 180 s, the longest wait %.1f s (want all, and %v s at most)", seed, r.arrived, len(sc.Agents), r.wait, bottleneckWait)
		}
	}
}

// bottleneckWait is the longest a character in the bottleneck of 50 may
// stay in place: the queue's last waits while 49 go through ahead of it.
const bottleneckWait = 120

// TestStepAllocatesNothing: once warmed up, a crowd's frame (steering,
// the door's queue, claims and every planner's Update with its body's
// clearance) allocates nothing: circles of 20, and 20 leaving a room.
func TestStepAllocatesNothing(t *testing.T) {
	_, spaces := adultSpaces(t)
	for _, sc := range []crowd.Scenario{crowd.Circles(20), crowd.Bottleneck(20)} {
		setup := setupOn(t, sc.Mesh, true)
		sim, err := crowd.NewSim(setup, spaces, sc, crowd.SimOptions{Claims: crowd.SpaceClaims})
		if err != nil {
			t.Fatal(err)
		}
		for range 300 { // warm up: buffers and the claims index grow
			sim.Step(1.0 / 30)
		}
		var before, after runtime.MemStats
		settle(&before)
		const frames = 600
		for range frames {
			sim.Step(1.0 / 30)
		}
		runtime.ReadMemStats(&after)
		if n := after.Mallocs - before.Mallocs; n != 0 {
			for k := range after.BySize { // which sizes, to tell the runtime's from ours
				if d := after.BySize[k].Mallocs - before.BySize[k].Mallocs; d != 0 {
					t.Logf("size %d: %d", after.BySize[k].Size, d)
				}
			}
			t.Errorf("%s: %d frames of 20 characters allocate %d times", sc.Name, frames, n)
		}
	}
}

// settle collects the garbage, waits until the process has allocated
// nothing for 50 ms (up to 5 s) and reads m. The runtime's own work after
// a collection allocates (new goroutines among it), and on a loaded
// machine it can run late, inside the count.
func settle(m *runtime.MemStats) {
	runtime.GC()
	runtime.ReadMemStats(m)
	for range 100 {
		n := m.Mallocs
		time.Sleep(50 * time.Millisecond)
		if runtime.ReadMemStats(m); m.Mallocs == n {
			return
		}
	}
}

// TestAddEqualsScenario builds a crossing one character at a time with
// Add: the same motion, bit for bit, as NewSim given them all; and a
// character added after the first step is refused.
func TestAddEqualsScenario(t *testing.T) {
	sc := crowd.Crossing(6)
	setup := setupOn(t, sc.Mesh, sc.Walls)
	ad := loadAdult(t)
	opt := crowd.SimOptions{Claims: crowd.SpaceClaims}
	whole, err := crowd.NewSim(setup, ad.spaces, sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	empty := sc
	empty.Agents = nil
	added, err := crowd.NewSim(setup, ad.spaces, empty, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range sc.Agents {
		if k, err := added.Add(a); err != nil || k != i {
			t.Fatalf("Add %d: %d, %v", i, k, err)
		}
	}
	for f := range 240 {
		whole.Step(1.0 / 30)
		added.Step(1.0 / 30)
		for k := range sc.Agents {
			a, b := whole.Planner(k).Pose(), added.Planner(k).Pose()
			for j := range a.Trans {
				if a.Trans[j] != b.Trans[j] || a.Rot[j] != b.Rot[j] {
					t.Fatalf("frame %d, character %d, joint %d: %v %v apart from %v %v", f, k, j, b.Trans[j], b.Rot[j], a.Trans[j], a.Rot[j])
				}
			}
		}
	}
	if _, err := added.Add(sc.Agents[0]); err == nil {
		t.Error("a character added after the first step was taken")
	}
}
