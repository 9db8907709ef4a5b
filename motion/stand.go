package motion

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// standReach is the share of a leg's length (thigh plus shin) a standing
// leg reaches at most: the knees stay a little bent, so the two-bone IK
// never sits at its singular straight pose.
const standReach = 0.97

// standLevel is how far apart, as a share of the leg, the feet's lowest
// soles may lie in a capture for each foot to stand at its own: farther, the
// capture is on uneven ground and both feet stand at the lower.
const standLevel = 0.05

// Stand is a standing clip made from frame f of c, seconds long at c's
// frame rate, for captures that never stand (a walk cycle alone): the
// body keeps frame f's pose and place, and each foot is set flat on the
// floor under its hip — at the height and with the tilt it has in the
// frame of c where it lies flattest and lowest (see flattest), turned
// with the heading — by two-bone IK on the
// leg (the foot joint's parent and grandparent); a capture on uneven
// ground (soles lowest at heights more than standLevel of the leg apart)
// stands both feet at the lower. The root sinks as far
// as the legs need to reach their feet with the knees a little bent
// (standReach). Every frame is the same pose, so both feet are still
// throughout and a dock extractor finds the character standing.
func Stand(c *Clip, eff *Effectors, f int, seconds float64) (*Clip, error) {
	sk := c.Skeleton
	n := sk.NumJoints()
	if f < 0 || f >= c.Frames() || len(eff.Feet) == 0 || !(seconds > 0) {
		return nil, fmt.Errorf("motion: stand at frame %d of a %d-frame clip with %d feet for %g s", f, c.Frames(), len(eff.Feet), seconds)
	}
	legs, err := legsOf(sk, eff)
	if err != nil {
		return nil, fmt.Errorf("motion: stand: %w", err)
	}
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	trans, rot := append([]mgl64.Vec3(nil), c.Trans[f*n:(f+1)*n]...), append([]mgl64.Quat(nil), c.Rot[f*n:(f+1)*n]...)
	sk.FK(trans, rot, pos, world)
	here := RootPoint{X: pos[0][0], Z: pos[0][2], Yaw: Heading(pos, world, eff.Hips)}
	targets, facings := make([]mgl64.Vec3, len(legs)), make([]mgl64.Quat, len(legs))
	ankles, soles := make([]float64, len(legs)), make([]float64, len(legs))
	for i := range legs {
		ankles[i], soles[i], facings[i] = flattest(c, eff.Feet[i], eff.Hips, here.Yaw)
	}
	floor := slices.Min(soles)
	if slices.Max(soles)-floor > standLevel*legLength(pos, legs[0]) {
		for i := range ankles { // captured on uneven ground: stand on its lowest
			ankles[i] -= soles[i] - floor
		}
	}
	dip := 0.0
	for i, leg := range legs {
		at := ankles[i]
		under := here.ToLocal(pos[leg[0]])
		targets[i] = here.ToWorld(mgl64.Vec3{under[0], at, under[2]})
		reach := standReach * legLength(pos, leg)
		h := math.Hypot(pos[leg[0]][0]-targets[i][0], pos[leg[0]][2]-targets[i][2])
		if h >= reach {
			return nil, fmt.Errorf("motion: stand: foot %s lies %.3f m from under its hip, farther than the leg reaches", sk.Names[leg[2]], h)
		}
		dip = max(dip, pos[leg[0]][1]-targets[i][1]-math.Sqrt(reach*reach-h*h))
	}
	trans[0][1] -= dip
	for i, leg := range legs {
		sk.FK(trans, rot, pos, world)
		if miss := poseLeg(sk, leg, rot, pos, world, targets[i], facings[i]); miss > 1e-4 {
			return nil, fmt.Errorf("motion: stand: foot %s cannot reach the floor (%.3f m short)", sk.Names[leg[2]], miss)
		}
	}
	frames := max(2, int(math.Round(seconds/c.FrameTime))+1)
	out := &Clip{Skeleton: sk, FrameTime: c.FrameTime, Trans: make([]mgl64.Vec3, 0, frames*n), Rot: make([]mgl64.Quat, 0, frames*n)}
	for range frames {
		out.Trans = append(out.Trans, trans...)
		out.Rot = append(out.Rot, rot...)
	}
	return out, nil
}

// legsOf is each foot's leg: hip, knee and ankle joints (the foot joint's
// grandparent, parent and itself).
func legsOf(sk *Skeleton, eff *Effectors) ([][3]int, error) {
	legs := make([][3]int, len(eff.Feet))
	for i, e := range eff.Feet {
		knee := sk.Parents[e.Joint]
		if knee <= 0 || sk.Parents[knee] < 0 {
			return nil, fmt.Errorf("foot %s has no knee and hip above it", sk.Names[e.Joint])
		}
		legs[i] = [3]int{sk.Parents[knee], knee, e.Joint}
	}
	return legs, nil
}

// flattest is the height of foot e's ankle, that of its sole (the lower of
// ankle and tip) and its world rotation, turned to heading yaw, at the
// frame of c where the foot lies flattest and lowest: where its ankle and
// tip are lowest together (the first such frame), of the frames where the
// foot is tilted within flatTilt of the skeleton's rest pose when there
// are any (a capture whose feet creep through their stances is lowest
// standing on its toes).
func flattest(c *Clip, e Effector, hips [2]int, yaw float64) (ankle, sole float64, facing mgl64.Quat) {
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	rest := c.Skeleton.RestPositions()
	flat := elevation(rest[e.Joint], rest[e.Tip])
	best, at, level := math.Inf(1), 0, false
	for g := range c.Frames() {
		c.FrameFK(g, pos, world)
		lv := math.Abs(elevation(pos[e.Joint], pos[e.Tip])-flat) <= flatTilt
		if s := pos[e.Joint][1] + pos[e.Tip][1]; lv && !level || lv == level && s < best {
			best, at, level = s, g, lv
		}
	}
	c.FrameFK(at, pos, world)
	turn := mgl64.QuatRotate(WrapAngle(yaw-Heading(pos, world, hips)), up)
	return pos[e.Joint][1], min(pos[e.Joint][1], pos[e.Tip][1]), turn.Mul(world[e.Joint]).Normalize()
}

// flatTilt is how far from its rest pose's tilt a foot standing flat may be
// tilted. [Units: rad]
const flatTilt = 30 * math.Pi / 180

// elevation is the angle of the direction from a to b above the ground
// plane. [Units: rad]
func elevation(a, b mgl64.Vec3) float64 {
	d := b.Sub(a)
	return math.Atan2(d[1], math.Hypot(d[0], d[2]))
}

// legLength is a leg's thigh plus shin in pose pos (hip, knee, ankle).
func legLength(pos []mgl64.Vec3, leg [3]int) float64 {
	return pos[leg[1]].Sub(pos[leg[0]]).Len() + pos[leg[2]].Sub(pos[leg[1]]).Len()
}
