package crowd_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/crowd"
	"github.com/go-gl/mathgl/mgl64"
)

// runResult is what the oracle saw of a crowd run.
type runResult struct {
	deepest  float64 // the deepest overlap of two bodies (negative: the smallest gap)
	overlaps int     // frames with two bodies overlapping
	arrived  int
	last     float64 // when the last arrived
	crowded  int
}

// runScenario runs sc for up to seconds (until every character arrives)
// and checks every pair of bodies at every frame: the capsules posed by
// forward kinematics, the distance between every pair of axes of two
// characters whose roots are within 2.5 m.
func runScenario(t *testing.T, sc crowd.Scenario, opt crowd.SimOptions, seconds float64) runResult {
	t.Helper()
	setup := setupOn(t, sc.Mesh, false)
	ad := loadAdult(t)
	sim, err := crowd.NewSim(setup, ad.spaces, sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	m := ad.model
	res := runResult{deepest: math.Inf(-1)}
	const dt = 1.0 / 30
	bodies := make([][][2]mgl64.Vec3, sim.Len())
	for sim.Time() < seconds {
		sim.Step(dt)
		for k := range bodies {
			bodies[k] = capsules(m, sim.Planner(k).Pose())
		}
		overlap := false
		for i := range bodies {
			for j := i + 1; j < len(bodies); j++ {
				ri, rj := bodies[i][0][0], bodies[j][0][0]
				if math.Hypot(ri[0]-rj[0], ri[2]-rj[2]) > 2.5 {
					continue
				}
				for ci, a := range bodies[i] {
					for cj, b := range bodies[j] {
						d := m.Capsules[ci].Radius + m.Capsules[cj].Radius - segDist(a[0], a[1], b[0], b[1])
						res.deepest = math.Max(res.deepest, d)
						overlap = overlap || d > 0
					}
				}
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

// TestCircleScenario sends 8 characters on a 4 m circle to the opposite
// points at once: with claims on occupancy spaces every character arrives
// and no two bodies ever overlap (every pair of capsules of two
// characters, at every frame). The same steering without claims is
// logged for comparison.
func TestCircleScenario(t *testing.T) {
	r := runScenario(t, crowd.Circle(8, 4), crowd.SimOptions{}, 30)
	t.Logf("without claims: %d arrived (the last at %.1f s), bodies overlapping in %d frames, by %.3f m at most", r.arrived, r.last, r.overlaps, r.deepest)
	r = runScenario(t, crowd.Circle(8, 4), crowd.SimOptions{Claims: crowd.SpaceClaims}, 30)
	t.Logf("with claims: %d arrived (the last at %.1f s), %d choices refused for others' claims, the deepest overlap %.3f m (negative: the smallest gap)", r.arrived, r.last, r.crowded, r.deepest)
	if r.arrived != 8 {
		t.Errorf("%d of 8 arrived", r.arrived)
	}
	if r.overlaps > 0 {
		t.Errorf("bodies overlap in %d frames, by %.3f m at most", r.overlaps, r.deepest)
	}
}
