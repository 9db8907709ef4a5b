package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/picture"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

type planJSON struct {
	Scene       string     `json:"scene"`
	Start       [4]float64 `json:"start"` // x, y, z (m), heading (degrees)
	State       string     `json:"state"`
	Depth       int        `json:"depth"`
	Animations  int        `json:"animations"`
	Supported   int        `json:"supported"`
	Alive       int        `json:"alive"`
	Blocked     *int       `json:"blocked,omitempty"` // with --body: nodes whose docks are supported but whose body hits the scene
	Queries     int64      `json:"queries"`
	FeasibleNow []string   `json:"feasible_next"`
	PNG         string     `json:"png,omitempty"`
}

// runPlan unrolls the default graph from a start pose, evaluates every
// node with the support-trees, and draws the tree over the scene.
func runPlan(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "builtin:stepping", "scene: builtin:NAME or a mesh file")
	var sf sceneflag.Flags
	sf.Register(fs)
	depth := fs.Int("depth", 3, "levels to unroll (1-6)")
	x := fs.Float64("x", defaultStart.Position[0], "start x (m)")
	z := fs.Float64("z", defaultStart.Position[2], "start z (m)")
	y := fs.Float64("y", math.NaN(), "a height just above the floor to start on (default: the highest floor at x, z)")
	yawDeg := fs.Float64("yaw", defaultStart.Yaw*180/math.Pi, "start heading (degrees; 0 faces +Z, 90 faces +X)")
	state := fs.String("state", librarybuild.TableIStart, "the action being performed at the start")
	withBody := fs.Bool("body", true, "check the body against the scene at every supported node below no unsupported or blocked one, blocked nodes drawn orange (the default)")
	noBody := fs.Bool("no-body", false, "check the docks alone, as the paper does")
	prune := fs.Bool("prune", false, "prune as the runtime does (the default evaluates every node, as Table I)")
	png := fs.String("png", "", "write the picture here")
	ppm := fs.Float64("ppm", 0, "pixels per metre (default: fit 1000 pixels)")
	asJSON := fs.Bool("json", false, "print a JSON summary")
	var friction float64
	frictionFlag(fs, &friction)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 || *depth < 1 || *depth > 6 || !validFriction(friction) {
		fmt.Fprintln(stderr, "planner plan: want [--scene S] [--depth 1-6] [--x X --z Z --yaw DEG] [--no-body] [--png FILE] [--json]")
		return 1
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "planner plan: %v\n", err)
		return 1
	}
	si := lib.Index(*state)
	if si < 0 {
		fmt.Fprintf(stderr, "planner plan: no action %q (have %v)\n", *state, lib.Names())
		return 1
	}
	opts, err := sf.Options()
	if err != nil {
		fmt.Fprintf(stderr, "planner plan: %v\n", err)
		return 1
	}
	w, err := loadWorld(*spec, "", opts, lib, friction)
	if err != nil {
		fmt.Fprintf(stderr, "planner plan: %v\n", err)
		return 1
	}
	ground, ok := groundAt(w.BVH, w.Mesh.Bounds(), *x, *y, *z)
	if !ok {
		fmt.Fprintf(stderr, "planner plan: no floor under x %.2f, z %.2f in %s\n", *x, *z, *spec)
		return 1
	}
	start := action.Frame{Position: mgl64.Vec3{*x, ground, *z}, Yaw: *yawDeg * math.Pi / 180}
	pt, err := actiongraph.NewPlanTree(g, w.Templates, pruning(*prune))
	if err != nil {
		fmt.Fprintf(stderr, "planner plan: %v\n", err)
		return 1
	}
	var blocked *int
	if *withBody && !*noBody {
		c, err := adultChecker(g, w)
		if err != nil {
			fmt.Fprintf(stderr, "planner plan: %v\n", err)
			return 1
		}
		pt.SetBody(clearance{c})
		blocked = new(int)
	}
	pt.Reset(start, int32(si), *depth)
	pt.Evaluate(w.Querier, actiongraph.Budget{})
	r := planJSON{Scene: *spec, Start: [4]float64{*x, ground, *z, *yawDeg}, State: *state, Depth: *depth, Animations: len(pt.Nodes) - 1, Queries: pt.Stats().Queries, PNG: *png, FeasibleNow: []string{}}
	for _, n := range pt.Nodes[1:] {
		if n.Status == actiongraph.Supported {
			r.Supported++
			if !n.Dead {
				r.Alive++
			}
		}
		if n.Status == actiongraph.Blocked {
			*blocked++
		}
	}
	r.Blocked = blocked
	root := pt.Nodes[0]
	for c := root.FirstChild; c < root.FirstChild+root.NumChildren; c++ {
		if n := pt.Nodes[c]; n.Status == actiongraph.Supported && !n.Dead {
			r.FeasibleNow = append(r.FeasibleNow, lib.Actions[n.Action].Name)
		}
	}
	if *png != "" {
		reach := 1.0 + 1.1*float64(*depth)
		scale := *ppm
		if scale <= 0 {
			scale = 1000 / (2 * reach)
		}
		v := topview.Render(w.Mesh, *x-reach, *z-reach, *x+reach, *z+reach, scale, ground+2.5)
		title := fmt.Sprintf("%s: %d animations from %s at (%.1f, %.1f), depth %d; %d supported, %d alive", *spec, r.Animations, *state, *x, *z, *depth, r.Supported, r.Alive)
		if err := picture.DrawPlan(pt, v, title).Save(*png); err != nil {
			fmt.Fprintf(stderr, "planner plan: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		return printJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "%s: from %s at (%.2f, %.2f, %.2f) heading %.0f°, depth %d: %d animations, %d supported, %d alive, %d geo-queries\n",
		*spec, *state, *x, ground, *z, *yawDeg, *depth, r.Animations, r.Supported, r.Alive, r.Queries)
	fmt.Fprintf(stdout, "feasible next actions: %v\n", r.FeasibleNow)
	if *png != "" {
		fmt.Fprintf(stdout, "picture: %s\n", *png)
	}
	return 0
}

// groundAt finds the floor under (x, z): the first upward-facing surface
// below y (or below the top of the scene when y is NaN).
func groundAt(bvh *scenes.BVH, b scenes.AABB, x, y, z float64) (float64, bool) {
	top := float64(b.Max[1]) + 1
	if !math.IsNaN(y) {
		top = y
	}
	ray := scenes.Ray{Origin: [3]float32{float32(x), float32(top), float32(z)}, Dir: [3]float32{0, -1, 0}, TMax: float32(top-float64(b.Min[1])) + 1}
	h, ok := bvh.ClosestHit(ray, nil)
	if !ok {
		return 0, false
	}
	return float64(ray.At(h.T)[1]), true
}

// pruning is the plan tree's mode: pruned as the runtime plans, or every
// node evaluated as the paper's Table I counts.
func pruning(prune bool) actiongraph.Pruning {
	if prune {
		return actiongraph.Prune
	}
	return actiongraph.EvaluateAll
}
