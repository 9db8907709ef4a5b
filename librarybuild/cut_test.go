package librarybuild

import (
	"math"
	"testing"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// legs is a pelvis over two legs of two 0.45 m bones ending in feet, at
// 60 frames per second, frames frames long, standing.
func legs(frames int) (*motion.Clip, *motion.Effectors) {
	sk := &motion.Skeleton{}
	add := func(name string, parent int, off mgl64.Vec3) int {
		sk.Names = append(sk.Names, name)
		sk.Parents = append(sk.Parents, parent)
		sk.Offsets = append(sk.Offsets, off)
		sk.Channels = append(sk.Channels, []motion.Channel{motion.Zrotation, motion.Xrotation, motion.Yrotation})
		sk.EndSite = append(sk.EndSite, false)
		return len(sk.Names) - 1
	}
	hips := add("Hips", -1, mgl64.Vec3{0, 0.95, 0})
	eff := &motion.Effectors{}
	for k, side := range []string{"Left", "Right"} {
		x := 0.1 - 0.2*float64(k)
		up := add(side+"UpLeg", hips, mgl64.Vec3{x, 0, 0})
		knee := add(side+"Leg", up, mgl64.Vec3{0, -0.45, 0})
		foot := add(side+"Foot", knee, mgl64.Vec3{0, -0.45, 0})
		toe := add(side+"Toe", foot, mgl64.Vec3{0, -0.05, 0.12})
		eff.Feet = append(eff.Feet, motion.Effector{Joint: foot, Tip: toe, Side: motion.Side(k), Template: "foot"})
		eff.Hips[k] = up
	}
	return motion.NewClip(sk, frames, 1.0/60), eff
}

// A root that falls as a body in flight does (gravity, or a landing's
// braking at three times it) is no pop; one that steps 15 cm down in a
// frame is, at that frame, and so is a step that a capture at 240 frames
// per second makes over one of its frames.
func TestRootPop(t *testing.T) {
	for _, fps := range []float64{30, 60, 240} {
		c, _ := legs(int(fps))
		c.FrameTime = 1 / fps
		n := c.Skeleton.NumJoints()
		for f := range c.Frames() {
			tm := float64(f) / fps
			c.Trans[f*n][1] = 0.95 - 0.5*3*9.81*tm*tm
		}
		if f, acc := rootPop(c, 0, c.Frames()-1); f >= 0 {
			t.Errorf("%v fps: a fall at three times gravity pops at frame %d (%.0f m/s²)", fps, f, acc)
		}
		step := c.Frames() / 2
		for f := step; f < c.Frames(); f++ {
			c.Trans[f*n][1] -= 0.15
		}
		f, acc := rootPop(c, 0, c.Frames()-1)
		if h := int(math.Round(fps / 30)); f < step-h || f > step || acc <= MaxRootAccel {
			t.Errorf("%v fps: a 15 cm step at frame %d: pop at %d (%.0f m/s²)", fps, step, f, acc)
		}
	}
}

// The pelvis's height above the lowest point of the feet: the leg's
// length (0.9 m, and the toe 5 cm below the ankle) standing; with each
// thigh turned θ forward and each knee 2θ back (the shins θ back, the
// feet with them), the thighs and shins rise to 0.9 cos θ and the toe,
// 0.12 m ahead of the ankle, lies 0.05 cos θ + 0.12 sin θ below it.
func TestHipsUp(t *testing.T) {
	c, eff := legs(2)
	n := c.Skeleton.NumJoints()
	th := 60 * math.Pi / 180
	for _, e := range eff.Feet {
		knee := c.Skeleton.Parents[e.Joint]
		c.Rot[n+c.Skeleton.Parents[knee]] = mgl64.QuatRotate(-th, mgl64.Vec3{1, 0, 0})
		c.Rot[n+knee] = mgl64.QuatRotate(2*th, mgl64.Vec3{1, 0, 0})
	}
	pos := c.Positions()
	h := hipsUp(c, eff, pos, lowestFoot(c, eff, pos))
	if math.Abs(h[0]-0.95) > 1e-9 {
		t.Errorf("standing: %.4f m, want 0.95", h[0])
	}
	if want := 0.95*math.Cos(th) + 0.12*math.Sin(th); math.Abs(h[1]-want) > 1e-9 {
		t.Errorf("legs folded by 60°: %.4f m, want %.4f", h[1], want)
	}
}
