package planner_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Walking up an 8° ramp, the planner tilts each foot onto the slope: the
// targets on the ramp carry a tilt of 8° about the horizontal axis across
// it, those on the flat floor none.
func TestPlannerTiltsOnSlope(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	slope := 8 * math.Pi / 180
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-3, -0.2, -2}, mgl32.Vec3{1, 0, 2})
	b.Ramp(1, 7, -2, 2, -0.2, 0, float32(6*math.Tan(slope)))
	lw, err := world.New(b.Mesh(), lib, world.Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, lw.Querier, bodysweeps.Measure(t, g.Library))
	if err != nil {
		t.Fatal(err)
	}
	p := newRecorded(t, &testWorld{lib: lib, bvh: lw.BVH, setup: setup}, planner.Config{Start: action.Frame{Position: mgl64.Vec3{-1.5, 0, 0}, Yaw: math.Pi / 2}})
	for range 5 * 60 {
		p.Update(1.0/60, planner.Input{Heading: math.Pi / 2, Speed: 1.2})
	}
	onRamp, onFlat := 0, 0
	for _, st := range p.steps {
		for _, tg := range st.Targets {
			x := float64(tg.Pose.Position[0])
			q := tg.Tilt
			if q == (mgl64.Quat{}) {
				q = mgl64.QuatIdent()
			}
			angle := 2 * math.Acos(math.Min(1, math.Abs(q.W)))
			switch {
			case x > 1.3 && x < 6.7:
				onRamp++
				// The slope rises along +X: the normal tips towards -X,
				// a turn about +Z.
				axis := q.V.Normalize()
				if math.Abs(angle-slope) > 0.5*math.Pi/180 || math.Abs(math.Abs(axis[2])-1) > 0.01 {
					t.Errorf("%s at x %.2f: tilt %.2f° about %v, want 8° about z", st.Action, x, angle*180/math.Pi, axis)
				}
			case x < 0.7:
				onFlat++
				if angle > 1e-6 {
					t.Errorf("%s at x %.2f on the flat: tilt %.3f°", st.Action, x, angle*180/math.Pi)
				}
			}
		}
	}
	t.Logf("%d targets on the ramp, %d on the flat", onRamp, onFlat)
	if onRamp < 4 || onFlat < 2 {
		t.Errorf("%d targets on the ramp, %d on the flat", onRamp, onFlat)
	}
}
