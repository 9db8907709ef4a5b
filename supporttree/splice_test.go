package supporttree_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
)

// Splice gives the tree New makes of the positions outside the box and
// the new ones inside it (brute force over position sets), for random
// trees, boxes and yaw sets, including boxes that split runs, touch them
// and hold nothing.
func TestSpliceEqualsNew(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	lat := dock.DefaultLattice()
	for trial := range 400 {
		// Few yaw sets and dense rows, so runs form and join.
		yaws := []uint64{1, 3, 0xff, 1 << 35}
		old := map[uint64]uint64{}
		for range r.IntN(300) {
			old[supporttree.Key(int32(r.IntN(20)-5), int32(r.IntN(4)), int32(r.IntN(6)))] = yaws[r.IntN(len(yaws))]
		}
		var box supporttree.Box
		for a := range 3 {
			lo, hi := int32(r.IntN(24)-7), int32(r.IntN(24)-7)
			box.Min[a], box.Max[a] = min(lo, hi), max(lo, hi)
		}
		fresh := map[uint64]uint64{}
		for range r.IntN(60) {
			x := box.Min[0] + int32(r.IntN(int(box.Max[0]-box.Min[0]+1)))
			y := box.Min[1] + int32(r.IntN(int(box.Max[1]-box.Min[1]+1)))
			z := box.Min[2] + int32(r.IntN(int(box.Max[2]-box.Min[2]+1)))
			fresh[supporttree.Key(x, y, z)] = append(yaws, 0, 7)[r.IntN(len(yaws)+2)]
		}
		tree := mustNew(t, lat, old)
		keys, masks := sorted(fresh)
		got, err := tree.Splice(box, keys, masks)
		if err != nil {
			t.Fatal(err)
		}
		want := map[uint64]uint64{}
		for k, m := range old {
			if x, y, z := supporttree.Unkey(k); !box.Contains(x, y, z) {
				want[k] = m
			}
		}
		for k, m := range fresh {
			want[k] = m
		}
		if w := mustNew(t, lat, want); !reflect.DeepEqual(got.Streams(), w.Streams()) || !reflect.DeepEqual(got, w) {
			t.Fatalf("trial %d: the spliced tree differs from New's (box %v, %d old, %d new positions)", trial, box, len(old), len(fresh))
		}
	}
}

// A position outside the box, or out of order, is an error.
func TestSpliceRefuses(t *testing.T) {
	lat := dock.DefaultLattice()
	tree := mustNew(t, lat, map[uint64]uint64{supporttree.Key(0, 0, 0): 1})
	box := supporttree.Box{Max: [3]int32{2, 2, 2}}
	if _, err := tree.Splice(box, []uint64{supporttree.Key(3, 0, 0)}, []uint64{1}); err == nil {
		t.Error("a position outside the box was accepted")
	}
	if _, err := tree.Splice(box, []uint64{supporttree.Key(1, 0, 0), supporttree.Key(0, 0, 0)}, []uint64{1, 1}); err == nil {
		t.Error("positions out of order were accepted")
	}
}

func sorted(set map[uint64]uint64) (keys, masks []uint64) {
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		masks = append(masks, set[k])
	}
	return keys, masks
}

func mustNew(t *testing.T, lat dock.Lattice, set map[uint64]uint64) *supporttree.Tree {
	t.Helper()
	keys, masks := sorted(set)
	tree, err := supporttree.New(lat, keys, masks)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// EachIn visits exactly the positions of the box that Each visits, in
// order.
func TestEachIn(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 2))
	lat := dock.DefaultLattice()
	for range 200 {
		set := map[uint64]uint64{}
		for range r.IntN(400) {
			set[supporttree.Key(int32(r.IntN(30)-10), int32(r.IntN(5)), int32(r.IntN(8)))] = uint64(1 + r.IntN(3))
		}
		tree := mustNew(t, lat, set)
		var box supporttree.Box
		for a := range 3 {
			lo, hi := int32(r.IntN(34)-12), int32(r.IntN(34)-12)
			box.Min[a], box.Max[a] = min(lo, hi), max(lo, hi)
		}
		var want, got [][4]int64
		tree.Each(func(x, y, z int32, m uint64) {
			if box.Contains(x, y, z) {
				want = append(want, [4]int64{int64(x), int64(y), int64(z), int64(m)})
			}
		})
		tree.EachIn(box, func(x, y, z int32, m uint64) { got = append(got, [4]int64{int64(x), int64(y), int64(z), int64(m)}) })
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("box %v: EachIn visits %d positions, Each %d in the box", box, len(got), len(want))
		}
	}
}
