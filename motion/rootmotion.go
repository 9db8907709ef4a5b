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
	ft := feetTrack{pos: c.Positions(), n: n, eff: eff, floor: math.Inf(1)}
	hips := 0.0
	for f := range c.Frames() {
		for _, e := range eff.Feet {
			ft.floor = min(ft.floor, ft.low(f, e))
		}
		hips += hipHeight(ft.pos[f*n:(f+1)*n], eff)
	}
	hips = hips/float64(c.Frames()) - ft.floor
	if !(hips > 0) {
		return c, 0, false
	}
	offsets, ok := ft.offsets(c.Frames(), hips)
	last := c.Frames() - 1
	derived := offsets[last].Len()
	root := mgl64.Vec3{ft.pos[last*n][0] - ft.pos[0][0], 0, ft.pos[last*n][2] - ft.pos[0][2]}.Len()
	if !ok || derived < 0.05*hips || root > 0.25*derived {
		return c, 0, false
	}
	out = &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
	for f := range c.Frames() {
		out.Trans[f*n] = out.Trans[f*n].Add(offsets[f])
	}
	return out, derived / c.Duration(), true
}

// feetTrack is a clip's feet, frame by frame, above its floor.
type feetTrack struct {
	pos   []mgl64.Vec3
	n     int
	eff   *Effectors
	floor float64
}

// low is the lower of a foot's joint and tip at frame f.
func (t *feetTrack) low(f int, e Effector) float64 {
	return min(t.pos[f*t.n+e.Joint][1], t.pos[f*t.n+e.Tip][1])
}

// contact is the foot's point on the ground at frame f: the lower of its
// joint and tip.
func (t *feetTrack) contact(f int, e Effector) int {
	if t.pos[f*t.n+e.Tip][1] < t.pos[f*t.n+e.Joint][1] {
		return e.Tip
	}
	return e.Joint
}

// offsets is the root motion per frame: at each frame the lowest contact
// point of a foot within 7% of hips of the floor stays still (the root
// moves against its slide; of two feet down together the one already
// supporting keeps supporting until the other is clearly lower); in flight
// the root moves at the supported frames' mean speed. ok is false when no
// frame is supported.
func (t *feetTrack) offsets(frames int, hips float64) ([]mgl64.Vec3, bool) {
	step := make([]mgl64.Vec3, frames)
	flight := make([]bool, frames)
	var mean mgl64.Vec3
	supported, prev := 0, -1
	for f := 1; f < frames; f++ {
		foot, bestLow := -1, 0.07*hips
		for i, e := range t.eff.Feet {
			if l := t.low(f, e) - t.floor; l <= bestLow {
				foot, bestLow = i, l
			}
		}
		if foot >= 0 && prev >= 0 && prev != foot && t.low(f, t.eff.Feet[prev])-t.floor <= bestLow+0.01*hips {
			foot = prev
		}
		prev = foot
		if foot < 0 {
			flight[f] = true
			continue
		}
		j := t.contact(f, t.eff.Feet[foot])
		d := t.pos[f*t.n+j].Sub(t.pos[(f-1)*t.n+j])
		step[f] = mgl64.Vec3{-d[0], 0, -d[2]}
		mean = mean.Add(step[f])
		supported++
	}
	out := make([]mgl64.Vec3, frames)
	if supported == 0 {
		return out, false
	}
	mean = mean.Mul(1 / float64(supported))
	for f := 1; f < frames; f++ {
		if flight[f] {
			step[f] = mean
		}
		out[f] = out[f-1].Add(step[f])
	}
	return out, true
}

// hipHeight is the height of the hips (the mean of both hip joints, or the
// root without them).
func hipHeight(pos []mgl64.Vec3, eff *Effectors) float64 {
	if eff.Hips[0] >= 0 && eff.Hips[1] >= 0 {
		return (pos[eff.Hips[0]][1] + pos[eff.Hips[1]][1]) / 2
	}
	return pos[0][1]
}
