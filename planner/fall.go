package planner

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/scenes"
)

// Gravity pulls a falling character down. [Units: m/s²]
const Gravity = 9.81

// flightBlend is how long a falling character takes to go from its pose
// to the flight pose. [Units: s]
const flightBlend = 0.2

// falling is a character in free fall: its root's place and velocity, the
// pose it fell from and the library's flight pose it blends into.
type falling struct {
	on       bool
	pos, vel mgl64.Vec3 // the root's [Units: m, m/s] world
	t        float64    // since it began to fall [Units: s]
	from     []mgl64.Quat
	flight   []mgl64.Quat // local rotations of the flight pose (nil: the pose it fell in)
	trans    []mgl64.Vec3 // the joints' local translations (the root's is pos)
	stand    float64      // how high the root stands over the ground [Units: m]
	landings int
}

// flightPose finds the library's flight: the moment of a leap (an action
// tagged with one of Roles.Leaps) farthest inside its longest stretch
// with no dock held; its local rotations, or nil when no leap has one.
func flightPose(lib *action.Library) []mgl64.Quat {
	best, at, length := -1, 0.0, 0.0
	for i, a := range lib.Actions {
		if !slices.ContainsFunc(a.Tags, func(t string) bool { return slices.Contains(lib.Roles.Leaps, t) }) {
			continue
		}
		free := 0.0 // the end of what the docks hold so far, scanning by start
		docks := slices.Clone(a.Docks)
		slices.SortFunc(docks, func(x, y action.Dock) int { return cmpFloat(x.Start, y.Start) })
		for _, d := range docks {
			if gap := d.Start - free; gap > length {
				best, at, length = i, free+gap/2, gap
			}
			free = max(free, d.End)
		}
	}
	if best < 0 {
		return nil
	}
	c := lib.Actions[best].Clip
	n := c.Skeleton.NumJoints()
	trans, rot := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.Sample(at, trans, rot)
	return rot
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reserveFall makes room for a fall: the pose buffers, the flight pose
// and how high the standing action's root stands over its ground.
func (p *Planner) reserveFall(n int) {
	lib := p.setup.Library()
	f := &p.fall
	f.from, f.trans = make([]mgl64.Quat, n), make([]mgl64.Vec3, n)
	p.fallPrev = scratch{trans: make([]mgl64.Vec3, n), rot: make([]mgl64.Quat, n)}
	p.fallFK = scratch{trans: make([]mgl64.Vec3, n), rot: make([]mgl64.Quat, n)}
	f.flight = flightPose(lib)
	a := lib.Actions[lib.Index(p.setup.StandingState())]
	f.stand = a.Clip.Trans[0][1] - a.Ground
}

// Fall makes the character fall from its pose, between two Updates: its
// root flies ballistically from its velocity there (under Gravity,
// integrated with RK4), the pose blends into the library's flight (a
// leap's moment with no dock held), and when its feet reach the first
// support below it lands standing and plans on from there. Update calls
// it when an edit of the scene (Rebase) took away the support of a dock
// of the current action held now or to come, at that dock's start (a
// trapdoor opened, a crate pulled away).
func (p *Planner) Fall() {
	if p.fall.on {
		return
	}
	f := &p.fall
	c := p.cur.Clip
	c.Sample(p.t, f.trans, f.from)
	f.pos = f.trans[0]
	const h = 1.0 / 120
	prev := &p.fallPrev
	c.Sample(max(p.t-h, 0), prev.trans, prev.rot)
	if p.t > 0 {
		f.vel = f.pos.Sub(prev.trans[0]).Mul(1 / min(h, p.t))
	} else {
		f.vel = mgl64.Vec3{}
	}
	f.vel[1] = min(f.vel[1], 0) // a fall does not rise
	f.t, f.on, p.lost = 0, true, math.Inf(1)
	p.resetTrials()
}

// scratch is a pose's buffers.
type scratch struct {
	trans []mgl64.Vec3
	rot   []mgl64.Quat
}

// Falling reports whether the character is in free fall.
func (p *Planner) Falling() bool { return p.fall.on }

// Landings counts the falls that ended on a support.
func (p *Planner) Landings() int { return p.fall.landings }

// fallStep moves a falling character over dt and lands it when its feet
// reach the ground; it reports whether it is still falling.
func (p *Planner) fallStep(dt float64) bool {
	f := &p.fall
	y0, was := f.pos[1], f.pos
	y, v := Ballistic(f.pos[1], f.vel[1], dt)
	f.pos[0] += f.vel[0] * dt
	f.pos[2] += f.vel[2] * dt
	f.pos[1], f.vel[1] = y, v
	f.t += dt
	if p.body != nil && (f.vel[0] != 0 || f.vel[2] != 0) && p.fallHits() {
		// Flying on would bring the body into the scene (the edge of a
		// hole, a wall): it falls straight down from here.
		f.pos[0], f.pos[2], f.vel[0], f.vel[2] = was[0], was[2], 0, 0
	}
	// The ground below: a ray from where the root was, down past where
	// the feet now are.
	ray := scenes.Ray{Origin: mgl32.Vec3{float32(f.pos[0]), float32(y0), float32(f.pos[2])}, Dir: [3]float32{0, -1, 0},
		TMax: float32(y0 - y + f.stand + 0.05)}
	if h, ok := p.setup.query.BVH().ClosestHit(ray, nil); ok {
		if ground := y0 - float64(h.T); y-f.stand <= ground {
			p.land(mgl64.Vec3{f.pos[0], ground, f.pos[2]})
			return false
		}
	}
	return true
}

// fallHits reports whether the falling body, posed where it now flies,
// has a part that may touch nothing in the scene.
func (p *Planner) fallHits() bool {
	pose := p.fallPose()
	pose.Skeleton.FK(pose.Trans, pose.Rot, p.fallFK.trans, p.fallFK.rot)
	d, _ := p.body.Clearance(p.fallFK.trans, p.fallFK.rot, 0)
	return d < 0
}

// Ballistic integrates a height y and vertical velocity v under Gravity
// over dt with the classical fourth-order Runge–Kutta method (a falling
// character's root; package live's falling bodies).
func Ballistic(y, v, dt float64) (float64, float64) {
	deriv := func(_, v float64) (float64, float64) { return v, -Gravity }
	k1y, k1v := deriv(y, v)
	k2y, k2v := deriv(y+dt/2*k1y, v+dt/2*k1v)
	k3y, k3v := deriv(y+dt/2*k2y, v+dt/2*k2v)
	k4y, k4v := deriv(y+dt*k3y, v+dt*k3v)
	return y + dt/6*(k1y+2*k2y+2*k3y+k4y), v + dt/6*(k1v+2*k2v+2*k3v+k4v)
}

// fallPose is the falling character's pose: the root where it flies, the
// joints blended from the pose it fell in to the flight pose.
func (p *Planner) fallPose() Pose {
	f := &p.fall
	u := min(f.t/flightBlend, 1)
	for j := range p.pose.Rot {
		p.pose.Trans[j] = f.trans[j]
		q := f.from[j]
		if f.flight != nil && j > 0 {
			q = mgl64.QuatSlerp(f.from[j], f.flight[j], u)
		}
		p.pose.Rot[j] = q
	}
	p.pose.Trans[0] = f.pos
	p.pose.Action, p.pose.Time = fallName, f.t
	return p.pose
}

// fallName is the Pose.Action of a falling character.
const fallName = "fall"

// land ends a fall at ground point g: the character stands there, facing
// as it fell, and plans on.
func (p *Planner) land(g mgl64.Vec3) {
	p.fall.on = false
	p.fall.landings++
	lib := p.setup.Library()
	a := lib.Index(p.setup.StandingState())
	yaw := p.cur.Frame.Yaw
	p.addStats()
	p.tree.Reset(action.Frame{Position: g, Yaw: yaw}, int32(a), p.cfg.Depth)
	p.resetTrials()
	p.step.Targets, p.used = p.step.Targets[:0], p.used[:0]
	start := action.Frame{Position: g, Yaw: yaw}
	for k, d := range lib.Actions[a].Docks {
		if tg, ok := p.finder.nearest(p.setup.docks[a][k], k, start.DockPose(d.Pose)); ok {
			p.step.Targets = append(p.step.Targets, tg)
			p.used = append(p.used, used{k, p.finder.res.Sample, p.finder.res.Pose})
		}
	}
	p.t = 0
	if err := p.begin(); err != nil {
		p.stuck++
	}
}
