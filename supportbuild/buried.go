package supportbuild

import (
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/parallel"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
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
// of a face looking up (the top of the solid around it), or a face looking
// down that lies in one (the bottom of a block standing on a floor).
// Algorithm 1 looks only at surfaces, two-sided, so it supports the floor
// hidden under a stair block or a box standing on it, and the underside of
// a floor slab; no foot reaches those.
func Buried(bvh *scenes.BVH, p mgl32.Vec3, inc, headroom float32) bool {
	s := surfaceAt(bvh, p, inc)
	const lift = 0.02 // off the surface, so the ray does not meet it again
	up := scenes.Ray{Origin: [3]float32{s[0], s[1] + lift, s[2]}, Dir: [3]float32{0, 1, 0}, TMax: headroom}
	h, ok := bvh.ClosestHit(up, nil)
	if !ok {
		return false
	}
	if h.T < Clearance-lift || h.Back && h.Normal[1] > 0.5 {
		return true
	}
	// A block standing on a floor has its bottom in the floor's top: the
	// ray meets both at once and may report the block's bottom. A face
	// looking up at that place buries the surface all the same.
	return upwardFaceAt(bvh, up.At(h.T))
}

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

// DropBuried returns t without its buried positions (Buried, with
// Headroom) and how many it dropped. The positions are tested on workers
// goroutines (0 means GOMAXPROCS); the result does not depend on how many.
func DropBuried(bvh *scenes.BVH, t *supporttree.Tree, workers int) (*supporttree.Tree, int64, error) {
	lat := t.Lattice()
	return dropWhere(t, workers, func(p mgl32.Vec3) bool { return Buried(bvh, p, lat.Linear, Headroom) })
}

// dropWhere returns t without the positions where drop holds and how many
// it dropped, testing them on workers goroutines (0 means GOMAXPROCS);
// the result does not depend on how many.
func dropWhere(t *supporttree.Tree, workers int, drop func(p mgl32.Vec3) bool) (*supporttree.Tree, int64, error) {
	var pos [][3]int32
	t.Each(func(x, y, z int32, _ uint64) { pos = append(pos, [3]int32{x, y, z}) })
	lat := t.Lattice()
	dropped := make([]bool, len(pos))
	parallel.For(len(pos), workers, func(_, i int) {
		p := pos[i]
		dropped[i] = drop(lat.Position(dock.Sample{X: p[0], Y: p[1], Z: p[2]}))
	}, nil)
	i := 0
	var n int64
	f, err := t.Filter(func(x, y, z int32) bool {
		keep := !dropped[i]
		i++
		if !keep {
			n++
		}
		return keep
	})
	return f, n, err
}
