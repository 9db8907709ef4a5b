package ccd

import (
	"github.com/go-gl/mathgl/mgl64"
)

// check runs the broad phase of sweep sw placed by pl and the narrow phase
// on what it finds. At plan time the warp-placed parts are not checked and
// ground faces are ignored by the parts that may touch them; in the
// executed motion those parts may sink Options.Sink into them.
func (c *Checker) check(sw *sweep, pl placement, plan bool, out *Contact) bool {
	c.Stats.Checks++
	for g := range numGroups {
		if plan && g == placedGroup {
			continue
		}
		q := pl.aabb(sw.whole[g])
		c.cand = c.bvh.Overlap(q, c.cand[:0], &c.Stats.BVH)
		if plan && g == groundGroup {
			c.dropGround()
		}
		if len(c.cand) == 0 {
			continue
		}
		for _, i := range c.sw.groups[g] {
			if c.capsule(sw, &pl, int(i), g != clearGroup, out) {
				c.Stats.Hits++
				return false
			}
		}
	}
	return true
}

// dropGround removes the ground faces from the candidates.
func (c *Checker) dropGround() {
	k := 0
	for _, t := range c.cand {
		if _, _, _, n, _ := c.bvh.LeafTriangle(t); n[1] < c.cosGround {
			c.cand[k] = t
			k++
		}
	}
	c.cand = c.cand[:k]
}

// capsule checks capsule i, slice by slice, against the candidates.
func (c *Checker) capsule(sw *sweep, pl *placement, i int, ground bool, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	r := c.sw.model.Capsules[i].Radius
	contact := c.sw.model.Capsules[i].Part.Contact()
	for s := 0; s+1 < len(sw.slices); s++ {
		cb := pl.aabb(sw.boxes[s*nc+i])
		c.Stats.Capsules++
		for _, t := range c.cand {
			a, b, cc, n, mesh := c.bvh.LeafTriangle(t)
			if !meets(&cb, a, b, cc) {
				continue
			}
			rr := r
			switch {
			case ground && n[1] >= c.cosGround, contact:
				rr = r - c.sw.opt.Sink
			}
			c.Stats.Pairs++
			tri := [3]mgl64.Vec3{vec64(a), vec64(b), vec64(cc)}
			for f := sw.slices[s]; f < sw.slices[s+1]; f++ {
				if c.advance(sw, pl, i, int(f), &tri, rr, out) {
					if out != nil {
						out.Capsule, out.Triangle = i, mesh
					}
					return true
				}
			}
		}
	}
	return false
}

// advance is conservative advancement of capsule i (radius r) against a
// triangle over frame interval f: at each time it measures the gap d
// between the capsule and the triangle, and since no point of the capsule
// moves faster than the interval's travel bound, nothing can touch before
// d/bound of the interval has passed; it steps there. It reports a contact
// when the gap is at most Epsilon.
func (c *Checker) advance(sw *sweep, pl *placement, i, f int, tri *[3]mgl64.Vec3, r float64, out *Contact) bool {
	nc := len(c.sw.model.Capsules)
	nf := sw.clip.Frames()
	travel := sw.travel[f*nc+i]
	eps := c.sw.opt.Epsilon
	u := 0.0
	for {
		var p, q mgl64.Vec3
		switch {
		case u == 0:
			sg := &sw.seg[f*nc+i]
			p, q = pl.apply(sg.a), pl.apply(sg.b)
		case u == 1:
			sg := &sw.seg[min(f+1, nf-1)*nc+i]
			p, q = pl.apply(sg.a), pl.apply(sg.b)
		default:
			p, q = c.segmentAt(sw, pl, i, f, u)
		}
		c.Stats.Steps++
		d := SegmentTriangleDistance(p, q, tri[0], tri[1], tri[2]) - r
		if d <= eps {
			if out != nil {
				out.Time, out.Gap = (float64(f)+u)*sw.clip.FrameTime, d
			}
			return true
		}
		last := f+2 >= nf // the interval's end is no later interval's start
		switch {
		case u == 1 || travel == 0 && !last:
			return false
		case travel == 0:
			u = 1
		default:
			u += d / travel
			if u >= 1 {
				if !last {
					return false
				}
				u = 1
			}
		}
	}
}

// segmentAt is capsule i's axis at fraction u of frame interval f, as the
// clip plays it, placed by the sweep's frame and pl.
func (c *Checker) segmentAt(sw *sweep, pl *placement, i, f int, u float64) (mgl64.Vec3, mgl64.Vec3) {
	chain := c.sw.chain[c.sw.chainOff[i]:c.sw.chainOff[i+1]]
	sw.clip.SampleBetween(f, u, chain, c.trans, c.rot)
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

func vec64(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
