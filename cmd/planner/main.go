// Command planner is Foothold's main job and the planner's tools.
//
//	planner [--out DIR] [--json]
//	planner run --input SCRIPT.yaml --out DIR [--scene S] [--fst F] [--depth N] [--work N] [--budget D] [--json]
//	planner docks --bvh FILE [--scale S] [--effectors FILE] [--json]
//	planner actions [--png DIR] [--bvh DIR] [--mocap cmu-walk.bvh] [--graph FILE] [--json]
//	planner bench [--scene S] [--depth N] [--versions both|tree] [--json]
//	planner plan [--scene S] [--depth N] [--png FILE] [--prune] [--json]
//	planner profile [--scene S] [--z Z] [--json]
//	planner walks [--scene S] [--starts N] [--seconds S] [--seed N] [--work N] [--json]
//	planner crowd [--scenario NAME] [--agents N] [--scene S] [--seconds T] [--claims K] [--out DIR] [--json]
//
// With no command it runs a built-in scripted walk through builtin:stepping
// (support data built on first use and cached in the user's cache folder),
// prints a report and writes motion.bvh, motion.glb, plan.png and
// summary.json into ./foothold-out/. run does the same for any scene and
// script; docks lists the docks extracted from a capture; library builds
// an action library and its graph from captures or a glTF character's
// clips; actions lists and draws the action library; bench runs the paper's Table I; plan draws an
// unrolled plan; profile walks a line through a scene with Algorithm 1;
// walks drives random-start walks and reports the cost of every Update and
// what re-entrant planning saves; crowd runs many characters in one scene
// (the scenarios circle, crossing, hallway, bottleneck and random), each
// planning around the ground the others claim, and writes their motion
// into one glb, one BVH each, a picture of their paths and a summary. Every command takes the scene options
// --scale, --up and --exclude-node.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/internal/sceneflag"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type profilePoint struct {
	X      float32  `json:"x"`
	Height *float32 `json:"height"` // nil where the probe finds no ground
	// FootSupported: Algorithm 1 supports the foot template, facing +X, at
	// the lattice sample nearest to the ground point.
	FootSupported bool `json:"foot_supported"`
}

type report struct {
	Scene         string         `json:"scene"`
	Triangles     int            `json:"triangles"`
	SurfaceAreaM2 float64        `json:"surface_area_m2"`
	BoundsVolume  float64        `json:"bounds_volume_m3"`
	PaperAreaM2   float64        `json:"paper_area_m2,omitempty"`
	PaperVolumeM3 float64        `json:"paper_volume_m3,omitempty"`
	BVHNodes      int            `json:"bvh_nodes"`
	BVHBuildMS    float64        `json:"bvh_build_ms"`
	LineZ         float32        `json:"line_z"`
	Profile       []profilePoint `json:"profile"`
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "docks":
			return runDocks(args[1:], stdout, stderr)
		case "actions":
			return runActions(args[1:], stdout, stderr)
		case "bench":
			return runBench(args[1:], stdout, stderr)
		case "plan":
			return runPlan(args[1:], stdout, stderr)
		case "run":
			return runRun(args[1:], stdout, stderr)
		case "profile":
			return runProfile(args[1:], stdout, stderr)
		case "walks":
			return runWalks(args[1:], stdout, stderr)
		case "crowd":
			return runCrowd(args[1:], stdout, stderr)
		case "library":
			return runLibrary(args[1:], stdout, stderr)
		}
	}
	return runMain(args, stdout, stderr)
}

// runProfile walks a line through a scene: every 0.1 m a probe ray finds
// the ground and Algorithm 1 says whether a foot facing along the line is
// supported there.
func runProfile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner profile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "builtin:stepping", "scene: builtin:NAME or an .obj/.gltf/.glb file")
	var sf sceneflag.Flags
	sf.Register(fs)
	z := fs.Float64("z", math.NaN(), "the walking line's z in metres (default: the middle of the scene)")
	asJSON := fs.Bool("json", false, "print a machine-readable JSON summary")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "planner: unexpected argument %q\n", fs.Arg(0))
		return 1
	}
	opts, err := sf.Options()
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	m, err := sceneload.Load(*spec, opts)
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	b := m.Bounds()
	r := report{Scene: *spec, Triangles: m.NumTriangles(), SurfaceAreaM2: m.SurfaceArea(), BoundsVolume: b.Volume(),
		BVHNodes: bvh.Stats().Nodes, BVHBuildMS: float64(bvh.Stats().Duration.Microseconds()) / 1000}
	for _, s := range sceneload.BuiltinScenes() {
		if sceneload.BuiltinPrefix+s.Name == *spec {
			r.PaperAreaM2, r.PaperVolumeM3 = s.PaperAreaM2, s.PaperVolM3
		}
	}
	r.LineZ = float32(*z)
	if math.IsNaN(*z) {
		r.LineZ = b.Center()[2]
		if *spec == "builtin:stepping" {
			r.LineZ = 3.5 // the lane whose stairs have 0.45 m risers
		}
	}
	foot, err := dock.Builtin("foot")
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	lat := dock.DefaultLattice()
	var sup dock.Support
	const step = 0.1
	for x := b.Min[0] + step/2; x < b.Max[0]; x += step {
		ray := scenes.Ray{Origin: [3]float32{x, b.Max[1] + 1, r.LineZ}, Dir: [3]float32{0, -1, 0}, TMax: b.Size()[1] + 2}
		p := profilePoint{X: x}
		if h, ok := bvh.ClosestHit(ray, nil); ok {
			g := ray.At(h.T)
			p.Height = &g[1]
			s := dock.Sample{X: round(g[0] / lat.Linear), Y: round(g[1] / lat.Linear), Z: round(g[2] / lat.Linear), Yaw: lat.Yaws() / 4}
			p.FootSupported = dock.Feasible(bvh, foot, lat.Pose(s), lat.Linear, &sup, nil)
		}
		r.Profile = append(r.Profile, p)
	}
	if *asJSON {
		return printJSON(stdout, r)
	}
	printReport(stdout, r, b)
	return 0
}

func printReport(w io.Writer, r report, b scenes.AABB) {
	fmt.Fprintf(w, "Foothold — unrolling and warping arrive with issues 6-7; this is the scene and the foot support they will plan with.\n\n")
	fmt.Fprintf(w, "scene     %s: %d triangles\n", r.Scene, r.Triangles)
	if r.PaperAreaM2 > 0 {
		fmt.Fprintf(w, "size      %.1f m² (paper %.0f), %.1f m³ bounds (paper %.0f)\n", r.SurfaceAreaM2, r.PaperAreaM2, r.BoundsVolume, r.PaperVolumeM3)
	} else {
		fmt.Fprintf(w, "size      %.1f m², %.1f m³ bounds\n", r.SurfaceAreaM2, r.BoundsVolume)
	}
	fmt.Fprintf(w, "bvh       %d nodes, built in %.2f ms\n\n", r.BVHNodes, r.BVHBuildMS)
	fmt.Fprintf(w, "ground along z = %.2f m, a probe ray every 0.1 m ('#' a foot facing +x is supported there by Algorithm 1, '/' ground but no foot support, ' ' nothing):\n\n", r.LineZ)
	const rows = 12
	lo, hi := float64(b.Min[1]), float64(b.Max[1])
	for row := rows - 1; row >= 0; row-- {
		y0 := lo + (hi-lo)*float64(row)/rows
		var sb strings.Builder
		for _, p := range r.Profile {
			switch {
			case p.Height == nil || float64(*p.Height) < y0:
				sb.WriteByte(' ')
			case p.FootSupported:
				sb.WriteByte('#')
			default:
				sb.WriteByte('/')
			}
		}
		label := math.Round(y0*100)/100 + 0 // + 0 turns -0 into 0
		fmt.Fprintf(w, "%6.2f m |%s\n", label, strings.TrimRight(sb.String(), " "))
	}
	fmt.Fprintf(w, "         +%s\n", strings.Repeat("-", len(r.Profile)))
	fmt.Fprintf(w, "          x from %.1f to %.1f m\n", b.Min[0], b.Max[0])
}

func round(x float32) int32 { return int32(math.Round(float64(x))) }
