package bake_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
)

// TestSpaces stores the default library's spaces as planner library does
// and loads them as a crowd does: from the file when it is this library's
// and body's (the same spaces as built now from sweeps with the crowd's
// margin), from the cache once built when there is no file or the file is
// another body's, and a damaged file is an error naming it.
func TestSpaces(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	dir, cache := t.TempDir(), t.TempDir()
	file := filepath.Join(dir, "lib.fos")
	if got := bake.SpacesFile(filepath.Join(dir, "lib.yaml")); got != file {
		t.Fatalf("SpacesFile: %s", got)
	}
	m, err := planner.DefaultBody(lib, nil)
	if err != nil {
		t.Fatal(err)
	}
	told := map[string][2]int{}
	stored, err := bake.StoreSpaces(file, lib, m, bake.Options{Progress: func(stage string, done, total int) { told[stage] = [2]int{done, total} }})
	if err != nil {
		t.Fatal(err)
	}
	n := len(lib.Actions)
	if told["sweeps"] != [2]int{n, n} || told["spaces"] != [2]int{n, n} || len(told) != 2 {
		t.Errorf("progress told %v, want sweeps and spaces to %d of %d", told, n, n)
	}
	sw, err := bake.MeasureSweeps(lib, m, ccd.Options{Margin: crowd.PlanMargin}, bake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := occupancy.Build(sw, occupancy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := bake.SpacesKey(lib, sw)
	if !bytes.Equal(stored.Encode(key), fresh.Encode(key)) {
		t.Fatal("the stored spaces differ from those built from the crowd's sweeps")
	}
	load := func(f string) (*occupancy.Spaces, string) {
		t.Helper()
		sp, from, err := bake.Spaces(lib, sw, f, bake.Options{Cache: bake.Cache{Dir: cache}})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sp.Encode(key), fresh.Encode(key)) {
			t.Fatalf("spaces from %s differ from those built now", from)
		}
		return sp, from
	}
	if _, from := load(file); from != file {
		t.Errorf("with the library's file: from %q", from)
	}
	missing := filepath.Join(dir, "none.fos")
	if _, from := load(missing); !strings.HasSuffix(from, "(built now)") {
		t.Errorf("with no file: from %q", from)
	}
	if _, from := load(missing); !strings.HasSuffix(from, "(cached)") {
		t.Errorf("with no file, again: from %q", from)
	}
	// Another body's file is passed over, and said to be.
	other := thinBody(t, lib)
	otherFile := filepath.Join(dir, "thin.fos")
	if _, err := bake.StoreSpaces(otherFile, lib, other, bake.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, from := load(otherFile); !strings.Contains(from, "(cached)") || !strings.Contains(from, "another library's or body's") {
		t.Errorf("with another body's file: from %q", from)
	}
	data, _ := os.ReadFile(file)
	data[len(data)/2] ^= 1
	os.WriteFile(file, data, 0o644)
	if _, _, err := bake.Spaces(lib, sw, file, bake.Options{Cache: bake.Cache{Dir: cache}}); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("a damaged file: %v", err)
	}
}
