package main

import (
	"testing"

	"github.com/foothold/foothold/script"
)

// fitsOrNear takes a start that fits without a search, and searches for
// at most the number of starts it is given: past it, a start that does
// not fit as it is is turned down unasked.
func TestFitsOrNearBoundsTheSearches(t *testing.T) {
	searched := 0
	fitsAt := func(s *script.Script) bool { return s.X < 0 }
	near := func(s *script.Script) bool { searched++; return s.X < 10 }
	ok := fitsOrNear(fitsAt, near, 3)
	for _, c := range []struct {
		x    float64
		want bool
	}{{-1, true}, {5, true}, {20, false}, {-2, true}, {6, true}, {7, false}, {-3, true}} {
		if got := ok(&script.Script{X: c.x}); got != c.want {
			t.Errorf("x %v: %v, want %v", c.x, got, c.want)
		}
	}
	if searched != 3 {
		t.Errorf("%d searches, want 3", searched)
	}
}
