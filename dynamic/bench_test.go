package dynamic_test

import (
	"path"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// BenchmarkEdit times edits on three shared levels (every edit's work is
// on one goroutine): a 1 m crate and a 4 m wall piece added on the
// level's surfaces, moved 0.5 m and removed, each edit timed alone.
// Metrics: the median and 99th percentile of each kind of edit, in ms.
func BenchmarkEdit(b *testing.B) {
	for _, lv := range shareddata.Meshes[:3] { // dungeon, nav_test, undulating
		file := lv.File
		static, err := sceneload.Load(shareddata.Path(b, lv.File), sceneload.LoadOptions{Scale: lv.Scale, ExcludeNodes: lv.Exclude})
		if err != nil {
			b.Fatal(err)
		}
		s, err := dynamic.NewScene(static, templates(b), dock.DefaultLattice())
		if err != nil {
			b.Fatal(err)
		}
		for _, piece := range []struct {
			name string
			m    *scenes.Mesh
		}{{"crate", crate}, {"wall", wall}} {
			b.Run(path.Base(file)+"/"+piece.name, func(b *testing.B) {
				e := newEditor(b, s, static, 7)
				var add, move, remove []time.Duration
				b.ReportAllocs()
				for range b.N {
					tr := e.place(piece.m)
					id, st, err := s.Add(piece.m, tr)
					if err != nil {
						b.Fatal(err)
					}
					add = append(add, st.Duration)
					tr.Translation = tr.Translation.Add(mgl64.Vec3{0.5, 0, 0})
					if st, err = s.Move(id, tr); err != nil {
						b.Fatal(err)
					}
					move = append(move, st.Duration)
					if st, err = s.Remove(id); err != nil {
						b.Fatal(err)
					}
					remove = append(remove, st.Duration)
				}
				for _, m := range []struct {
					name string
					d    []time.Duration
				}{{"add", add}, {"move", move}, {"remove", remove}} {
					b.ReportMetric(quantile(m.d, 0.5), m.name+"-median-ms")
					b.ReportMetric(quantile(m.d, 0.99), m.name+"-p99-ms")
				}
			})
		}
	}
}

// quantile is the q-quantile of d, in milliseconds.
func quantile(d []time.Duration, q float64) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[min(len(s)-1, int(q*float64(len(s))))].Microseconds()) / 1000
}
