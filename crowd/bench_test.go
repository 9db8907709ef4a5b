package crowd_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/foothold/foothold/crowd"
)

// BenchmarkSimFrame is one 60 Hz frame of a crowd on a flat floor: n
// characters in circles of ten walking to the opposite points
// (crowd.Circles), each planning depth 3 with docks, its body's clearance
// and claims on occupancy spaces. One iteration is one frame: run it with
// -benchtime 600x to measure the first ten seconds. It reports the median
// and 90th-percentile frame, and the share of characters never stuck.
func BenchmarkSimFrame(b *testing.B) {
	for _, n := range []int{10, 100, 300, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			sc := crowd.Circles(n)
			setup := setupOn(b, sc.Mesh, true)
			_, spaces := adultSpaces(b)
			sim, err := crowd.NewSim(setup, spaces, sc, crowd.SimOptions{Claims: crowd.SpaceClaims})
			if err != nil {
				b.Fatal(err)
			}
			var frames []float64
			b.ReportAllocs()
			for b.Loop() {
				t0 := time.Now()
				sim.Step(1.0 / 60)
				frames = append(frames, float64(time.Since(t0).Nanoseconds())/1e6)
			}
			sort.Float64s(frames)
			b.ReportMetric(frames[len(frames)/2], "median-ms/frame")
			b.ReportMetric(frames[len(frames)*9/10], "p90-ms/frame")
			moved := 0
			for k := range sim.Len() {
				if sim.Planner(k).Stuck() == 0 {
					moved++
				}
			}
			b.ReportMetric(float64(moved)/float64(sim.Len()), "never-stuck")
		})
	}
}
