package planner

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// RunResult is a scripted run: the motion, what was decided, and its cost.
type RunResult struct {
	Clip    *motion.Clip // the whole motion, the root in the world
	Steps   []Step
	FrameMS []float64 // planning time of every frame [Units: ms]
	Stuck   int
	Tree    *actiongraph.PlanTree // the plan at the end
	Made    int64                 // plan nodes made over the run
	Pruned  int64                 // of them, found unsupported
}

// Run drives a planner built from cfg (its Start and State are taken from
// the script) through the script at fps frames per second. bvh, when not
// nil, finds the start's floor (the highest one under x, z, or the first
// below the script's y).
func Run(cfg Config, s *Script, fps float64, bvh *scenes.BVH) (*RunResult, error) {
	start, err := s.Start(bvh)
	if err != nil {
		return nil, err
	}
	cfg.Start = start
	cfg.State = s.State
	p, err := New(cfg)
	if err != nil {
		return nil, err
	}
	dt := 1 / fps
	frames := int(math.Round(s.Duration*fps)) + 1
	sk := p.Pose().Skeleton
	n := sk.NumJoints()
	res := &RunResult{Clip: motion.NewClip(sk, frames, dt)}
	pose := p.Pose()
	for f := range frames {
		if f > 0 {
			t0 := time.Now()
			pose = p.Update(dt, s.At(float64(f)*dt))
			res.FrameMS = append(res.FrameMS, float64(time.Since(t0).Nanoseconds())/1e6)
		}
		copy(res.Clip.Trans[f*n:(f+1)*n], pose.Trans)
		copy(res.Clip.Rot[f*n:(f+1)*n], pose.Rot)
	}
	res.Steps, res.Stuck, res.Tree = p.Steps(), p.Stuck(), p.Tree()
	res.Made, res.Pruned = p.made, p.pruned
	return res, nil
}

// Start is where the script starts the character: its x, z and heading on
// the floor below. With bvh nil the floor is at y = 0; otherwise it is the
// highest floor under x, z, or the first below the script's y.
func (s *Script) Start(bvh *scenes.BVH) (actiongraph.Frame, error) {
	y := 0.0
	if bvh != nil {
		b := bvh.Bounds()
		top := float64(b.Max[1]) + 1
		if !math.IsNaN(s.Y) {
			top = s.Y
		}
		ray := scenes.Ray{Origin: [3]float32{float32(s.X), float32(top), float32(s.Z)}, Dir: [3]float32{0, -1, 0}, TMax: float32(top-float64(b.Min[1])) + 1}
		h, ok := bvh.ClosestHit(ray, nil)
		if !ok {
			return actiongraph.Frame{}, fmt.Errorf("planner: no floor under the script's start (x %.2f, z %.2f)", s.X, s.Z)
		}
		y = float64(ray.At(h.T)[1])
	}
	return actiongraph.Frame{Position: mgl64.Vec3{s.X, y, s.Z}, Yaw: s.YawDeg * math.Pi / 180}, nil
}

// Median and Max of the per-frame planning times.
func (r *RunResult) FrameStats() (median, maximum float64) {
	if len(r.FrameMS) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), r.FrameMS...)
	sort.Float64s(s)
	return s[len(s)/2], s[len(s)-1]
}
