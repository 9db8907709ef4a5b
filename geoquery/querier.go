package geoquery

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/dock"
)

// Params are the search settings shared by every Querier.
type Params struct {
	Lattice dock.Lattice
	// MaxDisplacement bounds how far a support may be from the expected
	// position. [Units: m] [Limit: > 0]
	MaxDisplacement float32
	// MaxYaw bounds how far its yaw may turn from the expected yaw.
	// [Units: rad] [Limit: 0..π]
	MaxYaw float32
	// YawWeight converts yaw into distance for ordering samples: about the
	// lever arm of a foot, since turning it by θ moves the toe by about
	// 0.2·θ m. [Units: m per rad] [Limit: >= 0]
	YawWeight float32
}

// Defaults: the paper's 0.1 m and 10° lattice, a 0.5 m and 30° window.
const (
	DefaultMaxDisplacement = 0.5
	DefaultMaxYawDeg       = 30
	DefaultYawWeight       = 0.2
)

// DefaultParams returns the defaults.
func DefaultParams() Params {
	return Params{
		Lattice:         dock.DefaultLattice(),
		MaxDisplacement: DefaultMaxDisplacement,
		MaxYaw:          DefaultMaxYawDeg * math.Pi / 180,
		YawWeight:       DefaultYawWeight,
	}
}

// Validate reports what is wrong with p.
func (p Params) Validate() error {
	if err := p.Lattice.Validate(); err != nil {
		return err
	}
	if !(p.MaxDisplacement > 0) || math.IsInf(float64(p.MaxDisplacement), 0) {
		return fmt.Errorf("geoquery: maximum displacement %v m must be positive", p.MaxDisplacement)
	}
	if !(p.MaxYaw >= 0 && p.MaxYaw <= math.Pi) {
		return fmt.Errorf("geoquery: maximum yaw %v rad must be in [0, π]", p.MaxYaw)
	}
	if !(p.YawWeight >= 0) || math.IsInf(float64(p.YawWeight), 0) {
		return fmt.Errorf("geoquery: yaw weight %v must be finite and non-negative", p.YawWeight)
	}
	return nil
}

// Query asks for support of one dock.
type Query struct {
	Template *dock.Template // valid and normalised
	Expected dock.Pose      // where the action expects the dock, world
	// NoSupport leaves Result.Support empty: pruning needs only whether and
	// where a dock is supported, and a support-tree then answers without
	// casting a ray.
	NoSupport bool
}

// Result is the supported sample nearest to the expected pose.
type Result struct {
	Sample   dock.Sample
	Pose     dock.Pose    // the sample's pose
	Distance float32      // sqrt(d²) from the expected pose [Units: m]
	Support  dock.Support // where each contact point found its face
}

// Stats counts a querier's work; add them up over many queries.
type Stats struct {
	Queries  int64
	Samples  int64 // lattice samples tested (Probe) or visited (Tree)
	Rays     int64 // rays cast
	TriTests int64 // ray-triangle tests
	Nodes    int64 // BVH or support-tree nodes visited
}

// Querier finds the supported lattice sample nearest to an expected pose.
// Implementations are safe for concurrent use.
type Querier interface {
	// Nearest fills out and returns true when a sample in the window is
	// supported, and zeroes out and returns false when none is; st, when
	// not nil, accumulates the work done.
	Nearest(q Query, out *Result, st *Stats) bool
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Queries += o.Queries
	s.Samples += o.Samples
	s.Rays += o.Rays
	s.TriTests += o.TriTests
	s.Nodes += o.Nodes
}
