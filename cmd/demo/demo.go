package main

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	dyn "github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// demo is the state the window shows: the world, the planner and what the
// run has measured. Nothing here touches OpenGL.
type demo struct {
	opt    *options
	world  *world.World
	lib    *action.Library
	setup  *planner.Setup
	model  *body.Model // the body drawn
	sweeps *ccd.Sweeps // the body's sweeps (the occupancy spaces are built from them)
	skin   *skinned    // the character's own meshes, when the library was built for a glTF character
	script *script.Script
	inputs *script.Inputs // the script's, resolved

	start action.Frame
	state string
	p     *planner.Planner
	depth int
	shown int // index into world.Names of the support data shown, -1 for none

	clock   float64 // seconds of character time since the start or reset
	frames  int
	planMS  []float64
	frameMS []float64
	path    float64 // root distance travelled on the ground [Units: m]
	last    mgl64.Vec3
	first   mgl64.Vec3
	actions int      // actions started
	names   []string // their names
	stuck   int
	refused int // choices refused for the body, as last drawn

	// With other characters (--agents): the scenario, their occupancy
	// spaces and the crowd running, the player's character its first.
	scenario *crowd.Scenario
	spaces   *occupancy.Spaces
	sim      *crowd.Sim
	crowdMS  []float64 // every character's planning, per frame

	// A moving world (--timeline, or builtin:dynamic's own): the world,
	// and its step per frame.
	live    *live.World
	worldMS []float64
	err     error // the moving world failed
}

// summary is what a run measured (--json).
type summary struct {
	Scene         string     `json:"scene"`
	Support       string     `json:"support"`
	Triangles     int        `json:"scene_triangles"`
	Frames        int        `json:"frames"`
	Seconds       float64    `json:"seconds"` // wall clock over the frames after the first ten (warm-up)
	FPS           float64    `json:"fps"`     // frames per second over those frames
	MedianFrameMS float64    `json:"median_frame_ms"`
	Depth         int        `json:"depth"`
	MedianPlanMS  float64    `json:"median_plan_ms"`
	MaxPlanMS     float64    `json:"max_plan_ms"`
	Actions       int        `json:"actions"`
	Names         []string   `json:"action_names"`
	Stuck         int        `json:"stuck"`
	Start         [3]float64 `json:"start"`
	End           [3]float64 `json:"end"`
	DistanceM     float64    `json:"distance_m"`
	Shown         string     `json:"support_shown"` // the template whose samples are shown, or none
	Screenshot    string     `json:"screenshot,omitempty"`
	Skin          string     `json:"skin,omitempty"` // the glTF character drawn, skinned by the pose
	Body          bool       `json:"body_checked"`
	// The start was moved this far to where the standing body fits, for
	// its StartMovedFor in the scene where it was (planner.StartMove).
	StartMovedM   float64   `json:"start_moved_m,omitempty"`
	StartMovedFor string    `json:"start_moved_for,omitempty"`
	Refused       int       `json:"refused_choices"` // for the body
	Blocked       int64     `json:"blocked_nodes"`   // plan nodes pruned for the body
	Agents        int       `json:"agents"`          // other characters (--agents)
	Arrived       int       `json:"agents_arrived"`  // of them, those that reached their goals
	AgentsMovedM  float64   `json:"agents_moved_m"`  // of them, how far they went from their starts, summed
	MedianCrowdMS float64   `json:"median_crowd_ms"` // planning every character, per frame
	MaxCrowdMS    float64   `json:"max_crowd_ms"`
	Moving        bool      `json:"moving_world"`         // a timeline plays (--timeline, or the scene's own)
	MedianWorldMS float64   `json:"median_world_step_ms"` // the moving world's step per frame
	MaxWorldMS    float64   `json:"max_world_step_ms"`
	Landings      int       `json:"landings,omitempty"`  // falls that ended on a support
	Instances     int       `json:"instances,omitempty"` // the moving world\'s instances at the end
	Door          []float64 `json:"door,omitempty"`      // where the timeline\'s door stands at the end
}

// findStart sets where the character starts: the script's start, or the
// open floor (a position where the foot is supported at every yaw) nearest
// the middle of the scene.
func (d *demo) findStart() error {
	d.depth = d.opt.depth
	if d.script != nil {
		f, err := d.script.Start(d.world.BVH)
		if err != nil {
			return fmt.Errorf("%s: %w", d.opt.input, err)
		}
		d.start, d.state = f, d.firstState(d.script.State)
		return nil
	}
	foot := d.world.Templates[d.footTemplate()]
	tr := d.world.Supports[foot]
	if tr == nil {
		return fmt.Errorf("%s: no foot support data", d.opt.scene)
	}
	b := d.world.Mesh.Bounds()
	s, ok := script.DefaultStart(tr, float64(b.Min[0]+b.Max[0])/2, float64(b.Min[2]+b.Max[2])/2, 0)
	if !ok {
		return fmt.Errorf("%s: no open floor to start on (give a script with --input)", d.opt.scene)
	}
	f, err := s.Start(d.world.BVH)
	if err != nil {
		return err
	}
	d.start, d.state = f, d.firstState("idle")
	return nil
}

// firstState is the state to start in: want, or the library's first entry
// when it has no such action (a library built for a character).
func (d *demo) firstState(want string) string {
	if d.lib.Index(want) >= 0 {
		return want
	}
	return d.lib.Actions[d.setup.Graph().Entry[0]].Name
}

// footTemplate is the template the library's feet dock with.
func (d *demo) footTemplate() string {
	if d.world.Foot != "" {
		return d.world.Foot
	}
	return "foot"
}

// reset (re)starts the character where it started.
func (d *demo) reset() error {
	if d.p != nil {
		d.stuck += d.p.Stuck()
	}
	cfg := planner.Config{Start: d.start, State: d.state, Depth: d.depth, OnStep: func(s *planner.Step) {
		d.actions++
		d.names = append(d.names, s.Action)
	}}
	var p *planner.Planner
	var err error
	if d.scenario != nil {
		p, err = d.newCrowd()
	} else {
		if d.live != nil {
			d.live.Detach(d.p)
			d.setup = d.live.Setup()
		}
		p, err = planner.New(d.setup, cfg)
	}
	if err != nil {
		return err
	}
	if d.live != nil {
		if err := d.live.Attach(p); err != nil {
			return err
		}
	}
	d.p, d.clock, d.refused = p, 0, 0
	d.last = p.Pose().Trans[0]
	if d.frames == 0 {
		d.first = d.last
	}
	return nil
}

// step advances the character by dt under the script's input, or in when
// there is no script, and records the cost.
func (d *demo) step(dt float64, in planner.Input) planner.Pose {
	if d.inputs != nil {
		in = d.inputs.At(d.clock)
	}
	d.clock += dt
	var pose planner.Pose
	if d.sim != nil {
		t0 := time.Now()
		d.sim.Drive(0, in)
		d.sim.Step(dt)
		d.crowdMS = append(d.crowdMS, float64(time.Since(t0).Nanoseconds())/1e6)
		pose = d.p.Pose()
	} else {
		if err := d.stepWorld(dt); err != nil {
			d.err = err
		}
		pose = d.p.Update(dt, in)
	}
	d.planMS = append(d.planMS, float64(d.p.PlanTime.Nanoseconds())/1e6)
	r := pose.Trans[0]
	d.path += math.Hypot(r[0]-d.last[0], r[2]-d.last[2])
	d.last = r
	d.frames++
	return pose
}

// setDepth changes the plan depth (keys 1-6).
func (d *demo) setDepth(n int) {
	d.depth = n
	d.p.SetDepth(n)
}

// summarize reports the run; wall is the wall-clock time of each frame.
func (d *demo) summarize() *summary {
	s := &summary{Scene: d.opt.scene, Support: d.world.Support, Triangles: d.world.Mesh.NumTriangles(), Frames: d.frames,
		Depth: d.depth, Actions: d.actions, Stuck: d.stuck + d.p.Stuck(), Screenshot: d.opt.screenshot}
	if d.skin != nil {
		s.Skin = d.skin.path
	}
	s.MedianPlanMS, s.MaxPlanMS = medianMax(d.planMS)
	if warm := min(10, len(d.frameMS)/2); len(d.frameMS) > warm {
		for _, ms := range d.frameMS[warm:] {
			s.Seconds += ms / 1000
		}
		s.FPS = float64(len(d.frameMS)-warm) / s.Seconds
		s.MedianFrameMS, _ = medianMax(d.frameMS[warm:])
	}
	s.Names = d.names
	s.Shown = "none"
	if d.shown >= 0 {
		s.Shown = d.world.Names[d.shown]
	}
	s.Start, s.End = d.first, d.last
	s.DistanceM = d.path
	s.Body, s.Refused, s.Blocked = d.setup.Sweeps() != nil, d.p.Refused(), d.p.Stats().Blocked
	if m, ok := d.p.StartMoved(); ok {
		s.StartMovedM, s.StartMovedFor = m.Distance, m.Part.String()
	}
	s.Agents, s.Arrived = d.opt.agents, d.arrived()
	for k := 1; d.sim != nil && k < d.sim.Len(); k++ {
		r, st := d.sim.Planner(k).Pose().Trans[0], d.scenario.Agents[k].Start.Position
		s.AgentsMovedM += math.Hypot(r[0]-st[0], r[2]-st[2])
	}
	s.MedianCrowdMS, s.MaxCrowdMS = medianMax(d.crowdMS)
	s.Moving, s.Landings = d.live != nil, d.p.Landings()
	s.MedianWorldMS, s.MaxWorldMS = medianMax(d.worldMS)
	if d.live != nil {
		d.live.Instances(func(dyn.Instance, *scenes.Mesh, dyn.Transform) { s.Instances++ })
		if id, ok := d.live.Part("door"); ok {
			at, _ := d.live.At(id)
			s.Door = at.Translation[:]
		}
	}
	return s
}

func medianOf(xs []float64) float64 { m, _ := medianMax(xs); return m }

func medianMax(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2], s[len(s)-1]
}

// hud is the overlay's text; fps and plan (the longest planning time of a
// frame, in ms) are measured over the last half second.
func (d *demo) hud(fps, plan float64) string {
	t := d.p.Plan()
	decided := 0
	for _, n := range t.Nodes[1:] {
		if n.Status != actiongraph.Unknown {
			decided++
		}
	}
	feasible := len(t.Feasible(nil))
	shown := "none"
	if d.shown >= 0 {
		shown = d.world.Names[d.shown]
	}
	body := "body not checked (--body)"
	if d.setup.Sweeps() != nil {
		body = fmt.Sprintf("body: %d plan nodes blocked, %d choices refused", d.p.Stats().Blocked, d.p.Refused())
	}
	if d.live != nil {
		body += fmt.Sprintf("\nmoving world at %.1f s: O opens or closes the door, C drops a crate (%.2f ms a step)", d.live.Clock(), medianOf(d.worldMS))
	}
	if d.sim != nil {
		body += fmt.Sprintf("\n%d other characters, %d arrived; the crowd plans in %.2f ms a frame (median)", d.opt.agents, d.arrived(), medianOf(d.crowdMS))
	}
	return fmt.Sprintf("depth %d   nodes evaluated %d of %d   feasible actions %d\nplanning at most %.2f ms per frame   %.0f frames per second\naction %s   support shown: %s (Tab)\n%s",
		d.depth, decided, len(t.Nodes)-1, feasible, plan, fps, d.p.Pose().Action, shown, body)
}

// tags is the set of the named tags that some action of the library has.
func (d *demo) tags(names ...string) planner.Tags {
	var m planner.Tags
	for _, n := range names {
		if t, err := d.setup.Tags(n); err == nil {
			m |= t
		}
	}
	return m
}
