package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
)

type runSummary struct {
	Scene         string   `json:"scene"`
	Support       string   `json:"support"` // where the support data came from
	Seconds       float64  `json:"seconds"`
	Frames        int      `json:"frames"`
	Actions       []string `json:"actions"`
	PlanNodes     int64    `json:"plan_nodes"`
	Pruned        int64    `json:"pruned_nodes"`
	MedianFrameMS float64  `json:"median_frame_ms"`
	MaxFrameMS    float64  `json:"max_frame_ms"`
	MaxDockErrorM float64  `json:"max_dock_error_m"`
	Unreached     int      `json:"unreached_docks"`
	Stuck         int      `json:"stuck"`
	DistanceM     float64  `json:"distance_m"`
	BVH, GLB, PNG string   `json:"-"`
	Files         []string `json:"files"`
}

// runScript drives the character with a scripted input and writes the
// warped motion (BVH, glTF), a picture and a JSON summary into out.
func runScript(spec, fst string, s *planner.Script, out string, depth int) (*runSummary, error) {
	lib, g, err := actiongraph.Default(actiongraph.DefaultOptions{})
	if err != nil {
		return nil, err
	}
	w, err := loadWorld(spec, fst, lib)
	if err != nil {
		return nil, err
	}
	m, source := w.Mesh, w.Support
	cfg := w.Config(lib, g)
	cfg.Depth = depth
	res, err := planner.Run(cfg, s, 60, w.BVH)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	sum := &runSummary{Scene: spec, Support: source, Seconds: s.Duration, Frames: res.Clip.Frames(), PlanNodes: res.Made, Pruned: res.Pruned, Stuck: res.Stuck}
	sum.MedianFrameMS, sum.MaxFrameMS = res.FrameStats()
	for _, st := range res.Steps {
		sum.Actions = append(sum.Actions, st.Action)
		for _, d := range st.Docks {
			sum.MaxDockErrorM = math.Max(sum.MaxDockErrorM, d.Error)
			if !d.Reached {
				sum.Unreached++
			}
		}
	}
	n := res.Clip.Skeleton.NumJoints()
	for f := 1; f < res.Clip.Frames(); f++ {
		a, b := res.Clip.Trans[(f-1)*n], res.Clip.Trans[f*n]
		sum.DistanceM += math.Hypot(b[0]-a[0], b[2]-a[2])
	}
	sum.BVH, sum.GLB, sum.PNG = filepath.Join(out, "motion.bvh"), filepath.Join(out, "motion.glb"), filepath.Join(out, "plan.png")
	if err := motion.SaveBVH(sum.BVH, res.Clip); err != nil {
		return nil, err
	}
	if err := motion.SaveGLB(sum.GLB, res.Clip); err != nil {
		return nil, err
	}
	if err := drawRun(m, res, lib, sum.PNG, spec); err != nil {
		return nil, err
	}
	sum.Files = []string{sum.BVH, sum.GLB, sum.PNG, filepath.Join(out, "summary.json")}
	if err := atomicfile.Write(sum.Files[3], func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}); err != nil {
		return nil, err
	}
	return sum, nil
}

// drawRun draws the scene around the path from above with the last plan,
// the root's path (white) and every dock's support (green).
func drawRun(m *scenes.Mesh, res *planner.RunResult, lib *actiongraph.Library, path, spec string) error {
	n := res.Clip.Skeleton.NumJoints()
	minX, minZ, maxX, maxZ := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	top := math.Inf(-1)
	for f := range res.Clip.Frames() {
		p := res.Clip.Trans[f*n]
		minX, maxX, minZ, maxZ = math.Min(minX, p[0]), math.Max(maxX, p[0]), math.Min(minZ, p[2]), math.Max(maxZ, p[2])
		top = math.Max(top, p[1])
	}
	const margin = 2.0
	minX, minZ, maxX, maxZ = minX-margin, minZ-margin, maxX+margin, maxZ+margin
	ppm := 1000 / math.Max(maxX-minX, maxZ-minZ)
	v := topview.Render(m, minX, minZ, maxX, maxZ, ppm, top+1.5)
	c := actiongraph.DrawPlan(res.Tree, v, fmt.Sprintf("%s: %d actions, %d plan nodes", spec, len(res.Steps), res.Made))
	for f := 1; f < res.Clip.Frames(); f++ {
		a, b := res.Clip.Trans[(f-1)*n], res.Clip.Trans[f*n]
		x0, y0 := v.Pixel(a[0], a[2])
		x1, y1 := v.Pixel(b[0], b[2])
		c.Line(x0, y0, x1, y1, 2, color.RGBA{255, 255, 255, 255})
	}
	for _, st := range res.Steps {
		for _, t := range st.Targets {
			x, y := v.Pixel(float64(t.Pose.Position[0]), float64(t.Pose.Position[2]))
			fx, fy := v.Pixel(float64(t.Pose.Position[0])+0.15*math.Sin(float64(t.Pose.Yaw)), float64(t.Pose.Position[2])+0.15*math.Cos(float64(t.Pose.Yaw)))
			c.Line(x, y, fx, fy, 3, color.RGBA{60, 230, 90, 255})
		}
	}
	c.Text(8, 64, "white: the root's path; bright green: every dock's support, pointing along its yaw", color.RGBA{255, 255, 255, 255})
	return c.Save(path)
}

// runRun is `planner run`.
func runRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "", "scene: builtin:NAME or a mesh file (default: the script's, else builtin:stepping)")
	input := fs.String("input", "", "the scripted input (YAML)")
	out := fs.String("out", "", "folder for motion.bvh, motion.glb, plan.png and summary.json")
	fst := fs.String("fst", "", "support data built for the scene (default: built once and cached)")
	depth := fs.Int("depth", 4, "plan depth")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *input == "" || *out == "" || fs.NArg() > 0 || *depth < 1 || *depth > 6 {
		fmt.Fprintln(stderr, "planner run: want --input SCRIPT.yaml --out DIR [--scene S] [--fst F] [--depth 1-6] [--json]")
		return 1
	}
	s, err := planner.LoadScript(*input)
	if err != nil {
		fmt.Fprintf(stderr, "planner run: %v\n", err)
		return 1
	}
	sc := *spec
	if sc == "" {
		sc = s.Scene
	}
	if sc == "" {
		sc = "builtin:stepping"
	}
	sum, err := runScript(sc, *fst, s, *out, *depth)
	if err != nil {
		fmt.Fprintf(stderr, "planner run: %v\n", err)
		return 1
	}
	return printRun(sum, *asJSON, stdout)
}

func printRun(sum *runSummary, asJSON bool, stdout io.Writer) int {
	if asJSON {
		return printJSON(stdout, sum)
	}
	counts := map[string]int{}
	for _, a := range sum.Actions {
		counts[strings.TrimSuffix(strings.TrimSuffix(a, ".l"), ".r")]++
	}
	var kinds []string
	for k, n := range counts {
		kinds = append(kinds, fmt.Sprintf("%s ×%d", k, n))
	}
	sort.Strings(kinds)
	fmt.Fprintf(stdout, "Foothold — %s, %.0f s scripted, support data from %s\n\n", sum.Scene, sum.Seconds, sum.Support)
	fmt.Fprintf(stdout, "actions    %d taken, %.1f m travelled: %s\n", len(sum.Actions), sum.DistanceM, strings.Join(kinds, ", "))
	fmt.Fprintf(stdout, "planning   %d plan nodes evaluated, %d pruned (unsupported); %.3f ms median, %.2f ms max per 60 Hz frame\n", sum.PlanNodes, sum.Pruned, sum.MedianFrameMS, sum.MaxFrameMS)
	fmt.Fprintf(stdout, "docks      every planted foot and hand warped onto its support: largest error %.1f mm, %d unreachable\n", sum.MaxDockErrorM*1000, sum.Unreached)
	if sum.Stuck > 0 {
		fmt.Fprintf(stdout, "stuck      %d times no action was feasible\n", sum.Stuck)
	}
	fmt.Fprintf(stdout, "wrote      %s\n", strings.Join(sum.Files, ", "))
	return 0
}
