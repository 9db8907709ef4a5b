package dock

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Pose places a dock in the world: a position and a yaw, the rotation about
// +Y (human motion is invariant under rotation about gravity only). Yaw 0
// faces +Z; positive yaw turns +Z towards +X.
type Pose struct {
	Position mgl32.Vec3 // [Units: m] world
	Yaw      float32    // [Units: rad]
}

// Rotate turns a dock-frame vector by the pose's yaw.
func (p Pose) Rotate(v mgl32.Vec3) mgl32.Vec3 {
	s, c := math.Sincos(float64(p.Yaw))
	sf, cf := float32(s), float32(c)
	return mgl32.Vec3{cf*v[0] + sf*v[2], v[1], -sf*v[0] + cf*v[2]}
}

// Apply maps a dock-frame point to the world.
func (p Pose) Apply(v mgl32.Vec3) mgl32.Vec3 { return p.Rotate(v).Add(p.Position) }
