package stream

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
	"github.com/foothold/foothold/supporttree"
)

// slowWorld is a World over builtin:stepping's foot supports in tiles of
// 32 positions, wanting every tile, with no planner: only streaming.
func slowWorld(t testing.TB) *World {
	m, err := sceneload.Builtin("stepping")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	foot, err := dock.Builtin("foot")
	if err != nil {
		t.Fatal(err)
	}
	l, err := supporttile.NewLayout(m, []*dock.Template{foot}, dock.DefaultLattice(), 32)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := l.BuildShare(m, bvh, 0, 1, dir, 0, nil); err != nil {
		t.Fatal(err)
	}
	man, err := supporttile.Merge(dir)
	if err != nil {
		t.Fatal(err)
	}
	w := &World{dir: dir, man: man, entries: map[[2]int32]supporttile.Entry{}, tiles: map[*dock.Template]*supporttree.Tiles{},
		byName: map[string]*dock.Template{"foot": foot}, span: 3.2, radius: 40, arrivals: []mgl64.Vec3{{10, 0, 3}},
		resident: map[[2]int32]int{}, pending: map[[2]int32]bool{}, failed: map[[2]int32]error{}, asked: map[[2]int32]bool{}}
	for _, e := range man.Entries {
		w.entries[[2]int32{e.I, e.K}] = e
		if e.File != "" {
			w.files = append(w.files, [2]int32{e.I, e.K})
		}
	}
	w.tiles[foot] = supporttree.NewTiles(dock.DefaultLattice())
	w.load = newLoader(dir, &man.Header)
	return w
}

// TestStepNeverWaits: with every file taking 50 ms to read, Step returns
// at once, a tile asked for holds no support until it arrives, and every
// one arrives.
func TestStepNeverWaits(t *testing.T) {
	slow := readTile
	readTile = func(dir string, h *supporttile.Header, e supporttile.Entry) (*supportbake.Tile, error) {
		time.Sleep(50 * time.Millisecond)
		return slow(dir, h, e)
	}
	defer func() { readTile = slow }()
	w := slowWorld(t)
	defer w.Close()
	want := len(w.wanted())
	var worst time.Duration
	empty := 0
	for deadline := time.Now().Add(30 * time.Second); w.Stats().Loaded < want && time.Now().Before(deadline); {
		t0 := time.Now()
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		worst = max(worst, time.Since(t0))
		for ik := range w.pending {
			w.each(ik, func(i, k int32) {
				for _, td := range w.tiles {
					if td.Tile(i, k) != nil {
						t.Fatalf("tile %v holds supports before it arrived", ik)
					}
				}
			})
			empty++
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Logf("%d tiles loaded; the slowest Step took %v; %d waits on tiles not yet there", w.Stats().Loaded, worst, empty)
	if w.Stats().Loaded < want || want < 4 {
		t.Fatalf("%d of %d tiles arrived in 30 s", w.Stats().Loaded, want)
	}
	if worst > 25*time.Millisecond {
		t.Errorf("a Step took %v while each file took 50 ms to read: it waited", worst)
	}
}

// BenchmarkStep is a Step of a world holding every tile it wants: what a
// streaming game pays each frame once the tiles around it are in.
func BenchmarkStep(b *testing.B) {
	w := slowWorld(b)
	defer w.Close()
	for w.Stats().Loaded < len(w.wanted()) {
		w.Step(0)
		time.Sleep(time.Millisecond)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := w.Step(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStepAllocatesNothing: a Step of a world holding what it wants
// allocates nothing.
func TestStepAllocatesNothing(t *testing.T) {
	w := slowWorld(t)
	defer w.Close()
	for w.Stats().Loaded < len(w.wanted()) {
		w.Step(0)
		time.Sleep(time.Millisecond)
	}
	if n := testing.AllocsPerRun(100, func() { w.Step(1.0 / 60) }); n != 0 {
		t.Errorf("a Step allocates %v times", n)
	}
}
