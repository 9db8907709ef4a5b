package ccd

import (
	"reflect"
	"testing"

	"github.com/foothold/foothold/library"
)

// NewSweeps measures the same sweeps on one goroutine as on several, and
// tells Progress of every action once, in order.
func TestSweepsIndependentOfWorkers(t *testing.T) {
	lib, m := adultLibrary(t, library.DefaultOptions{Crowd: true})
	var got []*Sweeps
	for _, n := range []int{1, 3} {
		calls := 0
		s, err := NewSweeps(lib, m, Options{Workers: n, Progress: func(done, total int) {
			if calls++; done != calls || total != len(lib.Actions) {
				t.Errorf("%d workers: progress %d of %d at call %d", n, done, total, calls)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if calls != len(lib.Actions) {
			t.Errorf("%d workers: %d progress calls for %d actions", n, calls, len(lib.Actions))
		}
		s.opt.Workers, s.opt.Progress = 0, nil
		got = append(got, s)
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("the sweeps of 1 and 3 workers differ")
	}
}
