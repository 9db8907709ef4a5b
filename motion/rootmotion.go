package motion

import (
	"math"

	"github.com/foothold/foothold/ik"
	"github.com/go-gl/mathgl/mgl64"
)

// RootMotion gives an in-place clip the root motion its feet imply. Game
// characters' locomotion clips often walk or run on the spot: the root
// stays put and a foot on the ground slides backwards under the body.
// When the clip's root travels less than a quarter of the way its
// supporting feet slide, RootMotion returns a copy whose root moves
// (horizontally) by the opposite of the supporting foot's slide; a foot
// supports while it is the lowest and within 7% of the hips' height of
// the floor, its lower point (ankle or ball) is the one held, and in
// flight the root keeps the supported frames' mean speed. That path is
// then smoothed (each frame's step averaged over ±0.1 s, the ends kept),
// so that a foot sliding unevenly or a change of supporting foot does not
// jerk the root, and each supporting foot is held where the unsmoothed
// path kept it still by bending its leg (two-bone IK, easing in and out
// over the same ±0.1 s). Otherwise it returns c unchanged. moved says
// which, speed is the derived root speed [Units: m/s].
func RootMotion(c *Clip, eff *Effectors) (out *Clip, speed float64, moved bool) {
	if len(eff.Feet) == 0 || c.Frames() < 3 {
		return c, 0, false
	}
	n := c.Skeleton.NumJoints()
	ft := feetTrack{pos: c.Positions(), n: n, eff: eff, floor: math.Inf(1), smooth: int(math.Round(rootSmoothing / c.FrameTime))}
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
	raw, support, ok := ft.offsets(c.Frames(), hips)
	offsets := accumulate(smoothSteps(steps(raw), ft.smooth))
	// The smoothed path ends where the raw one does, so a loop's ends
	// keep their poses.
	if k := len(raw) - 1; k > 0 {
		gap := raw[k].Sub(offsets[k])
		for f := range offsets {
			offsets[f] = offsets[f].Add(gap.Mul(float64(f) / float64(k)))
		}
	}
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
	for i, e := range eff.Feet {
		holdFoot(out, e, i, support, raw, offsets, ft.smooth)
	}
	return out, derived / c.Duration(), true
}

// feetTrack is a clip's feet, frame by frame, above its floor.
type feetTrack struct {
	pos    []mgl64.Vec3
	n      int
	eff    *Effectors
	floor  float64
	smooth int // frames either side the root's steps are averaged over
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
func (t *feetTrack) offsets(frames int, hips float64) ([]mgl64.Vec3, []int, bool) {
	step := make([]mgl64.Vec3, frames)
	flight := make([]bool, frames)
	support := make([]int, frames)
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
		prev, support[f] = foot, foot
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
		return out, support, false
	}
	mean = mean.Mul(1 / float64(supported))
	for f := 1; f < frames; f++ {
		if flight[f] {
			step[f] = mean
		}
		out[f] = out[f-1].Add(step[f])
	}
	support[0] = support[min(1, frames-1)]
	return out, support, true
}

// steps are the differences of offsets from frame to frame (0 at frame 0).
func steps(offsets []mgl64.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(offsets))
	for f := 1; f < len(offsets); f++ {
		out[f] = offsets[f].Sub(offsets[f-1])
	}
	return out
}

// accumulate is the running sum of steps from 0.
func accumulate(step []mgl64.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(step))
	for f := 1; f < len(step); f++ {
		out[f] = out[f-1].Add(step[f])
	}
	return out
}

// smoothSteps averages each frame's step (frames 1 on) with the h frames
// either side (fewer at the ends): a foot that slides unevenly over its
// stance, or a change of supporting foot, does not jerk the root.
func smoothSteps(step []mgl64.Vec3, h int) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(step))
	for f := 1; f < len(step); f++ {
		var sum mgl64.Vec3
		a, b := max(f-h, 1), min(f+h, len(step)-1)
		for g := a; g <= b; g++ {
			sum = sum.Add(step[g])
		}
		out[f] = sum.Mul(1 / float64(b-a+1))
	}
	return out
}

// holdFoot keeps foot e (index i) where the unsmoothed root motion held
// it while it supports: the leg is bent by two-bone IK to move the foot
// by the difference between raw and smoothed root offsets, fully on the
// frames it supports and easing out over h frames either side.
func holdFoot(c *Clip, e Effector, i int, support []int, raw, smooth []mgl64.Vec3, h int) {
	sk := c.Skeleton
	if !bendable(sk, e.Joint) {
		return
	}
	n := sk.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	for f := range c.Frames() {
		w := 0.0
		for g := max(f-h, 0); g <= min(f+h, c.Frames()-1); g++ {
			if support[g] == i {
				u := float64(abs(f-g)) / float64(h+1)
				w = max(w, 1-u*u*(3-2*u))
			}
		}
		if d := raw[f].Sub(smooth[f]).Mul(w); d.Len() > 1e-12 {
			c.FrameFK(f, pos, world)
			bendLeg(c, f, e.Joint, pos[e.Joint].Add(d), pos, world)
		}
	}
}

// bendable reports whether bendLeg can move joint j: it ends a leg of two
// bones below a joint that is not the root (turning the root would move
// the whole body).
func bendable(sk *Skeleton, j int) bool {
	mid := sk.Parents[j]
	return mid >= 0 && sk.Parents[mid] >= 0 && sk.Parents[sk.Parents[mid]] >= 0
}

// bendLeg moves joint j of frame f to target by two-bone IK on its two
// parents (pos and world holding the frame's FK), keeping j's world
// orientation.
func bendLeg(c *Clip, f, j int, target mgl64.Vec3, pos []mgl64.Vec3, world []mgl64.Quat) {
	sk := c.Skeleton
	n := sk.NumJoints()
	mid := sk.Parents[j]
	top := sk.Parents[mid]
	hip, knee, ankle := pos[top], pos[mid], pos[j]
	m, end, _ := ik.TwoBone(hip, target, knee.Sub(hip).Len(), ankle.Sub(knee).Len(), knee.Sub(hip), 0)
	upper := ik.FromTo(knee.Sub(hip), m.Sub(hip)).Mul(world[top])
	lower := ik.FromTo(ankle.Sub(knee), end.Sub(m)).Mul(world[mid])
	parent := mgl64.QuatIdent()
	if p := sk.Parents[top]; p >= 0 {
		parent = world[p]
	}
	rot := c.Rot[f*n : (f+1)*n]
	rot[top] = parent.Inverse().Mul(upper).Normalize()
	rot[mid] = upper.Inverse().Mul(lower).Normalize()
	rot[j] = lower.Inverse().Mul(world[j]).Normalize()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rootSmoothing is the time either side over which the root's derived
// steps are averaged: about a third of a walking step. [Units: s]
const rootSmoothing = 0.1

// hipHeight is the height of the hips (the mean of both hip joints, or the
// root without them).
func hipHeight(pos []mgl64.Vec3, eff *Effectors) float64 {
	if eff.Hips[0] >= 0 && eff.Hips[1] >= 0 {
		return (pos[eff.Hips[0]][1] + pos[eff.Hips[1]][1]) / 2
	}
	return pos[0][1]
}
