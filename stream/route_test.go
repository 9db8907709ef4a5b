package stream_test

import (
	"math"
	"os"
	"slices"
	"strconv"
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

// route is the scripted walk along builtin:world's road: from x = from
// to x = from + metres, over the first ravine's bridge (at x = 700 m).
// The long tier walks 200 m; FOOTHOLD_WORLD_ROUTE_M=1000 the kilometre.
func route(t *testing.T) (from, metres float64) {
	metres = 200
	if v := os.Getenv("FOOTHOLD_WORLD_ROUTE_M"); v != "" {
		var err error
		if metres, err = strconv.ParseFloat(v, 64); err != nil || !(metres >= 50 && metres <= 1800) {
			t.Fatalf("FOOTHOLD_WORLD_ROUTE_M=%q: want 50 to 1800 metres", v)
		}
	}
	return min(560, 1900-metres), metres
}

// TestWorldRoute (long tier): a walk along builtin:world's road (200 m;
// 1 km with FOOTHOLD_WORLD_ROUTE_M=1000), the body checked, streaming the
// tiles within 16 m: it covers the route,
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
	from, metres := route(t)
	dir, corridor := bakeCorridor(t, lv, radius, from, from+metres+40)
	s := &script.Script{X: from, Z: sceneload.WorldRoadZ, Y: math.NaN(), YawDeg: 90, Duration: math.Ceil(metres/1.1) + 20,
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
	if d := last[0] - first[0]; d < metres {
		t.Errorf("the walk covered %.0f m along the road, not %.0f m", d, metres)
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
// radius plus two tiles of the road from x0 to x1, and writes the
// manifest (the other tiles listed empty).
func bakeCorridor(t *testing.T, lv *world.World, radius, x0, x1 float64) (string, map[[2]int32]bool) {
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
		tx, tz := float64(ik[0])*span, float64(ik[1])*span
		dx := max(x0-(tx+span), 0, tx-x1)
		dz := max(sceneload.WorldRoadZ-(tz+span), 0, tz-sceneload.WorldRoadZ)
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
