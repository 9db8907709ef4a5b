package scenes_test

import (
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/scenes"
)

// TestBVHMatchesBruteForce casts up to 100,000 seeded rays per scene (half
// short probe rays near surfaces, half long rays across the bounds; fewer on
// the largest meshes, whose brute-force scans cost rays × triangles, but
// never under 10,000) and checks that the BVH's closest hit is the
// brute-force scan's: same hit or miss, same triangle, same distance; and
// that AnyHit agrees on hit or miss.
func TestBVHMatchesBruteForce(t *testing.T) {
	for _, sc := range allScenes(t) {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			n := min(50000, max(10000, bruteBudget/sc.mesh.NumTriangles()))
			if tier.Short() {
				n = 2000
			}
			bvh, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tris := scenes.MeshTris(sc.mesh)
			for _, kind := range []scenes.RayKind{scenes.ShortRays, scenes.LongRays} {
				rays := scenes.GenerateRays(sc.mesh, kind, n, 42)
				hits := checkRays(t, bvh, tris, rays, kind)
				t.Logf("%s rays: %d of %d hit", kind, hits, n)
				if hits == 0 || hits == n {
					t.Errorf("%s rays: %d of %d hit; a useful oracle set has both hits and misses", kind, hits, n)
				}
			}
		})
	}
}

// bruteBudget is how many ray–triangle tests TestBVHMatchesBruteForce's
// brute-force scans make per kind of ray, at most.
const bruteBudget = 500_000_000

func checkRays(t *testing.T, bvh *scenes.BVH, tris []scenes.TriVerts, rays []scenes.Ray, kind scenes.RayKind) int {
	workers := runtime.GOMAXPROCS(0)
	var mu sync.Mutex
	var wg sync.WaitGroup
	hits, bad := 0, 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			h, b := 0, 0
			for i := w; i < len(rays); i += workers {
				r := rays[i]
				want, wok := scenes.BruteClosest(tris, r)
				got, gok := bvh.ClosestHit(r, nil)
				any := bvh.AnyHit(r, nil)
				if wok {
					h++
				}
				ok := wok == gok && any == wok
				if ok && wok {
					ok = got.Triangle == want.Triangle && math.Abs(float64(got.T-want.T)) <= 1e-5*math.Max(1, float64(want.T))
				}
				if !ok {
					b++
					if b <= 3 {
						mu.Lock()
						t.Errorf("%s ray %d %+v: bvh (%v, %+v) any %v, brute (%v, %+v)", kind, i, r, gok, got, any, wok, want)
						mu.Unlock()
					}
				}
			}
			mu.Lock()
			hits += h
			bad += b
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	if bad > 0 {
		t.Errorf("%s rays: %d of %d disagree with brute force", kind, bad, len(rays))
	}
	return hits
}
