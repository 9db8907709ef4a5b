package stream_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stream"
	"github.com/foothold/foothold/supporttile"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl32"
)

// level is builtin:level ready to plan in (with the body), and its
// support data baked in tiles of 64 positions (6.4 m).
var level struct {
	once  sync.Once
	err   error
	lv    *world.World
	setup *planner.Setup
	tiles string
}

func loadLevel(t *testing.T) {
	t.Helper()
	level.once.Do(func() {
		lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
		if err != nil {
			level.err = err
			return
		}
		if level.lv, level.err = world.Load("builtin:level", lib, world.Options{CacheDir: t.TempDir(), Friction: 0.8}); level.err != nil {
			return
		}
		if level.setup, level.err = planner.NewSetup(g, level.lv.Querier, bodysweeps.Measure(t, lib)); level.err != nil {
			return
		}
		level.tiles, level.err = os.MkdirTemp("", "foothold-stream-")
		if level.err != nil {
			return
		}
		var ts []*dock.Template
		for _, n := range level.lv.Names {
			ts = append(ts, level.lv.Templates[n])
		}
		l, err := supporttile.NewLayout(level.lv.Mesh, ts, level.setup.Querier().Params().Lattice, 64)
		if err != nil {
			level.err = err
			return
		}
		if _, level.err = l.BuildShare(level.lv.Mesh, level.lv.BVH, 0, 1, level.tiles, 0, nil); level.err != nil {
			return
		}
		_, level.err = supporttile.Merge(level.tiles)
	})
	if level.err != nil {
		t.Fatal(level.err)
	}
}

// walk is a 60 s walk on builtin:level from a random open floor, its
// heading drawn anew every 20 s.
func walk(t *testing.T, seed uint64) *script.Script {
	foot, err := level.lv.FootSupport()
	if err != nil {
		t.Fatal(err)
	}
	open := script.OpenFloor(foot)
	rng := scenes.NewRNG(seed)
	return script.RandomWalkWhere(foot, open, rng, 60, 20, script.BodyFits(level.setup, level.lv.BVH))
}

// TestStreamedWalkMovesAsLoaded: walks in a world streaming the tiles
// within 16 m move exactly as the same walks over the whole support data
// (the planner's usual querier, no tiles), holding far fewer tiles than
// the level has and letting go of those left behind.
func TestStreamedWalkMovesAsLoaded(t *testing.T) {
	loadLevel(t)
	man, err := supporttile.ReadManifest(level.tiles)
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, e := range man.Entries {
		if e.File != "" {
			files++
		}
	}
	dropped := 0
	for _, seed := range []uint64{4, 6} {
		s := walk(t, seed)
		want, err := script.Run(level.setup, planner.Config{}, s, 60, level.lv.BVH)
		if err != nil {
			t.Fatal(err)
		}
		w, err := stream.Open(level.tiles, level.setup, 16)
		if err != nil {
			t.Fatal(err)
		}
		got, err := script.RunStepped(w.Setup(), planner.Config{}, s, 60, level.lv.BVH, w)
		w.Close()
		if err != nil {
			t.Fatal(err)
		}
		hw, hg := script.MotionHash(want.Clip), script.MotionHash(got.Clip)
		st := w.Stats()
		t.Logf("walk %d: motion %016x, streamed %016x; %d tile files, at most %d held (%d KiB), %d loaded, %d dropped", seed, hw, hg, files, st.MostResident, st.MostResidentBytes/1024, st.Loaded, st.Dropped)
		if hg != hw {
			t.Errorf("walk %d: the streamed walk moves otherwise (%016x) than over the whole support data (%016x)", seed, hg, hw)
		}
		// A disc of 16 m plus one tile of 6.4 m meets at most 8 × 8 tiles.
		if st.MostResident > 64 || st.MostResident >= files {
			t.Errorf("walk %d: held at most %d of %d tiles: not within its bound", seed, st.MostResident, files)
		}
		if len(w.Errors()) > 0 {
			t.Errorf("walk %d: errors: %v", seed, w.Errors())
		}
		dropped += st.Dropped
	}
	if dropped == 0 {
		t.Error("no tile was let go of: the walks show no streaming")
	}
}

// TestBadTileIsUnsupported: a corrupted tile file and a missing one do not
// fail the world: their tiles hold no support, and the errors name them.
func TestBadTileIsUnsupported(t *testing.T) {
	loadLevel(t)
	dir := t.TempDir()
	ents, _ := os.ReadDir(level.tiles)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(level.tiles, e.Name()))
		os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
	}
	s := walk(t, 4)
	w, err := stream.Open(dir, level.setup, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	// The tile under the start, and one beside it.
	man, _ := supporttile.ReadManifest(dir)
	start, _ := s.Start(level.lv.BVH)
	span := 6.4
	var under, beside string
	var ui, uk int32
	for _, e := range man.Entries {
		x0, z0 := float64(e.I)*span, float64(e.K)*span
		if e.File != "" && start.Position[0] >= x0 && start.Position[0] < x0+span && start.Position[2] >= z0 && start.Position[2] < z0+span {
			under, ui, uk = e.File, e.I, e.K
		}
	}
	for _, e := range man.Entries {
		if d := max(e.I-ui, ui-e.I, e.K-uk, uk-e.K); e.File != "" && d == 1 && beside == "" {
			beside = e.File
		}
	}
	if under == "" || beside == "" {
		t.Fatalf("no tile file under the start (%q) or beside it (%q)", under, beside)
	}
	b, _ := os.ReadFile(filepath.Join(dir, under))
	b[len(b)/3] ^= 1
	os.WriteFile(filepath.Join(dir, under), b, 0o644)
	os.Remove(filepath.Join(dir, beside))
	p, err := planner.New(w.Setup(), planner.Config{Start: start})
	if err == nil {
		err = w.Attach(p)
	}
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		p.Update(1.0/60, planner.Input{})
	}
	errs := w.Errors()
	var text []string
	for _, e := range errs {
		text = append(text, e.Error())
	}
	all := strings.Join(text, "\n")
	if !strings.Contains(all, under) || !strings.Contains(all, "SHA-256") {
		t.Errorf("errors %q do not name the corrupted tile %s", all, under)
	}
	if !strings.Contains(all, beside) {
		t.Errorf("errors %q do not name the missing tile %s", all, beside)
	}
	// Over the whole support data the foot has supports under the start;
	// in the streamed world, none there: the nearest is outside the tile.
	foot := level.lv.Templates[level.lv.Foot]
	e := dock.Pose{Position: mgl32.Vec3{float32(start.Position[0]), float32(start.Position[1]), float32(start.Position[2])}}
	inside := func(q *geoquery.Tree) bool {
		var r geoquery.Result
		if !q.Nearest(geoquery.Query{Template: foot, Expected: e, NoSupport: true}, &r, nil) {
			return false
		}
		return math.Floor(float64(r.Pose.Position[0])/span) == math.Floor(start.Position[0]/span) &&
			math.Floor(float64(r.Pose.Position[2])/span) == math.Floor(start.Position[2]/span)
	}
	if !inside(level.setup.Querier()) {
		t.Fatal("the whole support data has no foot support in the start's tile: the test shows nothing")
	}
	if inside(w.Setup().Querier()) {
		t.Error("the corrupted tile holds supports in the streamed world")
	}
}
