package motion

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Clip is a skeleton's motion: per frame and joint, the local translation
// (the rest offset, or the animated position for joints with position
// channels) and the local rotation. Frame f, joint j is at index
// f*NumJoints+j.
type Clip struct {
	Skeleton  *Skeleton
	FrameTime float64 // [Units: s]
	Trans     []mgl64.Vec3
	Rot       []mgl64.Quat
}

// NewClip returns a clip of frames frames in the rest pose.
func NewClip(s *Skeleton, frames int, frameTime float64) *Clip {
	n := s.NumJoints()
	c := &Clip{Skeleton: s, FrameTime: frameTime, Trans: make([]mgl64.Vec3, frames*n), Rot: make([]mgl64.Quat, frames*n)}
	for f := range frames {
		copy(c.Trans[f*n:], s.Offsets)
		for j := range n {
			c.Rot[f*n+j] = mgl64.QuatIdent()
		}
	}
	return c
}

// Frames is the number of frames.
func (c *Clip) Frames() int { return len(c.Rot) / c.Skeleton.NumJoints() }

// Duration is the time from the first frame to the last.
func (c *Clip) Duration() float64 { return float64(c.Frames()-1) * c.FrameTime }

// Validate checks the clip's arrays, frame time and numbers.
func (c *Clip) Validate() error {
	if err := c.Skeleton.Validate(); err != nil {
		return err
	}
	n := c.Skeleton.NumJoints()
	if len(c.Rot) != len(c.Trans) || len(c.Rot)%n != 0 || len(c.Rot) == 0 {
		return fmt.Errorf("clip has %d rotations and %d translations for %d joints", len(c.Rot), len(c.Trans), n)
	}
	if !(c.FrameTime > 0) || math.IsInf(c.FrameTime, 0) {
		return fmt.Errorf("frame time %g is not positive", c.FrameTime)
	}
	for i := range c.Rot {
		q, t := c.Rot[i], c.Trans[i]
		if !finite(q.W, q.V[0], q.V[1], q.V[2], t[0], t[1], t[2]) {
			return fmt.Errorf("frame %d, joint %q: not a finite number", i/n, c.Skeleton.Names[i%n])
		}
		if math.Abs(q.Len()-1) > 1e-6 {
			return fmt.Errorf("frame %d, joint %q: rotation is not a unit quaternion", i/n, c.Skeleton.Names[i%n])
		}
	}
	return nil
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Slice returns frames [from, to) as a new clip sharing the skeleton.
func (c *Clip) Slice(from, to int) (*Clip, error) {
	if from < 0 || to > c.Frames() || to-from < 1 {
		return nil, fmt.Errorf("frame range [%d, %d) is outside the clip's %d frames", from, to, c.Frames())
	}
	n := c.Skeleton.NumJoints()
	return &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append([]mgl64.Vec3(nil), c.Trans[from*n:to*n]...),
		Rot:   append([]mgl64.Quat(nil), c.Rot[from*n:to*n]...)}, nil
}

// Sample writes the local pose at time t (seconds from the first frame,
// clamped to the clip) into trans and rot, interpolating translations
// linearly and rotations by slerp.
func (c *Clip) Sample(t float64, trans []mgl64.Vec3, rot []mgl64.Quat) {
	n := c.Skeleton.NumJoints()
	last := c.Frames() - 1
	x := t / c.FrameTime
	if !(x > 0) {
		x = 0
	}
	if x > float64(last) {
		x = float64(last)
	}
	f := int(math.Floor(x))
	if f >= last {
		f = max(last-1, 0)
	}
	g := min(f+1, last)
	a := x - float64(f)
	for j := range n {
		trans[j], rot[j] = c.lerpJoint(f, g, j, a)
	}
}

// lerpJoint interpolates joint j between frames f and g at a in [0, 1].
func (c *Clip) lerpJoint(f, g, j int, a float64) (mgl64.Vec3, mgl64.Quat) {
	n := c.Skeleton.NumJoints()
	t0, t1 := c.Trans[f*n+j], c.Trans[g*n+j]
	return t0.Add(t1.Sub(t0).Mul(a)), slerp(c.Rot[f*n+j], c.Rot[g*n+j], a)
}

// SampleBetween writes, for each joint of joints only, its local pose at
// fraction a (in [0, 1]) of the way from frame f to frame f+1, exactly as
// Sample interpolates it. It allocates nothing.
func (c *Clip) SampleBetween(f int, a float64, joints []int32, trans []mgl64.Vec3, rot []mgl64.Quat) {
	g := min(f+1, c.Frames()-1)
	for _, j := range joints {
		trans[j], rot[j] = c.lerpJoint(f, g, int(j), a)
	}
}

// slerp interpolates along the shorter arc and returns a unit quaternion.
func slerp(q0, q1 mgl64.Quat, a float64) mgl64.Quat {
	if a == 0 {
		return q0
	}
	if q0.Dot(q1) < 0 {
		q1 = q1.Scale(-1)
	}
	return mgl64.QuatSlerp(q0, q1, a).Normalize()
}

// Resample returns the clip at a new frame time, covering the same duration
// (the last frame is the last original frame when the duration is not a
// multiple of the new frame time, rounded to the nearest frame count).
func (c *Clip) Resample(frameTime float64) (*Clip, error) {
	if !(frameTime > 0) || math.IsInf(frameTime, 0) {
		return nil, fmt.Errorf("frame time %g is not positive", frameTime)
	}
	frames := int(math.Round(c.Duration()/frameTime)) + 1
	if frames > 1<<24 {
		return nil, fmt.Errorf("resampling to %g s gives %d frames", frameTime, frames)
	}
	n := c.Skeleton.NumJoints()
	out := &Clip{Skeleton: c.Skeleton, FrameTime: frameTime, Trans: make([]mgl64.Vec3, frames*n), Rot: make([]mgl64.Quat, frames*n)}
	for f := range frames {
		t := min(float64(f)*frameTime, c.Duration())
		c.Sample(t, out.Trans[f*n:(f+1)*n], out.Rot[f*n:(f+1)*n])
	}
	return out, nil
}
