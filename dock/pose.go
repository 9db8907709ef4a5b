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
func (p Pose) Rotate(v mgl32.Vec3) mgl32.Vec3 { return yawOf(p.Yaw).rotate(v) }

// yawRot is a yaw's sine and cosine. Every rotation of contact points goes
// through rotate, whose products are rounded one by one (the float32
// conversions forbid fused multiply-adds), so Algorithm 1, the offline
// build and the geo-queries place points identically on every platform.
type yawRot struct{ s, c float32 }

func yawOf(yaw float32) yawRot {
	s, c := math.Sincos(float64(yaw))
	return yawRot{float32(s), float32(c)}
}

func (r yawRot) rotate(v mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{float32(r.c*v[0]) + float32(r.s*v[2]), v[1], float32(-r.s*v[0]) + float32(r.c*v[2])}
}

// Apply maps a dock-frame point to the world.
func (p Pose) Apply(v mgl32.Vec3) mgl32.Vec3 { return p.Rotate(v).Add(p.Position) }
