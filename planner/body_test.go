package planner_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// wallRoom is a 12 × 8 m floor with a wall across it at x = 4: wallTop
// metres tall, 2 cm thick, from z = 0 to z = 8, floor on both sides.
func wallRoom(wallTop float32) *scenes.Mesh {
	m := &scenes.Mesh{}
	quad := func(a, b, c, d [3]float32) {
		base := uint32(len(m.Positions) / 3)
		for _, v := range [][3]float32{a, b, c, d} {
			m.Positions = append(m.Positions, v[0], v[1], v[2])
		}
		m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
	}
	quad([3]float32{0, 0, 0}, [3]float32{0, 0, 8}, [3]float32{12, 0, 8}, [3]float32{12, 0, 0})
	const x0, x1 = 4, 4.02
	quad([3]float32{x0, 0, 0}, [3]float32{x0, wallTop, 0}, [3]float32{x0, wallTop, 8}, [3]float32{x0, 0, 8})
	quad([3]float32{x1, 0, 0}, [3]float32{x1, 0, 8}, [3]float32{x1, wallTop, 8}, [3]float32{x1, wallTop, 0})
	quad([3]float32{x0, wallTop, 0}, [3]float32{x1, wallTop, 0}, [3]float32{x1, wallTop, 8}, [3]float32{x0, wallTop, 8})
	return m
}

// deepestIntoWall drives a planner east at the wall for seconds and
// returns how far any capsule of the body sank into the wall's slab (x in
// [4, 4.02], below wallTop) at any frame: an analytic oracle that shares
// no code with the checker (the capsule's axis against the slab, by the
// axis' points at 1 mm steps).
func deepestIntoWall(t *testing.T, withBody bool, wallTop float64, seconds float64) (float64, float64) {
	t.Helper()
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(wallRoom(float32(wallTop)), lib, world.Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	bodySetup, err := planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	model := bodySetup.Sweeps().Model()
	setup := bodySetup
	if !withBody {
		if setup, err = planner.NewSetup(g, w.Querier, nil); err != nil {
			t.Fatal(err)
		}
	}
	p, err := planner.New(setup, planner.Config{Start: action.Frame{Position: mgl64.Vec3{1.5, 0, 4}, Yaw: math.Pi / 2}, Work: 1000})
	if err != nil {
		t.Fatal(err)
	}
	sk := model.Skeleton
	pos := make([]mgl64.Vec3, sk.NumJoints())
	rot := make([]mgl64.Quat, sk.NumJoints())
	deepest, farthest := math.Inf(-1), 0.0
	east := planner.Input{Heading: math.Pi / 2, Speed: 1.2}
	for range int(seconds * 60) {
		pose := p.Update(1.0/60, east)
		sk.FK(pose.Trans, pose.Rot, pos, rot)
		farthest = max(farthest, pos[0][0])
		for i, c := range model.Capsules {
			a, b := model.Place(pos, rot, i)
			for s := 0.0; s <= 1; s += 0.01 {
				q := a.Add(b.Sub(a).Mul(s))
				if q[1]-c.Radius > wallTop {
					continue
				}
				// Depth of the ball at q into the slab [4, 4.02] along x.
				d := min(q[0]+c.Radius-4, 4.02-(q[0]-c.Radius))
				deepest = max(deepest, d)
			}
		}
	}
	return deepest, farthest
}

// TestBodyStopsAtThinWall: asked to walk into a 2 cm wall 1.8 m tall with
// floor on both sides, the planner with the body check stops before it
// (no capsule ever touches it); with the docks alone it walks through.
func TestBodyStopsAtThinWall(t *testing.T) {
	deep, far := deepestIntoWall(t, true, 1.8, 8)
	t.Logf("with the body: deepest %.3f m into the wall, root reached x = %.2f", deep, far)
	if deep > 0 {
		t.Errorf("with the body, a capsule went %.3f m into the wall", deep)
	}
	if far < 3 {
		t.Errorf("with the body, the character stopped at x = %.2f, more than a metre before the wall", far)
	}
	deep, far = deepestIntoWall(t, false, 1.8, 8)
	t.Logf("docks alone: deepest %.3f m into the wall, root reached x = %.2f", deep, far)
	if far < 4.5 {
		t.Errorf("docks alone, the character stopped at x = %.2f: the wall test would not tell the body check from none", far)
	}
}

// TestStartContact: started 0.1 m from stepping's west wall and kept
// there (a negative Config.Fit), the standing adult's body goes into the
// wall, and the planner says so; started in the open hall it does not.
func TestStartContact(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	setup, err := planner.NewSetup(w.setup.Graph(), w.setup.Querier(), w.setup.Sweeps())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x    float64
		want bool
	}{{0.1, true}, {3, false}} {
		p, err := planner.New(setup, planner.Config{Start: action.Frame{Position: mgl64.Vec3{c.x, 0, 1.5}, Yaw: math.Pi / 2}, Work: 1000, Fit: -1})
		if err != nil {
			t.Fatal(err)
		}
		ct, hit := p.StartContact()
		if hit != c.want {
			t.Errorf("start at x = %.2f: start contact %v (%+v), want %v", c.x, hit, ct, c.want)
		}
		if hit {
			t.Logf("start at x = %.2f: the %v touches triangle %d at %.2f s (gap %.4f m)", c.x, setup.Sweeps().Model().Capsules[ct.Capsule].Part, ct.Triangle, ct.Time, ct.Gap)
		}
	}
}
