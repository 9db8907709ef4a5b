package supporttree_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
)

// A tree made from random positions answers every position as the
// positions say (a map is the oracle), and so does the tree made again
// from its streams; streams that break the structure are refused.
func TestStreamsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	lat := dock.DefaultLattice()
	want := map[[3]int32]uint64{}
	for range 3000 {
		p := [3]int32{int32(rng.IntN(40)) - 20, int32(rng.IntN(6)) - 2, int32(rng.IntN(40)) - 20}
		want[p] = uint64(rng.IntN(7)) // 0: no support there
	}
	var keys []uint64
	for p := range want {
		keys = append(keys, supporttree.Key(p[0], p[1], p[2]))
	}
	slices.Sort(keys)
	masks := make([]uint64, len(keys))
	for i, k := range keys {
		x, y, z := supporttree.Unkey(k)
		masks[i] = want[[3]int32{x, y, z}]
	}
	made, err := supporttree.New(lat, keys, masks)
	if err != nil {
		t.Fatal(err)
	}
	again, err := supporttree.FromStreams(lat, made.Streams())
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range []*supporttree.Tree{made, again} {
		for x := int32(-21); x <= 20; x++ {
			for y := int32(-3); y <= 4; y++ {
				for z := int32(-21); z <= 20; z++ {
					if got := tr.YawMask(x, y, z); got != want[[3]int32{x, y, z}] {
						t.Fatalf("(%d, %d, %d): yaw set %#x, want %#x", x, y, z, got, want[[3]int32{x, y, z}])
					}
				}
			}
		}
	}
	s := made.Streams()
	bad := s
	bad.RunX1 = slices.Clone(s.RunX1)
	bad.RunX1[0] = bad.RunX0[0] // an empty run
	if _, err := supporttree.FromStreams(lat, bad); err == nil {
		t.Error("an empty run was taken")
	}
	bad = s
	bad.RunMask = slices.Clone(s.RunMask)
	bad.RunMask[len(bad.RunMask)-1] = uint16(len(s.Masks)) // no such yaw set
	if _, err := supporttree.FromStreams(lat, bad); err == nil {
		t.Error("a run naming a missing yaw set was taken")
	}
}
