package geoquery

import (
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/scenes"
)

// paperSecondsPerDock is Version I's cost in the paper: Table I, 588 s for
// 1,236 animations at depth 4, about 0.48 s per animation of about 2.4
// docks, so about 0.2 s per dock.
const paperSecondsPerDock = 0.2

// BenchmarkProbe times foot queries near the surfaces of builtin:stepping
// and dungeon.obj with Probe (nearest first) and with an exhaustive scan of
// the window, after checking 50 queries of each against the scan. Metrics:
// queries/s, samples, rays and ray-triangle tests per query, and the speed-up
// over the paper's 0.2 s per dock.
func BenchmarkProbe(b *testing.B) {
	list := benchScenes(b)
	params := DefaultParams()
	for _, s := range list {
		bvh, err := scenes.NewBVH(s.m, scenes.BVHOptions{})
		if err != nil {
			b.Fatal(err)
		}
		probe, _ := NewProbe(bvh, params)
		qs := randomQueries(b, s.m, 1024, 99, "foot")
		for i := 0; i < 50; i++ {
			want, wok := exhaustive(bvh, params, qs[i])
			var got Result
			if ok := probe.Nearest(qs[i], &got, nil); ok != wok || got.Sample != want.Sample {
				b.Fatalf("%s query %d: probe disagrees with the exhaustive scan", s.name, i)
			}
		}
		b.Run(s.name+"/nearest-first", func(b *testing.B) {
			var st Stats
			var r Result
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				probe.Nearest(qs[i%len(qs)], &r, &st)
			}
			report(b, st)
		})
		b.Run(s.name+"/exhaustive", func(b *testing.B) {
			var st Stats
			var sup dock.Support
			var rs scenes.Stats
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				q := qs[i%len(qs)]
				for _, c := range params.window(q.Expected, nil) {
					st.Samples++
					dock.Feasible(bvh, q.Template, params.Lattice.Pose(c.s), params.Lattice.Linear, &sup, &rs)
				}
				st.Queries++
			}
			st.Rays, st.TriTests = rs.Rays, rs.TriTests
			report(b, st)
		})
	}
}

// benchScene is a scene the query benchmarks run on.
type benchScene struct {
	name string
	m    *scenes.Mesh
}

// benchScenes returns builtin:stepping and, when the real data is present,
// dungeon.obj.
func benchScenes(b *testing.B) []benchScene {
	m, _ := sceneload.Builtin("stepping")
	list := []benchScene{{"builtin:stepping", m}}
	if d, ok := shareddata.Dir(); ok {
		dm, err := sceneload.Load(d+"/meshes/dungeon.obj", sceneload.LoadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		list = append(list, benchScene{"dungeon.obj", dm})
	}
	return list
}

func report(b *testing.B, st Stats) {
	perQuery := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(1/perQuery, "queries/s")
	b.ReportMetric(float64(st.Samples)/float64(st.Queries), "samples/query")
	b.ReportMetric(float64(st.Rays)/float64(st.Queries), "rays/query")
	b.ReportMetric(float64(st.TriTests)/float64(st.Queries), "tri-tests/query")
	b.ReportMetric(paperSecondsPerDock/perQuery, "x-paper")
}
