package motion

import "github.com/go-gl/mathgl/mgl64"

// FK computes world positions and rotations from local ones: a joint's
// world rotation is its parent's times its own, and its position is its
// parent's plus the parent's world rotation applied to its local
// translation. All slices have one entry per joint.
func (s *Skeleton) FK(trans []mgl64.Vec3, rot []mgl64.Quat, pos []mgl64.Vec3, world []mgl64.Quat) {
	for j, p := range s.Parents {
		if p < 0 {
			pos[j], world[j] = trans[j], rot[j]
			continue
		}
		pos[j] = pos[p].Add(world[p].Rotate(trans[j]))
		world[j] = world[p].Mul(rot[j])
	}
}

// FrameFK computes the world pose of frame f.
func (c *Clip) FrameFK(f int, pos []mgl64.Vec3, world []mgl64.Quat) {
	n := c.Skeleton.NumJoints()
	c.Skeleton.FK(c.Trans[f*n:(f+1)*n], c.Rot[f*n:(f+1)*n], pos, world)
}

// Positions returns the world position of every joint at every frame,
// frame-major like the clip.
func (c *Clip) Positions() []mgl64.Vec3 {
	n := c.Skeleton.NumJoints()
	out := make([]mgl64.Vec3, len(c.Rot))
	world := make([]mgl64.Quat, n)
	for f := range c.Frames() {
		c.FrameFK(f, out[f*n:(f+1)*n], world)
	}
	return out
}

// ChainFK is FK for joint j and its ancestors only: it fills their entries
// of pos and world (the others are left as they are), as FK would, and
// allocates nothing.
func (s *Skeleton) ChainFK(trans []mgl64.Vec3, rot []mgl64.Quat, j int, pos []mgl64.Vec3, world []mgl64.Quat) {
	p := s.Parents[j]
	if p < 0 {
		pos[j], world[j] = trans[j], rot[j]
		return
	}
	s.ChainFK(trans, rot, p, pos, world)
	pos[j] = pos[p].Add(world[p].Rotate(trans[j]))
	world[j] = world[p].Mul(rot[j])
}
