package scenes

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// AABB is an axis-aligned box in world space (metres). The zero value is the
// box holding only the origin; use EmptyAABB for a box that holds nothing.
type AABB struct {
	Min, Max mgl32.Vec3
}

// EmptyAABB returns a box that contains no point; extending it by a point
// gives that point's box.
func EmptyAABB() AABB {
	inf := float32(math.Inf(1))
	return AABB{Min: mgl32.Vec3{inf, inf, inf}, Max: mgl32.Vec3{-inf, -inf, -inf}}
}

// IsEmpty reports whether b contains no point.
func (b AABB) IsEmpty() bool {
	return b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[2] > b.Max[2]
}

// Extend returns the smallest box holding b and p.
func (b AABB) Extend(p mgl32.Vec3) AABB {
	for k := 0; k < 3; k++ {
		b.Min[k] = min(b.Min[k], p[k])
		b.Max[k] = max(b.Max[k], p[k])
	}
	return b
}

// Union returns the smallest box holding b and c.
func (b AABB) Union(c AABB) AABB {
	for k := 0; k < 3; k++ {
		b.Min[k] = min(b.Min[k], c.Min[k])
		b.Max[k] = max(b.Max[k], c.Max[k])
	}
	return b
}

// Size returns the box's extent along each axis (zero vector when empty).
func (b AABB) Size() mgl32.Vec3 {
	if b.IsEmpty() {
		return mgl32.Vec3{}
	}
	return b.Max.Sub(b.Min)
}

// Center returns the box's centre.
func (b AABB) Center() mgl32.Vec3 { return b.Min.Add(b.Max).Mul(0.5) }

// Volume returns the box's volume in m³, computed in float64.
func (b AABB) Volume() float64 {
	s := b.Size()
	return float64(s[0]) * float64(s[1]) * float64(s[2])
}

// HalfArea returns half the box's surface area, the SAH cost weight.
func (b AABB) HalfArea() float32 {
	if b.IsEmpty() {
		return 0
	}
	s := b.Max.Sub(b.Min)
	return s[0]*s[1] + s[1]*s[2] + s[2]*s[0]
}

// Diagonal returns the length of the box's diagonal in metres.
func (b AABB) Diagonal() float32 { return b.Size().Len() }
