package crowd_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/crowd"
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
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	p.Skeleton.FK(p.Trans, p.Rot, pos, world)
	out := make([][2]mgl64.Vec3, len(m.Capsules))
	for i, c := range m.Capsules {
		out[i] = [2]mgl64.Vec3{pos[c.Joint].Add(world[c.Joint].Rotate(c.A)), pos[c.Joint].Add(world[c.Joint].Rotate(c.B))}
	}
	return out
}

// segDist is the distance between segments p1–q1 and p2–q2, by the
// closest points of their lines clamped and refined from each end.
func segDist(p1, q1, p2, q2 mgl64.Vec3) float64 {
	pt := func(x, a, b mgl64.Vec3) float64 {
		d := b.Sub(a)
		u := 0.0
		if l := d.Dot(d); l > 0 {
			u = math.Max(0, math.Min(1, x.Sub(a).Dot(d)/l))
		}
		return x.Sub(a.Add(d.Mul(u))).Len()
	}
	best := math.Min(math.Min(pt(p1, p2, q2), pt(q1, p2, q2)), math.Min(pt(p2, p1, q1), pt(q2, p1, q1)))
	// Interior closest points of the two lines, when both fall inside.
	d1, d2, r := q1.Sub(p1), q2.Sub(p2), p1.Sub(p2)
	a, e, f := d1.Dot(d1), d2.Dot(d2), d2.Dot(r)
	b, c := d1.Dot(d2), d1.Dot(r)
	if den := a*e - b*b; den > 1e-12 {
		s, t := (b*f-c*e)/den, (a*f-b*c)/den
		if s >= 0 && s <= 1 && t >= 0 && t <= 1 {
			best = math.Min(best, p1.Add(d1.Mul(s)).Sub(p2.Add(d2.Mul(t))).Len())
		}
	}
	return best
}

// crossing runs two characters whose straight paths cross at right
// angles, with or without claims, for seconds, and returns the deepest
// overlap of two bodies (negative: the smallest gap), how many choices the
// claims refused, and how far each is from its goal at the end.
func crossing(t *testing.T, claims bool, seconds float64) (deepest float64, crowded int, left []float64) {
	setup := setupOn(t, crowd.Floor(8), false)
	ad := loadAdult(t)
	cw := crowd.NewWorld(ad.spaces, 64)
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
				gap := segDist(ca[0], ca[1], cb[0], cb[1]) - m.Capsules[i].Radius - m.Capsules[j].Radius
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
