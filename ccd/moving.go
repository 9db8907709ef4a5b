package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/motion"
)

// Mover is triangles that move by translation along a path: at time
// Times[k] they stand offset by Offsets[k] from their corners in Tris,
// between two keys they move at a steady pace along the line between
// them, before the first and after the last they stand.
type Mover struct {
	Tris    [][3]mgl64.Vec3 // [Units: m] world, at offset zero
	Times   []float64       // increasing [Units: s]
	Offsets []mgl64.Vec3    // [Units: m]
}

// at is m's offset at time t.
func (m *Mover) at(t float64) mgl64.Vec3 {
	n := len(m.Times)
	switch {
	case n == 0:
		return mgl64.Vec3{}
	case t <= m.Times[0]:
		return m.Offsets[0]
	case t >= m.Times[n-1]:
		return m.Offsets[n-1]
	}
	k := 1
	for m.Times[k] < t {
		k++
	}
	u := (t - m.Times[k-1]) / (m.Times[k] - m.Times[k-1])
	return m.Offsets[k-1].Add(m.Offsets[k].Sub(m.Offsets[k-1]).Mul(u))
}

// ClipMoving checks an executed clip, started at time start, against the
// movers' triangles as they move (the scene's static triangles are
// Clip's): it reports whether no capsule ever touches one. A contact it
// reports (out, when not nil) is within the frame interval it happens in,
// its Triangle the index over every mover's triangles in turn.
//
// Over each frame interval of the clip, each moving triangle lies within
// the prism its translation sweeps over that interval (one prism per
// straight piece of its path there): a capsule that touches the triangle
// at some moment of the interval meets that prism then, so it either
// touches the prism's faces during the interval or stands inside the
// prism at its start. The faces are checked as static triangles are
// (Clip's passes on the interval), the insides at the interval's first
// instant: no contact is missed; a contact is reported where the body
// meets a prism but not the triangle itself (a false positive) at most
// by the distance the triangle moves in a frame interval.
//
// The movers stand at time standing where the scene (Clip's) holds them:
// where over an interval a mover does not move and stands there, it is
// left to Clip (NaN: the scene holds them nowhere).
func (c *Checker) ClipMoving(clip *motion.Clip, start float64, movers []Mover, standing float64, out *Contact) bool {
	if len(movers) == 0 || clip.Frames() < 2 {
		return true
	}
	reach := c.clipReach(clip)
	return c.movingPart(clip, 0, clip.Frames()-1, start, standing, reach, movers, out)
}

// movingPart is ClipMoving over frames f0 to f1 of clip: the prisms over
// the whole part first; where the body meets them, each half, down to
// single frame intervals (a contact there is reported).
func (c *Checker) movingPart(clip *motion.Clip, f0, f1 int, start, standing, reach float64, movers []Mover, out *Contact) bool {
	n := clip.Skeleton.NumJoints()
	dt := clip.FrameTime
	// The body over the part lies within reach of the root's path
	// (straight between frames: the root is interpolated so).
	lo := v3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := v3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for f := f0; f <= f1; f++ {
		r := clip.Trans[f*n]
		lo = v3{min(lo.x, r[0]), min(lo.y, r[1]), min(lo.z, r[2])}
		hi = v3{max(hi.x, r[0]), max(hi.y, r[1]), max(hi.z, r[2])}
	}
	lo, hi = lo.sub(v3{reach, reach, reach}), hi.add(v3{reach, reach, reach})
	c.prisms(movers, start+float64(f0)*dt, start+float64(f1)*dt, standing, lo, hi)
	if len(c.locals) == 0 {
		return true
	}
	c.part = motion.Clip{Skeleton: clip.Skeleton, FrameTime: dt, Trans: clip.Trans[f0*n : (f1+1)*n], Rot: clip.Rot[f0*n : (f1+1)*n]}
	id := placement{}
	id.prepare()
	c.sw.measure(&c.exec, &c.part, id)
	if c.checkLocals(&c.exec, out) {
		return true
	}
	if f1-f0 == 1 {
		if out != nil {
			out.Time += float64(f0) * dt
		}
		return false
	}
	m := (f0 + f1) / 2
	return c.movingPart(clip, f0, m, start, standing, reach, movers, out) && c.movingPart(clip, m, f1, start, standing, reach, movers, out)
}

// prisms fills c.locals with the faces of the prisms the movers'
// triangles sweep from t0 to t1 (each face's mesh index the triangle's,
// over every mover's triangles in turn), and c.solids with where each
// prism's faces lie in c.locals.
func (c *Checker) prisms(movers []Mover, t0, t1, standing float64, lo, hi v3) {
	c.locals, c.solids = c.locals[:0], c.solids[:0]
	base := int32(0)
	for mi := range movers {
		m := &movers[mi]
		// The straight pieces of the path over [t0, t1]: cut at the keys
		// inside it.
		c.cuts = append(c.cuts[:0], t0)
		for _, k := range m.Times {
			if k > t0 && k < t1 {
				c.cuts = append(c.cuts, k)
			}
		}
		c.cuts = append(c.cuts, t1)
		still := m.at(standing)
		for p := 0; p+1 < len(c.cuts); p++ {
			oa, ob := m.at(c.cuts[p]), m.at(c.cuts[p+1])
			if oa == ob && oa == still {
				continue // where the scene holds it
			}
			for ti, tr := range m.Tris {
				if !prismNear(tr, oa, ob, lo, hi) {
					continue
				}
				c.addPrism(tr, oa, ob, base+int32(ti))
			}
		}
		base += int32(len(m.Tris))
	}
}

// prismNear reports whether the prism triangle tr sweeps from offset oa to
// ob may meet box lo–hi.
func prismNear(tr [3]mgl64.Vec3, oa, ob mgl64.Vec3, lo, hi v3) bool {
	l, h := [3]float64{lo.x, lo.y, lo.z}, [3]float64{hi.x, hi.y, hi.z}
	for k := range 3 {
		a := min(tr[0][k], tr[1][k], tr[2][k]) + min(oa[k], ob[k])
		b := max(tr[0][k], tr[1][k], tr[2][k]) + max(oa[k], ob[k])
		if a > h[k] || b < l[k] {
			return false
		}
	}
	return true
}

// clipReach bounds how far any point of the body lies from its root in
// clip c, at any moment: the longest chain of the clip's bones (the
// longest of each joint's translations at any frame: interpolation never
// lengthens one) to a capsule's joint, plus the capsule's farther end and
// its radius.
func (c *Checker) clipReach(clip *motion.Clip) float64 {
	sk := clip.Skeleton
	n := sk.NumJoints()
	chain := grow(c.chain, n)[:n]
	c.chain = chain
	chain[0] = 0
	for j := 1; j < n; j++ {
		l := 0.0
		for f := range clip.Frames() {
			l = max(l, clip.Trans[f*n+j].Len())
		}
		chain[j] = chain[sk.Parents[j]] + l
	}
	r := 0.0
	for _, cp := range c.sw.model.Capsules {
		r = max(r, chain[cp.Joint]+max(cp.A.Len(), cp.B.Len())+cp.Radius)
	}
	return r + 1e-6
}

// addPrism adds the faces of the prism triangle tr sweeps from offset oa
// to ob: the triangle at both ends and a quad (two triangles) along each
// edge; just the triangle when it does not move.
func (c *Checker) addPrism(tr [3]mgl64.Vec3, oa, ob mgl64.Vec3, mesh int32) {
	a := [3]v3{of(tr[0].Add(oa)), of(tr[1].Add(oa)), of(tr[2].Add(oa))}
	first := int32(len(c.locals))
	c.addFace(a[0], a[1], a[2], mesh)
	if oa == ob {
		return
	}
	b := [3]v3{of(tr[0].Add(ob)), of(tr[1].Add(ob)), of(tr[2].Add(ob))}
	c.addFace(b[0], b[1], b[2], mesh)
	for e := range 3 {
		i, j := e, (e+1)%3
		c.addFace(a[i], a[j], b[j], mesh)
		c.addFace(a[i], b[j], b[i], mesh)
	}
	c.solids = append(c.solids, [2]int32{first, int32(len(c.locals))})
}

// addFace adds triangle pqr, in world coordinates, to c.locals.
func (c *Checker) addFace(p, q, r v3, mesh int32) {
	l := local{tri: tri3{p, q, r}, mesh: mesh}
	n := q.sub(p).cross(r.sub(p))
	if a := n.len2(); a > 0 {
		l.n = n.mul(1 / math.Sqrt(a))
	} else {
		return // degenerate: its edges are other faces' edges
	}
	l.ground = l.n.y >= float64(c.scene.cosGround) || -l.n.y >= float64(c.scene.cosGround)
	for e := range 3 {
		m := l.tri[(e+1)%3].sub(l.tri[e]).cross(l.n)
		if a := m.len2(); a > 0 {
			l.edge[e] = m.mul(1 / math.Sqrt(a))
		}
	}
	l.bound()
	c.locals = append(c.locals, l)
}

// checkLocals runs check's passes on sw (an executed clip, in world
// coordinates) against c.locals for every group, and tests whether a
// capsule stands inside a prism at the first instant; it reports whether
// sw stays clear.
func (c *Checker) checkLocals(sw *sweep, out *Contact) bool {
	c.Stats.Checks++
	for g := range numGroups {
		c.span[g] = [2]int32{0, int32(len(c.locals))}
	}
	c.pending = c.pending[:0]
	if c.insidePrism(sw, out) {
		c.Stats.Hits++
		return false
	}
	return c.passes(sw, false, out)
}

// insidePrism reports whether a capsule's axis starts inside one of the
// prisms (c.solids), at sw's first instant.
func (c *Checker) insidePrism(sw *sweep, out *Contact) bool {
	for i := range c.sw.model.Capsules {
		p := of(sw.axis(i, 0).a)
		for _, s := range c.solids {
			if fs := c.locals[s[0]:s[1]]; len(fs) >= 4 && inConvex(p, fs) {
				if out != nil {
					*out = Contact{Capsule: i, Triangle: fs[0].mesh}
				}
				return true
			}
		}
	}
	return false
}

// inConvex reports whether p lies inside the convex polyhedron whose faces
// are fs (strictly inside every face's plane, on the side of the others'
// centroid).
func inConvex(p v3, fs []local) bool {
	var cen v3
	for _, f := range fs {
		cen = cen.add(f.tri[0]).add(f.tri[1]).add(f.tri[2])
	}
	cen = cen.mul(1 / float64(3*len(fs)))
	for _, f := range fs {
		s := cen.sub(f.tri[0]).dot(f.n)
		d := p.sub(f.tri[0]).dot(f.n)
		if s == 0 || d*s <= 0 {
			return false
		}
	}
	return true
}
