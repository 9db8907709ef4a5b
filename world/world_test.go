package world

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
)

// The support data is built once, cached, read back identical, and a
// support file of another scene is refused.
func TestLoadWorldCache(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	calls := 0
	opt := Options{CacheDir: dir, Progress: func(string, int, int) { calls++ }}
	a, err := Load("builtin:stepping", lib, opt)
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
	b, err := Load("builtin:stepping", lib, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.Support, "(cached)") || calls != 0 {
		t.Fatalf("second load: support %q, %d progress calls", b.Support, calls)
	}
	for _, n := range a.Names {
		ta, tb := a.ExactSupports[a.Templates[n]], b.ExactSupports[b.Templates[n]]
		if !bytes.Equal(supportbake.Encode(ta), supportbake.Encode(tb)) {
			t.Errorf("template %s: the cached tree differs from the built one", n)
		}
		// An independent build agrees with both.
		m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		tc, _, err := supportbuild.Build(m, bvh, a.Templates[n], geoquery.DefaultParams().Lattice, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(supportbake.Encode(ta), supportbake.Encode(tc)) {
			t.Errorf("template %s: the world's tree differs from a direct build", n)
		}
		// The planner's tree is the exact one less its buried positions and
		// a foot's in narrow slots.
		kept, dropped := int64(0), int64(0)
		ta.Each(func(x, y, z int32, mask uint64) {
			lat := ta.Lattice()
			p := lat.Position(dock.Sample{X: x, Y: y, Z: z})
			buried := supportbuild.Buried(a.BVH, p, lat.Linear, supportbuild.Headroom) ||
				n == "foot" && supportbuild.Narrow(a.BVH, p, lat.Linear, supportbuild.Stance)
			got := a.Supports[a.Templates[n]].YawMask(x, y, z)
			if buried && got != 0 || !buried && got != mask {
				t.Fatalf("template %s (%d, %d, %d): buried %v, planner's yaw set %x of %x", n, x, y, z, buried, got, mask)
			}
			if buried {
				dropped++
			} else {
				kept++
			}
		})
		if kept != a.Supports[a.Templates[n]].Positions() || dropped == 0 || kept == 0 {
			t.Errorf("template %s: %d kept (tree holds %d), %d dropped", n, kept, a.Supports[a.Templates[n]].Positions(), dropped)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.fst"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v, want one file", files)
	}
	_, err = Load("builtin:climbing", lib, Options{FST: files[0]})
	if err == nil || !strings.Contains(err.Error(), files[0]) {
		t.Fatalf("a support file of another scene: err %v, want one naming the file", err)
	}
	if _, err := os.Stat(files[0]); err != nil {
		t.Fatal(err)
	}
}

// The world knows the template the library's feet dock with: "foot" for
// the built-in library, the grown foot for a library of a taller
// character, whose FootSupport is that template's tree.
func TestFootTemplate(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	grown := action.NewLibrary()
	for _, a := range lib.Actions {
		b := *a
		b.Docks = append([]action.Dock(nil), a.Docks...)
		for k := range b.Docks {
			b.Docks[k].Template = dock.ScaledName(b.Docks[k].Template, 1.2)
		}
		if err := grown.Add(&b); err != nil {
			t.Fatal(err)
		}
	}
	for want, l := range map[string]*action.Library{"foot": lib, dock.ScaledName("foot", 1.2): grown} {
		w, err := Load("builtin:stepping", l, Options{CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := w.FootSupport()
		if w.Foot != want || err != nil || tr != w.Supports[w.Templates[want]] {
			t.Errorf("foot %q (%v), want %q's tree", w.Foot, err, want)
		}
	}
}
