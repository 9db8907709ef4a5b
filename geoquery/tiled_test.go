package geoquery

import (
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/supporttree"
)

// A querier over support data in tiles (NewTiled) answers every query as
// the querier over the whole trees does, to the bit: sample, pose,
// distance and hits, on builtin:stepping and builtin:rooms, for the foot
// and both hands, queries near the surfaces and far out.
func TestTiledEqualsWhole(t *testing.T) {
	for _, name := range []string{"stepping", "rooms"} {
		m, _ := sceneload.Builtin(name)
		f := newFixture(t, name, m, "foot", "hand", "hand-wall")
		tiles := map[*dock.Template]*supporttree.Tiles{}
		for tp, tr := range f.tree.trees {
			td, err := supporttree.Cut(tr)
			if err != nil {
				t.Fatal(err)
			}
			tiles[tp] = td
		}
		tiled, err := NewTiled(f.bvh, f.tree.Params(), tiles)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(tiled.Templates()), len(f.tree.Templates()); got != want {
			t.Fatalf("%s: %d templates, whole %d", name, got, want)
		}
		found := 0
		for i, q := range sharedQueries(t, m, 3000, 77, f.names...) {
			var a, b Result
			oka, okb := tiled.Nearest(q, &a, nil), f.tree.Nearest(q, &b, nil)
			if oka != okb || a != b {
				t.Fatalf("%s query %d (%s at %v): tiled %v %+v, whole %v %+v", name, i, q.Template.Name, q.Expected, oka, a, okb, b)
			}
			if oka {
				found++
			}
		}
		t.Logf("%s: %d of 3000 queries supported, every answer equal", name, found)
		if found == 0 {
			t.Errorf("%s: no query found support", name)
		}
	}
}
