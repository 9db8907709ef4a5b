package crowd_test

import (
	"math"
	"slices"
	"testing"

	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// twoRooms is floor points every 5 cm over two 6 m × 6 m rooms side by
// side (x in [-6, 0] and [0, 6]), the wall between them at x = 0 (no
// floor within 25 cm of its middle: a 20 cm wall and the margin a foot
// keeps from it) with a door of the given width at z in [1, 1+door].
func twoRooms(door float64) []mgl64.Vec3 {
	var out []mgl64.Vec3
	for x := -6.0; x <= 6; x += 0.05 {
		for z := 0.0; z <= 6; z += 0.05 {
			if math.Abs(x) < 0.25 && (z < 1 || z > 1+door) {
				continue
			}
			out = append(out, mgl64.Vec3{x, 0, z})
		}
	}
	return out
}

// TestRoutesThroughDoor: a way between the rooms passes the door, every
// point of it (sampled every 5 cm along its segments) at least Clearance
// from the wall and the floor's edges; it is no longer than the grid's own
// shortest path (Dijkstra over the cells' centres, eight neighbours) and
// no shorter than the straight line through the door's middle would allow;
// with a door too narrow for the clearance there is no way.
func TestRoutesThroughDoor(t *testing.T) {
	from, to := mgl64.Vec3{-4, 0, 5}, mgl64.Vec3{4, 0, 5}
	r := crowd.NewRoutes(twoRooms(1.5), 0.05, 0.25)
	way, ok := r.Way(from, to)
	if !ok {
		t.Fatal("no way through a 1.5 m door")
	}
	pts := append([]mgl64.Vec3{from}, way...)
	length := 0.0
	crossed := false
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		d := b.Sub(a).Len()
		length += d
		for s := 0.0; s <= d; s += 0.05 {
			p := a.Add(b.Sub(a).Mul(s / d))
			// The distance to the nearest point without floor: the wall
			// (beside the door) or the rooms' outer edges.
			edge := math.Min(math.Min(p[0]+6.05, 6.05-p[0]), math.Min(p[2]+0.05, 6.05-p[2]))
			wall := math.Abs(p[0]) - 0.25
			if p[2] > 1 && p[2] < 2.5 {
				wall = math.Inf(1)
				if math.Abs(p[0]) < 0.25 {
					wall = math.Min(p[2]-1, 2.5-p[2])
				}
			}
			if c := math.Min(edge, wall); c < crowd.Clearance-0.25 {
				t.Errorf("way point (%.2f, %.2f) is %.2f m from the floor's end", p[0], p[2], c)
			}
		}
		if (a[0] < 0) != (b[0] < 0) {
			crossed = true
			z := a[2] + (b[2]-a[2])*(-a[0])/(b[0]-a[0])
			if z < 1 || z > 2.5 {
				t.Errorf("the way crosses the wall at z = %.2f, outside the door", z)
			}
		}
	}
	if !crossed {
		t.Fatal("the way does not cross the wall")
	}
	low := math.Hypot(4, 5-2.5+crowd.Clearance-0.25) * 2 // through the door's top corner, each side
	t.Logf("way of %d points, %.2f m (the straight line would be 8 m; at least %.2f through the door)", len(way), length, low)
	if length < low-0.5 || length > 14 {
		t.Errorf("way of %.2f m", length)
	}
	if _, ok := crowd.NewRoutes(twoRooms(0.6), 0.05, 0.25).Way(from, to); ok {
		t.Error("a way through a 0.4 m door, narrower than twice the clearance")
	}
	if _, ok := r.Way(from, mgl64.Vec3{-4, 0, 5.2}); !ok {
		t.Error("no way within a room")
	}
}

// Jitter moves every start by at most JitterReach along x and z and turns
// it by at most JitterTurn, leaves goals and ways alone and the scenario
// it was given unchanged, and draws the same moves from the same seed.
func TestJitter(t *testing.T) {
	sc := crowd.Bottleneck(20)
	before := slices.Clone(sc.Agents)
	a := crowd.Jitter(sc, scenes.NewRNG(7))
	b := crowd.Jitter(sc, scenes.NewRNG(7))
	c := crowd.Jitter(sc, scenes.NewRNG(8))
	moved := 0
	for k, ag := range a.Agents {
		o := before[k]
		if sc.Agents[k].Start != o.Start {
			t.Fatalf("character %d: the scenario given was changed", k)
		}
		d := ag.Start.Position.Sub(o.Start.Position)
		if math.Abs(d[0]) > crowd.JitterReach || math.Abs(d[2]) > crowd.JitterReach || d[1] != 0 || math.Abs(ag.Start.Yaw-o.Start.Yaw) > crowd.JitterTurn {
			t.Errorf("character %d moved by %v and turned by %g", k, d, ag.Start.Yaw-o.Start.Yaw)
		}
		if math.Hypot(d[0], d[2]) > 0.01 {
			moved++
		}
		if ag.Goal != o.Goal || !slices.Equal(ag.Via, o.Via) {
			t.Errorf("character %d: goal or way changed", k)
		}
		if b.Agents[k].Start != ag.Start {
			t.Errorf("character %d: the same seed drew another start", k)
		}
		if c.Agents[k].Start == ag.Start {
			t.Errorf("character %d: another seed drew the same start", k)
		}
	}
	if moved < len(a.Agents)/2 {
		t.Errorf("only %d of %d starts moved by more than 1 cm", moved, len(a.Agents))
	}
}
