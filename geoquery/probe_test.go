package geoquery

import (
	"math"
	"sort"
	"sync"
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// randomQueries makes n seeded queries near the scene's surfaces: a point
// picked area-weighted on a triangle, moved up to 0.4 m in a random
// direction, a random yaw, and a template taken in turn from names.
func randomQueries(t testing.TB, m *scenes.Mesh, n int, seed uint64, names ...string) []Query {
	rng := scenes.NewRNG(seed)
	var cdf []float64
	var s float64
	for tr := 0; tr < m.NumTriangles(); tr++ {
		s += m.TriangleArea(tr)
		cdf = append(cdf, s)
	}
	var ts []*dock.Template
	for _, name := range names {
		tm, err := dock.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, tm)
	}
	qs := make([]Query, n)
	for i := range qs {
		tr := min(sort.SearchFloat64s(cdf, rng.Float64()*s), len(cdf)-1)
		a, b, c := m.Triangle(tr)
		u, v := rng.Range(0, 1), rng.Range(0, 1)
		if u+v > 1 {
			u, v = 1-u, 1-v
		}
		p := a.Add(b.Sub(a).Mul(u)).Add(c.Sub(a).Mul(v))
		p = p.Add(mgl32.Vec3(rng.Dir()).Mul(rng.Range(0, 0.4)))
		qs[i] = Query{Template: ts[i%len(ts)], Expected: dock.Pose{Position: p, Yaw: rng.Range(-math.Pi, math.Pi)}}
	}
	return qs
}

// exhaustive scans the whole window and keeps the best supported sample.
func exhaustive(bvh *scenes.BVH, p Params, q Query) (Result, bool) {
	var best Result
	var bestC candidate
	found := false
	var sup dock.Support
	for _, c := range p.window(q.Expected, nil) {
		pose := p.Lattice.Pose(c.s)
		if !dock.Feasible(bvh, q.Template, pose, p.Lattice.Linear, &sup, nil) {
			continue
		}
		if !found || less(&c, &bestC) {
			bestC, found = c, true
			best = Result{Sample: c.s, Pose: pose, Distance: float32(math.Sqrt(c.d2)), Support: sup}
		}
	}
	return best, found
}

func TestProbeMatchesExhaustiveScan(t *testing.T) {
	n := 1000
	if tier.Short() {
		n = 100
	}
	params := DefaultParams()
	for _, s := range sceneload.BuiltinScenes() {
		if s.Large {
			continue // baked in tiles: package supporttile
		}
		m, _ := sceneload.Builtin(s.Name)
		bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
		if err != nil {
			t.Fatal(err)
		}
		probe, err := NewProbe(bvh, params)
		if err != nil {
			t.Fatal(err)
		}
		qs := randomQueries(t, m, n, 77, "foot", "hand", "hand-wall", "foot4")
		var st Stats
		found := 0
		for i, q := range qs {
			want, wok := exhaustive(bvh, params, q)
			var got Result
			ok := probe.Nearest(q, &got, &st)
			if ok != wok || (ok && (got.Sample != want.Sample || got.Support != want.Support || got.Distance != want.Distance)) {
				t.Fatalf("%s query %d (%s at %+v): probe (%v, %+v), exhaustive (%v, %+v)", s.Name, i, q.Template.Name, q.Expected, ok, got.Sample, wok, want.Sample)
			}
			if ok {
				found++
				if d := got.Pose.Position.Sub(q.Expected.Position).Len(); d > params.MaxDisplacement+1e-5 {
					t.Fatalf("%s query %d: support %v m away, beyond the window", s.Name, i, d)
				}
			}
		}
		t.Logf("%s: %d of %d queries supported; %.0f samples, %.0f rays per query", s.Name, found, n, float64(st.Samples)/float64(n), float64(st.Rays)/float64(n))
		if found == 0 || found == n {
			t.Errorf("%s: %d of %d supported: the test needs both outcomes", s.Name, found, n)
		}
	}
}

func TestProbeConcurrent(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	probe, _ := NewProbe(bvh, DefaultParams())
	qs := randomQueries(t, m, 200, 5, "foot")
	want := make([]Result, len(qs))
	for i, q := range qs {
		probe.Nearest(q, &want[i], nil)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, q := range qs {
				var r Result
				probe.Nearest(q, &r, nil)
				if r != want[i] {
					t.Errorf("query %d: concurrent result differs", i)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestParamsValidate(t *testing.T) {
	bad := []func(p *Params){
		func(p *Params) { p.MaxDisplacement = 0 },
		func(p *Params) { p.MaxYaw = -1 },
		func(p *Params) { p.YawWeight = float32(math.NaN()) },
		func(p *Params) { p.Lattice.Linear = 0 },
		func(p *Params) { p.Lattice.Angular = 7 * math.Pi / 180 },
	}
	for i, edit := range bad {
		p := DefaultParams()
		edit(&p)
		if _, err := NewProbe(nil, p); err == nil {
			t.Errorf("case %d: invalid params accepted: %+v", i, p)
		}
	}
}

// TestWindowOrder checks the window against its definition on random poses:
// every sample within the limits is in it exactly once, and heap order is
// the documented order.
func TestWindowOrder(t *testing.T) {
	all, narrow, wide := DefaultParams(), DefaultParams(), DefaultParams()
	all.MaxYaw = math.Pi // every yaw
	narrow.MaxYaw = 0.05 // at most one yaw
	wide.MaxYaw = 3      // all but a few
	wide.MaxDisplacement = 0.25
	for _, p := range []Params{DefaultParams(), all, narrow, wide} {
		testWindowOrder(t, p)
	}
}

func testWindowOrder(t *testing.T, p Params) {
	rng := scenes.NewRNG(1)
	for it := 0; it < 50; it++ {
		e := dock.Pose{Position: mgl32.Vec3{rng.Range(-3, 3), rng.Range(-3, 3), rng.Range(-3, 3)}, Yaw: rng.Range(-4, 4)}
		c := p.window(e, nil)
		seen := map[dock.Sample]bool{}
		for _, x := range c {
			if seen[x.s] {
				t.Fatalf("sample %+v twice", x.s)
			}
			seen[x.s] = true
		}
		// Count by brute force over a generous box.
		count := 0
		for x := int32(-40); x <= 40; x++ {
			for y := int32(-40); y <= 40; y++ {
				for z := int32(-40); z <= 40; z++ {
					pos := p.Lattice.Position(dock.Sample{X: x, Y: y, Z: z})
					if pos.Sub(e.Position).Len() > p.MaxDisplacement+1e-4 {
						continue
					}
					for yaw := int32(0); yaw < p.Lattice.Yaws(); yaw++ {
						d := math.Abs(yawDiff(float64(p.Lattice.YawOf(yaw)), float64(e.Yaw)))
						s := dock.Sample{X: x, Y: y, Z: z, Yaw: yaw}
						in := seen[s]
						inside := pos.Sub(e.Position).Len() < p.MaxDisplacement-1e-4 && d < float64(p.MaxYaw)-1e-6
						if inside && !in {
							t.Fatalf("sample %+v is inside the window but missing", s)
						}
						if in {
							count++
						}
					}
				}
			}
		}
		if count != len(c) {
			t.Fatalf("window has %d samples, %d of them within the box", len(c), count)
		}
		heapify(c)
		prev := candidate{d2: -1}
		for len(c) > 0 {
			var x candidate
			x, c = pop(c)
			if less(&x, &prev) {
				t.Fatalf("heap order broken: %+v after %+v", x, prev)
			}
			prev = x
		}
	}
}
