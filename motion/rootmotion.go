package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// RootMotion gives an in-place clip the root motion its feet imply. Game
// characters' locomotion clips often walk or run on the spot: the root
// stays put and a foot on the ground slides backwards under the body.
// When the clip's root travels less than a quarter of the way its
// supporting feet slide, RootMotion returns a copy whose root moves
// (horizontally) by the opposite of the supporting foot's slide, so a
// foot on the ground stays still as in a capture; a foot supports while
// it is the lowest and within 7% of the hips' height of the floor, its
// lower point (ankle or ball) is the one held, and in flight the root
// keeps the supported frames' mean speed. Otherwise it returns c unchanged. moved
// says which, speed is the derived root speed [Units: m/s].
func RootMotion(c *Clip, eff *Effectors) (out *Clip, speed float64, moved bool) {
	if len(eff.Feet) == 0 || c.Frames() < 3 {
		return c, 0, false
	}
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	low := func(f int, e Effector) float64 { return min(pos[f*n+e.Joint][1], pos[f*n+e.Tip][1]) }
	// The contact point: the lower of the joint and the tip.
	contact := func(f int, e Effector) int {
		if pos[f*n+e.Tip][1] < pos[f*n+e.Joint][1] {
			return e.Tip
		}
		return e.Joint
	}
	floor, hips := math.Inf(1), 0.0
	for f := range c.Frames() {
		for _, e := range eff.Feet {
			floor = min(floor, low(f, e))
		}
		hips += hipHeight(pos[f*n:(f+1)*n], eff)
	}
	hips = hips/float64(c.Frames()) - floor
	if !(hips > 0) {
		return c, 0, false
	}
	// Per frame, the lowest contact point of a foot near the floor stays
	// still: the root moves against its slide. In flight the root moves at
	// the mean of the supported frames' speed.
	last := c.Frames() - 1
	step := make([]mgl64.Vec3, c.Frames())
	flight := make([]bool, c.Frames())
	var mean mgl64.Vec3
	supported, prev := 0, -1
	for f := 1; f <= last; f++ {
		foot, bestLow := -1, 0.07*hips
		for i, e := range eff.Feet {
			if l := low(f, e) - floor; l <= bestLow {
				foot, bestLow = i, l
			}
		}
		// Of two feet on the floor together, the one already supporting
		// keeps supporting until the other is clearly lower.
		if foot >= 0 && prev >= 0 && prev != foot && low(f, eff.Feet[prev])-floor <= bestLow+0.01*hips {
			foot = prev
		}
		prev = foot
		if foot < 0 {
			flight[f] = true
			continue
		}
		best := contact(f, eff.Feet[foot])
		d := pos[f*n+best].Sub(pos[(f-1)*n+best])
		step[f] = mgl64.Vec3{-d[0], 0, -d[2]}
		mean = mean.Add(step[f])
		supported++
	}
	if supported == 0 {
		return c, 0, false
	}
	mean = mean.Mul(1 / float64(supported))
	offsets := make([]mgl64.Vec3, c.Frames())
	for f := 1; f <= last; f++ {
		if flight[f] {
			step[f] = mean
		}
		offsets[f] = offsets[f-1].Add(step[f])
	}
	derived := offsets[last].Len()
	root := mgl64.Vec3{pos[last*n][0] - pos[0][0], 0, pos[last*n][2] - pos[0][2]}.Len()
	if derived < 0.05*hips || root > 0.25*derived {
		return c, 0, false
	}
	out = &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: c.Rot}
	out.Rot = append([]mgl64.Quat(nil), c.Rot...)
	for f := range c.Frames() {
		out.Trans[f*n] = out.Trans[f*n].Add(offsets[f])
	}
	return out, derived / c.Duration(), true
}

// hipHeight is the height of the hips (the mean of both hip joints, or the
// root without them).
func hipHeight(pos []mgl64.Vec3, eff *Effectors) float64 {
	if eff.Hips[0] >= 0 && eff.Hips[1] >= 0 {
		return (pos[eff.Hips[0]][1] + pos[eff.Hips[1]][1]) / 2
	}
	return pos[0][1]
}
