package stategraph_test

import (
	"testing"

	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/stategraph"
)

// Bound is the largest full unroll from any state, counted here by
// walking every path of the built-in graph (brute force).
func TestBoundCountsEveryPath(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var walk func(s int32, depth int) (nodes, slots int)
	walk = func(s int32, depth int) (int, int) {
		n, k := 1, len(lib.Actions[s].Docks)
		if depth == 0 {
			return n, k
		}
		for _, c := range g.Next(s) {
			cn, ck := walk(c, depth-1)
			n, k = n+cn, k+ck
		}
		return n, k
	}
	for depth := range 4 {
		wantN, wantK := 0, 0
		for s := range lib.Actions {
			n, k := walk(int32(s), depth)
			wantN, wantK = max(wantN, n), max(wantK, k)
		}
		if n, k := g.Bound(depth); n != wantN || k != wantK {
			t.Errorf("depth %d: Bound %d nodes, %d slots; every path gives %d, %d", depth, n, k, wantN, wantK)
		}
	}
}

// A graph naming an action the library lacks is refused.
func TestUnknownState(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stategraph.NewGraph(lib, map[string][]string{"moonwalk": {"idle"}}, []string{"idle"}); err == nil {
		t.Error("a state that is no action was taken")
	}
	if _, err := stategraph.NewGraph(lib, map[string][]string{"idle": {"moonwalk"}}, []string{"idle"}); err == nil {
		t.Error("a successor that is no action was taken")
	}
}
