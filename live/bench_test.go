package live_test

import (
	"math"
	"path"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// BenchmarkStep times a world's step when a 1 m crate moves 0.5 m (a
// mover's step) with a walking character attached, on builtin:dynamic,
// builtin:level and dungeon.obj: the support data's update (edit-ms), the
// planners' Setup over the edited scene and the rebase (snapshot-ms), and
// the character's next Update (update-ms); medians and worst.
func BenchmarkStep(b *testing.B) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		b.Fatal(err)
	}
	sw := bodysweeps.Measure(b, lib)
	specs := []string{"builtin:dynamic", "builtin:level"}
	if d, ok := shareddata.Dir(); ok {
		specs = append(specs, d+"/meshes/dungeon.obj")
	}
	for _, spec := range specs {
		lv, err := world.Load(spec, lib, world.Options{CacheDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		setup, err := planner.NewSetup(g, lv.Querier, sw)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(path.Base(spec), func(b *testing.B) {
			w, err := live.FromWorld(lv, setup)
			if err != nil {
				b.Fatal(err)
			}
			starts, _, err := script.OpenFloorFrames(lv.Supports[lv.Templates["foot"]], lv.BVH, 1, scenes.NewRNG(1))
			if err != nil {
				b.Fatal(err)
			}
			start := starts[0]
			p, err := planner.New(w.Setup(), planner.Config{Start: start})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Attach(p); err != nil {
				b.Fatal(err)
			}
			crate := sceneload.DynamicCrate(1)
			ahead := start.Position.Add(mgl64.Vec3{3 * math.Sin(start.Yaw), 0, 3 * math.Cos(start.Yaw)})
			id, err := w.Add(crate, dynamic.Transform{Translation: ahead})
			if err != nil {
				b.Fatal(err)
			}
			in := planner.Input{Heading: start.Yaw, Speed: 1.3}
			var edit, snap, update []float64
			b.ReportAllocs()
			for k := range b.N {
				tr := dynamic.Transform{Translation: ahead.Add(mgl64.Vec3{0.5 * float64(k%2), 0, 0})}
				t0 := time.Now()
				if err := w.Place(id, tr); err != nil {
					b.Fatal(err)
				}
				placed := time.Since(t0)
				st, err := w.Step(1.0 / 60)
				if err != nil {
					b.Fatal(err)
				}
				edit = append(edit, ms(placed+st.Edits))
				snap = append(snap, ms(st.Snapshot))
				p.Update(1.0/60, in)
				update = append(update, ms(p.PlanTime))
			}
			for _, m := range []struct {
				name string
				v    []float64
			}{{"edit", edit}, {"snapshot", snap}, {"update", update}} {
				slices.Sort(m.v)
				b.ReportMetric(m.v[len(m.v)/2], m.name+"-ms")
				b.ReportMetric(m.v[len(m.v)-1], m.name+"-worst-ms")
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
