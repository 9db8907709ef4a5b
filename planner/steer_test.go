package planner_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// steerScene is a floor 12 m square (x, z in -6..6) with a wall 2 m high
// and 0.2 m thick along z = 2 and a 2 m drop beyond x = 3 (the ground
// below reaches to x = 6), planned with the body checked against it.
func steerScene(t *testing.T) *testWorld {
	t.Helper()
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-6, -0.2, -6}, mgl32.Vec3{3, 0, 6})
	b.Box(mgl32.Vec3{3, -2.2, -6}, mgl32.Vec3{6, -2, 6})
	b.Box(mgl32.Vec3{-6, 0, 2}, mgl32.Vec3{3, 2, 2.2})
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	lw, err := world.New(b.Mesh(), lib, world.Options{CacheDir: t.TempDir(), Friction: dock.DefaultFriction})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, lw.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	return &testWorld{lib: lib, bvh: lw.BVH, setup: setup, lw: lw}
}

// steer walks from start under a constant heading for seconds and returns
// the root's positions, one per frame, and every docked foot's position.
func steer(t *testing.T, w *testWorld, start mgl64.Vec3, yaw, heading, seconds float64) (root, feet []mgl64.Vec3, stuck int) {
	t.Helper()
	p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: start, Yaw: yaw}})
	sk := p.Pose().Skeleton
	pos, rot := make([]mgl64.Vec3, sk.NumJoints()), make([]mgl64.Quat, sk.NumJoints())
	for range int(seconds * 60) {
		ps := p.Update(1.0/60, planner.Input{Heading: heading, Speed: 1.2})
		root = append(root, ps.Trans[0])
		sk.FK(ps.Trans, ps.Rot, pos, rot)
		for _, d := range w.lib.Get(ps.Action).Docks {
			if ps.Time >= d.Start && ps.Time <= d.End {
				feet = append(feet, pos[sk.Index(d.Effector)])
			}
		}
	}
	return root, feet, p.Stuck()
}

// Steering like a game character, judged from the root's path and the
// docked feet: asked to walk straight at a wall or a drop, the character
// goes up to it and stops there; asked to walk at a wall or along an edge
// at an angle (up to planner.SlideAngle off its line), it walks along it,
// even 10° or 20° off straight at it; straight at it, it stands. No docked foot ever goes into
// the wall or past the edge.
func TestSteerAtWallsAndDrops(t *testing.T) {
	w := steerScene(t)
	deg := math.Pi / 180
	for _, c := range []struct {
		name         string
		start        mgl64.Vec3
		heading      float64 // 0 faces +Z (the wall), 90° +X (the drop)
		along        mgl64.Vec3
		least, most  float64 // how far it must and may go along `along` from start
		nearZ, nearX float64 // docked feet come this close: z ≥ nearZ, x ≥ nearX
	}{
		{"straight at the wall", mgl64.Vec3{-3, 0, -2}, 0, mgl64.Vec3{1, 0, 0}, -0.5, 0.5, 1.5, -6},
		{"10° off straight at the wall", mgl64.Vec3{-5, 0, 1}, 10 * deg, mgl64.Vec3{1, 0, 0}, 2.5, 9, 1.5, -6},
		{"20° off straight at the wall", mgl64.Vec3{-5, 0, 1}, 20 * deg, mgl64.Vec3{1, 0, 0}, 2.5, 9, 1.5, -6},
		{"30° off straight at the wall", mgl64.Vec3{-5, 0, 1}, 30 * deg, mgl64.Vec3{1, 0, 0}, 2.5, 9, 1.5, -6},
		{"45° off the wall", mgl64.Vec3{-5, 0, 1}, 45 * deg, mgl64.Vec3{1, 0, 0}, 2.5, 9, 1.5, -6},
		{"70° off straight at the wall", mgl64.Vec3{-5, 0, 1}, 70 * deg, mgl64.Vec3{1, 0, 0}, 2.5, 9, 1.5, -6},
		{"straight at the drop", mgl64.Vec3{-1, 0, -2}, 90 * deg, mgl64.Vec3{0, 0, 1}, -0.5, 0.5, -6, 2.5},
		{"45° off the edge", mgl64.Vec3{1, 0, -5}, 45 * deg, mgl64.Vec3{0, 0, 1}, 2.5, 9, -6, 2.5},
	} {
		root, feet, stuck := steer(t, w, c.start, c.heading, c.heading, 6)
		end := root[len(root)-1]
		maxZ, maxX := math.Inf(-1), math.Inf(-1)
		for _, f := range feet {
			maxZ, maxX = math.Max(maxZ, f[2]), math.Max(maxX, f[0])
		}
		went := end.Sub(c.start).Dot(c.along)
		t.Logf("%s: end %.2v, went %.2f m along %v; docked feet up to z %.2f, x %.2f; stuck %d", c.name, end, went, c.along, maxZ, maxX, stuck)
		switch {
		case maxZ > 2-0.05:
			t.Errorf("%s: a docked foot at z %.2f, in or past the wall", c.name, maxZ)
		case maxX > 3+0.05:
			t.Errorf("%s: a docked foot at x %.2f, past the edge", c.name, maxX)
		case maxZ < c.nearZ || maxX < c.nearX:
			t.Errorf("%s: stopped short (feet up to z %.2f, x %.2f)", c.name, maxZ, maxX)
		case went < c.least || went > c.most:
			t.Errorf("%s: went %.2f m along %v, want %.1f to %.1f", c.name, went, c.along, c.least, c.most)
		case stuck > 0:
			t.Errorf("%s: stuck %d times", c.name, stuck)
		}
	}
}
