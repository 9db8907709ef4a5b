package planner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// The support data is built once, cached, read back identical, and a
// support file of another scene is refused.
func TestLoadWorldCache(t *testing.T) {
	lib, _, err := actiongraph.Default(actiongraph.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	calls := 0
	opt := WorldOptions{CacheDir: dir, Progress: func(string, int, int) { calls++ }}
	a, err := LoadWorld("builtin:stepping", lib, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(a.Support, "(built now)") || calls == 0 {
		t.Fatalf("first load: support %q, %d progress calls", a.Support, calls)
	}
	if len(a.Names) != 2 || a.Names[0] != "foot" || a.Names[1] != "hand" {
		t.Fatalf("templates %v, want [foot hand]", a.Names)
	}
	calls = 0
	b, err := LoadWorld("builtin:stepping", lib, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.Support, "(cached)") || calls != 0 {
		t.Fatalf("second load: support %q, %d progress calls", b.Support, calls)
	}
	for _, n := range a.Names {
		ta, tb := a.Exact[a.Templates[n]], b.Exact[b.Templates[n]]
		if !bytes.Equal(ta.Encode(), tb.Encode()) {
			t.Errorf("template %s: the cached tree differs from the built one", n)
		}
		// An independent build agrees with both.
		m, _ := scenes.Load("builtin:stepping", scenes.LoadOptions{})
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		tc, _, err := supporttree.Build(m, bvh, a.Templates[n], geoquery.DefaultParams().Lattice, supporttree.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ta.Encode(), tc.Encode()) {
			t.Errorf("template %s: the world's tree differs from a direct build", n)
		}
		// The planner's tree is the exact one less its buried positions.
		kept, dropped := int64(0), int64(0)
		ta.Each(func(x, y, z int32, mask uint64) {
			lat := ta.Lattice()
			buried := Buried(a.BVH, lat.Position(dock.Sample{X: x, Y: y, Z: z}), lat.Linear, Headroom)
			got := a.Trees[a.Templates[n]].YawMask(x, y, z)
			if buried && got != 0 || !buried && got != mask {
				t.Fatalf("template %s (%d, %d, %d): buried %v, planner's yaw set %x of %x", n, x, y, z, buried, got, mask)
			}
			if buried {
				dropped++
			} else {
				kept++
			}
		})
		if kept != a.Trees[a.Templates[n]].Positions() || dropped == 0 || kept == 0 {
			t.Errorf("template %s: %d kept (tree holds %d), %d dropped", n, kept, a.Trees[a.Templates[n]].Positions(), dropped)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.fst"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v, want one file", files)
	}
	_, err = LoadWorld("builtin:climbing", lib, WorldOptions{FST: files[0]})
	if err == nil || !strings.Contains(err.Error(), files[0]) {
		t.Fatalf("a support file of another scene: err %v, want one naming the file", err)
	}
	if _, err := os.Stat(files[0]); err != nil {
		t.Fatal(err)
	}
}

// Buried on builtin:stepping, where the answer is known from the
// generator: the floor under a stair block or a bench and the underside of
// the floor slab are buried; treads, the open floor, a stepping stone's top
// (from the lattice layers below and above it) and the box top are not.
func TestBuried(t *testing.T) {
	m, _ := scenes.Load("builtin:stepping", scenes.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.1
	for _, c := range []struct {
		name   string
		p      [3]float32
		buried bool
	}{
		{"floor under the first tread of the 0.2 m flight", [3]float32{0.55, 0, 1.5}, true},
		{"floor under the landing", [3]float32{2.0, 0, 1.5}, true},
		{"slab underside under the stairs", [3]float32{0.55, -0.2, 1.5}, true},
		{"slab underside under open floor", [3]float32{3.9, -0.2, 1.5}, true},
		{"floor under the bench", [3]float32{9.0, 0, 3.6}, true},
		{"first tread", [3]float32{0.55, 0.2, 1.5}, false},
		{"landing top", [3]float32{2.0, 0.8, 1.5}, false},
		{"open floor", [3]float32{3.9, 0, 1.5}, false},
		{"bench top", [3]float32{9.0, 0.4, 3.6}, false},
		{"box top", [3]float32{9.1, 1.0, 0.8}, false},
		{"floor beside the bench", [3]float32{9.0, 0, 3.0}, false},
	} {
		if got := Buried(bvh, c.p, inc, Headroom); got != c.buried {
			t.Errorf("%s %v: buried %v, want %v", c.name, c.p, got, c.buried)
		}
	}
	// Every stepping stone's top, from the lattice layer just below it and
	// the one just above: never buried.
	stones := 0
	for tr := range m.NumTriangles() {
		a, b, c := m.Triangle(tr)
		n := m.TriangleNormal(tr)
		x := (a[0] + b[0] + c[0]) / 3
		if n[1] < 0.99 || x < 6.2 || x > 7.8 || a[1] < -0.1 {
			continue
		}
		stones++
		z := (a[2] + b[2] + c[2]) / 3
		below := float32(int(a[1]/inc+10)-10) * inc // floor(a[1]/inc)·inc
		for _, y := range []float32{below, below + inc} {
			if Buried(bvh, [3]float32{x, y, z}, inc, Headroom) {
				t.Errorf("stone top at y %.3f (x %.2f, z %.2f): buried from lattice y %.1f", a[1], x, z, y)
			}
		}
	}
	if stones < 20 {
		t.Errorf("found %d stone-top triangles", stones)
	}
}
