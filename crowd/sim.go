package crowd

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Agent is a character of a scenario: where it starts and where it goes.
type Agent struct {
	Start action.Frame
	Goal  mgl64.Vec3 // [Units: m] on the floor
}

// Scenario is a crowd's task: the scene and its characters.
type Scenario struct {
	Name   string
	Mesh   *scenes.Mesh
	Agents []Agent
	// Walls: the scene has walls the bodies must keep clear of (the
	// planners check the body).
	Walls bool
}

// SimOptions set how a crowd is run. The zero value gives the defaults.
type SimOptions struct {
	Depth    int     // plan depth [Limit: >= 1; 0 means 3]
	Work     int     // plan work per character per update [Limit: >= 1; 0 means 400]
	Speed    float64 // desired speed [Units: m/s] [Limit: > 0; 0 means 1.2]
	Arrive   float64 // a character within this of its goal has arrived [Units: m] [Limit: > 0; 0 means 0.5]
	Patience float64 // time without getting nearer its goal before a character steps aside [Units: s] [Limit: > 0; 0 means 1]
	// Claims: none (every character plans alone, the bodies may meet),
	// occupancy spaces, or the cylinders holding them.
	Claims ClaimKind
}

// ClaimKind is what characters claim of the ground.
type ClaimKind int

const (
	NoClaims ClaimKind = iota
	SpaceClaims
	CylinderClaims
)

func (k ClaimKind) String() string {
	return [...]string{"none", "spaces", "cylinders"}[k]
}

func (o SimOptions) withDefaults() SimOptions {
	if o.Depth <= 0 {
		o.Depth = 3
	}
	if o.Work <= 0 {
		o.Work = 400
	}
	if o.Speed <= 0 {
		o.Speed = 1.2
	}
	if o.Arrive <= 0 {
		o.Arrive = 0.5
	}
	if o.Patience <= 0 {
		o.Patience = 1
	}
	return o
}

// Sim is a crowd running: one planner per character in a shared world,
// updated in a fixed order, so the same scenario gives the same motion.
//
// Steering: each character heads for its goal, keeping to one side of the
// characters ahead of it that are coming the other way or across (within
// 2.5 m and 60° of its heading, going 22.5° or more off it: the nearer, the
// more, up to 75°), so that streams pass each other and a circle turns
// into a roundabout; one that has not got nearer to its goal for Patience
// seconds steps aside, heading 60° off its goal for as long again. A
// character that arrives stops.
type Sim struct {
	opt    SimOptions
	world  *World
	agents []simAgent
	roots  []mgl64.Vec3 // every character's root at the start of a step
	t      float64
}

type simAgent struct {
	p        *planner.Planner
	goal     mgl64.Vec3
	best     float64 // the nearest it has been to its goal
	progress float64 // when it last got nearer
	aside    float64 // stepping aside until then
	arrived  float64 // when it arrived, or -1
}

// NewSim starts scenario sc with setup's library (whose actions sp holds
// the occupancy spaces of) and the scene setup was made for.
func NewSim(setup *planner.Setup, sp *occupancy.Spaces, sc Scenario, opt SimOptions) (*Sim, error) {
	opt = opt.withDefaults()
	if opt.Claims == CylinderClaims {
		sp = sp.Cylinders()
	}
	s := &Sim{opt: opt, world: NewWorld(sp, 8*len(sc.Agents))}
	for k, a := range sc.Agents {
		cfg := planner.Config{Start: a.Start, Depth: opt.Depth, Work: opt.Work}
		if opt.Claims != NoClaims {
			cfg.Others = s.world.Member(int32(k))
		}
		p, err := planner.New(setup, cfg)
		if err != nil {
			return nil, fmt.Errorf("crowd: %s, character %d: %w", sc.Name, k, err)
		}
		d := flat(a.Goal.Sub(a.Start.Position))
		s.agents = append(s.agents, simAgent{p: p, goal: a.Goal, best: d, arrived: -1})
	}
	return s, nil
}

func flat(v mgl64.Vec3) float64 { return math.Hypot(v[0], v[2]) }

// Step advances every character by dt seconds.
func (s *Sim) Step(dt float64) {
	s.t += dt
	s.roots = s.roots[:0]
	for k := range s.agents {
		s.roots = append(s.roots, s.agents[k].p.Pose().Trans[0])
	}
	for k := range s.agents {
		a := &s.agents[k]
		root := s.roots[k]
		to := a.goal.Sub(root)
		d := flat(to)
		if d < a.best-0.05 {
			a.best, a.progress = d, s.t
		}
		in := planner.Input{Heading: math.Atan2(to[0], to[2]), Speed: s.opt.Speed}
		in.Heading += s.keepAside(k, in.Heading, d)
		switch {
		case d < s.opt.Arrive:
			in.Speed = 0
			if a.arrived < 0 {
				a.arrived = s.t
			}
		case s.t < a.aside:
			in.Heading += math.Pi / 3
		case s.t-a.progress > s.opt.Patience:
			a.aside, a.progress = s.t+s.opt.Patience, s.t+s.opt.Patience
			in.Heading += math.Pi / 3
		}
		a.p.Update(dt, in)
	}
	s.world.Claims.Expire(s.t)
}

// keepAside is how far character k, heading along heading with its goal
// dist away, turns to keep to one side of the characters ahead of it.
func (s *Sim) keepAside(k int, heading, dist float64) float64 {
	const reach, cone, most = 2.5, math.Pi / 3, 5 * math.Pi / 12
	turn := 0.0
	for j, r := range s.roots {
		v := r.Sub(s.roots[k])
		d := flat(v)
		if j == k || d > reach || d > dist || s.agents[j].arrived >= 0 {
			continue
		}
		// Only those coming the other way or across: a character
		// following another keeps behind it.
		g := s.agents[j].goal.Sub(r)
		if math.Abs(math.Remainder(math.Atan2(g[0], g[2])-heading, 2*math.Pi)) < math.Pi/8 {
			continue
		}
		if off := math.Remainder(math.Atan2(v[0], v[2])-heading, 2*math.Pi); math.Abs(off) < cone {
			turn += most * (1 - d/reach)
		}
	}
	return min(turn, most)
}

// Time is the time since the start. [Units: s]
func (s *Sim) Time() float64 { return s.t }

// Len is the number of characters.
func (s *Sim) Len() int { return len(s.agents) }

// Planner is character k's planner.
func (s *Sim) Planner(k int) *planner.Planner { return s.agents[k].p }

// Arrived is when character k arrived at its goal, or -1.
func (s *Sim) Arrived(k int) float64 { return s.agents[k].arrived }

// World is the claims the characters share.
func (s *Sim) World() *World { return s.world }
