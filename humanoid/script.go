package humanoid

import (
	"math"

	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// FPS is the frame rate of the built-in clips.
const FPS = 60

// legReach and armReach keep a supporting limb just short of the IK's
// soft zone near full extension, so plants are reached exactly.
const (
	ikSoft   = 0.02
	legReach = thigh + shin - ikSoft - 0.002
	armReach = upperArm + foreArm - ikSoft - 0.002
)

// footPose is a foot's target: the ankle's ground point when the foot is
// flat (G), its yaw, and its pitch about the ball of the foot (positive
// lifts the heel). lift raises the whole foot (swing); support says the
// foot bears weight, so the root must stay within the leg's reach of it.
type footPose struct {
	G       mgl64.Vec3
	Yaw     float64
	Pitch   float64
	Lift    float64
	Support bool
	// Knee is a direction the knee bends to, in the body's frame with x
	// towards the foot's own side (a knee swung out to the side as a foot
	// is brought up past a ledge), blended into the usual one by
	// KneeWeight (0..1).
	Knee       mgl64.Vec3
	KneeWeight float64
}

// ankle returns the ankle position and the foot's world rotation.
func (f footPose) ankle() (mgl64.Vec3, mgl64.Quat) {
	flat := f.G.Add(mgl64.Vec3{0, ankleH + f.Lift, 0})
	o := mgl64.Vec3{0, ballH - ankleH, ballAhead}
	ball := flat.Add(rotY(f.Yaw, o))
	rot := quatY(f.Yaw).Mul(quatX(f.Pitch))
	return ball.Sub(rot.Rotate(o)), rot
}

// handPose is a hand's target: planted on a surface (the wrist at Wrist,
// fingers along Yaw, palm down) or swinging freely by Swing radians
// (positive forward) with the elbow bent by Bend more.
type handPose struct {
	Planted bool
	Wrist   mgl64.Vec3
	Yaw     float64
	Swing   float64
	Bend    float64
	Raise   float64 // free arm lifted sideways/forward towards a reach (0..1)
	Reach   mgl64.Vec3
	// Plant blends a free arm towards the planted pose at Wrist (0..1), so
	// a hand eases onto a support and off it.
	Plant float64
	// Elbow, when not zero, is the direction a planted arm's elbow bends
	// to, in the body's frame with x towards the hand's own side (out and
	// up, over a ledge the hand grips, rather than back and down).
	Elbow mgl64.Vec3
}

// framePose is everything one frame of a clip is posed from. RootY is the
// desired root height; the solver lowers it where a supporting foot or a
// planted hand would be out of reach.
type framePose struct {
	RootXZ mgl64.Vec3 // y ignored
	RootY  float64
	Yaw    float64
	Lean   float64 // torso pitch forward
	Foot   [2]footPose
	Hand   [2]handPose
}

// mirror reflects a frame across the x = 0 plane of its action frame:
// left and right swap, x and yaw change sign.
func (p framePose) mirror() framePose {
	m := p
	m.RootXZ[0] = -p.RootXZ[0]
	m.Yaw = -p.Yaw
	for s := range 2 {
		f := p.Foot[1-s]
		f.G[0], f.Yaw = -f.G[0], -f.Yaw
		m.Foot[s] = f
		h := p.Hand[1-s]
		h.Wrist[0], h.Yaw, h.Reach[0] = -h.Wrist[0], -h.Yaw, -h.Reach[0]
		m.Hand[s] = h
	}
	return m
}

// rig caches the skeleton's joint indices.
type rig struct {
	sk                             *motion.Skeleton
	hips, lowerBack, spine, spine1 int
	neck, neck1                    int
	upLeg, leg, foot, toe          [2]int
	shoulder, arm, foreArm, hand   [2]int
	sideSign                       [2]float64
}

func newRig() *rig {
	sk := Skeleton()
	r := &rig{sk: sk, sideSign: [2]float64{1, -1}}
	ix := sk.Index
	r.hips, r.lowerBack, r.spine, r.spine1 = ix("Hips"), ix("LowerBack"), ix("Spine"), ix("Spine1")
	r.neck, r.neck1 = ix("Neck"), ix("Neck1")
	for s, p := range []string{"Left", "Right"} {
		r.upLeg[s], r.leg[s], r.foot[s], r.toe[s] = ix(p+"UpLeg"), ix(p+"Leg"), ix(p+"Foot"), ix(p+"ToeBase")
		r.shoulder[s], r.arm[s], r.foreArm[s], r.hand[s] = ix(p+"Shoulder"), ix(p+"Arm"), ix(p+"ForeArm"), ix(p+"Hand")
	}
	return r
}

// torso sets the spine's local rotations for a lean and returns the world
// rotation of Spine1 and the shoulder joints' positions relative to the
// root, for a root rotated by rootRot.
func (r *rig) torso(rot []mgl64.Quat, rootRot mgl64.Quat, lean float64) (mgl64.Quat, [2]mgl64.Vec3) {
	rot[r.lowerBack] = quatX(0.35 * lean)
	rot[r.spine] = quatX(0.35 * lean)
	rot[r.spine1] = quatX(0.3 * lean)
	rot[r.neck] = quatX(-0.6 * lean)
	w := rootRot
	p := mgl64.Vec3{}
	for _, j := range []int{r.lowerBack, r.spine, r.spine1} {
		p = p.Add(w.Rotate(r.sk.Offsets[j]))
		w = w.Mul(rot[j])
	}
	var sh [2]mgl64.Vec3
	for s := range 2 {
		sh[s] = p.Add(w.Rotate(r.sk.Offsets[r.shoulder[s]])).Add(w.Rotate(r.sk.Offsets[r.arm[s]]))
	}
	return w, sh
}

// rootY is the frame's root height: the desired one, kept within reach of
// the supporting feet and planted hands.
func (r *rig) rootY(p framePose, rot []mgl64.Quat) float64 {
	_, shoulders := r.torso(rot, quatY(p.Yaw), p.Lean)
	y := p.RootY
	for s := range 2 {
		if !p.Foot[s].Support {
			continue
		}
		ankle, _ := p.Foot[s].ankle()
		hip := rotY(p.Yaw, mgl64.Vec3{r.sideSign[s] * hipWidth, 0, 0}).Add(p.RootXZ)
		d := math.Hypot(hip[0]-ankle[0], hip[2]-ankle[2])
		y = smin(y, ankle[1]+math.Sqrt(max(legReach*legReach-d*d, 0))+hipDrop, 0.01)
	}
	for s := range 2 {
		if !p.Hand[s].Planted {
			continue
		}
		sh := shoulders[s].Add(p.RootXZ)
		d := math.Hypot(sh[0]-p.Hand[s].Wrist[0], sh[2]-p.Hand[s].Wrist[2])
		y = smin(y, p.Hand[s].Wrist[1]+math.Sqrt(max(armReach*armReach-d*d, 0))-shoulders[s][1], 0.01)
	}
	return y
}

// pose solves one frame with the root at height y: legs and planted arms
// by two-bone IK, free arms swinging. trans and rot are one frame of a
// clip, already holding the rest offsets.
// kneePole is the direction a knee bends to for a leg from the hip along
// leg, the body facing yaw: forwards, and up as well for a foot raised in
// front, the more the further the leg points forward past about 17° off
// straight down (forward alone comes to lie along a leg raised level with
// the hip, and the knee would flip from below the line to the hip to
// above it).
func kneePole(yaw float64, leg mgl64.Vec3) mgl64.Vec3 {
	fwd := yawVec(yaw)
	if leg.Len() < 1e-6 {
		return fwd
	}
	k := 1.5 * max(0, leg.Normalize().Dot(fwd)-0.3) / 0.7
	return fwd.Add(mgl64.Vec3{0, k, 0})
}

func (r *rig) pose(p framePose, y float64, trans []mgl64.Vec3, rot []mgl64.Quat) {
	rootRot := quatY(p.Yaw)
	spineRot, shoulders := r.torso(rot, rootRot, p.Lean)
	var ankles [2]mgl64.Vec3
	var footRot [2]mgl64.Quat
	for s := range 2 {
		ankles[s], footRot[s] = p.Foot[s].ankle()
	}
	root := mgl64.Vec3{p.RootXZ[0], y, p.RootXZ[2]}
	trans[r.hips] = root
	rot[r.hips] = rootRot
	fwd := yawVec(p.Yaw)
	down := mgl64.Vec3{0, -1, 0}
	for s := range 2 {
		sign := r.sideSign[s]
		// Leg: the knee bends forward (and a little out).
		hip := root.Add(rootRot.Rotate(r.sk.Offsets[r.upLeg[s]]))
		pole := kneePole(p.Yaw, ankles[s].Sub(hip)).Add(rotY(p.Yaw, mgl64.Vec3{sign * 0.1, 0, 0}))
		if w := p.Foot[s].KneeWeight; w > 0 {
			k := p.Foot[s].Knee
			pole = pole.Normalize().Mul(1 - w).Add(rotY(p.Yaw, mgl64.Vec3{sign * k[0], k[1], k[2]}).Normalize().Mul(w))
		}
		knee, ankle, _ := ik.TwoBone(hip, ankles[s], thigh, shin, pole, ikSoft)
		u := ankle.Sub(hip).Normalize()
		w := pole.Sub(u.Mul(pole.Dot(u)))
		wThigh := ik.Align(down, mgl64.Vec3{0, 0, 1}, knee.Sub(hip), w)
		wShin := ik.Align(down, mgl64.Vec3{0, 0, 1}, ankle.Sub(knee), w)
		rot[r.upLeg[s]] = rootRot.Inverse().Mul(wThigh)
		rot[r.leg[s]] = wThigh.Inverse().Mul(wShin)
		rot[r.foot[s]] = wShin.Inverse().Mul(footRot[s])
		// Toes stay flat on the ground while the heel is up.
		rot[r.toe[s]] = quatX(-max(p.Foot[s].Pitch, 0) * 0.9)

		// Arm.
		restDir := mgl64.Vec3{sign, 0, 0}
		restRef := mgl64.Vec3{0, 0, 1}
		sh := root.Add(shoulders[s])
		h := p.Hand[s]
		var wUpper, wFore, wHand mgl64.Quat
		plant := h.Plant
		if h.Planted {
			plant = 1
		}
		var pUpper, pFore, pHand mgl64.Quat
		if plant > 0 {
			elbowPole := rotY(p.Yaw, mgl64.Vec3{sign * 0.6, -0.4, -1})
			if e := h.Elbow; e != (mgl64.Vec3{}) {
				elbowPole = rotY(p.Yaw, mgl64.Vec3{sign * e[0], e[1], e[2]})
			}
			elbow, wrist, _ := ik.TwoBone(sh, h.Wrist, upperArm, foreArm, elbowPole, ikSoft)
			ua := wrist.Sub(sh).Normalize()
			ew := elbowPole.Sub(ua.Mul(elbowPole.Dot(ua)))
			pUpper = ik.Align(restDir, restRef, elbow.Sub(sh), ew.Mul(-1))
			pFore = ik.Align(restDir, restRef, wrist.Sub(elbow), ew.Mul(-1))
			pHand = ik.Align(restDir, restRef, yawVec(h.Yaw), rotY(h.Yaw, mgl64.Vec3{-sign, 0, 0}))
		}
		if plant >= 1 {
			wUpper, wFore, wHand = pUpper, pFore, pHand
		} else {
			dir := rotY(p.Yaw, mgl64.Vec3{sign * 0.15, -1, math.Tan(h.Swing)}).Normalize()
			if h.Raise > 0 {
				dir = dir.Mul(1 - h.Raise).Add(h.Reach.Sub(sh).Normalize().Mul(h.Raise)).Normalize()
			}
			f := fwd.Sub(dir.Mul(fwd.Dot(dir)))
			if f.Len() < 1e-6 {
				f = mgl64.Vec3{0, 1, 0}.Sub(dir.Mul(dir[1]))
			}
			f = f.Normalize()
			bend := 0.3 + h.Bend
			fore := dir.Mul(math.Cos(bend)).Add(f.Mul(math.Sin(bend)))
			wUpper = ik.Align(restDir, restRef, dir, f)
			wFore = ik.Align(restDir, restRef, fore, f)
			wHand = wFore
			if plant > 0 {
				wUpper = mgl64.QuatSlerp(wUpper, pUpper, plant)
				wFore = mgl64.QuatSlerp(wFore, pFore, plant)
				wHand = mgl64.QuatSlerp(wHand, pHand, plant)
			}
		}
		rot[r.shoulder[s]] = mgl64.QuatIdent()
		rot[r.arm[s]] = spineRot.Inverse().Mul(wUpper)
		rot[r.foreArm[s]] = wUpper.Inverse().Mul(wFore)
		rot[r.hand[s]] = wFore.Inverse().Mul(wHand)
	}
}

// gaussian smooths y with a Gaussian of sigma frames, the ends held.
func gaussian(y []float64, sigma float64) []float64 {
	r := int(math.Ceil(3 * sigma))
	out := make([]float64, len(y))
	for f := range y {
		var s, w float64
		for g := f - r; g <= f+r; g++ {
			v := y[min(max(g, 0), len(y)-1)]
			k := math.Exp(-float64((f-g)*(f-g)) / (2 * sigma * sigma))
			s += k * v
			w += k
		}
		out[f] = s / w
	}
	return out
}

// script is a clip's per-frame targets.
type script func(t float64) framePose

// render poses a script over [0, duration] at FPS into a clip.
func (r *rig) render(s script, duration float64, mirror bool) *motion.Clip {
	frames := int(math.Round(duration*FPS)) + 1
	c := motion.NewClip(r.sk, frames, 1.0/FPS)
	n := r.sk.NumJoints()
	poses := make([]framePose, frames)
	ys := make([]float64, frames)
	for f := range frames {
		poses[f] = s(float64(f) / FPS)
		if mirror {
			poses[f] = poses[f].mirror()
		}
		ys[f] = r.rootY(poses[f], c.Rot[f*n:(f+1)*n])
	}
	// Where a support needs the root lower than the script wants (a foot
	// landing on a step down, a leg about to straighten), the root does not
	// drop at that frame: the shortfall is covered by smooth Gaussian
	// bumps (6 frames wide), scaled until they cover it everywhere, so the
	// body eases down on the stance leg beforehand and up again after,
	// never higher than the supports reach.
	short := make([]float64, frames)
	for f := range frames {
		short[f] = max(0, poses[f].RootY-ys[f])
	}
	lower := make([]float64, frames)
	for range 8 {
		rest := make([]float64, frames)
		worst := 0.0
		for f := range frames {
			rest[f] = max(0, short[f]-lower[f])
			worst = max(worst, rest[f])
		}
		if worst < 1e-6 {
			break
		}
		g := gaussian(rest, 6)
		c := 1.0
		for f := range frames {
			if rest[f] > 1e-9 {
				c = max(c, min(rest[f]/max(g[f], 1e-12), 10))
			}
		}
		for f := range frames {
			lower[f] += c * g[f]
		}
	}
	for f := range frames {
		ys[f] = min(ys[f], poses[f].RootY-lower[f])
	}
	for f := range frames {
		r.pose(poses[f], ys[f], c.Trans[f*n:(f+1)*n], c.Rot[f*n:(f+1)*n])
	}
	for i := range c.Rot {
		c.Rot[i] = c.Rot[i].Normalize()
	}
	return c
}
