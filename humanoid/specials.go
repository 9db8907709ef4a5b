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

// through is the smooth path through points ps at times ts: cubic Hermite
// pieces with each inner point's velocity the chord of its neighbours
// (Catmull–Rom) and at rest at both ends; constant outside.
func through(t float64, ts []float64, ps []mgl64.Vec3) mgl64.Vec3 {
	if t <= ts[0] {
		return ps[0]
	}
	vel := func(i int) mgl64.Vec3 {
		if i == 0 || i == len(ts)-1 {
			return mgl64.Vec3{}
		}
		return ps[i+1].Sub(ps[i-1]).Mul(1 / (ts[i+1] - ts[i-1]))
	}
	for i := 1; i < len(ts); i++ {
		if t <= ts[i] {
			return hermite(ps[i-1], vel(i-1), ps[i], vel(i), ts[i]-ts[i-1], t-ts[i-1])
		}
	}
	return ps[len(ps)-1]
}

// climb walks up to a wall whose face is 0.5 m ahead, grips the ledge top
// h metres up with both hands (reached from above, the elbows out over
// it), jumps and pulls the hips up behind the face and then over the
// ledge, brings the left foot and then the right up beside the body (the
// knee out to the side, behind the face) and onto the top, and stands.
// The body stays clear of the ledge it climbs, from a face 0.45 m ahead
// on: only the hands and feet touch it.
func climb(h float64) script {
	c := newClimber(h)
	return func(t float64) framePose {
		p := framePose{RootXZ: mgl64.Vec3{0, 0, curve(c.zs, t)}, RootY: curve(c.ys, t), Lean: curve(c.leans, t)}
		p.Foot = c.feet(t)
		for s := range 2 {
			p.Hand[s] = c.hand(t, [2]float64{1, -1}[s])
		}
		return p
	}
}

// climber is climb's timing and paths for a ledge h metres up.
type climber struct {
	h             float64
	zs, ys, leans []key
	top           [2]mgl64.Vec3 // where the feet stand on the ledge
}

const (
	climbT    = 1.9
	climbFace = 0.5 // the wall's face ahead of the start frame
	tHand     = 0.4 // both hands planted from tHand to tFree
	tFree     = 1.1
	// besideOut is how far out to the side a foot comes up past the ledge.
	besideOut = 0.42
)

// kneeOut is the way a knee bends as its foot comes up beside the body:
// out, up and forward, clear of the face below the ledge.
var kneeOut = mgl64.Vec3{0.3, 1, 0.6}

func newClimber(h float64) *climber {
	E := mgl64.Vec3{0, h, climbFace + 0.25}
	return &climber{
		h:     h,
		zs:    []key{{0, 0, walkSpeed}, {0.35, 0.1, 0.1}, {0.8, 0.17, 0.12}, {1.1, 0.27, 0.35}, {1.4, 0.5, 0.5}, {climbT, E[2], 0}},
		ys:    []key{{0, rootHeight, 0}, {0.35, 0.92, 0}, {0.5, 1.0, 1.5}, {0.85, h + 0.12, 0.3}, {1.1, h + 0.2, 0.4}, {1.4, h + 0.5, 0.9}, {climbT, h + standHeight, 0}},
		leans: []key{{0, 0.06, 0}, {0.35, 0.3, 0.5}, {0.85, 0.6, 0.2}, {1.1, 0.65, 0}, {1.4, 0.45, -0.5}, {climbT, 0, 0}},
		top:   [2]mgl64.Vec3{stanceG(E, 0, 0), stanceG(E, 0, 1)},
	}
}

// hang is a free foot on side x below its hip, the leg all but straight
// and swung back by 0.3 rad (the knee clear of the face).
func (c *climber) hang(t, x float64) mgl64.Vec3 {
	hip := mgl64.Vec3{x, curve(c.ys, t) - hipDrop, curve(c.zs, t)}
	g := hip.Add(mgl64.Vec3{0, -0.82 * math.Cos(0.3), -0.82 * math.Sin(0.3)})
	g[1] = max(0, g[1]-ankleH)
	return g
}

// up brings a hanging foot on side x out beside the hips, above the
// ledge, and onto the top at g1, from t0 to t1.
func (c *climber) up(t, t0, t1, x float64, g1 mgl64.Vec3) footPose {
	tm := (t0 + t1) / 2
	beside := mgl64.Vec3{math.Copysign(besideOut, x), c.h + 0.08, curve(c.zs, tm) - 0.05}
	g := through(t, []float64{t0, tm, t1}, []mgl64.Vec3{c.hang(t0, x), beside, g1})
	return footPose{G: g, Pitch: 0.6 * ease(t, t0, tm) * (1 - ease(t, tm, t1)),
		Knee: kneeOut, KneeWeight: ease(t, t0, t0+0.1) * (1 - ease(t, t1-0.15, t1))}
}

// feet: the right foot lands at the wall and takes off; the left comes up
// first, onto the top by tFree, the right after it.
func (c *climber) feet(t float64) [2]footPose {
	var f [2]footPose
	r0, rv := passingR()
	rLand := mgl64.Vec3{-footSide, 0, 0.08}
	switch {
	case t < 0.25:
		f[1] = swingPath(t, 0, 0.25, r0, rv, rLand, zero, 0, 0, 0, 0, swingLift, 0, 0.03)
	case t < 0.5:
		f[1] = heelRise(rLand, t, 0.38, 0.5, 0.6)
	case t < 0.7:
		f[1] = footPose{G: through(t, []float64{0.5, 0.7}, []mgl64.Vec3{rLand, c.hang(0.7, -footSide)}), Pitch: 0.6 * (1 - ease(t, 0.5, 0.7))}
	case t < 0.95:
		f[1] = footPose{G: c.hang(t, -footSide)}
	case t < 1.45:
		f[1] = c.up(t, 0.95, 1.45, -footSide, c.top[1])
	default:
		f[1] = planted(c.top[1], 0)
	}
	l0 := stanceG(zero, 0, 0)
	switch {
	case t < 0.4:
		f[0] = heelRise(l0, t, 0.2, 0.4, 0.6)
	case t < 0.6:
		f[0] = footPose{G: through(t, []float64{0.4, 0.6}, []mgl64.Vec3{l0, c.hang(0.6, footSide)}), Pitch: 0.6 * (1 - ease(t, 0.4, 0.6))}
	case t < tFree:
		f[0] = c.up(t, 0.6, tFree, footSide, c.top[0])
	default:
		f[0] = planted(c.top[0], 0)
	}
	return f
}

// hand is the hand on side x (1 left, -1 right): raised out to the side
// and brought down onto the ledge from above it, planted with the wrist
// 4 cm over the top (the palm on it, dock.PalmDepth below the wrist),
// and let go as the feet take the body up.
func (c *climber) hand(t, x float64) handPose {
	elbow := mgl64.Vec3{1, 0.4, -0.4}
	wrist := mgl64.Vec3{x * 0.22, c.h + 0.04, climbFace + 0.06}
	switch {
	case t >= tHand && t <= tFree:
		return handPose{Planted: true, Wrist: wrist, Elbow: elbow}
	case t < tHand:
		r := ease(t, 0, 0.35)
		over := wrist.Add(mgl64.Vec3{0, 0.12 * (1 - ease(t, 0.25, tHand)), 0})
		above := mgl64.Vec3{x * 0.6, c.h + 0.2, climbFace - 0.45}
		return handPose{Raise: r, Bend: 1.5 * r, Reach: above, Plant: ease(t, 0.2, tHand), Wrist: over, Elbow: elbow}
	}
	return handPose{Raise: 1 - ease(t, tFree, climbT), Reach: wrist.Add(mgl64.Vec3{0, 0.3, 0.2}), Plant: 1 - ease(t, tFree, tFree+0.2), Wrist: wrist, Elbow: elbow}
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
