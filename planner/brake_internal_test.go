package planner

import (
	"math"
	"testing"

	"github.com/foothold/foothold/librarybuild"
)

// Every action of the library with the crowd's moves has a brake: a chain
// of the graph's edges from it, at most maxBrake long, ending in an action
// tagged idle, none of whose actions but the last (and none for a standing
// action) may be followed by one tagged idle; a brake travels no farther
// than any other such chain (all enumerated here), and an idle action's
// brake is itself.
func TestBrakes(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	tags := make([]Tags, len(lib.Actions))
	idle := Tags(1)
	for a, act := range lib.Actions {
		for _, tag := range act.Tags {
			if tag == "idle" {
				tags[a] = idle
			}
		}
	}
	br := brakes(g, tags, idle)
	isIdle := func(a int32) bool { return tags[a]&idle != 0 }
	stands := func(a int32) bool {
		for _, b := range g.Next(a) {
			if isIdle(b) {
				return true
			}
		}
		return false
	}
	travel := func(chain []int32) float64 {
		s := 0.0
		for _, a := range chain {
			d := lib.Actions[a].Delta.Translation
			s += math.Hypot(d[0], d[2])
		}
		return s
	}
	// Every chain to idle of up to maxBrake actions, by brute force.
	var shortest func(a int32, left int) float64
	shortest = func(a int32, left int) float64 {
		best := math.Inf(1)
		for _, b := range g.Next(a) {
			if isIdle(b) {
				best = 0
			} else if left > 1 {
				d := lib.Actions[b].Delta.Translation
				best = math.Min(best, math.Hypot(d[0], d[2])+shortest(b, left-1))
			}
		}
		return best
	}
	for a := range lib.Actions {
		b := br[a]
		name := lib.Actions[a].Name
		switch {
		case isIdle(int32(a)):
			if len(b) != 1 || b[0] != int32(a) {
				t.Errorf("%s: brake %v, want itself", name, b)
			}
			continue
		case len(b) == 0:
			if !math.IsInf(shortest(int32(a), maxBrake), 1) {
				t.Errorf("%s has no brake, but a way to stand", name)
			}
			continue
		case stands(int32(a)) && len(b) != 1:
			t.Errorf("%s ends standing, brake %v", name, b)
		}
		prev := int32(a)
		for _, x := range b {
			found := false
			for _, n := range g.Next(prev) {
				found = found || n == x
			}
			if !found {
				t.Fatalf("%s: brake %v leaves the graph at %s", name, b, lib.Actions[x].Name)
			}
			prev = x
		}
		if !isIdle(b[len(b)-1]) {
			t.Errorf("%s: brake %v does not end idle", name, b)
		}
		if got, want := travel(b[:len(b)-1]), shortest(int32(a), maxBrake); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: brake travels %.2f m, the shortest way to stand %.2f m", name, got, want)
		}
	}
	walk := lib.Index("walk.l")
	t.Logf("walk.l brakes with %s, %s", lib.Actions[br[walk][0]].Name, lib.Actions[br[walk][1]].Name)
}
