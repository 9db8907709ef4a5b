package scenes_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/foothold/foothold/sceneload"
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

// TestBVHConcurrentQueries: a BVH is safe for concurrent queries. Four
// goroutines ask one BVH (built on two workers) the same rays at once and
// each gets the answers a single goroutine got. Run under the race
// detector (.ci/run), this is the test of the contract.
func TestBVHConcurrentQueries(t *testing.T) {
	for _, name := range []string{"builtin:stepping", "builtin:level"} {
		mesh, err := sceneload.Load(name, sceneload.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sc := testScene{name, mesh}
		b, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		rays := scenes.GenerateRays(sc.mesh, scenes.ShortRays, 2000, 7)
		type answer struct {
			hit scenes.Hit
			ok  bool
			any bool
		}
		ask := func(r scenes.Ray) answer {
			h, ok := b.ClosestHit(r, nil)
			return answer{h, ok, b.AnyHit(r, nil)}
		}
		want := make([]answer, len(rays))
		hits := 0
		for i, r := range rays {
			if want[i] = ask(r); want[i].ok {
				hits++
			}
		}
		if hits == 0 || hits == len(rays) {
			t.Fatalf("%s: %d of %d rays hit; the test needs both", sc.name, hits, len(rays))
		}
		var wg sync.WaitGroup
		var bad atomic.Int64
		for range 4 {
			wg.Go(func() {
				for i, r := range rays {
					if ask(r) != want[i] {
						bad.Add(1)
					}
				}
			})
		}
		wg.Wait()
		if bad.Load() > 0 {
			t.Errorf("%s: %d answers differ when asked concurrently", sc.name, bad.Load())
		}
	}
}
