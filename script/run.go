package script

import (
	"fmt"
	"math"
	"runtime"
	"sort"
	"time"

	"github.com/foothold/foothold/internal/cputime"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/warp"
	"github.com/go-gl/mathgl/mgl64"
)

// RunResult is a scripted run: the motion, what was decided, and its cost.
type RunResult struct {
	Clip    *motion.Clip // the whole motion, the root in the world
	Steps   []planner.Step
	FrameMS []float64 // wall-clock time of every Update [Units: ms]
	// FrameCPUMS is the CPU time of every Update on its thread, where the
	// system tells it (Linux): without the time the operating system gave
	// to other work. [Units: ms]
	FrameCPUMS []float64
	// FrameWork is the work of every Update in Config.Work's units
	// (planner.Planner.Work).
	FrameWork []int
	Stuck     int
	Waits     int                   // Updates that held the last pose, the budget spent on choices not yet known (Planner.Waits)
	Plan      *actiongraph.PlanTree // the plan at the end
	Work      actiongraph.EvalStats // the planning work over the run
	Refused   int                   // warped choices refused for the body
	Held      int                   // warped choices taken with the root held (planner.Step.Held)
	DeadEnds  int                   // choices passed over for leaving no way on (Planner.DeadEnds)
	Body      ccd.Stats             // the body check's work (zero without one)
	// Clearance is the smallest clearance of the executed motion's parts
	// that may touch nothing, at its frames (with a body check only).
	Clearance Clearance
	// StartHit says the start action put the body into the scene
	// (Planner.StartContact, with a negative Config.Fit): StartPart
	// touched it then. StartMoved is how far the start was moved to where
	// the body fits (Planner.StartMoved), for StartPart in the scene where
	// it was. [Units: m]
	StartHit   bool
	StartPart  string
	StartMoved float64
}

// Clearance is where the executed motion came closest to the scene.
type Clearance struct {
	Gap  float64 // [Units: m] at most ClearanceReach; negative: into the scene
	Part string  // the capsule's body part ("" when nothing came within reach)
	Time float64 // [Units: s]
}

// ClearanceReach is how far from the body clearances are measured. [Units: m]
const ClearanceReach = 1.0

// Run drives a planner over setup, configured by cfg (its Start and State
// are taken from the script), through the script at fps frames per second.
// bvh, when not nil, finds the start's floor (see Script.Start).
func Run(setup *planner.Setup, cfg planner.Config, s *Script, fps float64, bvh *scenes.BVH) (*RunResult, error) {
	return RunStepped(setup, cfg, s, fps, bvh, nil)
}

// A World is what a run steps before each Update: a world whose scene
// moves (package live's World), which the planner is attached to once
// made and which moves it to the scene as it then stands.
type World interface {
	Attach(p *planner.Planner) error
	Step(dt float64) error
}

// Arriving is a World that needs to know where a planner will start
// before it is made (package stream's, which loads the ground there).
type Arriving interface {
	Arrive(at mgl64.Vec3) error
}

// RunStepped is Run in a world w that moves (nil: Run). The planner plans
// over setup, which must be w's at the start; the clearance of the motion
// is not measured (the scene changed under it).
func RunStepped(setup *planner.Setup, cfg planner.Config, s *Script, fps float64, bvh *scenes.BVH, w World) (*RunResult, error) {
	start, err := s.Start(bvh)
	if err != nil {
		return nil, err
	}
	inputs, err := s.resolve(setup)
	if err != nil {
		return nil, err
	}
	cfg.Start, cfg.State = start, s.State
	res := &RunResult{Steps: make([]planner.Step, 0, 64)}
	cfg.OnStep = func(st *planner.Step) { res.Steps = append(res.Steps, copyStep(st)) }
	if a, ok := w.(Arriving); ok {
		if err := a.Arrive(start.Position); err != nil {
			return nil, err
		}
	}
	p, err := planner.New(setup, cfg)
	if err != nil {
		return nil, err
	}
	if w != nil {
		if err := w.Attach(p); err != nil {
			return nil, err
		}
	}
	dt := 1 / fps
	frames := int(math.Round(s.Duration*fps)) + 1
	sk := p.Pose().Skeleton
	n := sk.NumJoints()
	res.Clip = motion.NewClip(sk, frames, dt)
	res.FrameMS = make([]float64, 0, frames)
	res.FrameCPUMS = make([]float64, 0, frames)
	res.FrameWork = make([]int, 0, frames)
	pose := p.Pose()
	// Collect the garbage of loading and building now, so that no
	// collection runs beside the timed frames (Update itself allocates
	// nothing).
	runtime.GC()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for f := range frames {
		if f > 0 && w != nil {
			if err := w.Step(dt); err != nil {
				return nil, err
			}
		}
		if f > 0 {
			c0, cpu := cputime.Thread()
			t0 := time.Now()
			pose = p.Update(dt, inputs.at(float64(f)*dt))
			res.FrameMS = append(res.FrameMS, float64(time.Since(t0).Nanoseconds())/1e6)
			res.FrameWork = append(res.FrameWork, p.Work())
			if c1, _ := cputime.Thread(); cpu {
				res.FrameCPUMS = append(res.FrameCPUMS, float64((c1-c0).Nanoseconds())/1e6)
			}
		}
		copy(res.Clip.Trans[f*n:(f+1)*n], pose.Trans)
		copy(res.Clip.Rot[f*n:(f+1)*n], pose.Rot)
	}
	res.Stuck, res.Plan, res.Work, res.Waits = p.Stuck(), p.Plan(), p.Stats(), p.Waits()
	res.Refused, res.Held, res.Body, res.DeadEnds = p.Refused(), p.Held(), p.Body(), p.DeadEnds()
	if ct, hit := p.StartContact(); hit {
		res.StartHit, res.StartPart = true, setup.Sweeps().Model().Capsules[ct.Capsule].Part.String()
	}
	if m, ok := p.StartMoved(); ok {
		res.StartMoved, res.StartPart = m.Distance, m.Part.String()
	}
	if setup.Sweeps() != nil && w == nil {
		res.Clearance = clearanceOf(setup, res.Clip)
	}
	return res, nil
}

// clearanceOf measures clip c's smallest clearance, frame by frame.
func clearanceOf(setup *planner.Setup, c *motion.Clip) Clearance {
	ch := ccd.NewChecker(setup.Sweeps(), setup.BodyScene())
	caps := setup.Sweeps().Model().Capsules
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	out := Clearance{Gap: ClearanceReach}
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		if g, i := ch.Clearance(pos, world, ClearanceReach); i >= 0 && g < out.Gap {
			out = Clearance{Gap: g, Part: caps[i].Part.String(), Time: float64(f) * c.FrameTime}
		}
	}
	return out
}

// copyStep copies a step out of the planner's reused memory.
func copyStep(s *planner.Step) planner.Step {
	c := *s
	c.Targets = append([]warp.Target(nil), s.Targets...)
	c.Docks = append([]warp.DockReport(nil), s.Docks...)
	return c
}

// Inputs are a script's timed inputs with their requests resolved against
// a planner setup.
type Inputs struct {
	times []float64
	in    []planner.Input
}

// resolve turns the script's requests into tag sets of setup.
func (s *Script) resolve(setup *planner.Setup) (*Inputs, error) {
	out := &Inputs{}
	for _, ti := range s.Inputs {
		tags, err := setup.Tags(ti.Request...)
		if err != nil {
			return nil, fmt.Errorf("script: input at %g s: %w", ti.At, err)
		}
		out.times = append(out.times, ti.At)
		out.in = append(out.in, planner.Input{Heading: ti.Heading, Speed: ti.Speed, Request: tags})
	}
	return out, nil
}

// Resolve turns the script's inputs into planner inputs over setup: a
// request naming a tag no action carries is an error.
func (s *Script) Resolve(setup *planner.Setup) (*Inputs, error) { return s.resolve(setup) }

// At returns the planner input in force at time t. It allocates nothing.
func (in *Inputs) At(t float64) planner.Input { return in.at(t) }

func (in *Inputs) at(t float64) planner.Input {
	var out planner.Input
	for i, a := range in.times {
		if t >= a {
			out = in.in[i]
		}
	}
	return out
}

// Start is where the script starts the character: its x, z and heading on
// the floor below. With bvh nil the floor is at y = 0; otherwise it is the
// highest floor under x, z, or the first below the script's y.
func (s *Script) Start(bvh *scenes.BVH) (action.Frame, error) {
	y := 0.0
	if bvh != nil {
		var err error
		if y, err = Floor(bvh, s.X, s.Y, s.Z); err != nil {
			return action.Frame{}, fmt.Errorf("script: %w", err)
		}
	}
	return action.Frame{Position: mgl64.Vec3{s.X, y, s.Z}, Yaw: s.YawDeg * math.Pi / 180}, nil
}

// Floor is the height of the floor under x, z in bvh's scene: the first
// surface below y, or with y NaN the highest.
func Floor(bvh *scenes.BVH, x, y, z float64) (float64, error) {
	b := bvh.Bounds()
	top := float64(b.Max[1]) + 1
	if !math.IsNaN(y) {
		top = y
	}
	ray := scenes.Ray{Origin: [3]float32{float32(x), float32(top), float32(z)}, Dir: [3]float32{0, -1, 0}, TMax: float32(top-float64(b.Min[1])) + 1}
	h, ok := bvh.ClosestHit(ray, nil)
	if !ok {
		return 0, fmt.Errorf("no floor under the start (x %.2f, z %.2f)", x, z)
	}
	return float64(ray.At(h.T)[1]), nil
}

// FrameStats returns the median and the largest per-frame time.
func (r *RunResult) FrameStats() (median, maximum float64) {
	if len(r.FrameMS) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), r.FrameMS...)
	sort.Float64s(s)
	return s[len(s)/2], s[len(s)-1]
}

// Percentile returns the q-quantile (0..1) of the per-frame times.
func (r *RunResult) Percentile(q float64) float64 { return Percentile(r.FrameMS, q) }

// Percentile returns the q-quantile (0..1) of xs (0 for none).
func Percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(math.Ceil(q*float64(len(s))))-1)]
}
