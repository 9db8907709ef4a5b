package supportbake

import (
	"path"

	"github.com/foothold/foothold/internal/shareddata"
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// The paper's Table II (stepping scene, 0.1 m) and Table III (foot trees).
var (
	paperTableII = map[string]struct {
		seconds  float64
		triTests float64
	}{
		"foot": {5.8797, 29956064}, "foot4": {12.118, 58514624},
		"foot6": {16.6224, 95037024}, "foot8": {23.6544, 123839360},
	}
	paperTableIII = map[string]float64{"stepping": 1.46e6, "climbing": 2.14e6, "level": 23.28e6}
)

// BenchmarkTableII builds the stepping scene's trees for the 2-, 4-, 6- and
// 8-point foot templates on both cores. Metrics: seconds per build and its
// speed-up over the paper, ray-triangle tests and their share of the paper's.
func BenchmarkTableII(b *testing.B) {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	for _, name := range []string{"foot", "foot4", "foot6", "foot8"} {
		t, _ := dock.Builtin(name)
		b.Run(name, func(b *testing.B) {
			var st BuildStats
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var err error
				if _, st, err = Build(m, bvh, t, dock.DefaultLattice(), BuildOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			p := paperTableII[name]
			b.ReportMetric(sec, "s/build")
			b.ReportMetric(p.seconds/sec, "x-faster-than-paper")
			b.ReportMetric(float64(st.TriTests), "tri-tests")
			b.ReportMetric(100*float64(st.TriTests)/p.triTests, "%-of-paper-tri-tests")
		})
	}
}

// BenchmarkTableIII builds the foot tree of each built-in scene and reports
// its size against the paper's.
func BenchmarkTableIII(b *testing.B) {
	for _, name := range []string{"stepping", "climbing", "level"} {
		m, _ := sceneload.Builtin(name)
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		foot, _ := dock.Builtin("foot")
		b.Run(name, func(b *testing.B) {
			var tree *supporttree.Tree
			for i := 0; i < b.N; i++ {
				var err error
				if tree, _, err = Build(m, bvh, foot, dock.DefaultLattice(), BuildOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/build")
			b.ReportMetric(float64(tree.Runs()), "nodes")
			b.ReportMetric(float64(EncodedBytes(tree))/1e6, "MB")
			b.ReportMetric(paperTableIII[name]/float64(EncodedBytes(tree)), "x-smaller-than-paper")
		})
	}
}

// BenchmarkFrictionBuild builds the foot and hand trees of every shared
// level with the paper's 10° cone and with dock.DefaultFriction's (38.7°),
// on both cores. Metrics per 1,000 m² of the level's surface: seconds and
// MB of support-tree, for each cone.
func BenchmarkFrictionBuild(b *testing.B) {
	for _, lv := range shareddata.Meshes {
		m, err := sceneload.Load(shareddata.Path(b, lv.File), sceneload.LoadOptions{Scale: lv.Scale, ExcludeNodes: lv.Exclude})
		if err != nil {
			b.Fatal(err)
		}
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		per := 1000 / m.SurfaceArea()
		for _, cone := range []struct {
			name string
			deg  float32
		}{{"10deg", dock.DefaultToleranceDeg}, {"friction", dock.FrictionCone(dock.DefaultFriction)}} {
			b.Run(path.Base(lv.File)+"/"+cone.name, func(b *testing.B) {
				bytes := 0
				for i := 0; i < b.N; i++ {
					bytes = 0
					for _, name := range []string{"foot", "hand"} {
						tm, _ := dock.Builtin(name)
						tm.ToleranceDeg = cone.deg
						tree, _, err := Build(m, bvh, tm, dock.DefaultLattice(), BuildOptions{})
						if err != nil {
							b.Fatal(err)
						}
						bytes += EncodedBytes(tree)
					}
				}
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)*per, "s/1000m2")
				b.ReportMetric(float64(bytes)/1e6*per, "MB/1000m2")
			})
		}
	}
}
