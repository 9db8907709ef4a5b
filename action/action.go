package action

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Dock is one contact of an action: which effector, which template fits
// it, when it is held (seconds from the action's start), and where, in the
// action frame.
type Dock struct {
	Effector   string // joint name
	Side       motion.Side
	Template   string
	Start, End float64 // [Units: s]
	Pose       dock.Pose
}

// Delta is the rigid root transform from an action's start frame to its
// end frame: a translation in the start frame (y is the rise of the
// ground under the feet) and a yaw.
type Delta struct {
	Translation mgl64.Vec3 // [Units: m]
	Yaw         float64    // [Units: rad]
}

// Action is a clip with its docks and root delta. The action frame is the
// root's ground projection and heading at the first frame, at the height
// of the ground then: the lowest point of the feet (Ground, in clip
// coordinates).
type Action struct {
	Name      string
	Clip      *motion.Clip
	Effectors *motion.Effectors
	Docks     []Dock
	Delta     Delta
	Ground    float64 // [Units: m] the action frame's height in the clip
	Tags      []string
	Source    string // where the clip came from, for messages
}

// Duration is the clip's length.
func (a *Action) Duration() float64 { return a.Clip.Duration() }

// StartFrame is the action frame in clip coordinates.
func (a *Action) StartFrame() motion.RootPoint {
	return a.Clip.RootPointAt(0, a.Effectors.Hips)
}

// ComputeDelta measures the root delta of a clip: the end frame's ground
// projection and heading relative to the start's, and the rise of the
// ground (GroundAt) from the first frame to the last.
func ComputeDelta(c *motion.Clip, eff *motion.Effectors) Delta {
	tr := c.Trajectory(eff.Hips)
	r0, r1 := tr[0], tr[len(tr)-1]
	p := r0.ToLocal(mgl64.Vec3{r1.X, 0, r1.Z})
	p[1] = GroundAt(c, eff, c.Frames()-1) - GroundAt(c, eff, 0)
	return Delta{Translation: p, Yaw: motion.WrapAngle(r1.Yaw - r0.Yaw)}
}

// GroundAt is the ground height under a clip's frame: the lowest point of
// the feet (joint, tip, and end sites below them); the clip's height 0
// without feet.
func GroundAt(c *motion.Clip, eff *motion.Effectors, f int) float64 {
	sk := c.Skeleton
	n := sk.NumJoints()
	pos := make([]mgl64.Vec3, n)
	world := make([]mgl64.Quat, n)
	c.FrameFK(f, pos, world)
	y := math.Inf(1)
	for _, e := range eff.Feet {
		for j := range n {
			if sk.IsAncestor(e.Joint, j) {
				y = min(y, pos[j][1])
			}
		}
	}
	if math.IsInf(y, 1) {
		return 0
	}
	return y
}

// NewAction builds an action from a clip: docks extracted with opt, the
// delta measured.
func NewAction(name string, c *motion.Clip, eff *motion.Effectors, opt dock.ExtractOptions) (*Action, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("action %q: %w", name, err)
	}
	start := c.Trajectory(eff.Hips)[0]
	ex, err := dock.Extract(c, eff, start, opt)
	if err != nil {
		return nil, fmt.Errorf("action %q: %w", name, err)
	}
	a := &Action{Name: name, Clip: c, Effectors: eff, Delta: ComputeDelta(c, eff), Ground: GroundAt(c, eff, 0)}
	for _, d := range ex {
		d.Pose.Position[1] -= float32(a.Ground)
		a.Docks = append(a.Docks, Dock{Effector: d.Effector, Side: d.Side, Template: d.Template, Start: d.Start, End: d.End, Pose: d.Pose})
	}
	return a, nil
}

// Validate checks an action's parts agree: a valid clip, docks inside it
// with known effectors and finite poses.
func (a *Action) Validate() error {
	if a.Name == "" {
		return fmt.Errorf("action without a name")
	}
	if err := a.Clip.Validate(); err != nil {
		return fmt.Errorf("action %q: %w", a.Name, err)
	}
	d := a.Duration()
	for i, k := range a.Docks {
		if a.Clip.Skeleton.Index(k.Effector) < 0 {
			return fmt.Errorf("action %q, dock %d: no joint %q", a.Name, i+1, k.Effector)
		}
		if !(k.Start >= 0 && k.End >= k.Start && k.End <= d+1e-9) {
			return fmt.Errorf("action %q, dock %d: interval [%g, %g] s is outside the clip's %g s", a.Name, i+1, k.Start, k.End, d)
		}
		p := k.Pose.Position
		if bad(float64(p[0])) || bad(float64(p[1])) || bad(float64(p[2])) || bad(float64(k.Pose.Yaw)) {
			return fmt.Errorf("action %q, dock %d: pose is not finite", a.Name, i+1)
		}
	}
	return nil
}

func bad(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
