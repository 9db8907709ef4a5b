package humanoid

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

func rad(deg float64) float64 { return deg * math.Pi / 180 }

// standHeight is the root height standing with both feet side by side.
const standHeight = 0.95

// key is one knot of a piecewise Hermite curve: value p and slope v at t.
type key struct{ t, p, v float64 }

// curve evaluates the piecewise Hermite curve through keys (sorted by t),
// constant outside them.
func curve(ks []key, t float64) float64 {
	if t <= ks[0].t {
		return ks[0].p
	}
	for i := 1; i < len(ks); i++ {
		if t <= ks[i].t {
			a, b := ks[i-1], ks[i]
			return hermite1(a.p, a.v, b.p, b.v, b.t-a.t, t-a.t)
		}
	}
	return ks[len(ks)-1].p
}

// planted is a flat foot bearing weight at g.
func planted(g mgl64.Vec3, yaw float64) footPose { return footPose{G: g, Yaw: yaw, Support: true} }

// heelRise is a supporting foot at g lifting its heel between t0 and t1.
func heelRise(g mgl64.Vec3, t, t0, t1, pitch float64) footPose {
	return footPose{G: g, Pitch: pitch * ease(t, t0, t1), Support: true}
}

var (
	zero = mgl64.Vec3{}
	fwdV = func(s float64) mgl64.Vec3 { return mgl64.Vec3{0, 0, s} }
)

// passingR is the right foot passing the planted left at the start of a
// gait action.
func passingR() (mgl64.Vec3, mgl64.Vec3) { return stanceG(zero, 0, 1), fwdV(swingSpeed) }

// arms lets both arms hang with a little swing a (right opposite).
func arms(a float64) [2]handPose {
	return [2]handPose{{Swing: a, Bend: 0.3 * max(a, 0)}, {Swing: -a, Bend: 0.3 * max(-a, 0)}}
}

func specials() []recipe {
	return []recipe{
		{base: "hop-gap", tags: []string{"hop", "gap"}, from: StanceLeft, to: StanceRight, duration: 0.75, script: hop(), mirror: true},
		{base: "climb-ledge", tags: []string{"climb", "ledge"}, from: StanceLeft, to: Stand, duration: 1.9, script: climb(1.2), mirror: true},
		{base: "vault-box", tags: []string{"vault", "box"}, from: StanceLeft, to: StanceLeft, duration: 1.0, script: vault(), mirror: true},
		{base: "stop", tags: []string{"stop"}, from: StanceLeft, to: Stand, duration: 0.6, script: stop(), mirror: true},
		{base: "start", tags: []string{"start"}, from: Stand, to: StanceLeft, duration: 0.7, script: start(), mirror: true},
		{base: "idle", tags: []string{"idle"}, from: Stand, to: Stand, duration: 1.0, script: idle()},
	}
}

// hop leaves from the left foot and lands on the right 1.1 m ahead,
// clearing a 0.5 m gap: 0.35 s of ballistic flight.
func hop() script {
	const (
		T, tOff, tLand = 0.75, 0.15, 0.5
		D              = 1.1
		yOff, yLand    = 0.95, 0.88
		g              = 9.81
	)
	flight := tLand - tOff
	vh := (D - 0.24) / 0.55
	zOff := tOff * (walkSpeed + vh) / 2
	zLand := zOff + vh*flight
	vyOff := (yLand - yOff + g*flight*flight/2) / flight
	vyLand := vyOff - g*flight
	E := mgl64.Vec3{0, 0, D}
	return func(t float64) framePose {
		var p framePose
		switch {
		case t < tOff:
			p.RootXZ = mgl64.Vec3{0, 0, hermite1(0, walkSpeed, zOff, vh, tOff, t)}
			p.RootY = hermite1(rootHeight, 0, yOff, vyOff, tOff, t)
		case t < tLand:
			tau := t - tOff
			p.RootXZ = mgl64.Vec3{0, 0, zOff + vh*tau}
			p.RootY = yOff + vyOff*tau - g*tau*tau/2
		default:
			p.RootXZ = mgl64.Vec3{0, 0, hermite1(zLand, vh, D, walkSpeed, T-tLand, t-tLand)}
			p.RootY = hermite1(yLand, vyLand, rootHeight, 0, T-tLand, t-tLand)
		}
		p.Lean = 0.08 + 0.12*bump((t-0.05)/0.6)
		l0 := stanceG(zero, 0, 0)
		if t < tOff {
			p.Foot[0] = heelRise(l0, t, 0.08, tOff, 0.9)
		} else {
			p.Foot[0] = swingPath(t, tOff, T, l0, zero, stanceG(E, 0, 0), fwdV(swingSpeed), 0, 0, 0.9, 0, 0, swingLift, 0.18)
		}
		r0, rv := passingR()
		if t < tLand {
			p.Foot[1] = swingPath(t, 0, tLand, r0, rv, stanceG(E, 0, 1), zero, 0, 0, 0, 0, swingLift, 0, 0.12)
		} else {
			p.Foot[1] = planted(stanceG(E, 0, 1), 0)
		}
		up := 0.5 * bump((t-0.05)/0.6)
		p.Hand = [2]handPose{{Swing: up, Bend: 0.4 * up}, {Swing: up * 0.8, Bend: 0.4 * up}}
		return p
	}
}

// climb walks up to a wall, plants both hands on the ledge top h metres
// up, jumps, pulls up with the torso over the ledge, steps the left foot
// then the right onto it, and stands.
// climbSwing moves a climbing foot from g0 (its heel pitched up by pitch0)
// onto the ledge at g1 between t0 and t1: it leaves the ground forwards at
// one and a half times its mean speed there and rises as it goes, so it
// comes up in front of the hip rather than straight up past it (where
// the knee, folded to the hip, would swing from below it to above it in
// a frame).
func climbSwing(t, t0, t1 float64, g0, g1 mgl64.Vec3, pitch0, clearance float64) footPose {
	kick := g1.Sub(g0).Mul(1.5 / (t1 - t0))
	kick[1] = 0
	p := swingPath(t, t0, t1, g0, kick, g1, zero, 0, 0, pitch0, 0, 0, 0, clearance)
	p.G[1] = g0[1] + (g1[1]-g0[1])*minJerk(clamp01((t-t0)/(t1-t0)))
	return p
}

func climb(h float64) script {
	const (
		T     = 1.9
		face  = 0.5 // the wall's face ahead of the start frame
		tHand = 0.35
		tFree = 1.0
	)
	E := mgl64.Vec3{0, h, face + 0.25}
	ys := []key{{0, rootHeight, 0}, {0.3, 0.9, 0}, {0.5, 1.05, 1.6}, {0.85, h + 0.1, 1.2}, {T, h + standHeight, 0}}
	zs := []key{{0, 0, walkSpeed}, {0.3, 0.2, 0.2}, {0.85, face - 0.05, 0.5}, {T, E[2], 0}}
	leans := []key{{0, 0.06, 0}, {0.35, 0.3, 0.8}, {0.7, 0.9, 0}, {0.95, 0.8, -0.5}, {T, 0, 0}}
	rLand := mgl64.Vec3{-footSide, 0, 0.3}
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0, 0, curve(zs, t)}
		p.RootY = curve(ys, t)
		p.Lean = curve(leans, t)
		r0, rv := passingR()
		l0 := stanceG(zero, 0, 0)
		lTop, rTop := stanceG(E, 0, 0), stanceG(E, 0, 1)
		switch {
		case t < 0.2:
			p.Foot[1] = swingPath(t, 0, 0.2, r0, rv, rLand, zero, 0, 0, 0, 0, swingLift, 0, 0.03)
		case t < 0.5:
			p.Foot[1] = heelRise(rLand, t, 0.4, 0.5, 0.6)
		case t < 1.15:
			p.Foot[1] = climbSwing(t, 0.5, 1.15, rLand, rTop, 0.6, 0.15)
		default:
			p.Foot[1] = planted(rTop, 0)
		}
		switch {
		case t < 0.35:
			p.Foot[0] = heelRise(l0, t, 0.15, 0.35, 0.6)
		case t < 0.8:
			p.Foot[0] = climbSwing(t, 0.35, 0.8, l0, lTop, 0.6, 0.2)
		default:
			p.Foot[0] = planted(lTop, 0)
		}
		for s := range 2 {
			wrist := mgl64.Vec3{[2]float64{0.2, -0.2}[s], h + 0.03, face + 0.12}
			switch {
			case t >= tHand && t <= tFree:
				p.Hand[s] = handPose{Planted: true, Wrist: wrist}
			case t < tHand:
				p.Hand[s] = handPose{Raise: ease(t, 0.05, tHand), Reach: wrist, Plant: ease(t, tHand-0.15, tHand), Wrist: wrist}
			default:
				p.Hand[s] = handPose{Raise: 1 - ease(t, tFree, T), Reach: wrist.Add(mgl64.Vec3{0, 0.3, 0.2}), Plant: 1 - ease(t, tFree, tFree+0.2), Wrist: wrist}
			}
		}
		return p
	}
}

// vault runs at a 0.8 m box, plants the left hand on it, swings the legs
// over to the right and lands on the left foot beyond it.
func vault() script {
	const (
		T           = 1.0
		D           = 1.65
		tOff, tLand = 0.4, 0.8
		top         = 0.8
	)
	E := mgl64.Vec3{0, 0, D}
	ys := []key{{0, rootHeight, 0}, {0.25, 0.9, 0}, {tOff, 0.98, 1.5}, {0.6, 1.14, 0}, {tLand, 0.9, -1.2}, {T, rootHeight, 0}}
	zs := []key{{0, 0, walkSpeed}, {0.2, 0.22, 1.0}, {tOff, 0.45, 1.6}, {tLand, 1.35, 1.7}, {T, D, walkSpeed}}
	leans := []key{{0, 0.06, 0}, {0.35, 0.5, 0.5}, {0.6, 0.6, 0}, {tLand, 0.2, -1}, {T, 0.06, 0}}
	rPlant := mgl64.Vec3{-footSide, 0, 0.38}
	hand := mgl64.Vec3{0.12, top + 0.03, 0.72}
	// tuck blends a foot towards a point beside and below the hips, above
	// the box, during the flight, from t0 on (from where its swing begins:
	// a tuck already under way then would throw the foot in a frame).
	tuck := func(f footPose, root mgl64.Vec3, side float64, t, t0 float64) footPose {
		w := ease(t, t0, t0+0.1) * (1 - ease(t, 0.68, 0.8))
		target := root.Add(mgl64.Vec3{side, -0.12 - ankleH, -0.05})
		ankle, _ := f.ankle()
		d := target.Sub(ankle).Mul(w)
		f.G = f.G.Add(d)
		f.Support = f.Support && w == 0
		return f
	}
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0, 0, curve(zs, t)}
		p.RootY = curve(ys, t)
		p.Lean = curve(leans, t)
		root := mgl64.Vec3{0, p.RootY, p.RootXZ[2]}
		r0, rv := passingR()
		l0 := stanceG(zero, 0, 0)
		switch {
		case t < 0.2:
			p.Foot[1] = swingPath(t, 0, 0.2, r0, rv, rPlant, zero, 0, 0, 0, 0, swingLift, 0, 0.03)
		case t < tOff:
			p.Foot[1] = heelRise(rPlant, t, 0.3, tOff, 0.7)
		default:
			p.Foot[1] = tuck(swingPath(t, tOff, T, rPlant, zero, stanceG(E, 0, 1), fwdV(swingSpeed), 0, 0, 0.7, 0, 0, swingLift, 0.2), root, -0.3, t, tOff)
		}
		switch {
		case t < 0.2:
			p.Foot[0] = heelRise(l0, t, 0.08, 0.2, 0.6)
		case t < tLand:
			p.Foot[0] = tuck(swingPath(t, 0.2, tLand, l0, zero, stanceG(E, 0, 0), zero, 0, 0, 0.6, 0, 0, 0, 0.3), root, -0.15, t, 0.36)
		default:
			p.Foot[0] = planted(stanceG(E, 0, 0), 0)
		}
		switch {
		case t >= 0.35 && t <= 0.6:
			p.Hand[0] = handPose{Planted: true, Wrist: hand}
		case t < 0.35:
			p.Hand[0] = handPose{Raise: ease(t, 0.05, 0.35), Reach: hand, Plant: ease(t, 0.2, 0.35), Wrist: hand}
		default:
			p.Hand[0] = handPose{Raise: 1 - ease(t, 0.6, T), Reach: hand.Add(mgl64.Vec3{0, 0.2, 0.4}), Plant: 1 - ease(t, 0.6, 0.8), Wrist: hand}
		}
		p.Hand[1] = handPose{Swing: 0.6 * bump((t-0.1)/0.8), Bend: 0.4 * bump((t-0.1)/0.8), Raise: 0.5 * bump((t-0.2)/0.6), Reach: root.Add(mgl64.Vec3{-0.6, 0.5, 0.3})}
		return p
	}
}

// stop brings the right foot down ahead, then the left beside it, and
// settles standing.
func stop() script {
	const T, L = 0.6, 0.3
	E := mgl64.Vec3{0, 0, L}
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0, 0, hermite1(0, walkSpeed, L, 0, T, t)}
		p.RootY = rootHeight + (standHeight-rootHeight)*minJerk(t/T)
		p.Lean = 0.06 * (1 - minJerk(t/T))
		r0, rv := passingR()
		if t < 0.25 {
			p.Foot[1] = swingPath(t, 0, 0.25, r0, rv, stanceG(E, 0, 1), zero, 0, 0, 0, 0, swingLift, 0, 0.03)
		} else {
			p.Foot[1] = planted(stanceG(E, 0, 1), 0)
		}
		l0 := stanceG(zero, 0, 0)
		switch {
		case t < 0.32:
			p.Foot[0] = heelRise(l0, t, 0.18, 0.32, 0.35)
		case t < 0.52:
			p.Foot[0] = swingPath(t, 0.32, 0.52, l0, zero, stanceG(E, 0, 0), zero, 0, 0, 0.35, 0, 0, 0, 0.05)
		default:
			p.Foot[0] = planted(stanceG(E, 0, 0), 0)
		}
		p.Hand = arms(armSwing * math.Sin(math.Pi*t/0.5) * (1 - ease(t, 0.2, T)))
		return p
	}
}

// start steps off from standing with the left foot and ends in mid-stance
// on it, the right foot passing.
func start() script {
	const T, L = 0.7, 0.35
	E := mgl64.Vec3{0, 0, L}
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0, 0, hermite1(0, 0, L, walkSpeed, T, t)}
		p.RootY = standHeight + (rootHeight-standHeight)*minJerk(t/T)
		p.Lean = 0.06 * minJerk(t/T)
		l0 := stanceG(zero, 0, 0)
		switch {
		case t < 0.1:
			p.Foot[0] = planted(l0, 0)
		case t < 0.4:
			p.Foot[0] = swingPath(t, 0.1, 0.4, l0, zero, stanceG(E, 0, 0), zero, 0, 0, 0, 0, 0, 0, 0.05)
		default:
			p.Foot[0] = planted(stanceG(E, 0, 0), 0)
		}
		r0 := stanceG(zero, 0, 1)
		if t < 0.5 {
			p.Foot[1] = heelRise(r0, t, 0.35, 0.5, heelOff)
		} else {
			p.Foot[1] = swingPath(t, 0.5, T, r0, zero, stanceG(E, 0, 1), fwdV(swingSpeed), 0, 0, heelOff, 0, 0, swingLift, 0.03)
		}
		// Ends like a walk's start: the right arm forward of the left... at
		// zero swing, moving as the gait's arms do.
		p.Hand = arms(-armSwing * math.Sin(math.Pi*(t-T)/stepTime) * ease(t, 0.1, T))
		return p
	}
}

// idle stands, shifting the weight a little and breathing.
func idle() script {
	const T = 1.0
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0.015 * math.Sin(2*math.Pi*t/T) * bump(t/T), 0, 0}
		p.RootY = standHeight - 0.006*bump(t/T)
		p.Foot[0] = planted(stanceG(zero, 0, 0), 0)
		p.Foot[1] = planted(stanceG(zero, 0, 1), 0)
		p.Hand = arms(0.03 * bump(t/T))
		return p
	}
}
