package action

import (
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/go-gl/mathgl/mgl64"
)

// Frame places an action in the world: its action frame's origin (the
// root's ground point at the action's start) and heading.
type Frame struct {
	Position mgl64.Vec3 // [Units: m]
	Yaw      float64    // [Units: rad] 0 faces +Z, positive turns towards +X
}

// rotate turns an action-frame vector into the world.
func (f Frame) rotate(v mgl64.Vec3) mgl64.Vec3 {
	s, c := math.Sincos(f.Yaw)
	return mgl64.Vec3{c*v[0] + s*v[2], v[1], -s*v[0] + c*v[2]}
}

// Apply maps an action-frame point to the world.
func (f Frame) Apply(p mgl64.Vec3) mgl64.Vec3 { return f.Position.Add(f.rotate(p)) }

// Then is the frame an action's successor starts in: f followed by the
// action's root delta.
func (f Frame) Then(d Delta) Frame {
	return Frame{Position: f.Apply(d.Translation), Yaw: f.Yaw + d.Yaw}
}

// DockPose is where a dock given in the action frame lies in the world.
func (f Frame) DockPose(p dock.Pose) dock.Pose {
	s, c := math.Sincos(f.Yaw)
	var w dock.Pose
	f.PlaceDock(&w, &p, s, c)
	return w
}

// PlaceDock is DockPose with the sine and cosine of the frame's yaw given,
// written to w field by field (a returned Pose is copied through memory in
// a way the processor cannot forward, which costs more than the arithmetic).
func (f *Frame) PlaceDock(w, p *dock.Pose, s, c float64) {
	x, y, z := float64(p.Position[0]), float64(p.Position[1]), float64(p.Position[2])
	w.Position[0] = float32(f.Position[0] + c*x + s*z)
	w.Position[1] = float32(f.Position[1] + y)
	w.Position[2] = float32(f.Position[2] - s*x + c*z)
	w.Yaw = float32(wrapPi(f.Yaw + float64(p.Yaw)))
}

// wrapPi maps an angle to [-π, π].
func wrapPi(a float64) float64 {
	if a >= -math.Pi && a <= math.Pi {
		return a
	}
	if a > math.Pi && a <= 3*math.Pi {
		return a - 2*math.Pi
	}
	if a < -math.Pi && a >= -3*math.Pi {
		return a + 2*math.Pi
	}
	return math.Remainder(a, 2*math.Pi)
}

// Before is the frame an action must start in for its successor to start
// at f: the inverse of Then.
func (f Frame) Before(d Delta) Frame {
	g := Frame{Yaw: f.Yaw - d.Yaw}
	g.Position = f.Position.Sub(g.rotate(d.Translation))
	return g
}
