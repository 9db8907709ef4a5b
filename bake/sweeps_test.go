package bake_test

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
)

var adult struct {
	once sync.Once
	lib  *action.Library
	m    *body.Model
	err  error
}

// adultLibrary is the default library and the adult's body.
func adultLibrary(t testing.TB) (*action.Library, *body.Model) {
	t.Helper()
	adult.once.Do(func() {
		if adult.lib, _, adult.err = librarybuild.Default(librarybuild.DefaultOptions{}); adult.err == nil {
			adult.m, adult.err = planner.DefaultBody(adult.lib, nil)
		}
	})
	if adult.err != nil {
		t.Fatal(adult.err)
	}
	return adult.lib, adult.m
}

// measured is every action of lib measured one after another, with no
// package bake code in between (the oracle for the bake's).
func measured(t testing.TB, lib *action.Library, m *body.Model) []ccd.Measured {
	t.Helper()
	ms := make([]ccd.Measured, len(lib.Actions))
	for i := range ms {
		var err error
		if ms[i], err = ccd.Measure(lib, i, m, ccd.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	return ms
}

// The sweeps are the same on one goroutine as on several, and Progress
// hears of every action once, in order.
func TestSweepsIndependentOfWorkers(t *testing.T) {
	lib, m := adultLibrary(t)
	want := bake.EncodeSweeps(ccd.SweepsKey(lib, m, ccd.Options{}), measured(t, lib, m))
	for _, n := range []int{1, 3} {
		calls := 0
		dir := t.TempDir()
		o := bake.Options{Cache: bake.Cache{Dir: dir}, Workers: n, Progress: func(stage string, done, total int) {
			if calls++; stage != "sweeps" || done != calls || total != len(lib.Actions) {
				t.Errorf("%d workers: progress %s %d of %d at call %d", n, stage, done, total, calls)
			}
		}}
		if _, from, err := bake.Sweeps(lib, m, ccd.Options{}, o); err != nil || !strings.HasSuffix(from, "(built now)") {
			t.Fatalf("%d workers: from %q, %v", n, from, err)
		}
		if calls != len(lib.Actions) {
			t.Errorf("%d workers: %d progress calls for %d actions", n, calls, len(lib.Actions))
		}
		got, err := os.ReadFile(o.Cache.Path("sweeps", ccd.SweepsKey(lib, m, ccd.Options{}), ".fsw"))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d workers: the cached file differs from the actions measured one by one (%v)", n, err)
		}
	}
}

// Sweeps read from the cache are those measured: the same answers to
// every question the planner asks of them, and the same file.
func TestSweepsCached(t *testing.T) {
	lib, m := adultLibrary(t)
	o := bake.Options{Cache: bake.Cache{Dir: t.TempDir()}}
	built, from, err := bake.Sweeps(lib, m, ccd.Options{}, o)
	if err != nil || !strings.HasSuffix(from, "(built now)") {
		t.Fatalf("first: from %q, %v", from, err)
	}
	read, from, err := bake.Sweeps(lib, m, ccd.Options{}, o)
	if err != nil || !strings.HasSuffix(from, "(cached)") {
		t.Fatalf("second: from %q, %v", from, err)
	}
	if !reflect.DeepEqual(built, read) {
		t.Fatal("the sweeps read from the cache differ from those measured")
	}
	// Another body's sweeps are kept apart.
	other := thinBody(t, lib)
	if _, from, err := bake.Sweeps(lib, other, ccd.Options{}, o); err != nil || !strings.HasSuffix(from, "(built now)") {
		t.Fatalf("another body: from %q, %v", from, err)
	}
}

// A truncated, corrupted or mislabelled sweeps file is refused with a
// message naming it, and the cache then measures the sweeps again.
func TestSweepsFileRefusals(t *testing.T) {
	lib, m := adultLibrary(t)
	key := ccd.SweepsKey(lib, m, ccd.Options{})
	data := bake.EncodeSweeps(key, measured(t, lib, m))
	for n := 0; n < len(data); n += 1 + n/5 {
		if _, _, err := bake.DecodeSweeps(data[:n]); err == nil {
			t.Fatalf("truncated to %d of %d bytes: accepted", n, len(data))
		}
	}
	flipped := bytes.Clone(data)
	flipped[len(flipped)/2] ^= 4
	if _, _, err := bake.DecodeSweeps(flipped); !errors.Is(err, bake.ErrChecksum) {
		t.Errorf("a flipped bit: %v", err)
	}
	if _, _, err := bake.DecodeSweeps([]byte("FHSUPPRT\x03\x00\x00\x00")); !errors.Is(err, bake.ErrNotSweeps) {
		t.Errorf("another format: %v", err)
	}
	dir := t.TempDir()
	o := bake.Options{Cache: bake.Cache{Dir: dir}}
	path := o.Cache.Path("sweeps", key, ".fsw")
	if err := os.WriteFile(path, flipped, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := bake.ReadSweeps(path, key); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a corrupted file: %v", err)
	}
	if _, err := bake.ReadSweeps(path, [32]byte{1}); err == nil {
		t.Error("a file read under another key: accepted")
	}
	if _, from, err := bake.Sweeps(lib, m, ccd.Options{}, o); err != nil || !strings.HasSuffix(from, "(built now)") {
		t.Errorf("over a corrupted cache file: from %q, %v", from, err)
	}
}

// FuzzDecodeSweeps: no input makes DecodeSweeps panic, and what it
// accepts encodes back to the same bytes.
func FuzzDecodeSweeps(f *testing.F) {
	lib, m := adultLibrary(f)
	f.Add(bake.EncodeSweeps([32]byte{7}, measured(f, lib, m)[:2]))
	f.Add(bake.EncodeSweeps([32]byte{}, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		ms, key, err := bake.DecodeSweeps(data)
		if err != nil {
			return
		}
		if !bytes.Equal(bake.EncodeSweeps(key, ms), data) {
			t.Fatal("an accepted file does not encode back to its bytes")
		}
	})
}

// The size Sweeps weighs against MaxCachedSweeps is the file's.
func TestSweepsBytes(t *testing.T) {
	lib, m := adultLibrary(t)
	ms := measured(t, lib, m)
	if got, want := bake.SweepsBytes(ms), len(bake.EncodeSweeps([32]byte{}, ms)); got != want {
		t.Errorf("SweepsBytes %d, the file %d bytes", got, want)
	}
}

// thinBody is the adult's body with every radius 0.8 times as large: a
// body other than lib's own.
func thinBody(t testing.TB, lib *action.Library) *body.Model {
	t.Helper()
	thin := body.AdultRadii()
	for k := range thin {
		thin[k] *= 0.8
	}
	m, err := body.Derive(lib.Actions[0].Clip.Skeleton, lib.Actions[0].Effectors, thin)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
