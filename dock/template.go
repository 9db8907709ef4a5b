package dock

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxPoints bounds the contact points of a template, so supports fit in a
// fixed array and Algorithm 1 allocates nothing.
const MaxPoints = 16

// DefaultToleranceDeg is the paper's normal tolerance cone: 10°. (The paper
// notes it should follow the friction cone of the contact surface:
// FrictionCone.)
const DefaultToleranceDeg = 10

// DefaultFriction is the friction coefficient of a shoe on a dry floor
// (rubber on concrete, wood or stone measures 0.6 to 1.0). Its cone,
// FrictionCone(DefaultFriction) = 38.7°, is the steepest slope the foot
// stands on: people walk 30-35° ramps, and game characters are given 45°.
const DefaultFriction = 0.8

// FrictionCone is the half-angle of the friction cone of coefficient mu: a
// contact pushing along its normal holds without slipping on a face whose
// normal lies within atan(mu) of it. [Units: degrees]
func FrictionCone(mu float64) float32 {
	return float32(math.Atan(mu) * 180 / math.Pi)
}

// ContactPoint is one point where force is exerted, in the dock frame.
type ContactPoint struct {
	Position mgl32.Vec3 // [Units: m] dock frame
	Normal   mgl32.Vec3 // unit; the force's direction, away from the surface
}

// Template is a docking template: the contact manifold of an end-effector.
type Template struct {
	Name string
	// Group names templates that share support data (e.g. all flat foot
	// docks); empty means the template's own name.
	Group string
	// Points are the contact points. [Limit: 1..MaxPoints]
	Points []ContactPoint
	// ToleranceDeg is the half-angle of the cone around each contact normal
	// within which a face normal is accepted. [Units: degrees] [Limit: 0..90]
	ToleranceDeg float32
}

// GroupName returns Group, or Name when Group is empty.
func (t *Template) GroupName() string {
	if t.Group != "" {
		return t.Group
	}
	return t.Name
}

// CosTolerance returns the cosine of the tolerance angle.
func (t *Template) CosTolerance() float32 {
	return float32(math.Cos(float64(t.ToleranceDeg) * math.Pi / 180))
}

// ErrInvalid is wrapped by every validation error.
var ErrInvalid = errors.New("invalid template")

// Validate reports what is wrong with t: no name, no points or too many, a
// non-finite number, a zero normal, or a tolerance outside 0..90 degrees.
// Normals need not be unit length; Normalize makes them so.
func (t *Template) Validate() error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%w %q: %s", ErrInvalid, t.Name, fmt.Sprintf(format, a...))
	}
	if t.Name == "" {
		return fmt.Errorf("%w: no name", ErrInvalid)
	}
	if len(t.Points) == 0 {
		return fail("no contact points")
	}
	if len(t.Points) > MaxPoints {
		return fail("%d contact points, at most %d", len(t.Points), MaxPoints)
	}
	if !finite(t.ToleranceDeg) || t.ToleranceDeg < 0 || t.ToleranceDeg > 90 {
		return fail("tolerance %v degrees, want 0..90", t.ToleranceDeg)
	}
	for i, p := range t.Points {
		for k := 0; k < 3; k++ {
			if !finite(p.Position[k]) || !finite(p.Normal[k]) {
				return fail("point %d has a non-finite number", i)
			}
		}
		if l := p.Normal.Len(); !(l > 1e-6) || !finite(l) {
			return fail("point %d has a zero normal", i)
		}
	}
	return nil
}

// Normalize scales every normal to unit length (call after Validate).
func (t *Template) Normalize() {
	for i := range t.Points {
		t.Points[i].Normal = t.Points[i].Normal.Normalize()
	}
}

func finite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }
