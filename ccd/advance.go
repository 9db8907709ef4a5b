package ccd

import (
	"cmp"
	"math"
	"slices"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// check runs the broad phase of sweep sw placed by pl and the narrow phase
// on what it finds. At plan time the warp-placed parts are not checked and
// the parts that may touch ground faces are tested against the other faces
// only; in the executed motion those parts may sink Options.Sink into
// ground faces.
//
// It works in passes, so that a contact is usually found before the
// costly work: the first measures the capsules at the sweep's last
// instant (an action that ends inside the scene: most of those a plan
// refuses) and, for an executed clip, its first; the second measures
// every capsule–triangle pair at the middle of each slice and defers those
// it cannot settle; the third follows the deferred pairs, nearest first,
// over the sweep's measured instants and lists the steps it cannot settle;
// the last interpolates the clip inside those steps. A contact at a measured instant is found before
// any interpolation.
func (c *Checker) check(sw *sweep, pl placement, plan bool, out *Contact) bool {
	c.Stats.Checks++
	c.pending, c.locals = c.pending[:0], c.locals[:0]
	for g := range numGroups {
		c.span[g] = [2]int32{int32(len(c.locals)), int32(len(c.locals))}
		if plan && (g == placedGroup || g == freeGroup && !c.FreeLimbs) {
			continue
		}
		bvh := c.scene.all
		if plan && (g == groundGroup || g == freeGroup) {
			bvh = c.scene.walls
		}
		c.cand = bvh.OverlapBounds(pl.aabb(sw.whole[g]), c.cand[:0], &c.Stats.BVH)
		c.localize(bvh, &pl)
		c.span[g][1] = int32(len(c.locals))
	}
	if len(c.locals) == 0 {
		return true
	}
	return c.passes(sw, plan, out)
}

// passes runs the narrow phase's passes on sw against the candidates in
// c.locals (c.span per group) and reports whether sw stays clear.
func (c *Checker) passes(sw *sweep, plan bool, out *Contact) bool {
	c.deferred = c.deferred[:0]
	if c.ends(sw, plan, out) || c.middles(sw, out) || c.settle(sw, out) {
		c.Stats.Hits++
		return false
	}
	for k := range c.pending {
		if c.inside(sw, &c.pending[k], out) {
			c.Stats.Hits++
			return false
		}
	}
	return true
}

// ends is the first pass: every capsule at the last instant and, for an
// executed clip, at the first, against the candidates its box then meets.
// A plan checks a node's children only when the node ends clear, and
// they start from that pose: their first instants are left to the slices.
func (c *Checker) ends(sw *sweep, plan bool, out *Contact) bool {
	for e := len(sw.ends) - 1; e >= 0; e-- {
		if e == 0 && plan {
			break
		}
		end := &sw.ends[e]
		for g := range numGroups {
			if c.near = c.meeting(g, &end.groups[g]); len(c.near) > 0 && c.instant(sw, end, g, out) {
				return true
			}
		}
	}
	return false
}

// instant checks group g's capsules at instant end against the
// candidates in c.near.
func (c *Checker) instant(sw *sweep, end *sweepEnd, g int, out *Contact) bool {
	eps := c.sw.opt.Epsilon
	f := end.instant
	for _, i := range sw.members[g] {
		sg := sw.axis(int(i), f)
		a, b := of(sg.a), of(sg.b)
		for _, k := range c.near {
			l := &c.locals[k]
			if !l.meetsBox(&end.boxes[i]) {
				continue
			}
			rr := c.radius(sw, int(i), g != clearGroup, l)
			if l.beyond(a, b, rr+eps) || l.outside(a, b, rr+eps) {
				continue
			}
			c.Stats.Steps++
			if d := segTriDist(a, b, &l.tri) - rr; d <= eps {
				if out != nil {
					*out = Contact{Capsule: int(i), Time: float64(f) * sw.dt, Triangle: l.mesh, Gap: d}
				}
				return true
			}
		}
	}
	return false
}

// middles is the second pass: every group's capsules at the middle of
// every slice.
func (c *Checker) middles(sw *sweep, out *Contact) bool {
	for s := 0; s+1 < len(sw.slices); s++ {
		for g := range numGroups {
			if c.span[g][0] < c.span[g][1] && c.slice(sw, g, s, out) {
				return true
			}
		}
	}
	return false
}

// radius is capsule i's radius in sw (widened by its slack) against
// triangle l under the contact rules: a part that may touch ground faces (ground) may sink into them,
// and a contact part into any face, by Options.Sink.
func (c *Checker) radius(sw *sweep, i int, ground bool, l *local) float64 {
	r := c.sw.model.Capsules[i].Radius + sw.slack
	if ground && l.ground || c.sw.model.Capsules[i].Part.Contact() {
		r -= c.sw.opt.Sink
	}
	return r
}

// local is a candidate triangle in the sweep's own frame, where the narrow
// phase works (the placement is rigid: distances are the world's).
type local struct {
	tri    tri3
	lo, hi v3    // its box
	n      v3    // its unit winding normal
	edge   [3]v3 // per edge (tri[e] to tri[e+1]), the unit normal in its plane pointing out (zero if degenerate)
	ground bool
	mesh   int32
}

// localize maps the candidates (leaf indices of bvh) into the sweep's
// frame by the inverse of pl, appending them to c.locals.
func (c *Checker) localize(bvh *scenes.BVH, pl *placement) {
	for _, t := range c.cand {
		w := c.scene.face(bvh, t)
		l := local{tri: tri3{pl.back(w.tri[0]), pl.back(w.tri[1]), pl.back(w.tri[2])}, n: pl.turnBack(w.n),
			edge:   [3]v3{pl.turnBack(w.edge[0]), pl.turnBack(w.edge[1]), pl.turnBack(w.edge[2])},
			ground: w.ground, mesh: w.mesh}
		l.bound()
		c.locals = append(c.locals, l)
	}
}

// bound sets the triangle's box.
func (l *local) bound() {
	l.lo = v3{min(l.tri[0].x, l.tri[1].x, l.tri[2].x), min(l.tri[0].y, l.tri[1].y, l.tri[2].y), min(l.tri[0].z, l.tri[1].z, l.tri[2].z)}
	l.hi = v3{max(l.tri[0].x, l.tri[1].x, l.tri[2].x), max(l.tri[0].y, l.tri[1].y, l.tri[2].y), max(l.tri[0].z, l.tri[1].z, l.tri[2].z)}
}

// meetsBox reports whether box b may meet the triangle: it meets the
// triangle's box, reaches the triangle's plane and is not wholly outside
// one of the planes square to the triangle through its edges (to within a
// nanometre, more than rounding). A box the triangle meets always may; an
// empty box, with negative half-sizes, meets nothing.
func (l *local) meetsBox(b *box) bool {
	if !(b.h[0] >= 0 &&
		l.lo.x <= b.c[0]+b.h[0] && l.hi.x >= b.c[0]-b.h[0] &&
		l.lo.y <= b.c[1]+b.h[1] && l.hi.y >= b.c[1]-b.h[1] &&
		l.lo.z <= b.c[2]+b.h[2] && l.hi.z >= b.c[2]-b.h[2]) {
		return false
	}
	const tol = 1e-9
	if math.Abs(l.n.dotBox(b, l.tri[0])) > l.n.spread(b)+tol {
		return false
	}
	for e := range 3 {
		if m := l.edge[e]; m.dotBox(b, l.tri[e]) > m.spread(b)+tol {
			return false
		}
	}
	return true
}

// dotBox is (c − o)·v for b's centre c.
func (v v3) dotBox(b *box, o v3) float64 {
	return (b.c[0]-o.x)*v.x + (b.c[1]-o.y)*v.y + (b.c[2]-o.z)*v.z
}

// spread is how far b's points reach along v from its centre (the box's
// half-width along v times |v|).
func (v v3) spread(b *box) float64 {
	return math.Abs(v.x)*b.h[0] + math.Abs(v.y)*b.h[1] + math.Abs(v.z)*b.h[2]
}

// beyond reports whether segment p–q lies farther than d from the
// triangle's plane, on one side.
func (l *local) beyond(p, q v3, d float64) bool {
	dp, dq := p.sub(l.tri[0]).dot(l.n), q.sub(l.tri[0]).dot(l.n)
	return min(dp, dq) > d || max(dp, dq) < -d
}

// outside reports whether segment p–q lies farther than d outside one of
// the triangle's edges (beyond the plane square to the triangle through
// it).
func (l *local) outside(p, q v3, d float64) bool {
	for e := range 3 {
		if min(p.sub(l.tri[e]).dot(l.edge[e]), q.sub(l.tri[e]).dot(l.edge[e])) > d {
			return true
		}
	}
	return false
}

// step is a step of one capsule–triangle pair that its end gaps (d0, d1,
// both over Epsilon) do not clear.
type step struct {
	capsule, step, mesh int32
	tri                 tri3
	r, d0, d1           float64
}

// slice checks group g's capsules over slice s against the candidates
// that the group's box over the slice meets.
func (c *Checker) slice(sw *sweep, g, s int, out *Contact) bool {
	if c.near = c.meeting(g, &sw.groups[s*numGroups+g]); len(c.near) == 0 {
		return false
	}
	for _, i := range sw.members[g] {
		if c.capsule(sw, int(i), s, g != clearGroup, out) {
			return true
		}
	}
	return false
}

// meeting lists group g's candidates that box b meets (in c.near's
// memory).
func (c *Checker) meeting(g int, b *box) []int32 {
	near := c.near[:0]
	for k := c.span[g][0]; k < c.span[g][1]; k++ {
		if c.locals[k].meetsBox(b) {
			near = append(near, k)
		}
	}
	return near
}

// capsule measures capsule i at the middle of slice s against the
// slice's candidates: a pair clear over the slice is done, one in contact
// there ends the check, the others are deferred, nearest first.
func (c *Checker) capsule(sw *sweep, i, s int, ground bool, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	eps := c.sw.opt.Epsilon
	cb := &sw.boxes[s*nc+i]
	c.Stats.Capsules++
	var mid sliceMid
	for _, k := range c.near {
		l := &c.locals[k]
		if !l.meetsBox(cb) {
			continue
		}
		rr := c.radius(sw, i, ground, l)
		c.Stats.Pairs++
		if !mid.set {
			mid = c.sliceMid(sw, i, s)
		}
		switch gap := mid.gap(l, rr, eps, &c.Stats); {
		case gap <= eps:
			if out != nil {
				*out = Contact{Capsule: i, Time: float64(mid.f) * sw.dt, Triangle: l.mesh, Gap: gap}
			}
			return true
		case gap <= eps+mid.reach:
			c.deferred = append(c.deferred, deferred{capsule: int32(i), local: k, slice: int32(s), r: rr, gap: gap})
		}
	}
	return false
}

// deferred is a capsule–triangle pair (the triangle by its index in
// c.locals, radius r) that the middle of a slice, where its gap is gap,
// did not settle.
type deferred struct {
	capsule, local, slice int32
	r, gap                float64
}

// settle follows the deferred pairs over their slices' measured instants,
// nearest first.
func (c *Checker) settle(sw *sweep, out *Contact) bool {
	slices.SortFunc(c.deferred, func(a, b deferred) int { return cmp.Compare(a.gap, b.gap) })
	for _, d := range c.deferred {
		l := &c.locals[d.local]
		pend := len(c.pending)
		if c.pair(sw, int(d.capsule), int(sw.slices[d.slice]), int(sw.slices[d.slice+1]), l, d.r, out) {
			if out != nil {
				out.Capsule, out.Triangle = int(d.capsule), l.mesh
			}
			return true
		}
		for p := pend; p < len(c.pending); p++ {
			c.pending[p].mesh, c.pending[p].tri = l.mesh, l.tri
		}
	}
	return false
}

// pair checks capsule i (radius r) against triangle l at the measured
// instants f0..f1 of sw, step by step, with a plane the triangle lies
// behind: at first its own plane (either side), then the plane through the
// triangle's point closest to the axis, square to the closest points'
// direction, from the latest exact gap. A step is clear when the axis ends
// at both instants stand farther than r plus the step's sag in front of
// that plane (the axis strays at most the sag from the straight paths of
// its ends, along which the height over a plane changes linearly).
// Otherwise the gap at the step's start is measured, and conservative
// advancement goes on from there: a gap d clears the steps after it whose
// travel bounds add up to less than d. A step that its two end gaps cannot
// clear is left pending (its triangle for the caller to fill in).
func (c *Checker) pair(sw *sweep, i, f0, f1 int, l *local, r float64, out *Contact) bool {
	eps := c.sw.opt.Epsilon
	sp := plane{o: l.tri[0], n: l.n, both: true}
	h0 := c.heights(sw, i, f0, &sp)
	d, known := 0.0, false // the gap at j, once measured
	for j := f0; j < f1; {
		h1 := c.heights(sw, i, j+1, &sp)
		if sp.off(h0, h1)-sw.sag[sw.at(i, j)]-r > eps {
			c.Stats.Bounds++
			j, h0, known = j+1, h1, false
			continue
		}
		if !known {
			if d, known = c.measure(sw, i, j, l, r, &sp), true; d <= eps {
				return contactAt(sw, j, d, out)
			}
			h0 = c.heights(sw, i, j, &sp)
			continue
		}
		k, acc := j, 0.0
		for k < f1 && acc+sw.travel[sw.at(i, k)] < d {
			acc += sw.travel[sw.at(i, k)]
			k++
		}
		switch {
		case k == f1:
			return false // every gap through f1 is at least d − acc > 0
		case k > j:
			j, h0, known = k, c.heights(sw, i, k, &sp), false
			continue
		}
		d1 := c.measure(sw, i, j+1, l, r, &sp)
		if d1 <= eps {
			return contactAt(sw, j+1, d1, out)
		}
		if d+d1 <= sw.travel[sw.at(i, j)] {
			c.pending = append(c.pending, step{capsule: int32(i), step: int32(j), r: r, d0: d, d1: d1})
		}
		j, h0, d = j+1, c.heights(sw, i, j+1, &sp), d1
	}
	return false
}

// plane is a plane a triangle lies behind: (x − o)·n ≤ 0 for its points,
// or, for the triangle's own plane (both), on it.
type plane struct {
	o, n v3
	both bool
}

// off is how far the axis ends of two instants (their heights h0, h1)
// all stand in front of the plane (or, for both, behind it), or -Inf.
func (p *plane) off(h0, h1 [2]float64) float64 {
	if lo := min(h0[0], h0[1], h1[0], h1[1]); lo > 0 {
		return lo
	}
	if hi := max(h0[0], h0[1], h1[0], h1[1]); p.both && hi < 0 {
		return -hi
	}
	return math.Inf(-1)
}

// heights are the heights of capsule i's axis ends at instant f over
// plane p.
func (c *Checker) heights(sw *sweep, i, f int, p *plane) [2]float64 {
	sg := sw.axis(i, f)
	return [2]float64{of(sg.a).sub(p.o).dot(p.n), of(sg.b).sub(p.o).dot(p.n)}
}

// measure is the gap between capsule i's axis at instant f and triangle
// l, less r; when they do not meet, p becomes the plane through the
// triangle's closest point square to the closest points' direction.
func (c *Checker) measure(sw *sweep, i, f int, l *local, r float64, p *plane) float64 {
	c.Stats.Steps++
	sg := sw.axis(i, f)
	d, onSeg, onTri := segTriClosest(of(sg.a), of(sg.b), &l.tri)
	if d > 1e-9 {
		*p = plane{o: onTri, n: onSeg.sub(onTri).mul(1 / d)}
	}
	return d - r
}

// contactAt reports a contact at instant f with gap d in out (when not
// nil), and returns true.
func contactAt(sw *sweep, f int, d float64, out *Contact) bool {
	if out != nil {
		out.Time, out.Gap = float64(f)*sw.dt, d
	}
	return true
}

// gapAt is the gap between capsule i's axis at instant f and the
// triangle, less r.
func (c *Checker) gapAt(sw *sweep, i, f int, tri *tri3, r float64) float64 {
	c.Stats.Steps++
	sg := sw.axis(i, f)
	return segTriDist(of(sg.a), of(sg.b), tri) - r
}

// sliceMid is a capsule's axis at the middle instant of a slice and how
// far any point of it moves over the slice from there.
type sliceMid struct {
	p, q  v3
	f     int
	reach float64
	set   bool
}

// sliceMid is capsule i over slice s of sw.
func (c *Checker) sliceMid(sw *sweep, i, s int) sliceMid {
	nc := len(c.sw.model.Capsules)
	fm := min(int(sw.slices[s]+sw.slices[s+1])/2, sw.steps-1)
	sg := sw.axis(i, fm)
	return sliceMid{p: of(sg.a), q: of(sg.b), f: fm, reach: sw.reach[s*nc+i], set: true}
}

// gap is the gap between a capsule of radius r about the slice's middle
// axis and the triangle, or +Inf when the triangle's plane (normal n)
// shows the capsule stays farther than eps off it over the whole slice
// (both ends on one side, farther than r + eps plus the slice's reach).
func (m *sliceMid) gap(l *local, r, eps float64, st *Stats) float64 {
	if l.beyond(m.p, m.q, r+eps+m.reach) || l.outside(m.p, m.q, r+eps+m.reach) {
		return math.Inf(1)
	}
	st.Steps++
	return segTriDist(m.p, m.q, &l.tri) - r
}

// inside checks a pending step by bisection: an interval [u0, u1] of the
// step whose end gaps add up to more than the bound on how far the axis
// moves over it (sweep.within) has no contact (every point of it is within
// reach of one end: the gap is at least (d0 + d1 − bound)/2 > 0);
// otherwise the clip is interpolated at its middle and both halves are
// checked, earlier first. Halving ends before the intervals' bound falls
// under 2·Epsilon, where end gaps over Epsilon always clear.
func (c *Checker) inside(sw *sweep, p *step, out *Contact) bool {
	if !c.bisect(sw, p, 0, p.d0, 1, p.d1, out) {
		return false
	}
	if out != nil {
		out.Capsule, out.Triangle = int(p.capsule), p.mesh
	}
	return true
}

func (c *Checker) bisect(sw *sweep, p *step, u0, d0, u1, d1 float64, out *Contact) bool {
	if d0+d1 > sw.within(int(p.capsule), int(p.step), u1-u0) {
		return false
	}
	um := (u0 + u1) / 2
	a, b := c.segmentAt(sw, int(p.capsule), int(p.step), um)
	c.Stats.Steps++
	dm := segTriDist(of(a), of(b), &p.tri) - p.r
	if dm <= c.sw.opt.Epsilon {
		if out != nil {
			out.Time, out.Gap = (float64(p.step)+um)*sw.dt, dm
		}
		return true
	}
	return c.bisect(sw, p, u0, d0, um, dm, out) || c.bisect(sw, p, um, dm, u1, d1, out)
}

// segmentAt is capsule i's axis at fraction u of step f, as the clip plays
// it, in the sweep's frame.
func (c *Checker) segmentAt(sw *sweep, i, f int, u float64) (mgl64.Vec3, mgl64.Vec3) {
	chain := c.sw.chain[c.sw.chainOff[i]:c.sw.chainOff[i+1]]
	k := sw.k
	sw.clip.SampleBetween(f/k, (float64(f%k)+u)/float64(k), chain, c.trans, c.rot)
	parents := c.sw.model.Skeleton.Parents
	for _, j := range chain {
		p := parents[j]
		if p < 0 {
			c.pos[j], c.world[j] = c.trans[j], c.rot[j]
			continue
		}
		c.pos[j] = c.pos[p].Add(c.world[p].Rotate(c.trans[j]))
		c.world[j] = c.world[p].Mul(c.rot[j])
	}
	a, b := c.sw.model.Place(c.pos, c.world, i)
	return sw.toOwn.apply(a), sw.toOwn.apply(b)
}
