package ccd

// first refines a contact found in sweep sw (placed by pl, every group
// checked against the whole scene) to the earliest: every capsule–triangle
// pair is followed step by step in time order up to out.Time, and the
// earliest moment found with a gap of at most Epsilon replaces out. Before
// it no capsule touches any triangle: every interval passed over was
// cleared by its end gaps, or is shorter than its capsule needs to move
// Epsilon from a gap over Epsilon.
func (c *Checker) first(sw *sweep, pl placement, out *Contact) {
	nc := len(c.sw.model.Capsules)
	bvh := c.scene.all
	for g := range numGroups {
		q := pl.aabb(sw.whole[g])
		c.cand = bvh.OverlapBounds(q, c.cand[:0], nil)
		if len(c.cand) == 0 {
			continue
		}
		c.locals = c.locals[:0]
		c.localize(bvh, &pl)
		for s := 0; s+1 < len(sw.slices) && float64(sw.slices[s])*sw.dt <= out.Time; s++ {
			gb := &sw.groups[s*numGroups+g]
			for k := range c.locals {
				l := &c.locals[k]
				if !l.meetsBox(gb) {
					continue
				}
				for _, i := range sw.members[g] {
					if !l.meetsBox(&sw.boxes[s*nc+int(i)]) {
						continue
					}
					r := c.sw.model.Capsules[i].Radius
					if g != clearGroup && l.ground || c.sw.model.Capsules[i].Part.Contact() {
						r -= c.sw.opt.Sink
					}
					if t, gap, ok := c.earliestIn(sw, int(i), int(sw.slices[s]), int(sw.slices[s+1]), &l.tri, r, out.Time); ok && t < out.Time {
						*out = Contact{Capsule: int(i), Time: t, Triangle: l.mesh, Gap: gap}
					}
				}
			}
		}
	}
}

// earliestIn is the earliest moment, not after limit, in instants f0..f1
// of sw at which capsule i (radius r) comes within Epsilon of the
// triangle, and its gap.
func (c *Checker) earliestIn(sw *sweep, i, f0, f1 int, tri *tri3, r, limit float64) (float64, float64, bool) {
	eps := c.sw.opt.Epsilon
	d0 := c.gapAt(sw, i, f0, tri, r)
	for f := f0; f <= f1 && float64(f)*sw.dt <= limit; f++ {
		if d0 <= eps {
			return float64(f) * sw.dt, d0, true
		}
		if f == f1 {
			break
		}
		d1 := c.gapAt(sw, i, f+1, tri, r)
		p := step{capsule: int32(i), step: int32(f), tri: *tri, r: r}
		if u, gap, ok := c.earliest(sw, &p, 0, d0, 1, d1); ok {
			return (float64(f) + u) * sw.dt, gap, true
		}
		d0 = d1
	}
	return 0, 0, false
}

// earliest is the earliest u in (u0, u1] of a step whose gap is at most
// Epsilon, given the end gaps d0 (over Epsilon) and d1: an interval whose
// end gaps add up to more than its length times the travel bound holds no
// contact; one whose far end is within Epsilon and that the capsule
// crosses in less than Epsilon of motion ends the search there (the gap
// stays over 0 before it); otherwise the middle is measured and the
// earlier half searched first.
func (c *Checker) earliest(sw *sweep, p *step, u0, d0, u1, d1 float64) (float64, float64, bool) {
	eps := c.sw.opt.Epsilon
	travel := sw.within(int(p.capsule), int(p.step), u1-u0)
	if d0+d1 > travel {
		return 0, 0, false
	}
	if d1 <= eps && travel <= eps {
		return u1, d1, true
	}
	um := (u0 + u1) / 2
	a, b := c.segmentAt(sw, int(p.capsule), int(p.step), um)
	c.Stats.Steps++
	dm := segTriDist(of(a), of(b), &p.tri) - p.r
	if u, g, ok := c.earliest(sw, p, u0, d0, um, dm); ok {
		return u, g, true
	}
	if dm <= eps {
		return um, dm, true
	}
	return c.earliest(sw, p, um, dm, u1, d1)
}
