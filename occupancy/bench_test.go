package occupancy_test

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/occupancy"
	"github.com/go-gl/mathgl/mgl64"
)

// seedCase is one intersection test of the seed's case.
type seedCase struct {
	a, b occupancy.BCH
	t    occupancy.Transform
}

// seedCases are n intersection tests of two walking characters' spaces (a
// window of a left or right step each) at random relative transforms:
// centres up to 1.3 m apart, any headings; about half intersect.
func seedCases(tb testing.TB, n int) []seedCase {
	w := adultSpaces(tb)
	walks := []int{w.lib.Index("walk.l"), w.lib.Index("walk.r")}
	r := rand.New(rand.NewPCG(41, 42))
	out := make([]seedCase, n)
	for k := range out {
		sa, sb := w.spaces.Action(walks[r.IntN(2)]), w.spaces.Action(walks[r.IntN(2)])
		fa := action.Frame{Position: mgl64.Vec3{r.Float64()*10 - 5, 0, r.Float64()*10 - 5}, Yaw: r.Float64() * 2 * math.Pi}
		d, dir := r.Float64()*1.3, r.Float64()*2*math.Pi
		fb := action.Frame{Position: fa.Position.Add(mgl64.Vec3{d * math.Sin(dir), 0, d * math.Cos(dir)}), Yaw: r.Float64() * 2 * math.Pi}
		out[k] = seedCase{sa[r.IntN(len(sa))].BCH, sb[r.IntN(len(sb))].BCH, occupancy.Relative(fa, fb)}
	}
	return out
}

// BenchmarkIntersect is the seed's case at the default 1 cm threshold
// (the seed: about 17 µs a test), and the cylinder agents holding the same
// spaces. It reports the mean and the median time of a test, and the share
// of tests that intersect.
func BenchmarkIntersect(b *testing.B) {
	cases := seedCases(b, 1024)
	for _, kind := range []string{"bch", "cylinder"} {
		b.Run(kind, func(b *testing.B) {
			cs := cases
			if kind == "cylinder" {
				cs = make([]seedCase, len(cases))
				for k, c := range cases {
					cs[k] = seedCase{c.a.Top(), c.b.Top(), c.t}
				}
			}
			hits := 0
			for _, c := range cs {
				if occupancy.Intersect(c.a, c.b, c.t) {
					hits++
				}
			}
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				occupancy.Intersect(cs[k].a, cs[k].b, cs[k].t)
				k = (k + 1) % len(cs)
			}
			b.ReportMetric(medianNs(cs), "median-ns/test")
			b.ReportMetric(float64(hits)/float64(len(cs)), "intersecting")
		})
	}
}

// medianNs is the median over the cases of one test's time (each timed
// over 200 repetitions).
func medianNs(cs []seedCase) float64 {
	ts := make([]float64, len(cs))
	for k, c := range cs {
		t0 := time.Now()
		for range 200 {
			occupancy.Intersect(c.a, c.b, c.t)
		}
		ts[k] = float64(time.Since(t0).Nanoseconds()) / 200
	}
	sort.Float64s(ts)
	return ts[len(ts)/2]
}

// TestIntersectAllocatesNothing checks the seed's case for allocations.
func TestIntersectAllocatesNothing(t *testing.T) {
	cases := seedCases(t, 64)
	k := 0
	if n := testing.AllocsPerRun(200, func() {
		occupancy.Intersect(cases[k].a, cases[k].b, cases[k].t)
		k = (k + 1) % len(cases)
	}); n != 0 {
		t.Fatalf("%v allocations per test", n)
	}
}
