package humanoid

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Gait constants: a 1.2 m/s walk with 0.6 m steps of 0.5 s.
const (
	footSide   = 0.10 // ankle from the body's midline
	walkSpeed  = 1.2
	stepLength = 0.6
	stepTime   = stepLength / walkSpeed
	swingLift  = 0.06 // a passing foot's height at mid-swing
	swingSpeed = 3.4  // and its forward speed
	rootHeight = 0.97 // desired root height at mid-stance
	armSwing   = 0.3
	heelOff    = 0.5 // pitch of a foot about to leave the ground
)

// Gait boundaries are at mid-stance: the stance foot flat under the hips,
// the other passing it swingLift above the ground at swingSpeed, the root
// moving at walkSpeed, arms passing the body. stance is side 0 (left) in
// the scripts; the right-footed versions are mirror images.

// frameAt places an action-frame point: origin o (x, ground height, z)
// turned by yaw.
func frameAt(o mgl64.Vec3, yaw float64, p mgl64.Vec3) mgl64.Vec3 { return o.Add(rotY(yaw, p)) }

// stanceG is where side s's ankle stands at a boundary in frame (o, yaw).
func stanceG(o mgl64.Vec3, yaw float64, s int) mgl64.Vec3 {
	return frameAt(o, yaw, mgl64.Vec3{[2]float64{footSide, -footSide}[s], 0, 0})
}

// swingPath moves a foot from (g0, v0, pitch0, lift0) at t0 to (g1, v1,
// pitch1, lift1) at t1: Hermite across the ground, the ground height
// changing early when rising and late when falling, plus clearance.
func swingPath(t, t0, t1 float64, g0, v0, g1, v1 mgl64.Vec3, yaw0, yaw1, pitch0, pitch1, lift0, lift1, clearance float64) footPose {
	T := t1 - t0
	u := clamp01((t - t0) / T)
	xz := hermite(mgl64.Vec3{g0[0], 0, g0[2]}, mgl64.Vec3{v0[0], 0, v0[2]}, mgl64.Vec3{g1[0], 0, g1[2]}, mgl64.Vec3{v1[0], 0, v1[2]}, T, t-t0)
	var k float64
	if g1[1] >= g0[1] {
		k = minJerk(u / 0.45)
	} else {
		k = minJerk((u - 0.5) / 0.5)
	}
	y := g0[1] + (g1[1]-g0[1])*k
	lift := lift0 + (lift1-lift0)*minJerk(u) + clearance*bump(u)
	return footPose{
		G: mgl64.Vec3{xz[0], y, xz[2]}, Yaw: yaw0 + (yaw1-yaw0)*minJerk(u),
		Pitch: pitch0 + (pitch1-pitch0)*minJerk(u),
		Lift:  lift,
	}
}

// step is one walking step from mid-stance on the left foot to mid-stance
// on the right: the right foot lands turned by turn and raised by rise
// (negative steps down), length ahead along the bisecting heading.
type step struct {
	turn, rise, length float64
}

// duration is a whole number of frames, so the last frame is the end.
func (st step) duration() float64 {
	return math.Round((stepTime+0.6*math.Abs(st.rise))*FPS) / FPS
}

// end is the action's end frame: origin (ground height rise) and yaw.
func (st step) end() (mgl64.Vec3, float64) {
	o := rotY(st.turn/2, mgl64.Vec3{0, 0, st.length})
	o[1] = st.rise
	return o, st.turn
}

func (st step) script() script {
	T := st.duration()
	E, dyaw := st.end()
	tLand, tHeel, tOff := 0.4*T, 0.36*T, 0.6*T
	fwd0, fwd1 := yawVec(0), yawVec(dyaw)
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = hermite(mgl64.Vec3{}, fwd0.Mul(walkSpeed), mgl64.Vec3{E[0], 0, E[2]}, fwd1.Mul(walkSpeed), T, t)
		p.Yaw = dyaw * minJerk(t/T)
		ground := st.rise * ease(t, 0.15*T, 0.85*T)
		p.RootY = ground + rootHeight - 0.03*bump(t/T)
		p.Lean = 0.06 + 0.08*math.Max(st.rise, 0)*bump(t/T)
		// Right foot: from passing to planted under the new stance.
		r1 := stanceG(E, dyaw, 1)
		if t < tLand {
			p.Foot[1] = swingPath(t, 0, tLand, stanceG(mgl64.Vec3{}, 0, 1), fwd0.Mul(swingSpeed), r1, mgl64.Vec3{}, 0, dyaw, 0, 0, swingLift, 0, 0.05)
		} else {
			p.Foot[1] = footPose{G: r1, Yaw: dyaw, Support: true}
		}
		// Left foot: planted, heel rising, then swinging to pass the right.
		l0 := stanceG(mgl64.Vec3{}, 0, 0)
		if t < tOff {
			p.Foot[0] = footPose{G: l0, Pitch: heelOff * ease(t, tHeel, tOff), Support: true}
		} else {
			p.Foot[0] = swingPath(t, tOff, T, l0, mgl64.Vec3{}, stanceG(E, dyaw, 0), fwd1.Mul(swingSpeed), 0, dyaw, heelOff, 0, 0, swingLift, 0.05)
		}
		// Arms swing less when the body moves slowly, so a hand never stops
		// in the world (it would look like a contact).
		a := armSwing * (st.length / T / walkSpeed) * math.Sin(math.Pi*t/T)
		p.Hand[0] = handPose{Swing: a, Bend: 0.3 * max(a, 0)}
		p.Hand[1] = handPose{Swing: -a, Bend: 0.3 * max(-a, 0)}
		return p
	}
}
