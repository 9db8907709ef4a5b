package supportbake_test

import (
	"path"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// The paper's Table III (foot trees, bytes).
var paperTableIII = map[string]float64{"stepping": 1.46e6, "climbing": 2.14e6, "level": 23.28e6}

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
				if tree, _, err = supportbuild.Build(m, bvh, foot, dock.DefaultLattice(), supportbuild.BuildOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/build")
			b.ReportMetric(float64(tree.Runs()), "nodes")
			b.ReportMetric(float64(supportbake.EncodedBytes(tree))/1e6, "MB")
			b.ReportMetric(paperTableIII[name]/float64(supportbake.EncodedBytes(tree)), "x-smaller-than-paper")
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
						tree, _, err := supportbuild.Build(m, bvh, tm, dock.DefaultLattice(), supportbuild.BuildOptions{})
						if err != nil {
							b.Fatal(err)
						}
						bytes += supportbake.EncodedBytes(tree)
					}
				}
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)*per, "s/1000m2")
				b.ReportMetric(float64(bytes)/1e6*per, "MB/1000m2")
			})
		}
	}
}
