package ccd

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
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
		for s := 0; s+1 < len(sw.slices); s++ {
			if c.slice(sw, &pl, bvh, g, s, out) {
				c.Stats.Hits++
				return false
			}
		}
	}
	for k := range c.pending {
		if c.inside(sw, &pl, &c.pending[k], out) {
			c.Stats.Hits++
			return false
		}
	}
	return true
}

// step is a step of one capsule–triangle pair that its end gaps (d0, d1,
// both over Epsilon) do not clear.
type step struct {
	capsule, step, leaf int32
	walls               bool // the leaf is in the scene's walls BVH
	r, d0, d1           float64
}

// slice checks group g's capsules over slice s against the candidates
// (leaf indices of bvh) that the group's box over the slice meets.
func (c *Checker) slice(sw *sweep, pl *placement, bvh *scenes.BVH, g, s int, out *Contact) bool {
	gb := pl.aabb(sw.groups[s*numGroups+g])
	c.near = c.near[:0]
	for _, t := range c.cand {
		if a, b, cc, _, _ := bvh.LeafTriangle(t); meets(&gb, a, b, cc) {
			c.near = append(c.near, t)
		}
	}
	if len(c.near) == 0 {
		return false
	}
	for _, i := range c.sw.groups[g] {
		if c.capsule(sw, pl, bvh, int(i), s, g != clearGroup, out) {
			return true
		}
	}
	return false
}

// capsule checks capsule i over slice s against the slice's candidates.
func (c *Checker) capsule(sw *sweep, pl *placement, bvh *scenes.BVH, i, s int, ground bool, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	r := c.sw.model.Capsules[i].Radius
	contact := c.sw.model.Capsules[i].Part.Contact()
	eps := c.sw.opt.Epsilon
	cb := pl.aabb(sw.boxes[s*nc+i])
	c.Stats.Capsules++
	f0, f1 := int(sw.slices[s]), int(sw.slices[s+1])
	var mid sliceMid
	placed := false
	for _, t := range c.near {
		a, b, cc, n, mesh := bvh.LeafTriangle(t)
		if !meets(&cb, a, b, cc) {
			continue
		}
		rr := r
		switch {
		case ground && c.scene.ground(n), contact:
			rr = r - c.sw.opt.Sink
		}
		c.Stats.Pairs++
		tri := tri3{v3of32(a), v3of32(b), v3of32(cc)}
		if !mid.set {
			mid = c.sliceMid(sw, pl, i, s)
		}
		if mid.clear(&tri, n, rr+eps, &c.Stats) {
			continue
		}
		if !placed {
			c.place(sw, pl, i, f0, f1)
			placed = true
		}
		if c.pair(sw, i, f0, f1, &tri, rr, out) {
			if out != nil {
				out.Capsule, out.Triangle = i, mesh
			}
			return true
		}
		for k := len(c.pending) - 1; k >= 0 && c.pending[k].leaf < 0; k-- {
			c.pending[k].leaf, c.pending[k].walls = t, bvh == c.scene.walls
		}
	}
	return false
}

// pair checks capsule i (radius r) against a triangle at the measured
// instants f0..f1 of sw (placed in c.axes) by conservative advancement: a
// gap d clears the steps after it whose travel bounds add up to less than
// d. A step that its two end gaps cannot clear is left pending (with leaf
// -1, for the caller to fill in).
func (c *Checker) pair(sw *sweep, i, f0, f1 int, tri *tri3, r float64, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	eps := c.sw.opt.Epsilon
	j, d := f0, c.gapAt(sw, f0, f0, tri, r)
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
			j, d = k, c.gapAt(sw, f0, k, tri, r)
			continue
		}
		d1 := c.gapAt(sw, f0, j+1, tri, r)
		if d1 > eps && d+d1 <= sw.travel[j*nc+i] {
			c.pending = append(c.pending, step{capsule: int32(i), step: int32(j), leaf: -1, r: r, d0: d, d1: d1})
		}
		j, d = j+1, d1
	}
}

// gapAt is the gap between the placed capsule axis at instant f (c.axes
// holds instants from f0) and the triangle, less r.
func (c *Checker) gapAt(sw *sweep, f0, f int, tri *tri3, r float64) float64 {
	c.Stats.Steps++
	ax := &c.axes[f-f0]
	return segTriDist(ax.p, ax.q, tri) - r
}

// axis is a capsule's axis, placed.
type axis struct{ p, q v3 }

// place fills c.axes with capsule i's axis at instants f0..f1 of sw,
// placed by pl.
func (c *Checker) place(sw *sweep, pl *placement, i, f0, f1 int) {
	nc := len(c.sw.model.Capsules)
	c.axes = grow(c.axes, f1-f0+1)
	for f := f0; f <= f1; f++ {
		sg := &sw.seg[f*nc+i]
		c.axes[f-f0] = axis{of(pl.apply(sg.a)), of(pl.apply(sg.b))}
	}
}

// sliceMid is a capsule's axis at the middle frame of a slice and how far
// any point of it moves over the slice from there.
type sliceMid struct {
	p, q  v3
	reach float64
	set   bool
}

// sliceMid measures capsule i over slice s of sw placed by pl.
func (c *Checker) sliceMid(sw *sweep, pl *placement, i, s int) sliceMid {
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
	return sliceMid{p: of(pl.apply(sg.a)), q: of(pl.apply(sg.b)), reach: max(before, after), set: true}
}

// clear reports whether a capsule of radius r about the slice's axis stays
// off the triangle (normal n) over the whole slice: the axis at the middle
// frame is farther than r plus the slice's reach, by the triangle's plane
// (both ends on one side) or by the exact distance.
func (m *sliceMid) clear(tri *tri3, n mgl32.Vec3, r float64, st *Stats) bool {
	need := r + m.reach
	nn := v3of32(n)
	dp, dq := m.p.sub(tri[0]).dot(nn), m.q.sub(tri[0]).dot(nn)
	if min(dp, dq) > need || max(dp, dq) < -need {
		return true
	}
	st.Steps++
	return segTriDist(m.p, m.q, tri) > need
}

// inside checks a pending step by bisection: an interval [u0, u1] of the
// step whose end gaps add up to more than its length times the step's
// travel bound has no contact (every point of it is within reach of one
// end: the gap is at least (d0 + d1 − (u1−u0)·travel)/2 > 0); otherwise
// the clip is interpolated at its middle and both halves are checked,
// earlier first. Halving ends before the intervals' travel falls under
// 2·Epsilon, where end gaps over Epsilon always clear.
func (c *Checker) inside(sw *sweep, pl *placement, p *step, out *Contact) bool {
	bvh := c.scene.all
	if p.walls {
		bvh = c.scene.walls
	}
	a, b, cc, _, mesh := bvh.LeafTriangle(p.leaf)
	tri := tri3{v3of32(a), v3of32(b), v3of32(cc)}
	nc := len(c.sw.model.Capsules)
	travel := sw.travel[int(p.step)*nc+int(p.capsule)]
	if !c.bisect(sw, pl, p, &tri, travel, 0, p.d0, 1, p.d1, out) {
		return false
	}
	if out != nil {
		out.Capsule, out.Triangle = int(p.capsule), mesh
	}
	return true
}

func (c *Checker) bisect(sw *sweep, pl *placement, p *step, tri *tri3, travel, u0, d0, u1, d1 float64, out *Contact) bool {
	if d0+d1 > (u1-u0)*travel {
		return false
	}
	um := (u0 + u1) / 2
	a, b := c.segmentAt(sw, pl, int(p.capsule), int(p.step), um)
	c.Stats.Steps++
	dm := segTriDist(of(a), of(b), tri) - p.r
	if dm <= c.sw.opt.Epsilon {
		if out != nil {
			out.Time, out.Gap = (float64(p.step)+um)*sw.dt, dm
		}
		return true
	}
	return c.bisect(sw, pl, p, tri, travel, u0, d0, um, dm, out) || c.bisect(sw, pl, p, tri, travel, um, dm, u1, d1, out)
}

// segmentAt is capsule i's axis at fraction u of frame interval f, as the
// clip plays it, placed by the sweep's frame and pl.
func (c *Checker) segmentAt(sw *sweep, pl *placement, i, f int, u float64) (mgl64.Vec3, mgl64.Vec3) {
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
	return pl.apply(sw.toOwn.apply(a)), pl.apply(sw.toOwn.apply(b))
}

func v3of32(v [3]float32) v3 { return v3{float64(v[0]), float64(v[1]), float64(v[2])} }
