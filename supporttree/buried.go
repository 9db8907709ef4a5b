package supporttree

import (
	"math/bits"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/parallel"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Headroom is how far above a support Buried looks for the solid around
// it, and Clearance the room a support needs above it.
const (
	Headroom  = 1.5 // [Units: m]
	Clearance = 0.3 // [Units: m]
)

// Buried reports whether the support at lattice sample position p (within
// one increment inc of its surface, above or below) cannot be reached: the
// surface under p is covered within Clearance by anything, or lies inside a
// solid — a ray straight up from it meets, within headroom, the underside
// of a face looking up at all (the top of the solid around it, a steep
// ramp's too), or a face looking down that lies in one (the bottom of a
// block standing on a floor).
// Algorithm 1 looks only at surfaces, two-sided, so it supports the floor
// hidden under a stair block or a box standing on it, and the underside of
// a floor slab; no foot reaches those.
func Buried(bvh *scenes.BVH, p mgl32.Vec3, inc, headroom float32) bool {
	// The surface at p: the first face below p + reach, within 2 reach,
	// where reach stops short of the increment as Algorithm 1's rays do (a
	// face exactly one increment above p is the top of a slab or step
	// whose bottom or floor p stands for, not p's surface).
	s := p
	reach := inc * dock.ReachFraction
	down := scenes.Ray{Origin: [3]float32{p[0], p[1] + reach, p[2]}, Dir: [3]float32{0, -1, 0}, TMax: 2 * reach}
	if h, ok := bvh.ClosestHit(down, nil); ok {
		s = down.At(h.T)
	}
	const lift = 0.02 // off the surface, so the ray does not meet it again
	up := scenes.Ray{Origin: [3]float32{s[0], s[1] + lift, s[2]}, Dir: [3]float32{0, 1, 0}, TMax: headroom}
	h, ok := bvh.ClosestHit(up, nil)
	if !ok {
		return false
	}
	if h.T < Clearance-lift || h.Back && h.Normal[1] > 0.01 {
		return true
	}
	// A block standing on a floor has its bottom in the floor's top: the
	// ray meets both at once and may report the block's bottom. A face
	// looking up at that place buries the surface all the same.
	return upwardFaceAt(bvh, up.At(h.T))
}

// PointCut reports whether the way from the origin of a dock of template
// t placed at pose to its contact point i passes through the scene: the
// ground-plane segment between them, PointLift above the origin's surface,
// crosses a face steeper than 45° (a riser, a wall, the side of a block
// the point would stand in). Points pressing sideways (a hand on a wall)
// and the origin itself are never cut. Algorithm 1 supports the ball of a
// foot on the floor hidden under a stair block, or on the floor beyond a
// thin wall; no foot reaches either.
func PointCut(bvh *scenes.BVH, t *dock.Template, i int, pose dock.Pose, inc float32) bool {
	var sf steepFaces
	r := pointReach(t)
	return r > 0 && sf.find(bvh, pose.Position, r, inc) && sf.cut(t, i, pose)
}

// PointLift is how far above the surface of a dock's origin PointCut
// follows the way to a contact point: over a lip or a seam, not over a
// step. [Units: m]
const PointLift = 0.03

// upwardFaceAt reports whether a face looking up meets the millimetre
// around q.
func upwardFaceAt(bvh *scenes.BVH, q mgl32.Vec3) bool {
	const eps = 1e-3
	box := scenes.AABB{Min: q.Sub(mgl32.Vec3{eps, eps, eps}), Max: q.Add(mgl32.Vec3{eps, eps, eps})}
	for _, i := range bvh.Overlap(box, nil, nil) {
		if _, _, _, n, _ := bvh.LeafTriangle(i); n[1] > 0.5 {
			return true
		}
	}
	return false
}

// BuriedStats counts what DropBuried dropped.
type BuriedStats struct {
	Positions int64 // positions dropped whole (their surface buried, or every yaw's points cut off)
	Samples   int64 // (position, yaw) samples dropped from the positions kept: a contact point cut off
}

// DropBuried returns t without the samples no foot or hand can take: every
// position whose surface is Buried (with Headroom), and every yaw at which
// the way to another contact point of tmpl, t's template, is cut
// (PointCut: the ball of a foot on the floor hidden under a stair block,
// whose origin stands on the open floor before it). The samples are
// tested on workers goroutines (0 means GOMAXPROCS); the result does not
// depend on how many.
func DropBuried(bvh *scenes.BVH, t *Tree, tmpl *dock.Template, workers int) (*Tree, BuriedStats, error) {
	var pos [][3]int32
	var masks []uint64
	t.Each(func(x, y, z int32, m uint64) {
		pos = append(pos, [3]int32{x, y, z})
		masks = append(masks, m)
	})
	lat := t.Lattice()
	kept := make([]uint64, len(pos))
	scratch := make([]steepFaces, parallel.Workers(workers))
	reach := pointReach(tmpl)
	parallel.For(len(pos), workers, func(w, i int) {
		p := pos[i]
		s := dock.Sample{X: p[0], Y: p[1], Z: p[2]}
		at := lat.Position(s)
		if Buried(bvh, at, lat.Linear, Headroom) {
			return
		}
		kept[i] = masks[i]
		if sf := &scratch[w]; reach > 0 && sf.find(bvh, at, reach, lat.Linear) {
			kept[i] = sf.keptYaws(tmpl, lat, s, masks[i])
		}
	}, nil)
	var st BuriedStats
	i := 0
	f, err := t.FilterMasks(func(x, y, z int32, m uint64) uint64 {
		k := kept[i]
		i++
		switch {
		case k == 0:
			st.Positions++
		default:
			st.Samples += int64(bits.OnesCount64(m &^ k))
		}
		return k
	})
	return f, st, err
}

// keptYaws is the yaws of mask at sample s (its yaw ignored) at which no
// contact point of tmpl is cut off by the steep faces found (find).
func (sf *steepFaces) keptYaws(tmpl *dock.Template, lat dock.Lattice, s dock.Sample, mask uint64) uint64 {
	kept := mask
	for m := mask; m != 0; m &= m - 1 {
		s.Yaw = int32(bits.TrailingZeros64(m))
		pose := lat.Pose(s)
		for i := range tmpl.Points {
			if sf.cut(tmpl, i, pose) {
				kept &^= 1 << s.Yaw
				break
			}
		}
	}
	return kept
}

// pointReach is how far from the dock's origin a contact point of t that
// PointCut tests lies at most (0: none).
func pointReach(t *dock.Template) float32 {
	var r float32
	for _, pt := range t.Points {
		if pt.Normal[1] >= 0.5 && pt.Position != (mgl32.Vec3{}) {
			r = max(r, pt.Position.Len())
		}
	}
	return r
}

// steepFaces are the faces steeper than 45° within a template's reach of
// a dock's origin, from one increment below it to one increment and
// PointLift above it, and the height of the origin's surface.
type steepFace struct {
	corners [3]mgl32.Vec3
	normal  mgl32.Vec3
}

type steepFaces struct {
	cand    []int32
	tris    []steepFace
	surface float32
}

// find lists the steep faces within reach of p (a lattice sample's
// position) and finds its surface; it reports whether there are any.
func (sf *steepFaces) find(bvh *scenes.BVH, p mgl32.Vec3, reach, inc float32) bool {
	r := reach + 0.01
	box := scenes.AABB{Min: mgl32.Vec3{p[0] - r, p[1] - inc, p[2] - r}, Max: mgl32.Vec3{p[0] + r, p[1] + inc + PointLift, p[2] + r}}
	sf.cand = bvh.Overlap(box, sf.cand[:0], nil)
	sf.tris = sf.tris[:0]
	for _, i := range sf.cand {
		if a, b, c, n, _ := bvh.LeafTriangle(i); n[1] < 0.7071 && n[1] > -0.7071 {
			sf.tris = append(sf.tris, steepFace{[3]mgl32.Vec3{a, b, c}, n})
		}
	}
	if len(sf.tris) == 0 {
		return false
	}
	reachY := inc * dock.ReachFraction
	down := scenes.Ray{Origin: [3]float32{p[0], p[1] + reachY, p[2]}, Dir: [3]float32{0, -1, 0}, TMax: 2 * reachY}
	sf.surface = p[1]
	if h, ok := bvh.ClosestHit(down, nil); ok {
		sf.surface = down.At(h.T)[1]
	}
	return true
}

// cut reports whether the way to contact point i of t placed at pose,
// PointLift above the surface found, crosses a steep face. A face the way
// meets in its first centimetre counts only when the way goes into it
// (against its normal): an origin flush with a wall may lead away from it.
func (sf *steepFaces) cut(t *dock.Template, i int, pose dock.Pose) bool {
	pt := &t.Points[i]
	if pt.Normal[1] < 0.5 || pt.Position == (mgl32.Vec3{}) {
		return false
	}
	q := pose.Apply(pt.Position)
	y := sf.surface + PointLift
	a, b := mgl32.Vec3{pose.Position[0], y, pose.Position[2]}, mgl32.Vec3{q[0], y, q[2]}
	d := b.Sub(a)
	first := 0.01 / max(d.Len(), 0.01)
	for k := range sf.tris {
		f := &sf.tris[k]
		if w, ok := segmentMeets(a, d, f.corners); ok && (w > first || d.Dot(f.normal) < 0) {
			return true
		}
	}
	return false
}

// segmentMeets reports whether the segment from a along d meets triangle
// t, and where (its fraction of d): Möller and Trumbore's test; a segment
// in the triangle's plane meets nothing.
func segmentMeets(a, d mgl32.Vec3, t [3]mgl32.Vec3) (float32, bool) {
	e1, e2 := t[1].Sub(t[0]), t[2].Sub(t[0])
	p := d.Cross(e2)
	det := e1.Dot(p)
	if det > -1e-12 && det < 1e-12 {
		return 0, false
	}
	inv := 1 / det
	s := a.Sub(t[0])
	u := s.Dot(p) * inv
	if u < 0 || u > 1 {
		return 0, false
	}
	q := s.Cross(e1)
	v := d.Dot(q) * inv
	if v < 0 || u+v > 1 {
		return 0, false
	}
	w := e2.Dot(q) * inv
	return w, w >= 0 && w <= 1
}
