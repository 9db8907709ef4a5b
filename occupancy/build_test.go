package occupancy_test

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/occupancy"
)

// adult is the default library with the adult body's sweeps and spaces.
type adult struct {
	lib    *action.Library
	model  *body.Model
	sweeps *ccd.Sweeps
	spaces *occupancy.Spaces
	build  time.Duration
}

var (
	adultOnce sync.Once
	adultW    *adult
	adultErr  error
)

func adultSpaces(tb testing.TB) *adult {
	tb.Helper()
	adultOnce.Do(func() {
		lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
		if err != nil {
			adultErr = err
			return
		}
		a := lib.Actions[0]
		m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
		if err != nil {
			adultErr = err
			return
		}
		sw, err := bake.MeasureSweeps(lib, m, ccd.Options{}, bake.Options{})
		if err != nil {
			adultErr = err
			return
		}
		t0 := time.Now()
		sp, err := occupancy.Build(sw, occupancy.Options{})
		adultW = &adult{lib: lib, model: m, sweeps: sw, spaces: sp, build: time.Since(t0)}
		adultErr = err
	})
	if adultErr != nil {
		tb.Fatal(adultErr)
	}
	return adultW
}

// TestBuildDefaultLibrary builds the adult's spaces for the default
// library: every action has spaces covering its time in order, each
// with a root circle of a body's size.
func TestBuildDefaultLibrary(t *testing.T) {
	w := adultSpaces(t)
	nodes, spaces := 0, 0
	for a, act := range w.lib.Actions {
		sp := w.spaces.Action(a)
		if len(sp) == 0 {
			t.Fatalf("%s: no spaces", act.Name)
		}
		if sp[0].T0 != 0 || sp[len(sp)-1].T1 < act.Clip.Duration()-1e-9 {
			t.Errorf("%s: spaces cover %.3f–%.3f s of %.3f s", act.Name, sp[0].T0, sp[len(sp)-1].T1, act.Clip.Duration())
		}
		for k := 1; k < len(sp); k++ {
			if sp[k].T0 != sp[k-1].T1 {
				t.Errorf("%s: space %d starts at %.3f s, the one before ends at %.3f s", act.Name, k, sp[k].T0, sp[k-1].T1)
			}
		}
		for _, s := range sp {
			nodes += s.BCH.Nodes()
			spaces++
			if r := s.BCH.Root().R; r < 0.1 || r > 3 {
				t.Errorf("%s %.2f–%.2f s: root radius %.3f m", act.Name, s.T0, s.T1, r)
			}
		}
	}
	t.Logf("%d actions, %d spaces, %d circles, %.1f MB, built in %v", len(w.lib.Actions), spaces, nodes, float64(w.spaces.SizeBytes())/1e6, w.build)
}

// The spaces are the same, byte for byte, whatever the number of workers
// that build them, and Progress hears of every action once, in order.
func TestBuildIndependentOfWorkers(t *testing.T) {
	w := adultSpaces(t)
	want := w.spaces.Encode([32]byte{})
	for _, n := range []int{1, 3} {
		calls := 0
		sp, err := occupancy.Build(w.sweeps, occupancy.Options{Workers: n, Progress: func(done, total int) {
			if calls++; done != calls || total != w.sweeps.NumActions() {
				t.Errorf("%d workers: progress %d of %d at call %d", n, done, total, calls)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sp.Encode([32]byte{}), want) {
			t.Errorf("%d workers: spaces differ from GOMAXPROCS workers'", n)
		}
		if o := sp.Options(); calls != w.sweeps.NumActions() || o.Progress != nil || o.Workers != 0 {
			t.Errorf("%d workers: %d progress calls for %d actions; options kept %+v", n, calls, w.sweeps.NumActions(), o)
		}
	}
}
