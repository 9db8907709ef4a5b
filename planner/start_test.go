package planner_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// box is an axis-aligned solid of the obstacles scene.
type box struct{ lo, hi mgl64.Vec3 }

// obstacles is a 12 × 8 m floor with four solids on it: a wall 2 cm thick
// along x = 4 (z 0-3, 1.8 m tall), a step 0.3 m high (x 6-8, z 0-3), a
// ceiling 1.4 m up over x 0-3, z 5-8 (a slab 10 cm thick), and a pillar
// 0.3 m square at (9, 6), 2 m tall.
var obstacles = []box{
	{mgl64.Vec3{4, 0, 0}, mgl64.Vec3{4.02, 1.8, 3}},
	{mgl64.Vec3{6, 0, 0}, mgl64.Vec3{8, 0.3, 3}},
	{mgl64.Vec3{0, 1.4, 5}, mgl64.Vec3{3, 1.5, 8}},
	{mgl64.Vec3{8.85, 0, 5.85}, mgl64.Vec3{9.15, 2, 6.15}},
}

func obstaclesMesh() *scenes.Mesh {
	m := &scenes.Mesh{}
	quad := func(a, b, c, d mgl64.Vec3) {
		base := uint32(len(m.Positions) / 3)
		for _, v := range []mgl64.Vec3{a, b, c, d} {
			m.Positions = append(m.Positions, float32(v[0]), float32(v[1]), float32(v[2]))
		}
		m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
	}
	quad(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{0, 0, 8}, mgl64.Vec3{12, 0, 8}, mgl64.Vec3{12, 0, 0})
	for _, b := range obstacles {
		l, h := b.lo, b.hi
		quad(mgl64.Vec3{l[0], h[1], l[2]}, mgl64.Vec3{l[0], h[1], h[2]}, mgl64.Vec3{h[0], h[1], h[2]}, mgl64.Vec3{h[0], h[1], l[2]}) // top
		quad(mgl64.Vec3{l[0], l[1], l[2]}, mgl64.Vec3{h[0], l[1], l[2]}, mgl64.Vec3{h[0], l[1], h[2]}, mgl64.Vec3{l[0], l[1], h[2]}) // bottom
		quad(mgl64.Vec3{l[0], l[1], l[2]}, mgl64.Vec3{l[0], h[1], l[2]}, mgl64.Vec3{h[0], h[1], l[2]}, mgl64.Vec3{h[0], l[1], l[2]}) // -z
		quad(mgl64.Vec3{l[0], l[1], h[2]}, mgl64.Vec3{h[0], l[1], h[2]}, mgl64.Vec3{h[0], h[1], h[2]}, mgl64.Vec3{l[0], h[1], h[2]}) // +z
		quad(mgl64.Vec3{l[0], l[1], l[2]}, mgl64.Vec3{l[0], l[1], h[2]}, mgl64.Vec3{l[0], h[1], h[2]}, mgl64.Vec3{l[0], h[1], l[2]}) // -x
		quad(mgl64.Vec3{h[0], l[1], l[2]}, mgl64.Vec3{h[0], h[1], l[2]}, mgl64.Vec3{h[0], h[1], h[2]}, mgl64.Vec3{h[0], l[1], h[2]}) // +x
	}
	return m
}

// depthInto is how deep a ball at q of radius r goes into box b (at most
// 0: minus its distance from it).
func depthInto(q mgl64.Vec3, r float64, b box) float64 {
	out, in := 0.0, math.Inf(1)
	for k := range 3 {
		d := max(b.lo[k]-q[k], q[k]-b.hi[k], 0)
		out += d * d
		in = min(in, q[k]-b.lo[k], b.hi[k]-q[k])
	}
	if out > 0 {
		return r - math.Sqrt(out)
	}
	return r + in
}

// deepestInSolids is how far beyond the contact rules any capsule of the
// body goes into any obstacle over every frame of c (feet, toes and hands
// may brush a face by 2 cm): balls along each capsule's axis at 1%
// steps, an analytic oracle sharing no code with the checker.
func deepestInSolids(m *body.Model, c interface {
	Frames() int
	FrameFK(int, []mgl64.Vec3, []mgl64.Quat)
}) (float64, body.Part) {
	n := m.Skeleton.NumJoints()
	pos, rot := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	deepest, part := math.Inf(-1), body.Part(0)
	for f := range c.Frames() {
		c.FrameFK(f, pos, rot)
		for i, cp := range m.Capsules {
			a, b := m.Place(pos, rot, i)
			allow := 0.0
			if cp.Part.Contact() {
				allow = 0.02 + 1e-4
			}
			for s := 0.0; s <= 1; s += 0.01 {
				q := a.Add(b.Sub(a).Mul(s))
				for _, o := range obstacles {
					if d := depthInto(q, cp.Radius, o) - allow; d > deepest {
						deepest, part = d, cp.Part
					}
				}
			}
		}
	}
	return deepest, part
}

// Every start the standing body does not fit is moved to where it fits,
// or refused: 0.15 m from a wall, facing it; the toes in a step's riser;
// inside a pillar; and under a low ceiling that reaches 1.5 m and more
// every way (refused, the error naming the part and the triangle). A
// moved start keeps every capsule out of every solid in every frame of
// its warped start action (the oracle above), was moved no more than
// Config.Fit, and says what was in the scene; a start that fits is not
// moved.
func TestStartsThatDoNotFit(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(obstaclesMesh(), lib, world.Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	model := setup.Sweeps().Model()
	east, north := math.Pi/2, 0.0
	for _, c := range []struct {
		name   string
		at     mgl64.Vec3
		yaw    float64
		moved  bool // else refused
		inside bool // the start itself is in the scene
	}{
		{"a wall", mgl64.Vec3{3.85, 0, 1.5}, east, true, true},
		{"a riser", mgl64.Vec3{5.93, 0, 1.5}, east, true, true},
		{"inside a pillar", mgl64.Vec3{9, 0, 6}, north, true, true},
		{"a low ceiling", mgl64.Vec3{1.5, 0, 6.5}, north, false, true},
		{"the open floor", mgl64.Vec3{10, 0, 2}, north, false, false},
	} {
		start := action.Frame{Position: c.at, Yaw: c.yaw}
		kept, err := planner.New(setup, planner.Config{Start: start, Work: 1000, Fit: -1})
		if err != nil {
			t.Fatal(err)
		}
		if _, hit := kept.StartContact(); hit != c.inside {
			t.Errorf("%s: the start kept where it is in the scene: %v, want %v", c.name, hit, c.inside)
			continue
		}
		// The oracle agrees that the start kept where it is is in a solid.
		if d, part := deepestInSolids(model, kept.Current().Clip); (d > 0) != c.inside {
			t.Errorf("%s: kept, the start's %s goes %.1f mm into a solid", c.name, part, 1000*d)
		}
		p, err := planner.New(setup, planner.Config{Start: start, Work: 1000})
		var refused *planner.StartError
		switch {
		case !c.moved && c.inside:
			if !errors.As(err, &refused) {
				t.Errorf("%s: New gave %v, want a StartError", c.name, err)
				continue
			}
			t.Logf("%s: %v", c.name, err)
			if msg := err.Error(); !strings.Contains(msg, refused.Part.String()) || !strings.Contains(msg, "triangle") || refused.Within != planner.DefaultFit {
				t.Errorf("%s: %q does not name the contact or the search", c.name, msg)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		m, moved := p.StartMoved()
		if moved != c.inside {
			t.Errorf("%s: moved %v, want %v", c.name, moved, c.inside)
			continue
		}
		if moved {
			t.Logf("%s: moved %.2f m to (%.2f, %.2f) for its %s", c.name, m.Distance, m.To.Position[0], m.To.Position[2], m.Part)
			if m.Distance > planner.DefaultFit+1e-9 || m.Distance <= 0 {
				t.Errorf("%s: moved %.3f m", c.name, m.Distance)
			}
			if _, hit := p.StartContact(); hit {
				t.Errorf("%s: the moved start is in the scene", c.name)
			}
		}
		if d, part := deepestInSolids(model, p.Current().Clip); d > 0 {
			t.Errorf("%s: the start's %s goes %.1f mm into a solid", c.name, part, 1000*d)
		}
	}
}
