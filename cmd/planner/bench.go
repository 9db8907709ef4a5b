package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// The paper's Table I: animations and Version I / Version II prune times
// at depths 1-4.
var (
	paperAnimations  = []int{5, 32, 197, 1236}
	paperTreeSeconds = []float64{0.0005, 0.0056, 0.0538, 0.497}
	paperProbeSecs   = []float64{0.98, 9.2, 75, 588}
)

type benchRow struct {
	Depth              int        `json:"depth"`
	Animations         int        `json:"animations"`
	Feasible           int        `json:"feasible"`
	ProbeSeconds       *float64   `json:"probe_seconds"`
	TreeSeconds        float64    `json:"tree_seconds"`
	TreeUsPerAnimation float64    `json:"tree_us_per_animation"`
	PaperTreeSeconds   *float64   `json:"paper_tree_seconds"`
	Body               *benchBody `json:"body,omitempty"`
}

// benchBody is a depth's figures with the body's clearance tested at every
// supported node whose ancestors are all supported and clear, timed in the
// same run as the docks alone.
type benchBody struct {
	Seconds        float64 `json:"seconds"`
	UsPerAnimation float64 `json:"us_per_animation"`
	VsDocksOnly    float64 `json:"vs_docks_only"`
	// Feasible counts the nodes supported and clear with every ancestor:
	// those the character could perform.
	Feasible int `json:"feasible"`
	Blocked  int `json:"blocked_nodes"`
	// BelowDead counts the nodes the docks support below an unsupported or
	// blocked one: never performed, their bodies are not tested.
	BelowDead          int     `json:"supported_below_dead"`
	Checks             int64   `json:"checks"`
	Remembered         int64   `json:"remembered"` // questions answered from memory (asked before at the same frame)
	UsPerCheck         float64 `json:"us_per_check"`
	BVHNodesPerCheck   float64 `json:"bvh_nodes_per_check"`
	PairsPerCheck      float64 `json:"narrow_pairs_per_check"`
	StepsPerCheck      float64 `json:"narrow_steps_per_check"`       // exact distances
	PlaneStepsPerCheck float64 `json:"narrow_plane_steps_per_check"` // steps cleared by a plane instead
}

// defaultStart is the Table I start on builtin:stepping: standing in the
// stairs hall at x = 3, z = 2, facing +X towards the gap and the low
// wall's opening.
var defaultStart = action.Frame{Position: mgl64.Vec3{3, 0, 2}, Yaw: math.Pi / 2}

// runBench runs the paper's Table I experiment: the default graph unrolled
// from a fixed start, every node evaluated (nothing removed), with Version
// I and Version II on the same tree, which must agree node for node.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "builtin:stepping", "scene: builtin:NAME or a mesh file")
	var sf sceneflag.Flags
	sf.Register(fs)
	depth := fs.Int("depth", 4, "deepest level (1-8)")
	versions := fs.String("versions", "both", "both, or tree to skip Version I (minutes at depth 6)")
	reps := fs.Int("reps", 5, "Version II timing repetitions (the median is reported)")
	x := fs.Float64("x", defaultStart.Position[0], "start x (m)")
	z := fs.Float64("z", defaultStart.Position[2], "start z (m)")
	yawDeg := fs.Float64("yaw", defaultStart.Yaw*180/math.Pi, "start heading (degrees; 90 faces +X)")
	withBody := fs.Bool("body", true, "also time every depth with the body's clearance tested at every supported node below no unsupported or blocked one (the default)")
	noBody := fs.Bool("no-body", false, "time the docks alone, as the paper does")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per depth")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 || *depth < 1 || *depth > 8 || (*versions != "both" && *versions != "tree") || *reps < 1 {
		fmt.Fprintln(stderr, "planner bench: want [--scene S] [--depth 1-8] [--versions both|tree] [--reps N] [--json]")
		return 1
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "planner bench: %v\n", err)
		return 1
	}
	opts, err := sf.Options()
	if err != nil {
		fmt.Fprintf(stderr, "planner bench: %v\n", err)
		return 1
	}
	w, err := loadWorld(*spec, "", opts, lib, 0)
	if err != nil {
		fmt.Fprintf(stderr, "planner bench: %v\n", err)
		return 1
	}
	start := action.Frame{Position: mgl64.Vec3{*x, 0, *z}, Yaw: *yawDeg * math.Pi / 180}
	state := int32(lib.Index(librarybuild.TableIStart))
	pt, err := actiongraph.NewPlanTree(g, w.Templates, actiongraph.EvaluateAll)
	if err != nil {
		fmt.Fprintf(stderr, "planner bench: %v\n", err)
		return 1
	}
	var bodyTree *actiongraph.PlanTree
	var checker *ccd.Checker
	if *withBody && !*noBody {
		if bodyTree, checker, err = benchBodyTree(g, w); err != nil {
			fmt.Fprintf(stderr, "planner bench: %v\n", err)
			return 1
		}
	}
	var rows []benchRow
	var statuses []actiongraph.Status
	for d := 1; d <= *depth; d++ {
		row := benchRow{Depth: d}
		if *versions == "both" {
			pt.Reset(start, state, d)
			secs := timeEval(pt, w.Probe)
			row.ProbeSeconds = &secs
			statuses = statuses[:0]
			for _, n := range pt.Nodes {
				statuses = append(statuses, n.Status)
			}
		}
		var times, bodyTimes []float64
		if checker != nil {
			checker.Stats = ccd.Stats{}
		}
		for range *reps {
			pt.Reset(start, state, d)
			times = append(times, timeEval(pt, w.ExactQuerier))
			if bodyTree != nil {
				checker.Forget()
				bodyTree.Reset(start, state, d)
				bodyTimes = append(bodyTimes, timeEval(bodyTree, w.ExactQuerier))
			}
		}
		row.TreeSeconds = median(times)
		row.Animations = len(pt.Nodes) - 1
		for i, n := range pt.Nodes[1:] {
			if n.Status == actiongraph.Supported {
				row.Feasible++
			}
			if *versions == "both" && statuses[i+1] != n.Status {
				fmt.Fprintf(stderr, "planner bench: depth %d, node %d (%s): Version I says %v, Version II says %v\n",
					d, i+1, lib.Actions[n.Action].Name, statuses[i+1], n.Status)
				return 1
			}
		}
		row.TreeUsPerAnimation = row.TreeSeconds / float64(row.Animations) * 1e6
		if bodyTree != nil {
			row.Body = bodyFigures(bodyTree, checker, median(bodyTimes), row.TreeSeconds, *reps)
		}
		if d <= len(paperTreeSeconds) {
			p := paperTreeSeconds[d-1]
			row.PaperTreeSeconds = &p
		}
		rows = append(rows, row)
	}
	if *asJSON {
		return printJSON(stdout, rows)
	}
	fmt.Fprintf(stdout, "Table I on %s: the default graph unrolled from %s at (%.1f, %.1f) heading %.0f°, every node evaluated\n",
		*spec, librarybuild.TableIStart, start.Position[0], start.Position[2], *yawDeg)
	fmt.Fprintf(stdout, "(support data: %s; Version II times are medians of %d runs; one core)\n\n", w.Support, *reps)
	fmt.Fprintf(stdout, "%5s %10s %9s %12s %12s %10s %14s %16s\n", "depth", "animations", "feasible", "Version I s", "Version II s", "µs/anim", "II vs I", "vs paper's II")
	for _, r := range rows {
		probe, speed := "-", "-"
		if r.ProbeSeconds != nil {
			probe = fmt.Sprintf("%.4f", *r.ProbeSeconds)
			speed = fmt.Sprintf("%.0f×", *r.ProbeSeconds/r.TreeSeconds)
		}
		vsPaper := "-"
		if r.PaperTreeSeconds != nil {
			paperPer := *r.PaperTreeSeconds / float64(paperAnimations[r.Depth-1])
			vsPaper = fmt.Sprintf("%.0f× per anim", paperPer/(r.TreeSeconds/float64(r.Animations)))
		}
		fmt.Fprintf(stdout, "%5d %10d %9d %12s %12.6f %10.2f %14s %16s\n", r.Depth, r.Animations, r.Feasible, probe, r.TreeSeconds, r.TreeUsPerAnimation, speed, vsPaper)
	}
	fmt.Fprintf(stdout, "\npaper: %v animations; Version I %v s; Version II %v s\n", paperAnimations, paperProbeSecs, paperTreeSeconds)
	if len(rows) > 0 && rows[0].Body != nil {
		printBodyRows(stdout, rows)
	}
	return 0
}

// printBodyRows prints the figures with the body's clearance.
func printBodyRows(w io.Writer, rows []benchRow) {
	fmt.Fprintf(w, "\nwith the body's clearance (the adult's capsules; a node below an unsupported or blocked one is not tested):\n")
	fmt.Fprintf(w, "%5s %12s %10s %13s %9s %8s %11s %12s %11s %10s\n", "depth", "seconds", "µs/anim", "vs docks only", "feasible", "blocked", "below dead", "body checks", "remembered", "µs/check")
	for _, r := range rows {
		b := r.Body
		fmt.Fprintf(w, "%5d %12.6f %10.2f %12.2f× %9d %8d %11d %12d %11d %10.2f\n", r.Depth, b.Seconds, b.UsPerAnimation, b.VsDocksOnly, b.Feasible, b.Blocked, b.BelowDead, b.Checks, b.Remembered, b.UsPerCheck)
	}
}

// benchBodyTree is a Table I tree that tests the adult body's clearance
// against w's scene at every supported node below no dead one.
func benchBodyTree(g *stategraph.Graph, w *world.World) (*actiongraph.PlanTree, *ccd.Checker, error) {
	c, err := adultChecker(g, w)
	if err != nil {
		return nil, nil, err
	}
	pt, err := actiongraph.NewPlanTree(g, w.Templates, actiongraph.EvaluateAll)
	if err != nil {
		return nil, nil, err
	}
	pt.SetBody(clearance{c})
	return pt, c, nil
}

// adultChecker is a body checker of the adult against w's scene.
func adultChecker(g *stategraph.Graph, w *world.World) (*ccd.Checker, error) {
	a := g.Library.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		return nil, err
	}
	sw, err := bodySweeps(g.Library, m, ccd.Options{})
	if err != nil {
		return nil, err
	}
	sc, err := ccd.NewScene(w.BVH)
	if err != nil {
		return nil, err
	}
	c := ccd.NewChecker(sw, sc)
	c.FreeLimbs = true // as a planner alone checks
	return c, nil
}

// clearance is the plan tree's view of a body checker.
type clearance struct{ c *ccd.Checker }

func (b clearance) Clear(a int32, f action.Frame, lift float64) bool {
	return b.c.Action(a, f, lift, nil)
}

// bodyFigures are the body's figures of the last evaluation of pt, timed
// at secs (median) against docks-only seconds; c's stats cover reps runs.
func bodyFigures(pt *actiongraph.PlanTree, c *ccd.Checker, secs, docksOnly float64, reps int) *benchBody {
	anim := len(pt.Nodes) - 1
	b := &benchBody{Seconds: secs, UsPerAnimation: secs / float64(anim) * 1e6, VsDocksOnly: secs / docksOnly}
	for i := 1; i < len(pt.Nodes); i++ {
		switch pt.Nodes[i].Status {
		case actiongraph.Supported:
			if !pt.BelowDead(int32(i)) {
				b.Feasible++
			} else {
				b.BelowDead++
			}
		case actiongraph.Blocked:
			b.Blocked++
		}
	}
	st := c.Stats
	b.Checks, b.Remembered = st.Checks/int64(reps), st.Remembered/int64(reps)
	if st.Checks > 0 {
		n := float64(st.Checks)
		b.UsPerCheck = (secs - docksOnly) * 1e6 / float64(b.Checks)
		b.BVHNodesPerCheck = float64(st.BVH.Nodes) / n
		b.PairsPerCheck = float64(st.Pairs) / n
		b.StepsPerCheck = float64(st.Steps) / n
		b.PlaneStepsPerCheck = float64(st.Bounds) / n
	}
	return b
}

func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}

// timeEval evaluates the whole tree and returns the seconds it took.
func timeEval(pt *actiongraph.PlanTree, q geoquery.Querier) float64 {
	t0 := time.Now()
	pt.Evaluate(q, actiongraph.Budget{})
	return time.Since(t0).Seconds()
}
