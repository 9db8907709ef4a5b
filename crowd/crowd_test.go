package crowd_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/planner"
	"github.com/go-gl/mathgl/mgl64"
)

// agent is one character of a test crowd and where it goes.
type agent struct {
	p    *planner.Planner
	goal mgl64.Vec3
}

// capsules poses the body at p by forward kinematics and returns each
// capsule's axis in the world.
func capsules(m *body.Model, p planner.Pose) [][2]mgl64.Vec3 {
	n := p.Skeleton.NumJoints()
	return capsuleoracle.Axes(m, p.Trans, p.Rot, make([]mgl64.Vec3, n), make([]mgl64.Quat, n), nil)
}

// crossing runs two characters whose straight paths cross at right
// angles, with or without claims, for seconds, and returns the deepest
// overlap of two bodies (negative: the smallest gap), how many choices the
// claims refused, and how far each is from its goal at the end.
func crossing(t *testing.T, claims bool, seconds float64) (deepest float64, crowded int, left []float64) {
	setup := setupOn(t, crowd.Floor(8), false)
	ad := loadAdult(t)
	cw := crowd.NewGround(ad.spaces, 64)
	m := ad.model
	starts := []action.Frame{{Position: mgl64.Vec3{-4, 0, 0}, Yaw: math.Pi / 2}, {Position: mgl64.Vec3{0, 0, -4}}}
	goals := []mgl64.Vec3{{5, 0, 0}, {0, 0, 5}}
	var agents []agent
	for k, st := range starts {
		cfg := planner.Config{Start: st, Depth: 3, Work: 600}
		if claims {
			cfg.Others = cw.Member(int32(k))
		}
		p, err := planner.New(setup, cfg)
		if err != nil {
			t.Fatal(err)
		}
		agents = append(agents, agent{p, goals[k]})
	}
	const dt = 1.0 / 30
	deepest = math.Inf(-1)
	for tick := 0; float64(tick)*dt < seconds; tick++ {
		var bodies [][][2]mgl64.Vec3
		for _, ag := range agents {
			root := ag.p.Pose().Trans[0]
			to := ag.goal.Sub(root)
			in := planner.Input{Heading: math.Atan2(to[0], to[2]), Speed: 1.2}
			if math.Hypot(to[0], to[2]) < 0.5 {
				in.Speed = 0
			}
			bodies = append(bodies, capsules(m, ag.p.Update(dt, in)))
		}
		cw.Claims.Expire(float64(tick) * dt)
		for i, ca := range bodies[0] {
			for j, cb := range bodies[1] {
				gap := capsuleoracle.SegmentSegment(ca[0], ca[1], cb[0], cb[1]) - m.Capsules[i].Radius - m.Capsules[j].Radius
				deepest = math.Max(deepest, -gap)
			}
		}
	}
	for _, ag := range agents {
		crowded += ag.p.Crowded()
		root := ag.p.Pose().Trans[0]
		left = append(left, math.Hypot(ag.goal[0]-root[0], ag.goal[2]-root[2]))
	}
	return deepest, crowded, left
}

// TestCrossingWithClaims sends two characters across each other's path at
// the same moment: without claims their bodies run into each other; with
// them, no capsule of one ever overlaps a capsule of the other (posed by
// forward kinematics at every frame, the distance between every pair of
// axes), and both arrive.
func TestCrossingWithClaims(t *testing.T) {
	depth, _, left := crossing(t, false, 12)
	t.Logf("without claims: bodies overlap by %.3f m at most; %.2f and %.2f m from the goals at the end", depth, left[0], left[1])
	if depth <= 0 {
		t.Errorf("without claims the bodies never meet: the case tests nothing")
	}
	depth, crowded, left := crossing(t, true, 12)
	t.Logf("with claims: deepest overlap %.3f m (negative: the smallest gap); %d choices refused for the other's claims; %.2f and %.2f m from the goals", depth, crowded, left[0], left[1])
	if depth > 0 {
		t.Errorf("with claims the bodies overlap by %.3f m", depth)
	}
	for k, d := range left {
		if d > 1 {
			t.Errorf("character %d ends %.2f m from its goal", k, d)
		}
	}
}

// A standing character holds the circle about it that holds every way of
// standing and turning on the spot: another coming from farther may not
// end standing within two radii of it, may just beyond, and whatever the
// other claims, the first can still idle and pivot where it stands. One
// already standing within two radii (placed there) may stand on, or move
// away, but not nearer.
func TestStandingCircle(t *testing.T) {
	ad := loadAdult(t)
	w := crowd.NewGround(ad.spaces, 16)
	var standing []int32
	for _, name := range []string{"idle", "pivot-left", "pivot-right"} {
		standing = append(standing, int32(ad.lib.Index(name)))
	}
	w.SetStanding(standing)
	r := w.StandRadius()
	idle, pivot := standing[0], standing[1]
	a, b := w.Member(0), w.Member(1)
	at := func(x float64) action.Frame { return action.Frame{Position: mgl64.Vec3{x, 0, 0}} }
	a.Claim([]planner.Move{{Action: idle, Frame: at(0), Start: 0}})
	if b.Unclaimed([]planner.Move{{Action: idle, Frame: at(1.5), Start: 4}, {Action: idle, Frame: at(2*r - 0.05), Start: 5}}) {
		t.Errorf("another come from 1.5 m may stand %.2f m away (standing radius %.2f)", 2*r-0.05, r)
	}
	for _, c := range []struct {
		x    float64
		free bool
	}{{2*r - 0.05, true}, {2*r - 0.03, true}, {2*r - 0.07, false}} {
		if got := b.Unclaimed([]planner.Move{{Action: idle, Frame: at(2*r - 0.05), Start: 4}, {Action: idle, Frame: at(c.x), Start: 5}}); got != c.free {
			t.Errorf("another standing %.2f m away may end standing %.2f m away: %v, want %v", 2*r-0.05, c.x, got, c.free)
		}
	}
	near := at(2*r + 0.01)
	if !b.Unclaimed([]planner.Move{{Action: idle, Frame: near, Start: 5}}) {
		t.Fatalf("another may not stand %.2f m away (standing radius %.2f)", 2*r+0.01, r)
	}
	b.Claim([]planner.Move{{Action: idle, Frame: near, Start: 5}})
	for _, mv := range []planner.Move{{Action: idle, Frame: at(0), Start: 1}, {Action: pivot, Frame: at(0), Start: 6}, {Action: standing[2], Frame: at(0), Start: 9}} {
		if !a.Unclaimed([]planner.Move{mv}) {
			t.Errorf("the first may not %s where it stands at %.0f s", ad.lib.Actions[mv.Action].Name, mv.Start)
		}
	}
	t.Logf("standing radius %.3f m", r)
}
