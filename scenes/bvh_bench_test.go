package scenes_test

import (
	"fmt"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// benchScenes are the scenes the issue names for ray benchmarks.
func benchScenes(b *testing.B) []testScene {
	out := []testScene{}
	for _, f := range []struct {
		spec  string
		scale float32
	}{{"meshes/dungeon.obj", 1}, {"meshes/zdm2.obj", 0.125}} {
		d, ok := shareddata.Dir()
		if !ok {
			b.Logf("real meshes absent: benchmarking built-in scenes only")
			break
		}
		m, err := sceneload.Load(d+"/"+f.spec, sceneload.LoadOptions{Scale: f.scale})
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, testScene{f.spec, m})
	}
	m, err := sceneload.Load("builtin:level", sceneload.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return append(out, testScene{"builtin:level", m})
}

// BenchmarkRays times closest-hit and any-hit queries of short probe rays and
// long rays on one core, beside a brute-force scan of the same rays. Before
// timing, 2,000 rays are checked against brute force, so a speed figure
// never hides a wrong answer. Metrics: rays/s, triangle tests and nodes per
// ray.
func BenchmarkRays(b *testing.B) {
	for _, sc := range benchScenes(b) {
		bvh, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{})
		if err != nil {
			b.Fatal(err)
		}
		tris := scenes.MeshTris(sc.mesh)
		for _, kind := range []scenes.RayKind{scenes.ShortRays, scenes.LongRays} {
			rays := scenes.GenerateRays(sc.mesh, kind, 1<<16, 7)
			for i := 0; i < 2000; i++ {
				want, wok := scenes.BruteClosest(tris, rays[i])
				got, gok := bvh.ClosestHit(rays[i], nil)
				if wok != gok || (wok && got.Triangle != want.Triangle) {
					b.Fatalf("%s %s ray %d: bvh (%v %+v), brute (%v %+v)", sc.name, kind, i, gok, got, wok, want)
				}
			}
			name := fmt.Sprintf("%s/%s", sc.name, kind)
			b.Run(name+"/closest", func(b *testing.B) {
				var st scenes.Stats
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					bvh.ClosestHit(rays[i&(len(rays)-1)], &st)
				}
				reportRays(b, st)
			})
			b.Run(name+"/any", func(b *testing.B) {
				var st scenes.Stats
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					bvh.AnyHit(rays[i&(len(rays)-1)], &st)
				}
				reportRays(b, st)
			})
			b.Run(name+"/brute", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					scenes.BruteClosest(tris, rays[i&(len(rays)-1)])
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rays/s")
				b.ReportMetric(float64(len(tris)), "tri-tests/ray")
			})
		}
	}
}

func reportRays(b *testing.B, st scenes.Stats) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rays/s")
	b.ReportMetric(float64(st.TriTests)/float64(st.Rays), "tri-tests/ray")
	b.ReportMetric(float64(st.Nodes)/float64(st.Rays), "nodes/ray")
}

// BenchmarkBVHBuild times NewBVH on all cores (the default) and on one.
func BenchmarkBVHBuild(b *testing.B) {
	for _, sc := range benchScenes(b) {
		for _, w := range []int{0, 1} {
			b.Run(fmt.Sprintf("%s/workers=%d", sc.name, w), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{Workers: w}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/build")
			})
		}
	}
}
