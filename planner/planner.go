package planner

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Input is what the player or a script asks of the character.
type Input struct {
	// Heading is the desired direction of travel (yaw, radians; 0 faces
	// +Z, π/2 faces +X). Speed is the desired speed; 0 asks to stop.
	Heading float64 // [Units: rad]
	Speed   float64 // [Units: m/s]
	// Request prefers actions with this tag ("climb", "vault", "hop",
	// "step"), or with any of several separated by commas ("climb,vault");
	// empty for none.
	Request string
}

// Config builds a Planner.
type Config struct {
	Library   *actiongraph.Library
	Graph     *actiongraph.Graph
	Querier   geoquery.Querier          // a geoquery.Tree at runtime
	Templates map[string]*dock.Template // the querier's templates by name
	Start     actiongraph.Frame         // where the character stands
	State     string                    // the action it is performing (default "idle")
	Depth     int                       // plan depth (default 4)
	// Scene, when set, lets the planner refuse supports no foot can
	// reach (see Buried): a face hidden under another (the floor under a
	// stair block) passes Algorithm 1, which looks only at surfaces.
	// LoadWorld's trees leave such supports out already; this catches them
	// from any other querier.
	Scene    *scenes.BVH
	Headroom float64 // [Units: m] default 1.5
	// Lattice is the querier's sample lattice (default
	// geoquery.DefaultParams's).
	Lattice dock.Lattice
	Budget  time.Duration // planning time per Update (default 2 ms)
	Warp    WarpOptions
}

// Step is one action the planner chose and performed.
type Step struct {
	Action  string
	Targets []Target // the supports its docks were warped onto (on the surface)
	Start   float64  // [Units: s] since the planner started
	Frame   actiongraph.Frame
	Turn    float64
	Docks   []DockReport
	Options int // feasible choices it was picked from
}

// Planner is the runtime character: Update advances time, keeps planning
// within a budget, chooses the next action from the input when the current
// one ends, warps it onto the supports the geo-queries found, and returns
// the pose. One Planner is not safe for concurrent use; run one per
// goroutine (the library, graph and querier may be shared).
type Planner struct {
	cfg          Config
	tree         *actiongraph.PlanTree
	cur          *Warped
	act          *actiongraph.Action
	node         int32 // the current action's library index
	t            float64
	clock        float64
	steps        []Step
	pose         Pose
	stuck        int
	made, pruned int64 // plan nodes made and found unsupported, over all plans
	result       *geoquery.Result
	src          []mgl64.Vec3
	dst          []mgl64.Vec3
	// PlanTime is the time the last Update spent planning.
	PlanTime time.Duration
	feas     []int32
	root     actiongraph.Frame // where the plan starts: the current action's end
}

// Depth is the plan depth.
func (p *Planner) Depth() int { return p.cfg.Depth }

// SetDepth changes the plan depth (at least 1); the plan restarts from the
// current action and is evaluated anew by the next Updates.
func (p *Planner) SetDepth(d int) {
	d = max(d, 1)
	if d == p.cfg.Depth {
		return
	}
	p.cfg.Depth = d
	p.count()
	p.tree.Reset(p.root, p.node, d)
}

// Pose is a skeleton pose: local translations and rotations per joint, the
// root's in the world.
type Pose struct {
	Skeleton *motion.Skeleton
	Trans    []mgl64.Vec3
	Rot      []mgl64.Quat
	Action   string
	Time     float64 // [Units: s] into the action
}

// New starts a planner performing cfg.State at cfg.Start.
func New(cfg Config) (*Planner, error) {
	if cfg.Library == nil || cfg.Graph == nil || cfg.Querier == nil {
		return nil, errors.New("planner: Config needs a Library, a Graph and a Querier")
	}
	if cfg.State == "" {
		cfg.State = "idle"
	}
	if cfg.Depth <= 0 {
		cfg.Depth = 4
	}
	if cfg.Budget <= 0 {
		cfg.Budget = 2 * time.Millisecond
	}
	if cfg.Headroom <= 0 {
		cfg.Headroom = Headroom
	}
	if cfg.Lattice == (dock.Lattice{}) {
		cfg.Lattice = geoquery.DefaultParams().Lattice
	}
	s := cfg.Library.Index(cfg.State)
	if s < 0 {
		return nil, fmt.Errorf("planner: no action %q", cfg.State)
	}
	tree, err := actiongraph.NewPlanTree(cfg.Graph, cfg.Templates, false)
	if err != nil {
		return nil, err
	}
	p := &Planner{cfg: cfg, tree: tree, result: new(geoquery.Result)}
	// The first action's docks are found by querying where it expects them.
	a := cfg.Library.Actions[s]
	var ts []Target
	var r geoquery.Result
	for k, d := range a.Docks {
		tp := cfg.Templates[d.Template]
		if tp != nil && cfg.Querier.Nearest(geoquery.Query{Template: tp, Expected: cfg.Start.DockPose(d.Pose), NoSupport: true}, &r, nil) {
			ts = append(ts, p.onSurface(k, d.Template, r.Pose))
		}
	}
	if err := p.begin(int32(s), cfg.Start, ts); err != nil {
		return nil, err
	}
	return p, nil
}

// begin starts action s at frame with its dock targets: warps it, and
// unrolls the plan from where it will end.
func (p *Planner) begin(s int32, frame actiongraph.Frame, ts []Target) error {
	a := p.cfg.Library.Actions[s]
	opt := p.cfg.Warp
	if p.cur != nil {
		opt.RootVelocity = p.cur.RootVelocity
	}
	w, err := Warp(a, frame, ts, opt)
	if err != nil {
		return err
	}
	p.steps = append(p.steps, Step{Action: a.Name, Targets: ts, Start: p.clock, Frame: w.Frame, Turn: w.Turn, Docks: w.Docks, Options: len(p.feas)})
	p.cur, p.act, p.node = w, a, s
	// The plan starts from the warped action: its frame (with the turn)
	// moved by where the root spring will have taken it.
	root := w.Frame
	root.Position = root.Position.Add(w.EndOffset)
	p.count()
	p.root = root
	p.tree.Reset(root, s, p.cfg.Depth)
	// The next action starts from a frame that already holds the offset.
	p.cur.EndOffset = mgl64.Vec3{}
	return nil
}

// Update advances the character by dt seconds under input in and returns
// its pose. When the current action ends, the feasible child of the plan
// that best matches the input is chosen (a child not yet known to be
// supported is never chosen); when none is feasible, the character holds
// its last pose and Stuck counts it.
func (p *Planner) Update(dt float64, in Input) Pose {
	t0 := time.Now()
	p.t += dt
	p.clock += dt
	for p.t >= p.act.Duration() {
		c, ok := p.choose(in)
		if !ok {
			p.stuck++
			p.t = p.act.Duration()
			break
		}
		n := p.tree.Nodes[c]
		var ts []Target
		for k, d := range p.cfg.Library.Actions[n.Action].Docks {
			if s := p.tree.Slots[n.FirstDock+int32(k)]; s.State == actiongraph.Supported {
				ts = append(ts, p.onSurface(k, d.Template, s.Pose))
			}
		}
		p.t -= p.act.Duration()
		if err := p.begin(n.Action, n.Frame, ts); err != nil {
			p.stuck++
			break
		}
	}
	// Plan with what is left of the frame's budget, less a tenth for the
	// last unit of work to finish in (and at least an eighth of it, so
	// a new plan always makes progress).
	left := max(p.cfg.Budget*9/10-time.Since(t0), p.cfg.Budget/8)
	p.tree.Evaluate(p.cfg.Querier, actiongraph.Budget{Time: left})
	p.PlanTime = time.Since(t0)
	return p.Pose()
}

// choose scores the root's feasible children against the input.
func (p *Planner) choose(in Input) (int32, bool) {
	p.feas = p.tree.Feasible(p.feas[:0])
	best, bestScore := int32(-1), math.Inf(1)
	for _, c := range p.feas {
		n := p.tree.Nodes[c]
		a := p.cfg.Library.Actions[n.Action]
		end := n.Frame.Then(a.Delta)
		travel := math.Hypot(a.Delta.Translation[0], a.Delta.Translation[2])
		speed := travel / a.Duration()
		dir := math.Atan2(end.Position[0]-n.Frame.Position[0], end.Position[2]-n.Frame.Position[2])
		if p.buried(n, a) {
			continue
		}
		score := math.Abs(speed - in.Speed)
		switch {
		case in.Speed > 0 && travel > 0.05:
			score += 0.6 * math.Abs(math.Remainder(dir-in.Heading, 2*math.Pi))
			score += 0.4 * math.Abs(math.Remainder(end.Yaw-in.Heading, 2*math.Pi))
		case in.Speed > 0:
			score += 1.5 // standing still when asked to move
		}
		if in.Request != "" {
			if hasTag(a, in.Request) {
				score -= 3
			}
		} else if hasTag(a, "climb") || hasTag(a, "vault") || hasTag(a, "hop") {
			score += 1 // athletic moves only when asked for or needed
		}
		// Prefer actions whose docks fit the ground as they are.
		for k := range a.Docks {
			if s := p.tree.Slots[n.FirstDock+int32(k)]; s.State == actiongraph.Supported && s.Shared < 0 {
				score += 2 * float64(s.Distance)
			}
		}
		if score < bestScore {
			best, bestScore = c, score
		}
	}
	return best, best >= 0
}

// onSurface makes dock k's target from a supported lattice sample's pose:
// the template's contact points at the sample are fitted (ik.RigidFit) to
// the points where Algorithm 1's rays hit the faces, and the fit's
// translation and turn about +Y move the pose onto the surface (the sample
// lies on the lattice, up to one increment from it); the tilt turns the
// template's mean contact normal onto the faces' mean normal.
func (p *Planner) onSurface(k int, template string, pose dock.Pose) Target {
	tp := p.cfg.Templates[template]
	if tp == nil || !p.cfg.Querier.Nearest(geoquery.Query{Template: tp, Expected: pose}, p.result, nil) || p.result.Support.N < len(tp.Points) {
		return Target{Dock: k, Pose: pose}
	}
	p.src, p.dst = p.src[:0], p.dst[:0]
	var cn, hn mgl64.Vec3
	for i, cp := range tp.Points {
		h := p.result.Support.Hits[i]
		p.src = append(p.src, vec(p.result.Pose.Apply(cp.Position)))
		p.dst = append(p.dst, vec(h.Position))
		cn = cn.Add(vec(p.result.Pose.Rotate(cp.Normal)))
		hn = hn.Add(vec(h.Normal))
	}
	r, t, _, err := ik.RigidFit(p.src, p.dst)
	if err != nil {
		return Target{Dock: k, Pose: pose}
	}
	o := r.Rotate(vec(p.result.Pose.Position)).Add(t)
	f := r.Rotate(mgl64.Vec3{math.Sin(float64(p.result.Pose.Yaw)), 0, math.Cos(float64(p.result.Pose.Yaw))})
	return Target{Dock: k, Pose: dock.Pose{Position: mgl32.Vec3{float32(o[0]), float32(o[1]), float32(o[2])}, Yaw: float32(math.Atan2(f[0], f[2]))}, Tilt: fromTo(cn, hn)}
}

// buried reports whether any support of node n lies inside a solid.
func (p *Planner) buried(n actiongraph.Node, a *actiongraph.Action) bool {
	if p.cfg.Scene == nil {
		return false
	}
	for k := range a.Docks {
		s := p.tree.Slots[n.FirstDock+int32(k)]
		if s.State != actiongraph.Supported {
			continue
		}
		if Buried(p.cfg.Scene, s.Pose.Position, p.cfg.Lattice.Linear, float32(p.cfg.Headroom)) {
			return true
		}
	}
	return false
}

// count adds the finished plan's nodes to the run's totals.
func (p *Planner) count() {
	for _, n := range p.tree.Nodes {
		if n.Parent < 0 {
			continue
		}
		p.made++
		if n.Status == actiongraph.Unsupported {
			p.pruned++
		}
	}
}

func hasTag(a *actiongraph.Action, tags string) bool {
	for tags != "" {
		var tag string
		tag, tags, _ = strings.Cut(tags, ",")
		for _, t := range a.Tags {
			if t == tag {
				return true
			}
		}
	}
	return false
}

// Pose returns the current pose (the warped clip sampled at the current
// time).
func (p *Planner) Pose() Pose {
	c := p.cur.Clip
	n := c.Skeleton.NumJoints()
	if p.pose.Skeleton != c.Skeleton || len(p.pose.Trans) != n {
		p.pose = Pose{Skeleton: c.Skeleton, Trans: make([]mgl64.Vec3, n), Rot: make([]mgl64.Quat, n)}
	}
	c.Sample(p.t, p.pose.Trans, p.pose.Rot)
	p.pose.Action, p.pose.Time = p.act.Name, p.t
	return p.pose
}

// Tree is the plan being evaluated (read-only for callers).
func (p *Planner) Tree() *actiongraph.PlanTree { return p.tree }

// Steps lists the actions performed so far.
func (p *Planner) Steps() []Step { return p.steps }

// Stuck counts the times no action was feasible when one was needed.
func (p *Planner) Stuck() int { return p.stuck }

// Current is the warped action being performed.
func (p *Planner) Current() *Warped { return p.cur }
