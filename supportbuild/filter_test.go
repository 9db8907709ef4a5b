package supportbuild

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// Filter keeps exactly the positions asked for, with their yaw sets; keeping
// everything gives the same tree, keeping nothing an empty one.
func TestFilter(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	tp, _ := dock.Builtin("foot")
	tr, _, err := Build(m, bvh, tp, dock.DefaultLattice(), BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := tr.Filter(func(x, y, z int32) bool { return true })
	if err != nil || !bytes.Equal(encodeTree(all), encodeTree(tr)) {
		t.Fatalf("keeping everything changed the tree (%v)", err)
	}
	none, _ := tr.Filter(func(x, y, z int32) bool { return false })
	if none.Positions() != 0 || none.Runs() != 0 {
		t.Fatalf("keeping nothing left %d positions", none.Positions())
	}
	odd := func(x, y, z int32) bool { return (x+2*y+3*z)%2 != 0 }
	f, _ := tr.Filter(odd)
	kept := int64(0)
	tr.Each(func(x, y, z int32, mask uint64) {
		want := uint64(0)
		if odd(x, y, z) {
			want = mask
			kept++
		}
		if got := f.YawMask(x, y, z); got != want {
			t.Fatalf("(%d, %d, %d): yaw set %x, want %x", x, y, z, got, want)
		}
	})
	if f.Positions() != kept || kept == 0 || kept == tr.Positions() {
		t.Errorf("filtered tree has %d positions, want %d of %d", f.Positions(), kept, tr.Positions())
	}
	if _, err := supporttree.FromStreams(f.Lattice(), f.Streams()); err != nil {
		t.Error(err)
	}
}

// encodeTree is tree t's arrays as bytes: equal trees give equal bytes.
func encodeTree(t *supporttree.Tree) []byte {
	return fmt.Appendf(nil, "%v %+v", t.Lattice(), t.Streams())
}
