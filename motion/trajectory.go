package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// RootPoint is the root's ground projection and heading at one frame: the
// action frame of an action starting there.
type RootPoint struct {
	X, Z float64 // [Units: m]
	Yaw  float64 // [Units: rad] 0 faces +Z, positive turns towards +X
}

// Heading returns the body's heading from world joint positions: the
// direction perpendicular to the hip line on the ground, (left - right) ×
// up. Without hips it is the root's rotated +Z.
func Heading(pos []mgl64.Vec3, world []mgl64.Quat, hips [2]int) float64 {
	var f mgl64.Vec3
	if hips[0] >= 0 && hips[1] >= 0 {
		d := pos[hips[0]].Sub(pos[hips[1]])
		f = mgl64.Vec3{-d[2], 0, d[0]}
	}
	if math.Hypot(f[0], f[2]) < 1e-9 {
		f = world[0].Rotate(mgl64.Vec3{0, 0, 1})
	}
	return math.Atan2(f[0], f[2])
}

// Trajectory returns the root point of every frame.
func (c *Clip) Trajectory(hips [2]int) []RootPoint {
	n := c.Skeleton.NumJoints()
	pos := make([]mgl64.Vec3, n)
	world := make([]mgl64.Quat, n)
	out := make([]RootPoint, c.Frames())
	for f := range out {
		c.FrameFK(f, pos, world)
		out[f] = RootPoint{X: pos[0][0], Z: pos[0][2], Yaw: Heading(pos, world, hips)}
	}
	return out
}

// RootPointAt returns the root point of frame f alone.
func (c *Clip) RootPointAt(f int, hips [2]int) RootPoint {
	n := c.Skeleton.NumJoints()
	return c.RootPointWith(f, hips, make([]mgl64.Vec3, n), make([]mgl64.Quat, n))
}

// RootPointWith is RootPointAt with the caller's FK buffers (one entry per
// joint), allocating nothing.
func (c *Clip) RootPointWith(f int, hips [2]int, pos []mgl64.Vec3, world []mgl64.Quat) RootPoint {
	c.FrameFK(f, pos, world)
	return RootPoint{X: pos[0][0], Z: pos[0][2], Yaw: Heading(pos, world, hips)}
}

// ToLocal expresses a world point in the frame of r (its origin on the
// ground at height 0 of the clip, +Z along the heading).
func (r RootPoint) ToLocal(p mgl64.Vec3) mgl64.Vec3 {
	dx, dz := p[0]-r.X, p[2]-r.Z
	s, c := math.Sincos(r.Yaw)
	return mgl64.Vec3{c*dx - s*dz, p[1], s*dx + c*dz}
}

// ToWorld maps a point in the frame of r to the world.
func (r RootPoint) ToWorld(p mgl64.Vec3) mgl64.Vec3 {
	s, c := math.Sincos(r.Yaw)
	return mgl64.Vec3{c*p[0] + s*p[2] + r.X, p[1], -s*p[0] + c*p[2] + r.Z}
}

// WrapAngle maps an angle to (-π, π].
func WrapAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a <= -math.Pi {
		a += 2 * math.Pi
	} else if a > math.Pi {
		a -= 2 * math.Pi
	}
	return a
}
