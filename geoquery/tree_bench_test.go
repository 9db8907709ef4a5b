package geoquery

import (
	"sort"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
	kyroy "github.com/kyroy/kdtree"
	"github.com/kyroy/kdtree/kdrange"
	gonum "gonum.org/v1/gonum/spatial/kdtree"
)

// position is a supported position and its yaw set, as the k-d trees hold it.
type position struct {
	p       [3]float64
	x, y, z int32
	mask    uint64
}

func positions(tr *supporttree.Tree) []position {
	var out []position
	l := tr.Lattice()
	tr.Each(func(x, y, z int32, m uint64) {
		q := l.Position(dock.Sample{X: x, Y: y, Z: z})
		out = append(out, position{[3]float64{float64(q[0]), float64(q[1]), float64(q[2])}, x, y, z, m})
	})
	return out
}

// score offers one position to the search exactly as nearest does.
func score(b *bounds, l dock.Lattice, ps *position, best *candidate, found *bool) {
	s := dock.Sample{X: ps.x, Y: ps.y, Z: ps.z}
	dp2 := b.posDist2(l.Position(s))
	if dp2 > b.r2 {
		return
	}
	// Every yaw, independently of bestYaw, so the k-d tree answers are a
	// check on the tree's shortcut too.
	m := ps.mask & b.mask
	for k := 0; k < b.ny; k++ {
		yc := b.yaws[k]
		if m&(1<<yc.i) == 0 {
			continue
		}
		s.Yaw = yc.i
		c := candidate{d2: dp2 + yc.d2, s: s}
		if !*found || less(&c, best) {
			*best, *found = c, true
		}
	}
}

// kyroy/kdtree adapter.
type kyPoint struct{ *position }

func (p kyPoint) Dimensions() int         { return 3 }
func (p kyPoint) Dimension(i int) float64 { return p.p[i] }

func kyroyNearest(t *kyroy.KDTree, p Params, e dock.Pose) (candidate, bool) {
	var b bounds
	p.bounds(e, &b)
	r := float64(p.MaxDisplacement) + 1e-6
	q := e.Position
	pts := t.RangeSearch(kdrange.New(float64(q[0])-r, float64(q[0])+r, float64(q[1])-r, float64(q[1])+r, float64(q[2])-r, float64(q[2])+r))
	var best candidate
	found := false
	for _, x := range pts {
		score(&b, p.Lattice, x.(kyPoint).position, &best, &found)
	}
	return best, found
}

// gonum/spatial/kdtree adapter.
type gnPoint struct{ *position }

func (a gnPoint) Compare(c gonum.Comparable, d gonum.Dim) float64 { return a.p[d] - c.(gnPoint).p[d] }
func (a gnPoint) Dims() int                                       { return 3 }
func (a gnPoint) Distance(c gonum.Comparable) float64 {
	b := c.(gnPoint)
	x, y, z := a.p[0]-b.p[0], a.p[1]-b.p[1], a.p[2]-b.p[2]
	return x*x + y*y + z*z
}

type gnPoints []gnPoint

func (p gnPoints) Index(i int) gonum.Comparable   { return p[i] }
func (p gnPoints) Len() int                       { return len(p) }
func (p gnPoints) Slice(s, e int) gonum.Interface { return p[s:e] }
func (p gnPoints) Pivot(d gonum.Dim) int {
	sort.Slice(p, func(i, j int) bool { return p[i].p[d] < p[j].p[d] })
	return len(p) / 2
}

func gonumNearest(t *gonum.Tree, p Params, e dock.Pose) (candidate, bool) {
	var b bounds
	p.bounds(e, &b)
	r := float64(p.MaxDisplacement) + 1e-6
	q := gnPoint{&position{p: [3]float64{float64(e.Position[0]), float64(e.Position[1]), float64(e.Position[2])}}}
	keep := gonum.NewDistKeeper(r * r)
	t.NearestSet(keep, q)
	var best candidate
	found := false
	for _, c := range keep.Heap {
		if c.Comparable != nil {
			score(&b, p.Lattice, c.Comparable.(gnPoint).position, &best, &found)
		}
	}
	return best, found
}

// BenchmarkTree times the Version II search against Probe (Version I) and
// against the same window search over the same supported positions in
// github.com/kyroy/kdtree and gonum's spatial/kdtree, after checking that
// all of them give the same answer on every query.
func BenchmarkTree(b *testing.B) {
	list := benchScenes(b)
	params := DefaultParams()
	for _, s := range list {
		f := newFixture(b, s.name, s.m, "foot")
		st := f.tree.trees[builtinTemplate("foot")]
		ps := positions(st)
		kp := make([]kyroy.Point, len(ps))
		gp := make(gnPoints, len(ps))
		for i := range ps {
			kp[i], gp[i] = kyPoint{&ps[i]}, gnPoint{&ps[i]}
		}
		kt := kyroy.New(kp)
		gt := gonum.New(gp, false)
		qs := sharedQueries(b, s.m, 1024, 11, "foot")
		for i, q := range qs {
			var pr, tr Result
			pok := f.probe.Nearest(q, &pr, nil)
			tok := f.tree.Nearest(q, &tr, nil)
			k, kok := kyroyNearest(kt, params, q.Expected)
			g, gok := gonumNearest(gt, params, q.Expected)
			if pok != tok || pr != tr || kok != tok || gok != tok || (tok && (k.s != tr.Sample || g.s != tr.Sample)) {
				b.Fatalf("%s query %d: probe %v %+v, tree %v %+v, kyroy %v %+v, gonum %v %+v", s.name, i, pok, pr.Sample, tok, tr.Sample, kok, k.s, gok, g.s)
			}
		}
		b.Logf("%s: %d supported positions, %d runs", s.name, len(ps), st.Runs())
		run := func(name string, f func(q Query)) {
			b.Run(s.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					f(qs[i%len(qs)])
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
			})
		}
		var r Result
		run("tree", func(q Query) { q.NoSupport = true; f.tree.Nearest(q, &r, nil) })
		run("tree+support", func(q Query) { f.tree.Nearest(q, &r, nil) })
		run("kyroy-kdtree", func(q Query) { kyroyNearest(kt, params, q.Expected) })
		run("gonum-kdtree", func(q Query) { gonumNearest(gt, params, q.Expected) })
		run("probe", func(q Query) { f.probe.Nearest(q, &r, nil) })
	}
}
