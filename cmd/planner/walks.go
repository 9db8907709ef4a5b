package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
)

// walkRow is one random-start walk, planned re-entrantly and from scratch.
type walkRow struct {
	Start       [3]float64   `json:"start"`
	Actions     int          `json:"actions"`
	DistanceM   float64      `json:"distance_m"`
	Stuck       int          `json:"stuck"`
	P999MS      float64      `json:"p999_update_ms"`
	MaxMS       float64      `json:"max_update_ms"`
	MaxCPUMS    float64      `json:"max_update_cpu_ms"`
	MeanKept    float64      `json:"mean_nodes_kept"`
	MeanReused  float64      `json:"mean_nodes_reused"`
	MedReused   float64      `json:"median_nodes_reused"`
	WorkPerAct  float64      `json:"work_per_action"`         // plan nodes evaluated + queries, per action
	ScratchWork float64      `json:"scratch_work_per_action"` // the same, planning every action from scratch
	Hash        string       `json:"motion_hash"`
	Body        *bodySummary `json:"body,omitempty"` // with --body
}

type walksSummary struct {
	Scene   string    `json:"scene"`
	Work    int       `json:"work_per_frame"`
	Depth   int       `json:"depth"`
	Seconds float64   `json:"seconds"`
	Walks   []walkRow `json:"walks"`
	P999MS  float64   `json:"p999_update_ms"` // over every frame of every walk
	MaxMS   float64   `json:"max_update_ms"`
	P999CPU float64   `json:"p999_update_cpu_ms"` // on the thread's CPU clock (Linux)
	MaxCPU  float64   `json:"max_update_cpu_ms"`
	Ratio   float64   `json:"scratch_over_reentrant_work"`
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
	var o runOptions
	o.register(fs)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 || *starts < 1 || !(*seconds > 0) || !(*every > 0) || !o.valid() {
		fmt.Fprintln(stderr, "planner walks: want [--scene S] [--scale S] [--up y|z] [--exclude-node N] [--starts N] [--seconds S] [--every S] [--seed N] [--depth 1-6] [--work N] [--budget D] [--json]")
		return 1
	}
	var err error
	if o.load, err = sf.Options(); err != nil {
		fmt.Fprintf(stderr, "planner walks: %v\n", err)
		return 1
	}
	sum, err := walks(*spec, o, *starts, *seconds, *every, *seed)
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

func walks(spec string, o runOptions, starts int, seconds, every float64, seed uint64) (*walksSummary, error) {
	lib, g, err := library.Default(library.DefaultOptions{})
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
	foot := w.Supports[w.Templates["foot"]]
	open := script.OpenFloor(foot)
	if len(open) == 0 {
		return nil, fmt.Errorf("%s: no open floor to start on", spec)
	}
	fits := func(*script.Script) bool { return true }
	if setup.Sweeps() != nil { // starts where the standing body fits
		fits = script.BodyFits(setup, w.BVH)
	}
	rng := scenes.NewRNG(seed)
	sum := &walksSummary{Scene: spec, Work: o.work, Depth: o.depth, Seconds: seconds}
	var all, cpu []float64
	var work, scratch float64
	for range starts {
		s := script.RandomWalkWhere(foot, open, rng, seconds, every, fits)
		cfg := planner.Config{Depth: o.depth, Work: o.work, Budget: o.budget}
		res, err := script.Run(setup, cfg, s, 60, w.BVH)
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
		cpu = append(cpu, res.FrameCPUMS...)
		r := reuseOf(res.Steps)
		row.MeanKept, row.MeanReused, row.MedReused = r.MeanKept, r.MeanDecided, r.MedianDecided
		row.WorkPerAct = perAction(res)
		row.ScratchWork = perAction(base)
		row.DistanceM = groundPath(res)
		if o.body || o.radii != "" {
			row.Body = bodyOf(res)
		}
		work += row.WorkPerAct
		scratch += row.ScratchWork
		all = append(all, res.FrameMS...)
		sum.Walks = append(sum.Walks, row)
	}
	sum.P999MS, sum.MaxMS = script.Percentile(all, 0.999), script.Percentile(all, 1)
	sum.P999CPU, sum.MaxCPU = script.Percentile(cpu, 0.999), script.Percentile(cpu, 1)
	if work > 0 {
		sum.Ratio = scratch / work
	}
	return sum, nil
}

// perAction is a run's planning work (plan nodes evaluated plus
// geo-queries) per action taken.
func perAction(r *script.RunResult) float64 {
	return float64(r.Work.Evaluated+r.Work.Queries) / float64(max(1, len(r.Steps)))
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
	fmt.Fprintf(w, "%-24s %7s %8s %5s %9s %8s %8s %9s %12s\n", "start", "actions", "metres", "stuck", "p99.9 ms", "max ms", "reused", "work/act", "scratch/act")
	for _, r := range s.Walks {
		fmt.Fprintf(w, "%-24s %7d %8.1f %5d %9.2f %8.2f %8.0f %9.0f %12.0f\n", fmt.Sprintf("(%.1f, %.1f, %.1f)", r.Start[0], r.Start[1], r.Start[2]), r.Actions, r.DistanceM, r.Stuck, r.P999MS, r.MaxMS, r.MeanReused, r.WorkPerAct, r.ScratchWork)
	}
	fmt.Fprintf(w, "\nUpdate over every frame: %.2f ms 99.9th percentile, %.2f ms max (thread CPU clock: %.2f, %.2f ms); planning from scratch costs %.2f× the work per action\n", s.P999MS, s.MaxMS, s.P999CPU, s.MaxCPU, s.Ratio)
}
