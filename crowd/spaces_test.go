package crowd_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/occupancy"
)

// TestLoadSpaces stores the default library's spaces as planner library
// does and loads them as a crowd does: from the file when it is this
// library's and body's (the same spaces as built now, with the body
// checked with the crowd's margin), from the cache once built when there
// is no file or the file is another body's, and a damaged file is an
// error naming it.
func TestLoadSpaces(t *testing.T) {
	ad := loadAdult(t)
	setup := setupOn(t, crowd.Floor(8), true)
	dir, cache := t.TempDir(), t.TempDir()
	file := filepath.Join(dir, "lib.fos")
	if got := crowd.SpacesFile(filepath.Join(dir, "lib.yaml")); got != file {
		t.Fatalf("SpacesFile: %s", got)
	}
	m, err := crowd.Body(ad.lib)
	if err != nil {
		t.Fatal(err)
	}
	told := map[string][2]int{}
	stored, err := crowd.StoreSpaces(file, ad.lib, m, func(stage string, done, total int) { told[stage] = [2]int{done, total} })
	if err != nil {
		t.Fatal(err)
	}
	n := len(ad.lib.Actions)
	if told["sweeps"] != [2]int{n, n} || told["spaces"] != [2]int{n, n} || len(told) != 2 {
		t.Errorf("progress told %v, want sweeps and spaces to %d of %d", told, n, n)
	}
	fresh, err := crowd.SpacesFor(setup, m)
	if err != nil {
		t.Fatal(err)
	}
	key := occupancy.Key(ccd.SweepsKey(ad.lib, m, ccd.Options{}), occupancy.Options{})
	if !bytes.Equal(stored.Encode(key), fresh.Encode(key)) {
		t.Fatal("the stored spaces differ from those built from the crowd's sweeps")
	}
	load := func(f string) (*occupancy.Spaces, string) {
		t.Helper()
		sp, from, err := crowd.LoadSpaces(setup, m, crowd.SpacesOptions{File: f, CacheDir: cache})
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
	thin := body.AdultRadii()
	for k := range thin {
		thin[k] *= 0.8
	}
	other, err := body.Derive(ad.lib.Actions[0].Clip.Skeleton, ad.lib.Actions[0].Effectors, thin)
	if err != nil {
		t.Fatal(err)
	}
	otherFile := filepath.Join(dir, "thin.fos")
	if _, err := crowd.StoreSpaces(otherFile, ad.lib, other, nil); err != nil {
		t.Fatal(err)
	}
	if _, from := load(otherFile); !strings.Contains(from, "(cached)") || !strings.Contains(from, "another library's or body's") {
		t.Errorf("with another body's file: from %q", from)
	}
	data, _ := os.ReadFile(file)
	data[len(data)/2] ^= 1
	os.WriteFile(file, data, 0o644)
	if _, _, err := crowd.LoadSpaces(setup, m, crowd.SpacesOptions{File: file, CacheDir: cache}); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("a damaged file: %v", err)
	}
}
