package planner

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/motion"
)

// DefaultBody is the body of lib's character, with radii r (nil: the
// adult's grown to the character's size, body.RadiiFor): derived from
// the skeleton's rest pose when that stands — the feet's soles level with
// each other within restLevel of the leg — else from the first frame of
// the library's standing action (its first action tagged idle, else its
// first action), as body.DeriveAt does.
func DefaultBody(lib *action.Library, r *body.Radii) (*body.Model, error) {
	a := lib.Actions[0]
	for _, b := range lib.Actions {
		if lib.Stands(b) {
			a = b
			break
		}
	}
	sk, eff := a.Clip.Skeleton, a.Effectors
	radii := body.RadiiFor(sk, eff)
	if r != nil {
		radii = *r
	}
	if restStands(sk, eff) {
		return body.Derive(sk, eff, radii)
	}
	return body.DeriveAt(a.Clip, 0, eff, radii)
}

// restLevel is how far apart in height, as a share of the leg, the soles
// of a rest pose that stands may be.
const restLevel = 0.02

// restStands reports whether sk's rest pose stands: its feet's soles (the
// lowest rest height of each foot's joints) level within restLevel of the
// leg.
func restStands(sk *motion.Skeleton, eff *motion.Effectors) bool {
	if len(eff.Feet) < 2 {
		return true
	}
	g, err := motion.GuessScale(sk, eff)
	if err != nil {
		return true
	}
	rest := sk.RestPositions()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, f := range eff.Feet {
		sole := math.Inf(1)
		for j := range sk.NumJoints() {
			if sk.IsAncestor(f.Joint, j) {
				sole = min(sole, rest[j][1])
			}
		}
		lo, hi = min(lo, sole), max(hi, sole)
	}
	return hi-lo <= restLevel*g.Leg
}
