package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Plant keeps foot e of c where it stands at frame 0 on the ground (its
// joint's x and z) until it lifts: while its lower point (joint or tip)
// stays within lift of its height at frame 0. The foot may rise as the
// clip has it (a heel lifting off) but its lower point never sinks below
// that height: a cross-fade of two stances can carry a foot into the
// floor.
// The leg bends for it (two-bone IK, the foot's world orientation kept);
// after the lift the correction eases out over ease frames, the foot in
// the air. This is the foot lock of a cross-fade: a blend carries a
// planted foot from one stance to the other, Plant keeps it planted. It
// returns the frame the foot lifts at (the clip's frame count when it
// never does) and the largest distance on the ground between the foot and
// where it is held while it stands (a leg too short to reach, or a leg
// whose top is the root, which Plant does not turn).
func Plant(c *Clip, e Effector, lift float64, ease int) (lifted int, miss float64) {
	sk := c.Skeleton
	n := sk.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.FrameFK(0, pos, world)
	x0, z0 := pos[e.Joint][0], pos[e.Joint][2]
	low0 := min(pos[e.Joint][1], pos[e.Tip][1])
	bends := bendable(sk, e.Joint)
	var last mgl64.Vec3 // the correction at the last standing frame
	lifted = c.Frames()
	for f := 1; f < c.Frames(); f++ {
		c.FrameFK(f, pos, world)
		low := min(pos[e.Joint][1], pos[e.Tip][1])
		if low-low0 > lift {
			lifted = f
			break
		}
		d := mgl64.Vec3{x0 - pos[e.Joint][0], max(low0-low, 0), z0 - pos[e.Joint][2]}
		last = d
		if !bends {
			miss = max(miss, math.Hypot(d[0], d[2]))
			continue
		}
		bendLeg(c, f, e.Joint, pos[e.Joint].Add(d), pos, world)
		c.FrameFK(f, pos, world)
		miss = max(miss, math.Hypot(x0-pos[e.Joint][0], z0-pos[e.Joint][2]))
	}
	if !bends {
		return lifted, miss
	}
	for f := lifted; f < min(lifted+ease, c.Frames()); f++ {
		u := float64(f-lifted+1) / float64(ease+1)
		c.FrameFK(f, pos, world)
		bendLeg(c, f, e.Joint, pos[e.Joint].Add(last.Mul(1-u*u*(3-2*u))), pos, world)
	}
	return lifted, miss
}

// HoldBetween keeps, in out, a resampling of src over the same span (out's
// first and last frames are src's), every foot that stands still from one
// frame of src to the next (its joint moving less than still) on the
// straight line between the two at out's frames in between, by bending its
// leg (two-bone IK, the foot's world orientation kept). Interpolating
// joint rotations carries a standing foot off its spot between frames:
// 3 cm on the robot's 30 Hz stride.
func HoldBetween(out, src *Clip, eff *Effectors, still float64) {
	sk := out.Skeleton
	n := sk.NumJoints()
	if out.Frames() < 2 || src.Frames() < 2 {
		return
	}
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	srcPos := src.Positions()
	step := float64(src.Frames()-1) / float64(out.Frames()-1) // src frames per out frame
	for f := range out.Frames() {
		s := float64(f) * step
		s0 := int(math.Floor(s + 1e-9))
		a := s - float64(s0)
		if a < 1e-9 || s0+1 >= src.Frames() {
			continue
		}
		out.FrameFK(f, pos, world)
		for _, e := range eff.Feet {
			if !bendable(sk, e.Joint) {
				continue
			}
			p0, p1 := srcPos[s0*n+e.Joint], srcPos[(s0+1)*n+e.Joint]
			if p1.Sub(p0).Len() >= still {
				continue
			}
			bendLeg(out, f, e.Joint, p0.Add(p1.Sub(p0).Mul(a)), pos, world)
			out.FrameFK(f, pos, world)
		}
	}
}

// Hold keeps foot e of c, over frames [from, to], moving as it moves in
// orig (the same clip before an edit), carried rigidly to where c has it
// at frame at: a stance's roll over heel and ball stays as captured, and
// the foot stays on its spot. It bends the leg (two-bone IK) to the foot's
// carried position and gives the foot its carried orientation. A loop
// closed by spreading its end's difference over the clip moves a standing
// foot by a share of that difference each frame: Hold plants it again.
func Hold(c, orig *Clip, e Effector, from, to, at int) {
	sk := c.Skeleton
	n := sk.NumJoints()
	if !bendable(sk, e.Joint) || from < 0 || to >= c.Frames() || to >= orig.Frames() || at < from || at > to {
		return
	}
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	opos, oworld := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.FrameFK(at, pos, world)
	orig.FrameFK(at, opos, oworld)
	turn := world[e.Joint].Mul(oworld[e.Joint].Inverse()).Normalize()
	shift := pos[e.Joint].Sub(turn.Rotate(opos[e.Joint]))
	for f := from; f <= to; f++ {
		c.FrameFK(f, pos, world)
		orig.FrameFK(f, opos, oworld)
		world[e.Joint] = turn.Mul(oworld[e.Joint]).Normalize()
		bendLeg(c, f, e.Joint, turn.Rotate(opos[e.Joint]).Add(shift), pos, world)
	}
}
