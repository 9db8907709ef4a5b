package dock

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Lattice is the world-anchored grid of dock samples: positions at integer
// multiples of Linear on x, y and z, yaws at integer multiples of Angular.
// Both geo-query versions evaluate exactly these samples.
type Lattice struct {
	Linear  float32 // [Units: m] [Limit: > 0] the paper's linear sampling increment
	Angular float32 // [Units: rad] [Limit: > 0, divides 2π] the angular increment
}

// Paper defaults: 0.1 m and 10°.
const (
	DefaultLinear     = 0.1
	DefaultAngularDeg = 10
)

// DefaultLattice returns the paper's 0.1 m, 10° lattice.
func DefaultLattice() Lattice {
	return Lattice{Linear: DefaultLinear, Angular: DefaultAngularDeg * math.Pi / 180}
}

// Validate checks the increments; Angular must divide the full turn.
func (l Lattice) Validate() error {
	if !(l.Linear > 0) || !finite(l.Linear) {
		return fmt.Errorf("dock: linear increment %v m must be positive", l.Linear)
	}
	if !(l.Angular > 0) || !finite(l.Angular) {
		return fmt.Errorf("dock: angular increment %v rad must be positive", l.Angular)
	}
	n := 2 * math.Pi / float64(l.Angular)
	if math.Round(n) < 1 || n > 1<<16 {
		return fmt.Errorf("dock: angular increment %v rad gives %.4g yaws a turn: 1 to 65,536 can be sampled", l.Angular, n)
	}
	if math.Abs(n-math.Round(n)) > 1e-3 {
		return fmt.Errorf("dock: angular increment %.4g° does not divide 360°", float64(l.Angular)*180/math.Pi)
	}
	return nil
}

// Yaws returns the number of yaw samples in a full turn.
func (l Lattice) Yaws() int32 { return int32(math.Round(2 * math.Pi / float64(l.Angular))) }

// Sample is a lattice sample by its integer coordinates. Yaw is in
// [0, Lattice.Yaws()).
type Sample struct {
	X, Y, Z, Yaw int32
}

// Position returns the world position of the sample. Every user of the
// lattice computes positions with this function, so they agree to the bit.
func (l Lattice) Position(s Sample) mgl32.Vec3 {
	return mgl32.Vec3{float32(s.X) * l.Linear, float32(s.Y) * l.Linear, float32(s.Z) * l.Linear}
}

// YawOf returns the yaw of yaw index i, in radians.
func (l Lattice) YawOf(i int32) float32 {
	return float32(float64(i) * 2 * math.Pi / float64(l.Yaws()))
}

// Pose returns the dock pose of the sample.
func (l Lattice) Pose(s Sample) Pose { return Pose{Position: l.Position(s), Yaw: l.YawOf(s.Yaw)} }
