package script

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// OpenFloor lists the positions of a foot's support-tree where the foot is
// supported at every yaw, and so are the positions three increments away
// along x and z: open floor to start a walk on. Positions are lattice
// indices, in the tree's order.
func OpenFloor(foot *supporttree.Tree) [][3]int32 {
	lat := foot.Lattice()
	n := int(lat.Yaws())
	all := uint64(1)<<uint(n) - 1
	var out [][3]int32
	foot.Each(func(x, y, z int32, mask uint64) {
		if mask&all != all {
			return
		}
		for _, o := range [4][2]int32{{3, 0}, {-3, 0}, {0, 3}, {0, -3}} {
			if bits.OnesCount64(foot.YawMask(x+o[0], y, z+o[1])) < n {
				return
			}
		}
		out = append(out, [3]int32{x, y, z})
	})
	return out
}

// RandomWalk is a walk from a random open-floor position (OpenFloor) for
// seconds, at walking speed, its heading drawn anew every `every` seconds.
// The same rng state gives the same walk.
func RandomWalk(foot *supporttree.Tree, open [][3]int32, rng *scenes.RNG, seconds, every float64) *Script {
	return WalkFrom(foot, open[rng.Intn(len(open))], rng, seconds, every)
}

// WalkFrom is a walk from the open-floor position p, facing a random way,
// for seconds at walking speed, its heading drawn anew every `every`
// seconds.
func WalkFrom(foot *supporttree.Tree, p [3]int32, rng *scenes.RNG, seconds, every float64) *Script {
	s := openStart(p, float64(foot.Lattice().Linear), seconds)
	s.YawDeg = 360*rng.Float64() - 180
	for t := 0.0; t < seconds; t += every {
		s.Inputs = append(s.Inputs, TimedInput{At: t, Heading: (2*rng.Float64() - 1) * math.Pi, Speed: 1.2})
	}
	return s
}

// BodyFits reports whether a body, performing a script's start state at
// its start, stays clear of the scene (for RandomWalkWhere): the start is
// warped onto its supports and checked whole, shins, feet and hands too, as
// a planner starting there checks it (Planner.StartContact); false for a
// start whose floor cannot be found.
func BodyFits(setup *planner.Setup, bvh *scenes.BVH) func(*Script) bool {
	return startsWithin(setup, bvh, -1)
}

// BodyFitsNear reports whether a planner starts at a script's start with
// a body: the standing body fits there, or within planner.DefaultFit of it
// (where planner.New moves the start); false for a start whose floor
// cannot be found.
func BodyFitsNear(setup *planner.Setup, bvh *scenes.BVH) func(*Script) bool {
	return startsWithin(setup, bvh, 0)
}

// startsWithin reports whether a planner starts at a script's start, with
// Config.Fit fit, its standing body clear of the scene.
func startsWithin(setup *planner.Setup, bvh *scenes.BVH, fit float64) func(*Script) bool {
	return func(s *Script) bool {
		f, err := s.Start(bvh)
		if err != nil {
			return false
		}
		p, err := planner.New(setup, planner.Config{Start: f, State: s.State, Depth: 1, Fit: fit})
		if err != nil {
			return false
		}
		_, hit := p.StartContact()
		return !hit
	}
}

// RandomWalkWhere is RandomWalk redrawn, up to 100 times, until ok accepts
// it (the last draw when none is accepted).
func RandomWalkWhere(foot *supporttree.Tree, open [][3]int32, rng *scenes.RNG, seconds, every float64, ok func(*Script) bool) *Script {
	s := RandomWalk(foot, open, rng, seconds, every)
	for try := 1; try < 100 && !ok(s); try++ {
		s = RandomWalk(foot, open, rng, seconds, every)
	}
	return s
}

// OpenFloorFrames stands a character, facing +Z, on up to n open-floor
// positions (OpenFloor) drawn with rng, and lists every open-floor
// position in world coordinates (for routes across the floor).
func OpenFloorFrames(foot *supporttree.Tree, bvh *scenes.BVH, n int, rng *scenes.RNG) ([]action.Frame, []mgl64.Vec3, error) {
	open := OpenFloor(foot)
	if len(open) == 0 {
		return nil, nil, fmt.Errorf("no open floor")
	}
	inc := float64(foot.Lattice().Linear)
	points := make([]mgl64.Vec3, len(open))
	for i, p := range open {
		points[i] = mgl64.Vec3{float64(p[0]) * inc, float64(p[1]) * inc, float64(p[2]) * inc}
	}
	var frames []action.Frame
	for range n {
		p := open[rng.Intn(len(open))]
		s := &Script{X: float64(p[0]) * inc, Z: float64(p[2]) * inc, Y: float64(p[1])*inc + 0.3}
		if f, err := s.Start(bvh); err == nil {
			frames = append(frames, f)
		}
	}
	if len(frames) == 0 {
		return nil, nil, fmt.Errorf("no floor found under the open-floor positions")
	}
	return frames, points, nil
}
