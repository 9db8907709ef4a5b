package ccd

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// placement is a rigid map about +Y: p ↦ Ry(yaw)(p − origin) + offset.
type placement struct {
	yaw            float64
	origin, offset mgl64.Vec3
	sin, cos       float64 // of yaw, set by prepare
}

func (p *placement) prepare() { p.sin, p.cos = math.Sincos(p.yaw) }

// apply maps a point (after prepare).
func (p *placement) apply(v mgl64.Vec3) mgl64.Vec3 {
	r := p.applyV(of(v))
	return mgl64.Vec3{r.x, r.y, r.z}
}

// applyV is apply on the narrow phase's vectors.
func (p *placement) applyV(v v3) v3 {
	x, y, z := v.x-p.origin[0], v.y-p.origin[1], v.z-p.origin[2]
	return v3{p.cos*x + p.sin*z + p.offset[0], y + p.offset[1], -p.sin*x + p.cos*z + p.offset[2]}
}

// back maps a world point into p's own frame (the inverse of apply).
func (p *placement) back(v v3) v3 {
	x, y, z := v.x-p.offset[0], v.y-p.offset[1], v.z-p.offset[2]
	return v3{p.cos*x - p.sin*z + p.origin[0], y + p.origin[1], p.sin*x + p.cos*z + p.origin[2]}
}

// turnBack turns a world direction into p's own frame.
func (p *placement) turnBack(v v3) v3 {
	return v3{p.cos*v.x - p.sin*v.z, v.y, p.sin*v.x + p.cos*v.z}
}

// framePlacement maps an action frame's coordinates to the world at f,
// raised by lift.
func framePlacement(f action.Frame, lift float64) placement {
	p := placement{yaw: f.Yaw, offset: f.Position.Add(mgl64.Vec3{0, lift, 0})}
	p.prepare()
	return p
}

// aabb places box b (p's origin must be zero) and returns a float32 box that holds it, rounded
// outwards (nil-sized boxes stay empty).
func (p *placement) aabb(b box) scenes.AABB {
	if b.h[0] < 0 {
		return scenes.EmptyAABB()
	}
	c := p.applyV(v3{b.c[0], b.c[1], b.c[2]})
	s, co := math.Abs(p.sin), math.Abs(p.cos)
	const pad = 1e-4 // more than float32 rounding at a few km
	hx, hy, hz := co*b.h[0]+s*b.h[2]+pad, b.h[1]+pad, s*b.h[0]+co*b.h[2]+pad
	return scenes.AABB{
		Min: mgl32.Vec3{float32(c.x - hx), float32(c.y - hy), float32(c.z - hz)},
		Max: mgl32.Vec3{float32(c.x + hx), float32(c.y + hy), float32(c.z + hz)},
	}
}
