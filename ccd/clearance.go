package ccd

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Clearance is the smallest surface distance from the scene of the capsules
// that may touch nothing (neither legs nor hands: body.Part.MayTouchGround),
// posed by the joints' world positions and rotations, and which capsule it
// is; at most reach (then capsule is -1). A negative clearance is a depth
// into the scene.
func (c *Checker) Clearance(pos []mgl64.Vec3, world []mgl64.Quat, reach float64) (float64, int) {
	best, which := reach, -1
	m := c.sw.model
	for _, i := range c.sw.groups[clearGroup] {
		a, b := m.Place(pos, world, int(i))
		r := m.Capsules[i].Radius
		var q scenes.AABB
		for k := range 3 {
			q.Min[k] = float32(min(a[k], b[k]) - r - reach)
			q.Max[k] = float32(max(a[k], b[k]) + r + reach)
		}
		c.cand = c.scene.all.OverlapBounds(q, c.cand[:0], nil)
		for _, t := range c.cand {
			ta, tb, tc, _, _ := c.scene.all.LeafTriangle(t)
			tri := tri3{of32(ta), of32(tb), of32(tc)}
			if d := segTriDist(of(a), of(b), &tri) - r; d < best {
				best, which = d, int(i)
			}
		}
	}
	return best, which
}

func of32(v [3]float32) v3 { return v3{float64(v[0]), float64(v[1]), float64(v[2])} }
