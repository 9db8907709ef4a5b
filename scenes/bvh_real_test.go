package scenes_test

import (
	"testing"

	"github.com/foothold/foothold/scenes"
)

func TestBuildIndependentOfWorkers(t *testing.T) {
	for _, sc := range allScenes(t) {
		var want uint64
		for i, w := range []int{1, 2, 3, 8} {
			b, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if h := scenes.BVHHash(b); i == 0 {
				want = h
			} else if h != want {
				t.Errorf("%s: scenes.BVH built with %d workers differs from one built with 1", sc.name, w)
			}
		}
	}
}

// maxStack walks the tree and returns the most entries any query can have
// on its stack: along a path, the sum of (inner children - 1).

func TestStackBoundOnRealScenes(t *testing.T) {
	for _, sc := range allScenes(t) {
		b, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := scenes.MaxStack(b); got > scenes.BVHStackSize {
			t.Errorf("%s: worst-case stack %d > %d", sc.name, got, scenes.BVHStackSize)
		}
	}
}
