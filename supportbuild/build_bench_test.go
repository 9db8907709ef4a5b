package supportbuild

import (
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// The paper's Table II (stepping scene, 0.1 m).
var (
	paperTableII = map[string]struct {
		seconds  float64
		triTests float64
	}{
		"foot": {5.8797, 29956064}, "foot4": {12.118, 58514624},
		"foot6": {16.6224, 95037024}, "foot8": {23.6544, 123839360},
	}
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
