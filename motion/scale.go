package motion

import (
	"fmt"
	"math"
)

// AdultLeg is the length of an adult's leg from the hip joint to the ankle,
// thigh and shin together (the CMU subjects' measure 0.83 m). [Units: m]
const AdultLeg = 0.83

// Unit is a length unit captures are commonly stored in.
type Unit struct {
	Name  string
	Scale float64 // metres per unit
}

// Units are the units GuessScale snaps to.
var Units = []Unit{
	{"metres", 1}, {"decimetres", 0.1}, {"centimetres", 0.01}, {"millimetres", 0.001},
	{"inches", 0.0254}, {"feet", 0.3048}, {"CMU units", CMUScale},
}

// ScaleGuess is GuessScale's answer and its grounds.
type ScaleGuess struct {
	Scale float64 // metres per file unit
	Unit  string  // the unit it snapped to, or "" when none was near
	Leg   float64 // the legs' length in file units (thigh and shin, longest side)
}

func (g ScaleGuess) String() string {
	if g.Unit == "" {
		return fmt.Sprintf("scale %.4g (the legs measure %.4g units; an adult's %.2f m)", g.Scale, g.Leg, AdultLeg)
	}
	return fmt.Sprintf("scale %.4g (%s: the legs measure %.4g units, an adult's %.2f m)", g.Scale, g.Unit, g.Leg, AdultLeg)
}

// GuessScale guesses the metres per unit of a skeleton read at scale 1 from
// the length of its legs, which does not depend on its rest pose or on what
// the capture does: the bones from each foot up to its hip joint (or, when
// the hips are unknown, the foot's two bones), against AdultLeg. A unit of
// Units within 30% of the guess is taken as it is.
func GuessScale(sk *Skeleton, eff *Effectors) (ScaleGuess, error) {
	var leg float64
	for _, f := range eff.Feet {
		hip := eff.Hips[f.Side]
		l := 0.0
		for j, bones := f.Joint, 0; j > 0 && sk.Parents[j] >= 0; j = sk.Parents[j] {
			if hip >= 0 && j == hip || hip < 0 && bones == 2 {
				break
			}
			l += sk.Offsets[j].Len()
			bones++
		}
		leg = max(leg, l)
	}
	if !(leg > 0) || math.IsInf(leg, 0) {
		return ScaleGuess{}, fmt.Errorf("no leg to measure (no foot with bones above it): give the scale")
	}
	g := ScaleGuess{Scale: AdultLeg / leg, Leg: leg}
	for _, u := range Units {
		if r := g.Scale / u.Scale; r > 1/1.3 && r < 1.3 {
			g.Scale, g.Unit = u.Scale, u.Name
			break
		}
	}
	return g, nil
}
