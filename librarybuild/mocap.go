package librarybuild

import (
	"fmt"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// HalfCycles cuts one gait cycle out of a walking clip — from mid-stance
// on one foot, through mid-stance on the other, to mid-stance on the first
// again (mid-stance is the middle of an extracted foot dock) — and loops
// it: the difference between the cycle's last and first pose, relative to
// the heading, is spread over the cycle, so the second half ends exactly
// as the first begins. It returns the two halves, which share their middle
// frame.
func HalfCycles(c *motion.Clip, eff *motion.Effectors) ([2]*motion.Clip, error) {
	var out [2]*motion.Clip
	tr := c.Trajectory(eff.Hips)
	docks, err := dock.Extract(c, eff, tr[0], dock.DefaultExtractOptions())
	if err != nil {
		return out, err
	}
	var feet []dock.Extracted
	for _, d := range docks {
		if d.Template == "foot" {
			feet = append(feet, d)
		}
	}
	// The first three consecutive foot docks alternating sides.
	var mids []int
	for i := 0; i+2 < len(feet); i++ {
		a, b, d := feet[i], feet[i+1], feet[i+2]
		if a.Effector != b.Effector && a.Effector == d.Effector {
			for _, x := range []dock.Extracted{a, b, d} {
				mids = append(mids, (x.StartFrame+x.EndFrame)/2)
			}
			break
		}
	}
	if mids == nil {
		return out, fmt.Errorf("no full gait cycle found (want three alternating foot docks, found %d foot docks)", len(feet))
	}
	m1, m2, m3 := mids[0], mids[1], mids[2]
	cyc, err := c.Slice(m1, m3+1)
	if err != nil {
		return out, err
	}
	loop(cyc, tr[m1].Yaw, tr[m3].Yaw)
	if out[0], err = cyc.Slice(0, m2-m1+1); err != nil {
		return out, err
	}
	if out[1], err = cyc.Slice(m2-m1, cyc.Frames()); err != nil {
		return out, err
	}
	return out, nil
}

// loop makes a clip's last pose equal its first relative to the heading
// (yaw0 at the first frame, yaw1 at the last) by spreading the difference
// linearly over the frames: local rotations, the root's rotation relative
// to the heading, and the root height.
func loop(c *motion.Clip, yaw0, yaw1 float64) {
	n := c.Skeleton.NumJoints()
	last := c.Frames() - 1
	up := mgl64.Vec3{0, 1, 0}
	rel := func(f int, yaw float64) mgl64.Quat {
		return mgl64.QuatRotate(-yaw, up).Mul(c.Rot[f*n])
	}
	d := make([]mgl64.Quat, n)
	d[0] = rel(0, yaw0).Mul(rel(last, yaw1).Inverse())
	for j := 1; j < n; j++ {
		d[j] = c.Rot[j].Mul(c.Rot[last*n+j].Inverse())
	}
	for j := range d {
		if d[j].W < 0 {
			d[j] = d[j].Scale(-1)
		}
	}
	dy := c.Trans[0][1] - c.Trans[last*n][1]
	for f := 0; f <= last; f++ {
		u := float64(f) / float64(last)
		yaw := yaw0 + motion.WrapAngle(yaw1-yaw0)*u
		for j := range n {
			corr := mgl64.QuatSlerp(mgl64.QuatIdent(), d[j], u).Normalize()
			if j == 0 {
				r := mgl64.QuatRotate(yaw, up)
				c.Rot[f*n] = r.Mul(corr).Mul(r.Inverse()).Mul(c.Rot[f*n]).Normalize()
				c.Trans[f*n][1] += dy * u
				continue
			}
			c.Rot[f*n+j] = corr.Mul(c.Rot[f*n+j]).Normalize()
		}
	}
}
