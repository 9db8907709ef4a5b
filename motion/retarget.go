package motion

import (
	"fmt"

	"github.com/foothold/foothold/ik"
	"github.com/go-gl/mathgl/mgl64"
)

// Retarget moves clip c onto skeleton dst, which must have c's joint
// hierarchy (the same parent of every joint; names and bone lengths may
// differ: a CMU BVH conversion and the Acclaim skeleton it came from, two
// subjects of the same studio). Every joint of dst takes the world
// rotation of c's joint turned by the smallest rotation that takes dst's
// rest bone (towards its only child) onto c's, so bones point where the
// capture's point; joints that branch take c's world rotation as it is.
// The root moves by c's root motion times rootScale (the legs' ratio, so
// that strides follow the legs), dst's bone lengths and rest offsets stay
// its own.
func Retarget(c *Clip, dst *Skeleton, rootScale float64) (*Clip, error) {
	src := c.Skeleton
	n := src.NumJoints()
	if dst.NumJoints() != n {
		return nil, fmt.Errorf("retarget: %d joints onto %d", n, dst.NumJoints())
	}
	for j := range n {
		if src.Parents[j] != dst.Parents[j] {
			return nil, fmt.Errorf("retarget: joint %d (%s, %s) has another parent", j, src.Names[j], dst.Names[j])
		}
	}
	align := make([]mgl64.Quat, n)
	children := src.Children()
	for j := range n {
		align[j] = mgl64.QuatIdent()
		if len(children[j]) == 1 {
			k := children[j][0]
			if a, b := dst.Offsets[k], src.Offsets[k]; a.Len() > 1e-9 && b.Len() > 1e-9 {
				align[j] = ik.FromTo(a, b)
			}
		}
	}
	out := NewClip(dst, c.Frames(), c.FrameTime)
	pos, world, want := make([]mgl64.Vec3, n), make([]mgl64.Quat, n), make([]mgl64.Quat, n)
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		tr, rot := out.Trans[f*n:(f+1)*n], out.Rot[f*n:(f+1)*n]
		for j, p := range dst.Parents {
			want[j] = world[j].Mul(align[j]).Normalize()
			if p < 0 {
				tr[j], rot[j] = pos[j].Mul(rootScale), want[j]
				continue
			}
			tr[j] = dst.Offsets[j]
			rot[j] = want[p].Inverse().Mul(want[j]).Normalize()
		}
	}
	return out, nil
}
