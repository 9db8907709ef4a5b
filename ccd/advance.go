package ccd

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// check runs the broad phase of sweep sw placed by pl and the narrow phase
// on what it finds. At plan time the warp-placed parts are not checked and
// the parts that may touch ground faces are tested against the other faces
// only; in the executed motion those parts may sink Options.Sink into
// ground faces.
//
// It works in two passes: the first settles every capsule–triangle pair at
// the sweep's measured instants and lists the steps they cannot settle; the
// second interpolates the clip inside those steps. A contact at a measured
// instant is found before any interpolation.
func (c *Checker) check(sw *sweep, pl placement, plan bool, out *Contact) bool {
	c.Stats.Checks++
	c.pending = c.pending[:0]
	for g := range numGroups {
		if plan && g == placedGroup {
			continue
		}
		bvh := c.scene.all
		if plan && g == groundGroup {
			bvh = c.scene.walls
		}
		q := pl.aabb(sw.whole[g])
		c.cand = bvh.OverlapBounds(q, c.cand[:0], &c.Stats.BVH)
		if len(c.cand) == 0 {
			continue
		}
		c.localize(bvh, &pl)
		for s := 0; s+1 < len(sw.slices); s++ {
			if c.slice(sw, g, s, out) {
				c.Stats.Hits++
				return false
			}
		}
	}
	for k := range c.pending {
		if c.inside(sw, &c.pending[k], out) {
			c.Stats.Hits++
			return false
		}
	}
	return true
}

// local is a candidate triangle in the sweep's own frame, where the narrow
// phase works (the placement is rigid: distances are the world's).
type local struct {
	tri    tri3
	lo, hi v3 // its box
	n      v3 // its unit winding normal
	ground bool
	mesh   int32
}

// localize maps the candidates (leaf indices of bvh) into the sweep's
// frame by the inverse of pl.
func (c *Checker) localize(bvh *scenes.BVH, pl *placement) {
	c.locals = c.locals[:0]
	for _, t := range c.cand {
		a, b, cc, n, mesh := bvh.LeafTriangle(t)
		l := local{tri: tri3{pl.back(a), pl.back(b), pl.back(cc)}, n: pl.turnBack(n), ground: c.scene.ground(n), mesh: mesh}
		l.lo, l.hi = l.tri[0], l.tri[0]
		for _, v := range l.tri[1:] {
			l.lo = v3{min(l.lo.x, v.x), min(l.lo.y, v.y), min(l.lo.z, v.z)}
			l.hi = v3{max(l.hi.x, v.x), max(l.hi.y, v.y), max(l.hi.z, v.z)}
		}
		c.locals = append(c.locals, l)
	}
}

// meetsBox reports whether box b meets the triangle's box (an empty box,
// with negative half-sizes, meets nothing).
func (l *local) meetsBox(b *box) bool {
	return b.h[0] >= 0 &&
		l.lo.x <= b.c[0]+b.h[0] && l.hi.x >= b.c[0]-b.h[0] &&
		l.lo.y <= b.c[1]+b.h[1] && l.hi.y >= b.c[1]-b.h[1] &&
		l.lo.z <= b.c[2]+b.h[2] && l.hi.z >= b.c[2]-b.h[2]
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
	gb := &sw.groups[s*numGroups+g]
	c.near = c.near[:0]
	for k := range c.locals {
		if c.locals[k].meetsBox(gb) {
			c.near = append(c.near, int32(k))
		}
	}
	if len(c.near) == 0 {
		return false
	}
	for _, i := range c.sw.groups[g] {
		if c.capsule(sw, int(i), s, g != clearGroup, out) {
			return true
		}
	}
	return false
}

// capsule checks capsule i over slice s against the slice's candidates.
func (c *Checker) capsule(sw *sweep, i, s int, ground bool, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	r := c.sw.model.Capsules[i].Radius
	contact := c.sw.model.Capsules[i].Part.Contact()
	eps := c.sw.opt.Epsilon
	cb := &sw.boxes[s*nc+i]
	c.Stats.Capsules++
	f0, f1 := int(sw.slices[s]), int(sw.slices[s+1])
	var mid sliceMid
	for _, k := range c.near {
		l := &c.locals[k]
		if !l.meetsBox(cb) {
			continue
		}
		rr := r
		if ground && l.ground || contact {
			rr = r - c.sw.opt.Sink
		}
		c.Stats.Pairs++
		if !mid.set {
			mid = c.sliceMid(sw, i, s)
		}
		if mid.clear(l, rr+eps, &c.Stats) {
			continue
		}
		pend := len(c.pending)
		if c.pair(sw, i, f0, f1, &l.tri, rr, out) {
			if out != nil {
				out.Capsule, out.Triangle = i, l.mesh
			}
			return true
		}
		for p := pend; p < len(c.pending); p++ {
			c.pending[p].mesh, c.pending[p].tri = l.mesh, l.tri
		}
	}
	return false
}

// pair checks capsule i (radius r) against a triangle at the measured
// instants f0..f1 of sw by conservative advancement: a
// gap d clears the steps after it whose travel bounds add up to less than
// d. A step that its two end gaps cannot clear is left pending (its
// triangle for the caller to fill in).
func (c *Checker) pair(sw *sweep, i, f0, f1 int, tri *tri3, r float64, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	eps := c.sw.opt.Epsilon
	j, d := f0, c.gapAt(sw, i, f0, tri, r)
	for {
		if d <= eps {
			if out != nil {
				out.Time, out.Gap = float64(j)*sw.dt, d
			}
			return true
		}
		k, acc := j, 0.0
		for k < f1 && acc+sw.travel[k*nc+i] < d {
			acc += sw.travel[k*nc+i]
			k++
		}
		switch {
		case k == f1:
			return false // every gap through f1 is at least d − acc > 0
		case k > j:
			j, d = k, c.gapAt(sw, i, k, tri, r)
			continue
		}
		d1 := c.gapAt(sw, i, j+1, tri, r)
		if d1 > eps && d+d1 <= sw.travel[j*nc+i] {
			c.pending = append(c.pending, step{capsule: int32(i), step: int32(j), r: r, d0: d, d1: d1})
		}
		j, d = j+1, d1
	}
}

// gapAt is the gap between capsule i's axis at instant f and the
// triangle, less r.
func (c *Checker) gapAt(sw *sweep, i, f int, tri *tri3, r float64) float64 {
	c.Stats.Steps++
	sg := &sw.seg[f*len(c.sw.model.Capsules)+i]
	return segTriDist(of(sg.a), of(sg.b), tri) - r
}

// sliceMid is a capsule's axis at the middle frame of a slice and how far
// any point of it moves over the slice from there.
type sliceMid struct {
	p, q  v3
	reach float64
	set   bool
}

// sliceMid measures capsule i over slice s of sw.
func (c *Checker) sliceMid(sw *sweep, i, s int) sliceMid {
	nc := len(c.sw.model.Capsules)
	f0, f1 := int(sw.slices[s]), int(sw.slices[s+1])
	fm := (f0 + f1) / 2
	var before, after float64
	for f := f0; f < f1; f++ {
		if f < fm {
			before += sw.travel[f*nc+i]
		} else {
			after += sw.travel[f*nc+i]
		}
	}
	sg := &sw.seg[min(fm, sw.steps-1)*nc+i]
	return sliceMid{p: of(sg.a), q: of(sg.b), reach: max(before, after), set: true}
}

// clear reports whether a capsule of radius r about the slice's axis stays
// off the triangle (normal n) over the whole slice: the axis at the middle
// frame is farther than r plus the slice's reach, by the triangle's plane
// (both ends on one side) or by the exact distance.
func (m *sliceMid) clear(l *local, r float64, st *Stats) bool {
	need := r + m.reach
	dp, dq := m.p.sub(l.tri[0]).dot(l.n), m.q.sub(l.tri[0]).dot(l.n)
	if min(dp, dq) > need || max(dp, dq) < -need {
		return true
	}
	st.Steps++
	return segTriDist(m.p, m.q, &l.tri) > need
}

// inside checks a pending step by bisection: an interval [u0, u1] of the
// step whose end gaps add up to more than its length times the step's
// travel bound has no contact (every point of it is within reach of one
// end: the gap is at least (d0 + d1 − (u1−u0)·travel)/2 > 0); otherwise
// the clip is interpolated at its middle and both halves are checked,
// earlier first. Halving ends before the intervals' travel falls under
// 2·Epsilon, where end gaps over Epsilon always clear.
func (c *Checker) inside(sw *sweep, p *step, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	travel := sw.travel[int(p.step)*nc+int(p.capsule)]
	if !c.bisect(sw, p, travel, 0, p.d0, 1, p.d1, out) {
		return false
	}
	if out != nil {
		out.Capsule, out.Triangle = int(p.capsule), p.mesh
	}
	return true
}

func (c *Checker) bisect(sw *sweep, p *step, travel, u0, d0, u1, d1 float64, out *Contact) bool {
	if d0+d1 > (u1-u0)*travel {
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
	return c.bisect(sw, p, travel, u0, d0, um, dm, out) || c.bisect(sw, p, travel, um, dm, u1, d1, out)
}

// segmentAt is capsule i's axis at fraction u of step f, as the clip plays
// it, in the sweep's frame.
func (c *Checker) segmentAt(sw *sweep, i, f int, u float64) (mgl64.Vec3, mgl64.Vec3) {
	chain := c.sw.chain[c.sw.chainOff[i]:c.sw.chainOff[i+1]]
	k := c.sw.opt.Substeps
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
