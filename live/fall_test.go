package live_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// lowest is the lowest y of mesh m placed by tr (dynamic.Transform.Apply).
func lowest(m *scenes.Mesh, tr dynamic.Transform) float64 {
	y := math.Inf(1)
	for v := range m.NumVertices() {
		y = min(y, float64(tr.Apply(m.Vertex(uint32(v)))[1]))
	}
	return y
}

// settle steps w at 60 Hz until body id rests (at most seconds), and
// returns its heights, one per step, starting where it was.
func settle(t *testing.T, w *live.World, id dynamic.Instance, seconds float64) []float64 {
	t.Helper()
	tr, _ := w.At(id)
	ys := []float64{tr.Translation[1]}
	for range int(seconds * 60) {
		if _, err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		tr, _ = w.At(id)
		ys = append(ys, tr.Translation[1])
		if w.Resting(id) {
			return ys
		}
	}
	t.Fatalf("instance %d still falls after %v s", id, seconds)
	return nil
}

// A crate dropped from 2 m falls with the acceleration of gravity (the
// second differences of its heights, to 2%), lands on the floor, its
// bottom at the floor's height, after the free-fall time (to a step).
func TestFreeFall(t *testing.T) {
	w := newWorld(t)
	crate := sceneload.DynamicCrate(1)
	const h = 2.0
	id, err := w.Add(crate, at(mgl64.Vec3{6, h, sceneload.DynamicCrateZ}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Drop(id); err != nil {
		t.Fatal(err)
	}
	ys := settle(t, w, id, 3)
	const dt = 1.0 / 60
	worst := 0.0
	for k := 1; k+2 < len(ys); k++ { // the last step is cut short by the floor
		a := (ys[k+1] - 2*ys[k] + ys[k-1]) / (dt * dt)
		worst = max(worst, math.Abs(a/-live.Gravity-1))
	}
	tr, _ := w.At(id)
	landing := float64(len(ys)-1) * dt
	want := math.Sqrt(2 * h / live.Gravity)
	t.Logf("%d steps; acceleration within %.2g of g; landed at %.4f s (free fall %.4f s); bottom at %.6f m", len(ys)-1, worst, landing, want, lowest(crate, tr))
	if worst > 0.02 {
		t.Errorf("acceleration %.3f%% off g", worst*100)
	}
	if landing < want || landing > want+dt {
		t.Errorf("landed at %.4f s, free fall takes %.4f s", landing, want)
	}
	if b := lowest(crate, tr); math.Abs(b) > 1e-5 {
		t.Errorf("rests with its bottom at %.6f m, the floor is at 0", b)
	}
	if w.Velocity(id) != 0 {
		t.Errorf("rests at %v m/s", w.Velocity(id))
	}
}

// Crates rest on each other: a crate dropped on another rests on its top
// (vertex on face); a crate turned 45° about its length, dropped edge
// down across a narrower one, rests on that edge, where no vertex of
// either lies over the other's faces (edge on edge, seen from above);
// and when what holds a crate is taken away, it falls again to the floor.
func TestCratesRestOnEachOther(t *testing.T) {
	w := newWorld(t)
	z := float64(sceneload.DynamicCrateZ)
	big, small := sceneload.DynamicCrate(1), sceneload.DynamicCrate(0.4)
	a, _ := w.Add(big, at(mgl64.Vec3{4, 0.5, z}))
	b, _ := w.Add(big, at(mgl64.Vec3{4.3, 3, z + 0.2}))
	for _, id := range []dynamic.Instance{a, b} {
		if err := w.Drop(id); err != nil {
			t.Fatal(err)
		}
	}
	settle(t, w, a, 2)
	settle(t, w, b, 2)
	tb, _ := w.At(b)
	if y := lowest(big, tb); math.Abs(y-1) > 1e-5 {
		t.Errorf("a crate on a crate: bottom at %.6f m, the top below is at 1", y)
	}

	c, _ := w.Add(small, at(mgl64.Vec3{10, 0, z}))
	roll := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1})
	edgeX := roll.Rotate(mgl64.Vec3{-0.5, 0, 0})[0] // the crate's lowest edge, turned
	d, _ := w.Add(big, dynamic.Transform{Rotation: roll, Translation: mgl64.Vec3{10 - edgeX, 2, z}})
	if err := w.Drop(d); err != nil {
		t.Fatal(err)
	}
	settle(t, w, d, 2)
	td, _ := w.At(d)
	if y := lowest(big, td); math.Abs(y-0.4) > 1e-5 {
		t.Errorf("edge across edge: the lowest edge at %.6f m, the narrow crate's top at 0.4", y)
	}
	if err := w.Remove(c); err != nil {
		t.Fatal(err)
	}
	settle(t, w, d, 2)
	td, _ = w.At(d)
	if y := lowest(big, td); math.Abs(y) > 1e-5 {
		t.Errorf("with its support taken away: the lowest edge at %.6f m, the floor at 0", y)
	}
}

// Bad use is an error: a step that is negative or not a number, keys out
// of order or not finite, an instance that is not there, a planner not
// made with the world's setup.
func TestBadUse(t *testing.T) {
	w := newWorld(t)
	id, _ := w.Add(sceneload.DynamicCrate(1), at(mgl64.Vec3{4, 0, 5}))
	nan := math.NaN()
	cases := map[string]error{
		"negative step":     func() error { _, err := w.Step(-1); return err }(),
		"NaN step":          func() error { _, err := w.Step(nan); return err }(),
		"keys out of order": w.Animate(id, []live.Key{{Time: 2}, {Time: 1}}),
		"NaN key":           w.Animate(id, []live.Key{{Time: 1, At: at(mgl64.Vec3{nan, 0, 0})}}),
		"no instance":       w.Drop(99),
		"remove twice":      func() error { w.Remove(id); return w.Remove(id) }(),
		"nil planner":       w.Attach(nil),
	}
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
