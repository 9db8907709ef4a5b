package body

import (
	"math"

	"github.com/foothold/foothold/motion"
)

// Part is a body part; it chooses a bone's radius and its contact rule.
type Part uint8

// The parts. Limb parts are named from the effector up.
const (
	Pelvis   Part = iota // from the root to the hip joints
	Torso                // the spine, up to the base of the neck
	Neck                 // between the torso and the head
	Head                 // the last bone of the head's chain
	Clavicle             // from the chest to the shoulder joint
	UpperArm
	Forearm
	Hand // the bones beyond the wrist
	Thigh
	Shin
	Foot // the bone from the ankle, along the sole
	Toes // the bones beyond the ball of the foot
	NumParts
)

var partNames = [NumParts]string{"pelvis", "torso", "neck", "head", "clavicle", "upper-arm", "forearm", "hand", "thigh", "shin", "foot", "toes"}

func (p Part) String() string {
	if p < NumParts {
		return partNames[p]
	}
	return "part?"
}

// ParsePart returns the part named s (as String gives it).
func ParsePart(s string) (Part, bool) {
	for i, n := range partNames {
		if n == s {
			return Part(i), true
		}
	}
	return 0, false
}

// Leg reports whether p is part of a leg.
func (p Part) Leg() bool { return p >= Thigh && p <= Toes }

// MayTouchGround reports whether p may touch a ground face (the contact
// rules): the legs and the hands may.
func (p Part) MayTouchGround() bool { return p.Leg() || p == Hand }

// Placed reports whether the warp places p (the shin, foot and toes of a
// leg, the forearm and hand of an arm: the ends of the limbs that inverse
// kinematics moves onto their supports). Where they go is only known once the action is warped, so a
// plan checks them in the warped motion, not in the clip.
func (p Part) Placed() bool {
	return p == Shin || p == Foot || p == Toes || p == Forearm || p == Hand
}

// Contact reports whether p makes contacts (a foot, its toes or a hand),
// which may brush any face within the checker's tolerance: a planted foot
// touches the top edge of the step it stands at, a hand the ledge it grips.
func (p Part) Contact() bool { return p == Foot || p == Toes || p == Hand }

// GroundCone is the largest angle between a ground face's normal and +Y:
// 60°, beyond any slope a person walks (about 35°) or a game lets a
// character walk (45°), so that a foot about to plant on a steep ramp may
// brush it, and short of a wall. [Units: rad]
const GroundCone = 60 * math.Pi / 180

// Radii are capsule radii per part. [Units: m] [Limit: > 0]
type Radii [NumParts]float64

// AdultRadii returns the radii of an adult of about 1.73 m: a torso 0.24 m
// deep, shoulders about 0.46 m across the upper arms, and a foot capsule
// whose underside is the sole (Derive fits the foot and toes to the rest
// pose's sole).
func AdultRadii() Radii {
	var r Radii
	r[Pelvis] = 0.10
	r[Torso] = 0.12
	r[Neck] = 0.05
	r[Head] = 0.095
	r[Clavicle] = 0.05
	r[UpperArm] = 0.045
	r[Forearm] = 0.035
	r[Hand] = 0.025
	r[Thigh] = 0.07
	r[Shin] = 0.05
	r[Foot] = 0.035
	r[Toes] = 0.02
	return r
}

// RadiiFor returns the adult's radii grown to the size of skeleton sk:
// times its legs' length over an adult's (motion.GuessScale's measure, in
// the skeleton's units), when that differs from 1 by 15% or more, as the
// built-in dock templates are grown (a four-metre robot's legs are 1.85
// times an adult's). Skeletons within 15% of an adult's legs get the
// adult's radii; so does one with no leg to measure.
func RadiiFor(sk *motion.Skeleton, eff *motion.Effectors) Radii {
	r := AdultRadii()
	g, err := motion.GuessScale(sk, eff)
	if err != nil {
		return r
	}
	s := g.Leg / motion.AdultLeg
	if math.Abs(s-1) < 0.15 {
		return r
	}
	for p := range r {
		r[p] *= s
	}
	return r
}

// DeriveSized is Derive with the adult's radii grown to the skeleton's
// size (RadiiFor): a character's own body.
func DeriveSized(sk *motion.Skeleton, eff *motion.Effectors) (*Model, error) {
	return Derive(sk, eff, RadiiFor(sk, eff))
}
