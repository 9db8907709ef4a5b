package stream_test

import (
	"math"
	"slices"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stream"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
	"github.com/foothold/foothold/world"
)

// frameBudgetMS is the frame's budget (docs/performance.md). [Units: ms]
const frameBudgetMS = 2.0

// routeFrom and routeTo bound the scripted route along builtin:world's
// road, over the first ravine's bridge. [Units: m]
const routeFrom, routeTo = 80.0, 1180.0

// TestWorldRoute (long tier): a 1 km walk along builtin:world's road, the
// body checked, streaming the tiles within 16 m: it covers the kilometre,
// moves exactly as with every tile it can reach loaded beforehand, holds
// a bounded number of tiles, and no Update goes over the budget plus
// 0.5 ms on its thread's CPU clock. The bake is the corridor's tiles (all
// a walk along the road comes within the radius of); the test checks that
// the world never asked for another.
func TestWorldRoute(t *testing.T) {
	if !tier.Long() {
		t.Skip("long tier (FOOTHOLD_LONG=1): a 1 km walk across builtin:world")
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lv, err := world.LoadTiled("builtin:world", lib, world.Options{Friction: dock.DefaultFriction})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := planner.NewSetup(g, lv.Querier, bodysweeps.Measure(t, lib))
	if err != nil {
		t.Fatal(err)
	}
	const radius = 16.0
	dir, corridor := bakeCorridor(t, lv, radius)
	s := &script.Script{X: routeFrom, Z: sceneload.WorldRoadZ, Y: math.NaN(), YawDeg: 90, Duration: 900,
		Inputs: []script.TimedInput{{At: 0, Heading: math.Pi / 2, Speed: 1.3}}}
	run := func(r float64) (*script.RunResult, stream.Stats, []error, [][2]int32) {
		w, err := stream.Open(dir, setup, r)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		res, err := script.RunStepped(w.Setup(), planner.Config{}, s, 60, lv.BVH, w)
		if err != nil {
			t.Fatal(err)
		}
		return res, w.Stats(), w.Errors(), w.Asked()
	}
	streamed, st, errs, asked := run(radius)
	loaded, _, _, _ := run(1e5)
	n := streamed.Clip.Skeleton.NumJoints()
	first, last := streamed.Clip.Trans[0], streamed.Clip.Trans[(streamed.Clip.Frames()-1)*n]
	worst := slices.Max(streamed.FrameCPUMS)
	t.Logf("from %.1f to %.1f; %d tiles in the corridor, at most %d held (%d KiB); %d loaded, %d dropped; worst Update %.2f ms CPU",
		first, last, len(corridor), st.MostResident, st.MostResidentBytes/1024, st.Loaded, st.Dropped, worst)
	if d := last[0] - first[0]; d < 1000 {
		t.Errorf("the walk covered %.0f m along the road, not 1 km", d)
	}
	if hs, hl := script.MotionHash(streamed.Clip), script.MotionHash(loaded.Clip); hs != hl {
		t.Errorf("streamed motion %016x, with every tile loaded beforehand %016x", hs, hl)
	}
	// A disc of 16 m and the hysteresis of one 12.8 m tile meet at most
	// 6 × 6 tiles.
	if st.MostResident > 36 {
		t.Errorf("held %d tiles at once: more than the 36 a disc of %.0f m plus a tile meets", st.MostResident, radius)
	}
	if len(errs) > 0 {
		t.Errorf("errors: %v", errs)
	}
	for _, ik := range asked {
		if !corridor[ik] {
			t.Errorf("asked for tile %v, outside the corridor baked", ik)
		}
	}
	if budget := frameBudgetMS + 0.5; worst > budget {
		t.Errorf("worst Update %.2f ms on its thread's CPU clock, over the budget plus 0.5 ms (%.2f ms)", worst, budget)
	}
}

// bakeCorridor bakes, in tiles of 128 positions, the tiles within the
// radius plus a tile of the road from before the route's start to beyond
// its end, and writes the manifest (the other tiles listed empty).
func bakeCorridor(t *testing.T, lv *world.World, radius float64) (string, map[[2]int32]bool) {
	var ts []*dock.Template
	for _, n := range lv.Names {
		ts = append(ts, lv.Templates[n])
	}
	l, err := supporttile.NewLayout(lv.Mesh, ts, dock.DefaultLattice(), 128)
	if err != nil {
		t.Fatal(err)
	}
	span := 12.8
	reach := radius + 2*span
	dir := t.TempDir()
	corridor := map[[2]int32]bool{}
	var entries []supporttile.Entry
	for _, ik := range l.Tiles {
		x0, z0 := float64(ik[0])*span, float64(ik[1])*span
		dx := max(routeFrom-reach-(x0+span), 0, x0-(routeTo+reach))
		dz := max(sceneload.WorldRoadZ-(z0+span), 0, z0-sceneload.WorldRoadZ)
		if math.Hypot(dx, dz) > reach {
			continue
		}
		tile, err := l.Build(lv.Mesh, lv.BVH, ik[0], ik[1], 0)
		if err != nil {
			t.Fatal(err)
		}
		e, err := supporttile.WriteTile(dir, tile)
		if err != nil {
			t.Fatal(err)
		}
		entries, corridor[ik] = append(entries, e), true
	}
	man, err := l.Manifest(supportbake.SceneHash(lv.Mesh), uint32(lv.Mesh.NumTriangles()), entries)
	if err != nil {
		t.Fatal(err)
	}
	if err := supporttile.WriteManifest(dir, man); err != nil {
		t.Fatal(err)
	}
	return dir, corridor
}
