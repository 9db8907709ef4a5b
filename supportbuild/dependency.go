package supportbuild

import (
	"math"

	"github.com/foothold/foothold/dock"
)

// Dependency is how far from a lattice position the triangles lie that
// the answers there depend on: Build's (Algorithm 1 at every yaw, by rays
// or the column grid), Reachable's (Buried, and Narrow for a foot): Side
// horizontally, Below and Above vertically, each with a centimetre to
// spare. A triangle farther than that from a position never changes what
// is built there. [Units: m]
type Dependency struct{ Side, Below, Above float32 }

// DependencyOf is the dependency of template t's positions on lattice
// lat.
func DependencyOf(t *dock.Template, lat dock.Lattice) Dependency {
	const spare = 0.01
	var side, lo, hi float32
	for _, p := range t.Points {
		side = max(side, float32(math.Hypot(float64(p.Position[0]), float64(p.Position[2]))))
		lo, hi = min(lo, p.Position[1]), max(hi, p.Position[1])
	}
	inc := lat.Linear
	reach := inc * dock.ReachFraction
	// Algorithm 1: each point's rays (under one increment along the
	// normal either way) and the column cell around it (one increment).
	d := Dependency{Side: side + inc + spare, Below: -lo + inc + spare, Above: hi + inc + spare}
	// Buried: the surface within reach below or above, the ray up from it
	// through the headroom, and the millimetre around its hit.
	d.Above = max(d.Above, reach+0.02+Headroom+spare)
	if stance, ok := FootStance(t); ok {
		// Narrow: rays across the stance at the leg heights.
		d.Side = max(d.Side, stance+spare)
		d.Above = max(d.Above, reach+legHeights[len(legHeights)-1]+spare)
	}
	return d
}
