package ccd

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/librarybuild"
)

// measureAll measures every action of lib for body m, one after another.
func measureAll(lib *action.Library, m *body.Model, opt Options) (*Sweeps, error) {
	ms := make([]Measured, len(lib.Actions))
	for i := range ms {
		var err error
		if ms[i], err = Measure(lib, i, m, opt); err != nil {
			return nil, err
		}
	}
	return NewSweeps(lib, m, opt, ms)
}

// Sweeps assembled from measures are those measured in one go (the
// executed clips' way, measure), and a measure of the wrong size or
// holding a NaN is refused.
func TestMeasuredSweeps(t *testing.T) {
	lib, m := adultLibrary(t, librarybuild.DefaultOptions{})
	s, err := measureAll(lib, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range lib.Actions {
		var direct sweep
		direct.snapped, direct.k, direct.members = true, s.opt.Substeps, s.actionGroups(a)
		s.measure(&direct, a.Clip, actionPlacement(a))
		if !reflect.DeepEqual(direct, s.actions[i]) {
			t.Fatalf("action %q: the sweep assembled from its measure differs from the one measured in one go", a.Name)
		}
	}
	good := make([]Measured, len(lib.Actions))
	for i := range good {
		good[i], _ = Measure(lib, i, m, Options{})
	}
	short := good[0]
	short.Sag = short.Sag[1:]
	nan := good[0]
	nan.Axes = slices.Clone(nan.Axes)
	nan.Axes[3] = math.NaN()
	bad := slices.Clone(good)
	for name, m0 := range map[string]Measured{"short": short, "nan": nan} {
		bad[0] = m0
		if _, err := NewSweeps(lib, m, Options{}, bad[:1]); err == nil {
			t.Errorf("%s: one measure for %d actions accepted", name, len(lib.Actions))
		}
		if _, err := NewSweeps(lib, m, Options{}, bad); err == nil {
			t.Errorf("%s measure accepted", name)
		}
	}
}
