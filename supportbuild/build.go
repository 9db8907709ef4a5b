package supportbuild

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
)

// BuildOptions tunes Build.
type BuildOptions struct {
	// Workers bounds the goroutines. [Limit: >= 0; 0 means GOMAXPROCS]
	Workers int
	// Progress, when not nil, is called with the number of candidate
	// positions evaluated so far and the total (for a progress bar), every
	// few tens of milliseconds and once at the end. Every call comes from
	// the goroutine that called Build, never from two at once.
	Progress func(done, total int)
	// RaysOnly turns off the column shortcut, so every contact point is
	// settled by casting rays, as dock.Supported does (for verification).
	RaysOnly bool
	// Within, when set, builds only the positions in the box: what a
	// build of the whole scene finds there, given every triangle within
	// Dependency of the box (in the scene's order).
	Within *supporttree.Box
}

// BuildStats reports a build's work, like the paper's Table II.
type BuildStats struct {
	Candidates       int           // candidate positions evaluated
	SamplesTested    int64         // (position, yaw) pairs that reached Algorithm 1
	Rays             int64         // rays cast
	TriTests         int64         // ray-triangle tests
	SupportedSamples int64         // supported (position, yaw) pairs
	Buried           int64         // positions dropped as buried (DropBuried), when filtered
	Narrow           int64         // a foot's positions dropped as in narrow slots (DropNarrow), when filtered
	Duration         time.Duration // wall time of the build
	Filter           time.Duration // wall time taken to drop the buried and narrow positions, when filtered
}

// Build finds every supported lattice sample of template t in the scene
// (mesh and its BVH), exactly as dock.Feasible decides, and returns them as
// a supporttree.Tree. t must be valid and normalised (as ReadTemplates and Builtin
// return it); it is used as is, so that the build and the queries place
// contact points identically. The result does not depend on the number of
// workers.
func Build(m *scenes.Mesh, bvh *scenes.BVH, t *dock.Template, lat dock.Lattice, opts BuildOptions) (*supporttree.Tree, BuildStats, error) {
	start := time.Now()
	if err := lat.Validate(); err != nil {
		return nil, BuildStats{}, err
	}
	if err := t.Validate(); err != nil {
		return nil, BuildStats{}, fmt.Errorf("supporttree: %w", err)
	}
	if lat.Yaws() > 64 {
		return nil, BuildStats{}, fmt.Errorf("supporttree: %d yaws: at most 64 fit a yaw mask", lat.Yaws())
	}
	pl := newPlan(t, lat)
	if pl.vertical && !opts.RaysOnly {
		pl.cols = newColumns(m, lat.Linear, pl.clip(opts.Within))
	}
	keys, err := pl.candidates(m, workersOf(opts.Workers), opts.Within)
	if err != nil {
		return nil, BuildStats{}, err
	}
	masks, st := pl.evaluate(bvh, keys, opts)
	tree, err := supporttree.New(lat, keys, masks)
	if err != nil {
		return nil, BuildStats{}, err
	}
	st.Candidates = len(keys)
	st.Duration = time.Since(start)
	return tree, st, nil
}

// clip is the xz rectangle every contact point of a position in box lies
// in (nil for no box).
func (p *plan) clip(box *supporttree.Box) *scenes.AABB {
	if box == nil {
		return nil
	}
	r := float32(0)
	for _, pt := range p.t.Points {
		r = max(r, float32(math.Hypot(float64(pt.Position[0]), float64(pt.Position[2]))))
	}
	r += p.lat.Linear
	lo := p.lat.Position(dock.Sample{X: box.Min[0], Y: box.Min[1], Z: box.Min[2]})
	hi := p.lat.Position(dock.Sample{X: box.Max[0], Y: box.Max[1], Z: box.Max[2]})
	return &scenes.AABB{Min: lo.Sub(mgl32.Vec3{r, r, r}), Max: hi.Add(mgl32.Vec3{r, r, r})}
}

// plan is a template's contact points precomputed per yaw.
type plan struct {
	t      *dock.Template
	lat    dock.Lattice
	yaws   int32
	cosTol float32
	reach  float32
	// off[y][i] and nrm[y][i]: point i's world offset and normal at yaw y.
	off, nrm [][]mgl32.Vec3
	// fixed[i]: point i's offset and normal are the same at every yaw, so
	// its verdict is computed once per position.
	fixed []bool
	// vertical: every contact normal is exactly ±Y at every yaw, so cols
	// can settle most points without a ray.
	vertical bool
	cols     *columns
	// rings: the turning points grouped by height, for the columns to
	// settle at every yaw at once (plan.settle).
	rings []ring
	// lo and hi bound every contact point's offset at every yaw.
	lo, hi mgl32.Vec3
}

func newPlan(t *dock.Template, lat dock.Lattice) *plan {
	p := &plan{t: t, lat: lat, yaws: lat.Yaws(), cosTol: t.CosTolerance(), reach: lat.Linear * dock.ReachFraction}
	for y := int32(0); y < p.yaws; y++ {
		pose := dock.Pose{Yaw: lat.YawOf(y)}
		var off, nrm []mgl32.Vec3
		for _, c := range t.Points {
			off = append(off, pose.Rotate(c.Position))
			nrm = append(nrm, pose.Rotate(c.Normal))
		}
		p.off, p.nrm = append(p.off, off), append(p.nrm, nrm)
	}
	p.vertical = true
	for y := range p.nrm {
		for _, n := range p.nrm[y] {
			p.vertical = p.vertical && n[0] == 0 && n[2] == 0
		}
	}
	p.fixed = make([]bool, len(t.Points))
	for i := range t.Points {
		p.fixed[i] = true
		for y := int32(1); y < p.yaws; y++ {
			if p.off[y][i] != p.off[0][i] || p.nrm[y][i] != p.nrm[0][i] {
				p.fixed[i] = false
				break
			}
		}
	}
	if p.vertical {
		p.rings = ringsOf(p)
	}
	for y := range p.off {
		for _, o := range p.off[y] {
			for a := range 3 {
				p.lo[a], p.hi[a] = min(p.lo[a], o[a]), max(p.hi[a], o[a])
			}
		}
	}
	return p
}

// candidates returns the sorted, distinct lattice positions that can hold a
// supported sample: for the contact point with the smallest offset, every
// position that puts it within reach (plus a rounding margin) of a triangle
// whose normal fits its cone at some yaw. Conservative: Algorithm 1 decides.
// The triangles are shared among the workers, each sorting its own keys; the
// merged result does not depend on their number.
func (p *plan) candidates(m *scenes.Mesh, workers int, within *supporttree.Box) ([]uint64, error) {
	pr := p.candidateProbe()
	pr.within = within
	n := m.NumTriangles()
	workers = max(1, min(workers, n/256))
	parts := make([][]uint64, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var keys []uint64
			for tr := w * n / workers; tr < (w+1)*n/workers && errs[w] == nil; tr++ {
				keys, errs[w] = pr.triangle(m, tr, keys)
			}
			slices.Sort(keys)
			parts[w] = slices.Compact(keys)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for len(parts) > 1 {
		parts = append(parts[2:], mergeUnique(parts[0], parts[1]))
	}
	return parts[0], nil
}

// mergeUnique merges two sorted, distinct key lists into one.
func mergeUnique(a, b []uint64) []uint64 {
	out := make([]uint64, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// candidateProbe is the contact point candidates are found for: the one
// nearest the dock origin, which gives the tightest bounds.
type candidateProbe struct {
	c, n     mgl32.Vec3 // its offset and normal at yaw 0
	rxz, nxz float64    // their horizontal lengths (the same at every yaw)
	reach    float64
	inc      float64
	cosTol   float32
	within   *supporttree.Box // when set, only positions in it
}

func (p *plan) candidateProbe() candidateProbe {
	pi := 0
	for i, c := range p.t.Points {
		if c.Position.Len() < p.t.Points[pi].Position.Len() {
			pi = i
		}
	}
	c, n := p.t.Points[pi].Position, p.t.Points[pi].Normal
	return candidateProbe{c: c, n: n,
		rxz: math.Hypot(float64(c[0]), float64(c[2])), nxz: math.Hypot(float64(n[0]), float64(n[2])),
		reach: float64(p.reach), inc: float64(p.lat.Linear), cosTol: p.cosTol}
}

// triangle appends the positions triangle tr can support to keys. A hit of
// the probe point q = P + c (c turned by the yaw) lies on the triangle within
// reach of q, so P lies within R = rxz + reach of the triangle horizontally,
// and P's height is within reach of the triangle's height somewhere in that
// disc: between max(ymin, h(P) − gR) and min(ymax, h(P) + gR), shifted by
// −c_y, where h is the plane's height over (x, z) and g its steepest slope.
func (pr *candidateProbe) triangle(m *scenes.Mesh, tr int, keys []uint64) ([]uint64, error) {
	f := m.TriangleNormal(tr)
	// Best |f·n| over all yaws: vertical parts fixed, horizontal parts aligned.
	fxz := float32(math.Hypot(float64(f[0]), float64(f[2])))
	if abs(f[1])*abs(pr.n[1])+fxz*float32(pr.nxz) < pr.cosTol-1e-4 {
		return keys, nil
	}
	a, b, cc := m.Triangle(tr)
	box := scenes.EmptyAABB().Extend(a).Extend(b).Extend(cc)
	var lo, hi [3]int32
	var grow [3]float64
	for k := 0; k < 3; k++ {
		// Rounding margin: float32 positions and hit distances are good
		// to a few parts in 10⁷ of the coordinates involved.
		mag := math.Max(math.Abs(float64(box.Min[k])), math.Abs(float64(box.Max[k])))
		grow[k] = pr.reach + 5e-6 + 1e-7*mag
		shiftLo, shiftHi := -pr.rxz, pr.rxz
		if k == 1 {
			shiftLo, shiftHi = float64(pr.c[1]), float64(pr.c[1])
		}
		l := math.Ceil((float64(box.Min[k]) - grow[k] - shiftHi) / pr.inc)
		h := math.Floor((float64(box.Max[k]) + grow[k] - shiftLo) / pr.inc)
		if l < -supporttree.MaxCoord+1 || h > supporttree.MaxCoord-1 {
			return nil, fmt.Errorf("supporttree: scene reaches %v m: beyond the %v m a lattice of %v m can address", box.Max, supporttree.MaxCoord*pr.inc, pr.inc)
		}
		lo[k], hi[k] = int32(l), int32(h)
		if pr.within != nil {
			lo[k], hi[k] = max(lo[k], pr.within.Min[k]), min(hi[k], pr.within.Max[k])
		}
	}
	sh := newSlab(a, b, cc, pr.rxz+max(grow[0], grow[2]))
	for z := lo[2]; z <= hi[2]; z++ {
		for x := lo[0]; x <= hi[0]; x++ {
			px, pz := float64(x)*pr.inc, float64(z)*pr.inc
			ylo, yhi, ok := sh.heights(px, pz)
			if !ok {
				continue
			}
			y0 := max(lo[1], int32(math.Ceil((ylo-grow[1]-float64(pr.c[1]))/pr.inc)))
			y1 := min(hi[1], int32(math.Floor((yhi+grow[1]-float64(pr.c[1]))/pr.inc)))
			for y := y0; y <= y1; y++ {
				keys = append(keys, supporttree.Key(x, y, z))
			}
		}
	}
	return keys, nil
}

// slab bounds a triangle's heights near a point: heights(x, z) is the range
// of the triangle's heights within r of (x, z) horizontally, widened for
// rounding, or !ok when no point of the triangle is that near.
type slab struct {
	r          float64
	ymin, ymax float64
	tilted     bool       // the plane has a height function h
	h          [3]float64 // h(x, z) = h[0] + h[1]·x + h[2]·z
	gr         float64    // the largest change of h over a distance r, widened
	edges      [3][3]float64
	flatXZ     bool // the xz projection has no area: no edge test
}

func newSlab(a, b, c mgl32.Vec3, r float64) slab {
	s := slab{r: r, ymin: float64(min(a[1], b[1], c[1])), ymax: float64(max(a[1], b[1], c[1]))}
	p := [3][3]float64{}
	for k, v := range []mgl32.Vec3{a, b, c} {
		p[k] = [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
	}
	u := [3]float64{p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]}
	v := [3]float64{p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]}
	n := [3]float64{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
	nl := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	if nl > 0 && math.Abs(n[1]) > 1e-3*nl {
		g := math.Hypot(n[0], n[2]) / math.Abs(n[1])
		s.tilted = true
		s.h = [3]float64{(n[0]*p[0][0] + n[1]*p[0][1] + n[2]*p[0][2]) / n[1], -n[0] / n[1], -n[2] / n[1]}
		// Rounding of h: parts in 10¹² of the coordinates, times the slope.
		mag := max(math.Abs(p[0][0]), math.Abs(p[0][2]), math.Abs(s.ymin), math.Abs(s.ymax), 1)
		s.gr = g*r + 1e-9*mag*(1+g)
	}
	xz := [3][2]float64{{p[0][0], p[0][2]}, {p[1][0], p[1][2]}, {p[2][0], p[2][2]}}
	s.edges = edgeLines(xz)
	s.flatXZ = math.IsNaN(s.edges[0][2])
	return s
}

func (s *slab) heights(x, z float64) (lo, hi float64, ok bool) {
	if !s.flatXZ {
		for k := range s.edges {
			if s.edges[k][0]*x+s.edges[k][1]*z+s.edges[k][2] < -s.r-1e-9 {
				return 0, 0, false
			}
		}
	}
	if !s.tilted {
		return s.ymin, s.ymax, true
	}
	h := s.h[0] + s.h[1]*x + s.h[2]*z
	return max(s.ymin, h-s.gr), min(s.ymax, h+s.gr), true
}

// evaluate runs Algorithm 1 on every yaw of every candidate position, in
// chunks over the workers; masks[i] is the yaw set of keys[i].
func (p *plan) evaluate(bvh *scenes.BVH, keys []uint64, opts BuildOptions) ([]uint64, BuildStats) {
	workers := workersOf(opts.Workers)
	masks := make([]uint64, len(keys))
	const chunk = 1024
	var next, done atomic.Int64
	var mu sync.Mutex
	var total BuildStats
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st BuildStats
			var rs scenes.Stats
			sc := p.newScan()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(keys) {
					break
				}
				hi := min(lo+chunk, len(keys))
				for i := lo; i < hi; i++ {
					masks[i] = p.position(bvh, keys[i], sc, &st, &rs)
				}
				done.Add(int64(hi - lo))
			}
			st.Rays, st.TriTests = rs.Rays, rs.TriTests
			mu.Lock()
			total.SamplesTested += st.SamplesTested
			total.SupportedSamples += st.SupportedSamples
			total.Rays += st.Rays
			total.TriTests += st.TriTests
			mu.Unlock()
		}()
	}
	waitReporting(&wg, &done, len(keys), opts.Progress)
	return masks, total
}

// workersOf returns the goroutines to use for a Workers option.
func workersOf(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// waitReporting waits for wg, telling progress (when not nil) how far done
// has come every 50 ms and at the end, from the calling goroutine.
func waitReporting(wg *sync.WaitGroup, done *atomic.Int64, total int, progress func(done, total int)) {
	if progress == nil {
		wg.Wait()
		return
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			progress(int(done.Load()), total)
			return
		case <-tick.C:
			progress(int(done.Load()), total)
		}
	}
}

// position returns the yaw mask of supported samples at one position.
func (p *plan) position(bvh *scenes.BVH, key uint64, sc *scan, st *BuildStats, rs *scenes.Stats) uint64 {
	x, y, z := supporttree.Unkey(key)
	mask, turned := p.at(bvh, p.lat.Position(dock.Sample{X: x, Y: y, Z: z}), sc, rs)
	if turned {
		st.SamplesTested += int64(p.yaws)
	}
	st.SupportedSamples += int64(bits.OnesCount64(mask))
	return mask
}

// at is the yaw set supported at pos, and whether the yaws were looked at
// (the points that do not turn with the yaw are supported).
func (p *plan) at(bvh *scenes.BVH, pos mgl32.Vec3, sc *scan, rs *scenes.Stats) (mask uint64, turned bool) {
	// Points that do not turn with the yaw are settled once.
	for i, f := range p.fixed {
		if f {
			if !p.point(bvh, p.off[0][i].Add(pos), p.nrm[0][i], rs) {
				return 0, false
			}
		}
	}
	// So are the turning ones the columns settle at every yaw at once;
	// the others yaw by yaw.
	if p.settle(pos, sc.settled) {
		return 0, true
	}
	mask = uint64(1)<<uint(p.yaws) - 1
	for i, f := range p.fixed {
		if !f && !sc.settled[i] {
			if mask = p.turning(bvh, pos, i, mask, sc, rs); mask == 0 {
				return 0, true
			}
		}
	}
	return mask, true
}

// point is Algorithm 1 for one contact point at world position q: settled
// by the column grid when that is certain, by rays otherwise.
func (p *plan) point(bvh *scenes.BVH, q, n mgl32.Vec3, rs *scenes.Stats) bool {
	if p.cols != nil {
		if ok, certain := p.cols.verdict(q, p.reach, p.cosTol); certain {
			return ok
		}
	}
	return dock.PointSupported(bvh, q, n, p.lat.Linear, p.cosTol, rs)
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
