package librarybuild

import (
	"slices"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// isLoop reports whether a clip ends as it starts: its last pose within
// limit of its first (joint positions relative to the root, root mean
// square; velocities are not compared, a loop's seam has no frame on both
// sides).
func isLoop(c *motion.Clip, eff *motion.Effectors, limit float64) bool {
	if c.Frames() < 4 {
		return false
	}
	a, z := poseFeature(c, eff, 0), poseFeature(c, eff, c.Frames()-1)
	h := len(a) / 2
	return rms(a[:h], z[:h]) <= limit
}

// loopTwice makes a loop exact and plays it twice (closeLoop): the
// stances of a loop that walks are held as captured.
func loopTwice(c *motion.Clip, eff *motion.Effectors) (*motion.Clip, error) {
	return closeLoop(&motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: slices.Clone(c.Trans), Rot: slices.Clone(c.Rot)}, eff, false)
}

// playTwice returns a loop followed by itself: the second playing starts
// where the first ends, turned and moved on the ground by the loop's own
// root motion; the first frame of the second playing is dropped (it is
// the first playing's last).
func playTwice(c *motion.Clip, eff *motion.Effectors) *motion.Clip {
	n := c.Skeleton.NumJoints()
	frames := c.Frames()
	out := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append(slices.Clone(c.Trans), c.Trans[n:]...), Rot: append(slices.Clone(c.Rot), c.Rot[n:]...)}
	placeFrom(out, frames, c.RootPointAt(0, eff.Hips), c.RootPointAt(frames-1, eff.Hips))
	return out
}

// placeFrom moves and turns c's root on the ground from frame first on,
// so that what stood at root point r0 stands at r1.
func placeFrom(c *motion.Clip, first int, r0, r1 motion.RootPoint) {
	n := c.Skeleton.NumJoints()
	turn := mgl64.QuatRotate(r1.Yaw-r0.Yaw, mgl64.Vec3{0, 1, 0})
	for f := first; f < c.Frames(); f++ {
		t := c.Trans[f*n]
		p := r1.ToWorld(r0.ToLocal(mgl64.Vec3{t[0], 0, t[2]}))
		c.Trans[f*n] = mgl64.Vec3{p[0], t[1], p[2]}
		c.Rot[f*n] = turn.Mul(c.Rot[f*n]).Normalize()
	}
}
