package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/world"
)

// TestBake: one bake fills the cache with the support-trees, the sweeps
// and the spaces, a second finds all three there, and a world loaded from
// that cache has the trees a world built afresh has; a bad library is an
// error naming it, with nothing written.
func TestBake(t *testing.T) {
	cache := t.TempDir()
	var reports []bakeReport
	for range 2 {
		code, stdout, stderr := runCmd("bake", "--scene", "builtin:stepping", "--cache", cache, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var r bakeReport
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		reports = append(reports, r)
	}
	for i, want := range []string{"(built now)", "(cached)"} {
		r := reports[i]
		for _, from := range []string{r.Support, r.Sweeps, r.Spaces} {
			if !strings.HasPrefix(from, cache) || !strings.HasSuffix(from, want) {
				t.Errorf("bake %d: %q, want a file of %s %s", i+1, from, cache, want)
			}
		}
	}
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	baked, err := world.Load("builtin:stepping", lib, world.Options{CacheDir: cache, Friction: dock.DefaultFriction})
	if err != nil || !strings.HasSuffix(baked.Support, "(cached)") {
		t.Fatalf("world from the baked cache: %v, %q", err, baked.Support)
	}
	fresh, err := world.Load("builtin:stepping", lib, world.Options{CacheDir: t.TempDir(), Friction: dock.DefaultFriction})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range fresh.Names {
		a, b := baked.Supports[baked.Templates[n]], fresh.Supports[fresh.Templates[n]]
		if !reflect.DeepEqual(a.Streams(), b.Streams()) {
			t.Errorf("%s: the baked tree differs from a fresh one", n)
		}
	}
	bad := filepath.Join(t.TempDir(), "lib.yaml")
	os.WriteFile(bad, []byte("actions: [\n"), 0o644)
	empty := t.TempDir()
	code, _, stderr := runCmd("bake", "--scene", "builtin:stepping", "--library", bad, "--cache", empty)
	if code != 1 || !strings.Contains(stderr, bad) {
		t.Errorf("a bad library: exit %d, %q", code, stderr)
	}
	if files, _ := os.ReadDir(empty); len(files) != 0 {
		t.Errorf("a failed bake wrote %d files", len(files))
	}
}
