package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/supporttree"
)

// walkRow is one random-start walk, planned re-entrantly and from scratch.
type walkRow struct {
	Start       [3]float64   `json:"start"`
	Actions     int          `json:"actions"`
	DistanceM   float64      `json:"distance_m"`
	ReachM      float64      `json:"reach_m"` // the farthest the root went from the start, on the ground
	PNG         string       `json:"png,omitempty"`
	Stuck       int          `json:"stuck"`
	P999MS      float64      `json:"p999_update_ms"`
	MaxMS       float64      `json:"max_update_ms"`
	MaxCPUMS    float64      `json:"max_update_cpu_ms"`
	MaxWork     int          `json:"max_update_work"`   // in --work's units
	OverWork    int          `json:"updates_over_work"` // Updates that did more than --work (and the last node's few units)
	Waits       int          `json:"waits"`             // Updates that held the last pose, the budget spent on choices not yet known
	MeanKept    float64      `json:"mean_nodes_kept"`
	MeanReused  float64      `json:"mean_nodes_reused"`
	MedReused   float64      `json:"median_nodes_reused"`
	WorkPerAct  float64      `json:"work_per_action"`         // plan nodes evaluated + queries, per action
	ScratchWork float64      `json:"scratch_work_per_action"` // the same, planning every action from scratch
	Hash        string       `json:"motion_hash"`
	Body        *bodySummary `json:"body,omitempty"` // with --body
	Footwork    footwork     `json:"footwork"`
	InScene     inScene      `json:"body_in_scene"`
	// Refused says why the planner refused the start (planner.StartError):
	// the standing body fits nowhere near it. Nothing else is measured.
	Refused string `json:"refused,omitempty"`
}

type walksSummary struct {
	Scene     string    `json:"scene"`
	Work      int       `json:"work_per_frame"`
	Depth     int       `json:"depth"`
	Seconds   float64   `json:"seconds"`
	Walks     []walkRow `json:"walks"`
	StartsBy  string    `json:"starts_by"`      // random or farthest
	DistanceM float64   `json:"distance_m"`     // walked, over every walk
	Under1M   float64   `json:"share_under_1m"` // the share of walks that went less than 1 m from their starts
	P999MS    float64   `json:"p999_update_ms"` // over every frame of every walk
	MaxMS     float64   `json:"max_update_ms"`
	P999CPU   float64   `json:"p999_update_cpu_ms"` // on the thread's CPU clock (Linux)
	MaxCPU    float64   `json:"max_update_cpu_ms"`
	Ratio     float64   `json:"scratch_over_reentrant_work"`
	Footwork  footwork  `json:"footwork"`      // the worst of every walk's
	InScene   inScene   `json:"body_in_scene"` // the worst of every walk's
}

// runWalks is `planner walks`: random-start walks on a scene, each planned
// re-entrantly and, for comparison, from scratch after every action.
func runWalks(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner walks", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "builtin:stepping", "scene: builtin:NAME or a mesh file")
	var sf sceneflag.Flags
	sf.Register(fs)
	starts := fs.Int("starts", 6, "walks, from random open-floor starts")
	seconds := fs.Float64("seconds", 20, "length of each walk")
	every := fs.Float64("every", 5, "a new random heading every this many seconds")
	seed := fs.Uint64("seed", 1, "random seed")
	by := fs.String("starts-by", "random", "random: starts drawn over the open floor; farthest: the default start (the largest walkable region's open floor nearest the middle), then each open-floor position farthest from those before")
	png := fs.String("png", "", "a folder for a picture of each walk that goes less than 1 m from its start (the scene from above, the last plan)")
	var o runOptions
	o.register(fs)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 || *starts < 1 || !(*seconds > 0) || !(*every > 0) || !o.valid() || (*by != "random" && *by != "farthest") {
		fmt.Fprintln(stderr, "planner walks: want [--scene S] [--scale S] [--up y|z] [--exclude-node N] [--starts N] [--starts-by random|farthest] [--seconds S] [--every S] [--seed N] [--friction F] [--depth 1-6] [--work N] [--budget D] [--png DIR] [--json]")
		return 1
	}
	var err error
	if o.load, err = sf.Options(); err != nil {
		fmt.Fprintf(stderr, "planner walks: %v\n", err)
		return 1
	}
	sum, err := walks(*spec, o, walkPlan{*starts, *seconds, *every, *seed, *by, *png})
	if err != nil {
		fmt.Fprintf(stderr, "planner walks: %v\n", err)
		return 1
	}
	if *asJSON {
		return printJSON(stdout, sum)
	}
	printWalks(stdout, sum)
	return 0
}

// walkPlan says which walks `planner walks` takes.
type walkPlan struct {
	starts         int
	seconds, every float64
	seed           uint64
	by             string // random or farthest
	png            string // a folder for pictures of walks that go nowhere
}

func walks(spec string, o runOptions, wp walkPlan) (*walksSummary, error) {
	starts, seconds, every, seed := wp.starts, wp.seconds, wp.every, wp.seed
	lib, g, err := o.library()
	if err != nil {
		return nil, err
	}
	w, err := loadWorld(spec, "", o.load, lib, o.friction)
	if err != nil {
		return nil, err
	}
	setup, err := o.setup(g, w.Querier)
	if err != nil {
		return nil, err
	}
	foot, err := w.FootSupport()
	if err != nil {
		return nil, err
	}
	open := script.OpenFloor(foot)
	if len(open) == 0 {
		return nil, fmt.Errorf("%s: no open floor to start on", spec)
	}
	// Starts where a planner starts (near: the standing body fits as it
	// is, or within planner.DefaultFit), turned to where it fits as it is
	// (fits) when a heading does.
	fits := func(*script.Script) bool { return true }
	near := fits
	if setup.Sweeps() != nil {
		fits = script.BodyFits(setup, w.BVH)
		near = fitsOrNear(fits, script.BodyFitsNear(setup, w.BVH), 4*starts)
	}
	model, err := planner.DefaultBody(setup.Library(), nil)
	if err != nil {
		return nil, err
	}
	oracle := capsuleoracle.NewScene(w.Mesh)
	rng := scenes.NewRNG(seed)
	sum := &walksSummary{Scene: spec, Work: o.work, Depth: o.depth, Seconds: seconds, StartsBy: wp.by}
	var all, cpu []float64
	var work, scratch float64
	var picks []int
	var fitting map[int]float64 // per pick, a yaw the standing body fits at
	if wp.by == "farthest" {
		picks, fitting = farthestStarts(foot, open, w.Mesh, starts, near)
	}
	if wp.png != "" {
		if err := os.MkdirAll(wp.png, 0o755); err != nil {
			return nil, err
		}
	}
	for k := range starts {
		var s *script.Script
		if picks == nil {
			s = script.RandomWalkWhere(foot, open, rng, seconds, every, near)
		} else if k < len(picks) {
			s = facingToFit(script.WalkFrom(foot, open[picks[k]], rng, seconds, every), fits, fitting[picks[k]])
		} else {
			break
		}
		cfg := planner.Config{Depth: o.depth, Work: o.work, Budget: o.budget}
		res, err := script.Run(setup, cfg, s, 60, w.BVH)
		var refused *planner.StartError
		if errors.As(err, &refused) {
			// A start that fits nowhere near: reported, not walked.
			sum.Walks = append(sum.Walks, walkRow{Start: [3]float64{s.X, s.Y - 0.3, s.Z}, Refused: err.Error()})
			sum.Under1M++
			continue
		}
		if err != nil {
			return nil, err
		}
		cfg.Replan = true
		base, err := script.Run(setup, cfg, s, 60, w.BVH)
		if err != nil {
			return nil, err
		}
		row := walkRow{Start: [3]float64{s.X, s.Y - 0.3, s.Z}, Actions: len(res.Steps), Stuck: res.Stuck, Hash: fmt.Sprintf("%016x", script.MotionHash(res.Clip))}
		row.P999MS, row.MaxMS = res.Percentile(0.999), res.Percentile(1)
		row.MaxCPUMS = script.Percentile(res.FrameCPUMS, 1)
		row.MaxWork, row.OverWork = overWork(res.FrameWork, o.work)
		row.Waits = res.Waits
		cpu = append(cpu, res.FrameCPUMS...)
		r := reuseOf(res.Steps)
		row.MeanKept, row.MeanReused, row.MedReused = r.MeanKept, r.MeanDecided, r.MedianDecided
		row.WorkPerAct = perAction(res)
		row.ScratchWork = perAction(base)
		row.DistanceM, row.ReachM = groundPath(res), reach(res)
		row.Footwork = measureFootwork(res.Clip, res.Steps, setup.Library())
		sum.Footwork = sum.Footwork.worst(row.Footwork)
		row.InScene = measureInScene(oracle, model, res.Clip)
		if k == 0 {
			sum.InScene = row.InScene
		}
		sum.InScene = sum.InScene.worse(row.InScene)
		sum.DistanceM += row.DistanceM
		if row.ReachM < 1 {
			sum.Under1M++
			if wp.png != "" {
				row.PNG = filepath.Join(wp.png, fmt.Sprintf("walk%02d.png", k))
				title := fmt.Sprintf("%s: walk %d from (%.1f, %.1f, %.1f)", spec, k, s.X, s.Y-0.3, s.Z)
				var headings []float64
				for _, in := range s.Inputs {
					headings = append(headings, in.Heading)
				}
				if err := drawRun(w.Mesh, res, row.PNG, title, headings); err != nil {
					return nil, err
				}
			}
		}
		if o.withBody() {
			row.Body = bodyOf(res)
		}
		work += row.WorkPerAct
		scratch += row.ScratchWork
		all = append(all, res.FrameMS...)
		sum.Walks = append(sum.Walks, row)
	}
	sum.Under1M /= float64(max(1, len(sum.Walks)))
	sum.P999MS, sum.MaxMS = script.Percentile(all, 0.999), script.Percentile(all, 1)
	sum.P999CPU, sum.MaxCPU = script.Percentile(cpu, 0.999), script.Percentile(cpu, 1)
	if work > 0 {
		sum.Ratio = scratch / work
	}
	return sum, nil
}

// facingToFit turns script s's start, 45° at a time, until the standing
// body fits there (fits), else faces it fallback (the yaw the start was
// picked with, where the body fits or the planner moves it to where it
// does): a start picked where the body fits facing one way may not facing
// another.
func facingToFit(s *script.Script, fits func(*script.Script) bool, fallback float64) *script.Script {
	yaw := s.YawDeg
	for k := range 8 {
		s.YawDeg = math.Remainder(yaw+45*float64(k), 360)
		if fits(s) {
			return s
		}
	}
	s.YawDeg = fallback
	return s
}

// fitsOrNear accepts a start the standing body fits as it is (fits), or
// one a planner moves to where it fits (near), searching for at most
// searches starts: a start that fits nowhere near costs a search of
// hundreds of places, and on a level where few fit, farthest-point
// sampling would search for every open-floor position.
func fitsOrNear(fits, near func(*script.Script) bool, searches int) func(*script.Script) bool {
	return func(s *script.Script) bool {
		if fits(s) {
			return true
		}
		if searches <= 0 {
			return false
		}
		searches--
		return near(s)
	}
}

// overWork is the most work of any Update and the Updates that did more
// than work (and the 16 units a last node or trial may run past it).
func overWork(frames []int, work int) (most, over int) {
	for _, w := range frames {
		most = max(most, w)
		if work > 0 && w > work+16 {
			over++
		}
	}
	return most, over
}

// perAction is a run's planning work (plan nodes evaluated plus
// geo-queries) per action taken.
func perAction(r *script.RunResult) float64 {
	return float64(r.Work.Evaluated+r.Work.Queries) / float64(max(1, len(r.Steps)))
}

// farthestStarts picks up to n open-floor positions by farthest-point
// sampling (script.FarthestPoints) from the default start (script.DefaultStart),
// keeping those fits accepts.
func farthestStarts(foot *supporttree.Tree, open [][3]int32, m *scenes.Mesh, n int, fits func(*script.Script) bool) ([]int, map[int]float64) {
	b := m.Bounds()
	first := 0
	if s, ok := script.DefaultStart(foot, float64(b.Min[0]+b.Max[0])/2, float64(b.Min[2]+b.Max[2])/2, 0); ok {
		inc := float64(foot.Lattice().Linear)
		p := [3]int32{int32(math.Round(s.X / inc)), int32(math.Round((s.Y - 0.3) / inc)), int32(math.Round(s.Z / inc))}
		for i, q := range open {
			if q == p {
				first = i
			}
		}
	}
	rng := scenes.NewRNG(0) // only for the standing test's yaw, which WalkFrom draws again
	fitting := map[int]float64{}
	picks := script.FarthestPoints(open, first, n, func(i int) bool {
		s := script.WalkFrom(foot, open[i], rng, 1, 1)
		if !fits(s) {
			return false
		}
		fitting[i] = s.YawDeg
		return true
	})
	return picks, fitting
}

// reach is the farthest the root went from where it started, on the ground.
func reach(r *script.RunResult) float64 {
	n := r.Clip.Skeleton.NumJoints()
	a := r.Clip.Trans[0]
	d := 0.0
	for f := 1; f < r.Clip.Frames(); f++ {
		b := r.Clip.Trans[f*n]
		d = math.Max(d, math.Hypot(b[0]-a[0], b[2]-a[2]))
	}
	return d
}

// groundPath is the root's path length on the ground.
func groundPath(r *script.RunResult) float64 {
	n := r.Clip.Skeleton.NumJoints()
	d := 0.0
	for f := 1; f < r.Clip.Frames(); f++ {
		a, b := r.Clip.Trans[(f-1)*n], r.Clip.Trans[f*n]
		d += math.Hypot(b[0]-a[0], b[2]-a[2])
	}
	return d
}

func printWalks(w io.Writer, s *walksSummary) {
	budget := budgetText(s.Work)
	fmt.Fprintf(w, "Foothold — %s: %d random walks of %.0f s, depth %d, %s\n\n", s.Scene, len(s.Walks), s.Seconds, s.Depth, budget)
	fmt.Fprintf(w, "%-24s %7s %8s %6s %5s %9s %8s %8s %9s %12s\n", "start", "actions", "metres", "reach", "stuck", "p99.9 ms", "max ms", "reused", "work/act", "scratch/act")
	for _, r := range s.Walks {
		at := fmt.Sprintf("(%.1f, %.1f, %.1f)", r.Start[0], r.Start[1], r.Start[2])
		if r.Refused != "" {
			fmt.Fprintf(w, "%-24s refused: %s\n", at, r.Refused)
			continue
		}
		fmt.Fprintf(w, "%-24s %7d %8.1f %6.1f %5d %9.2f %8.2f %8.0f %9.0f %12.0f\n", at, r.Actions, r.DistanceM, r.ReachM, r.Stuck, r.P999MS, r.MaxMS, r.MeanReused, r.WorkPerAct, r.ScratchWork)
	}
	fmt.Fprintf(w, "\n%.1f m walked from %d starts (%s); %.0f%% of them went less than 1 m from the start\n", s.DistanceM, len(s.Walks), s.StartsBy, 100*s.Under1M)
	for _, r := range s.Walks {
		if r.PNG != "" {
			fmt.Fprintf(w, "wrote %s\n", r.PNG)
		}
	}
	fw := s.Footwork
	fmt.Fprintf(w, "footwork   docks met within %.1f mm; docked feet slide %.1f mm at most (%.1f mm across a transition); the root's largest jump %.1f cm\n", fw.DockError*1000, fw.Slide*1000, fw.Seam*1000, fw.RootJump*100)
	fmt.Fprintf(w, "Update over every frame: %.2f ms 99.9th percentile, %.2f ms max (thread CPU clock: %.2f, %.2f ms); planning from scratch costs %.2f× the work per action\n", s.P999MS, s.MaxMS, s.P999CPU, s.MaxCPU, s.Ratio)
}
