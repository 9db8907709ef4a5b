package humanoid

import (
	"github.com/go-gl/mathgl/mgl64"
)

// crowdRecipes are the moves a character needs among others: a shorter,
// slower step for tight places, and, from standing, turning on the spot
// and stepping back, so that two characters that meet face to face can
// get out of each other's way.
func crowdRecipes() []recipe {
	short := step{length: 0.35}
	return []recipe{
		{base: "walk-short", tags: []string{"walk", "slow"}, from: StanceLeft, to: StanceRight, duration: short.duration(), script: short.script(), mirror: true},
		{base: "pivot-left", tags: []string{"turn", "pivot"}, from: Stand, to: Stand, duration: pivotTime, script: pivot(rad(90), pivotTime)},
		{base: "pivot-right", tags: []string{"turn", "pivot"}, from: Stand, to: Stand, duration: pivotTime, script: pivot(rad(-90), pivotTime)},
		{base: "pivot-left-45", tags: []string{"turn", "pivot"}, from: Stand, to: Stand, duration: pivotTime45, script: pivot(rad(45), pivotTime45)},
		{base: "pivot-right-45", tags: []string{"turn", "pivot"}, from: Stand, to: Stand, duration: pivotTime45, script: pivot(rad(-45), pivotTime45)},
		{base: "step-back", tags: []string{"step", "back"}, from: Stand, to: Stand, duration: 0.8, script: stepBack(0.3)},
	}
}

// CrowdClips generates the crowd's extra clips (see Clips), left- and
// right-footed versions next to each other.
func CrowdClips() []Clip { return renderAll(crowdRecipes()) }

// How long turning on the spot takes: by 90° and by 45°. [Units: s]
const (
	pivotTime   = 0.9
	pivotTime45 = 0.7
)

// pivot turns a standing character by turn radians on the spot in T
// seconds: the foot on the side it turns to steps round first, the other
// follows, and it stands with both feet side by side again.
func pivot(turn, T float64) script {
	s := T / pivotTime // the 90° turn's timing, scaled
	lead := 0          // the left foot leads a left (positive) turn
	if turn < 0 {
		lead = 1
	}
	return func(t float64) framePose {
		var p framePose
		p.Yaw = turn * ease(t, 0.05*s, 0.8*s)
		p.RootY = standHeight - 0.012*bump(t/T)
		for k, f := range [2]int{lead, 1 - lead} {
			t0, t1 := (0.08+0.37*float64(k))*s, (0.43+0.37*float64(k))*s
			g0, g1 := stanceG(zero, 0, f), stanceG(zero, turn, f)
			switch {
			case t < t0:
				p.Foot[f] = planted(g0, 0)
			case t < t1:
				p.Foot[f] = swingPath(t, t0, t1, g0, zero, g1, zero, 0, turn, 0, 0, 0, 0, 0.05)
			default:
				p.Foot[f] = planted(g1, turn)
			}
		}
		p.Hand = arms(0.05 * bump(t/T))
		return p
	}
}

// stepBack moves a standing character back by l metres, the left foot
// first, and stands again.
func stepBack(l float64) script {
	const T = 0.8
	E := mgl64.Vec3{0, 0, -l}
	return func(t float64) framePose {
		var p framePose
		p.RootXZ = mgl64.Vec3{0, 0, hermite1(0, 0, -l, 0, 0.7, t-0.05)}
		p.RootY = standHeight - 0.015*bump(t/T)
		p.Lean = -0.02 * bump(t/T)
		for s := range 2 {
			t0, t1 := 0.05+0.35*float64(s), 0.38+0.35*float64(s)
			g0, g1 := stanceG(zero, 0, s), stanceG(E, 0, s)
			switch {
			case t < t0:
				p.Foot[s] = planted(g0, 0)
			case t < t1:
				p.Foot[s] = swingPath(t, t0, t1, g0, zero, g1, zero, 0, 0, 0, 0, 0, 0, 0.04)
			default:
				p.Foot[s] = planted(g1, 0)
			}
		}
		p.Hand = arms(-0.05 * bump(t/T))
		return p
	}
}
