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
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/export"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/picture"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/stream"
	"github.com/foothold/foothold/world"
)

type runSummary struct {
	Scene         string       `json:"scene"`
	Support       string       `json:"support"` // where the support data came from
	Seconds       float64      `json:"seconds"`
	Frames        int          `json:"frames"`
	Actions       []string     `json:"actions"`
	StepStarts    []float64    `json:"step_starts"` // when each action started [Units: s]
	PlanNodes     int64        `json:"plan_nodes"`
	Pruned        int64        `json:"pruned_nodes"`
	Queries       int64        `json:"queries"`
	Work          int          `json:"work_per_frame"`
	Reused        reuse        `json:"reused"`
	MedianFrameMS float64      `json:"median_frame_ms"`
	P999FrameMS   float64      `json:"p999_frame_ms"`
	MaxFrameMS    float64      `json:"max_frame_ms"`
	MaxFrame      int          `json:"max_frame"`         // the frame whose Update took longest
	P999CPUMS     float64      `json:"p999_frame_cpu_ms"` // the same on the thread's CPU clock (Linux), without the time given to other work
	MaxCPUMS      float64      `json:"max_frame_cpu_ms"`
	Hash          string       `json:"motion_hash"`
	MaxDockErrorM float64      `json:"max_dock_error_m"`
	Unreached     int          `json:"unreached_docks"`
	Stuck         int          `json:"stuck"`
	Waits         int          `json:"waits"` // Updates that held the last pose, the budget spent on choices not yet known
	MaxWork       int          `json:"max_frame_work"`
	DeadEnds      int          `json:"dead_ends_passed_over"` // choices passed over: warped, they left no way on
	DistanceM     float64      `json:"distance_m"`
	Body          *bodySummary `json:"body,omitempty"`                 // with --body
	Timeline      string       `json:"timeline,omitempty"`             // the moving parts' timeline played (--timeline, or the scene's own)
	Streamed      *streamed    `json:"streamed,omitempty"`             // with --tiles
	StepMS        float64      `json:"median_world_step_ms,omitempty"` // the moving world's step per frame: its edits, its scene for the planner
	MaxStepMS     float64      `json:"max_world_step_ms,omitempty"`
	BVH, GLB, PNG string       `json:"-"`
	Files         []string     `json:"files"`
}

// streamed is what a run over a tiled bake held and read.
type streamed struct {
	RadiusM           float64  `json:"radius_m"`
	Loaded            int      `json:"tiles_loaded"`
	Dropped           int      `json:"tiles_dropped"`
	MostResident      int      `json:"most_tiles_held"`
	MostResidentBytes int      `json:"most_bytes_held"`
	Errors            []string `json:"errors,omitempty"` // tiles that could not be read: they held no support
}

func streamedOf(w *stream.World, radius float64) *streamed {
	st := w.Stats()
	out := &streamed{RadiusM: radius, Loaded: st.Loaded, Dropped: st.Dropped, MostResident: st.MostResident, MostResidentBytes: st.MostResidentBytes}
	for _, e := range w.Errors() {
		out.Errors = append(out.Errors, e.Error())
	}
	return out
}

// reuse is what re-entrant planning kept per chosen action: plan nodes
// kept, of them decided without a query, and the median of the latter.
type reuse struct {
	Actions       int     `json:"actions"`
	WorkPerAction float64 `json:"work_per_action"`                   // plan nodes evaluated plus geo-queries
	Scratch       float64 `json:"scratch_work_per_action,omitempty"` // the same planning every action from scratch (--scratch)
	MeanKept      float64 `json:"mean_kept"`
	MeanDecided   float64 `json:"mean_decided"`
	MedianDecided float64 `json:"median_decided"`
}

// runOptions say how a scripted run plans.
type runOptions struct {
	fst      string
	load     sceneload.LoadOptions
	depth    int
	work     int           // plan nodes per frame (0: time budget only)
	budget   time.Duration // planning time per frame (0: work budget only)
	scratch  bool          // also plan every action from scratch, for comparison
	body     bool          // check the body against the scene (the default)
	noBody   bool          // the docks alone (--no-body), over body
	radii    string        // a radii file for the body (implies body)
	friction float64       // the contacts' friction coefficient (0: the paper's 10° cone)
	paper    bool          // the paper's moves only: no turning on the spot, stepping back or short steps
	lib      string        // a library file (planner library) instead of the built-in actions
	timeline string        // a timeline of moving parts (live.Timeline; default: the scene's built-in one, if any)
	tiles    string        // a tiled bake's folder: its support data streamed around the character (package stream)
	radius   float64       // with tiles: how far around the character they are held [Units: m]
}

// library builds the action library and graph a run plans with: the
// built-in one, or the library file's.
func (o *runOptions) library() (*action.Library, *stategraph.Graph, error) {
	if o.lib != "" {
		return librarybuild.LoadLibrary(o.lib)
	}
	return librarybuild.Default(librarybuild.DefaultOptions{Crowd: !o.paper})
}

// withBody reports whether the options check the body: by default unless
// --no-body asks for the docks alone, and always with a radii file.
func (o *runOptions) withBody() bool { return o.body && !o.noBody || o.radii != "" }

// setup makes the planner setup the options ask for.
func (o *runOptions) setup(g *stategraph.Graph, q *geoquery.Tree) (*planner.Setup, error) {
	if !o.withBody() {
		return planner.NewSetup(g, q, nil)
	}
	m, err := planner.DefaultBody(g.Library, nil)
	if o.radii != "" {
		m, err = bodyWithRadii(g.Library, o.radii)
	}
	if err != nil {
		return nil, err
	}
	sw, err := bodySweeps(g.Library, m, ccd.Options{})
	if err != nil {
		return nil, err
	}
	return planner.NewSetup(g, q, sw)
}

// exportBody is the body drawn in the exported glb: the one checked, or
// the adult when the run checked none.
func exportBody(setup *planner.Setup, lib *action.Library) ([]export.Capsule, error) {
	var m *body.Model
	if sw := setup.Sweeps(); sw != nil {
		m = sw.Model()
	} else {
		var err error
		if m, err = planner.DefaultBody(lib, nil); err != nil {
			return nil, err
		}
	}
	out := make([]export.Capsule, len(m.Capsules))
	for i, c := range m.Capsules {
		out[i] = export.Capsule{Joint: int(c.Joint), A: c.A, B: c.B, Radius: c.Radius}
	}
	return out, nil
}

// bodyWithRadii derives the body of lib's skeleton with the radii of a
// radii file over the character's (body.RadiiFor).
func bodyWithRadii(lib *action.Library, file string) (*body.Model, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a := lib.Actions[0]
	r, err := librarybuild.ReadRadii(f, file, body.RadiiFor(a.Clip.Skeleton, a.Effectors))
	if err != nil {
		return nil, err
	}
	return planner.DefaultBody(lib, &r)
}

// register adds the planning flags (--depth, --work, --budget) to fs.
func (o *runOptions) register(fs *flag.FlagSet) {
	fs.IntVar(&o.depth, "depth", 4, "plan depth, 1-6")
	fs.IntVar(&o.work, "work", defaultWork, "work per frame, in planner.Config.Work's units (plan nodes, geo-queries, body tests, warps and checks of warped clips): the same script then gives the same motion on any machine (0: plan by time, --budget)")
	fs.BoolVar(&o.body, "body", true, "check the body against the scene (capsules per bone, continuous collision detection): prune plan nodes and refuse warped choices whose body would hit it (the default)")
	fs.BoolVar(&o.noBody, "no-body", false, "check the docks alone, as the paper does: the body may pass through the scene")
	fs.StringVar(&o.radii, "radii", "", "a YAML file of the body's capsule radii per part, over the character's (the adult's, grown to its size; implies --body)")
	frictionFlag(fs, &o.friction)
	fs.BoolVar(&o.paper, "paper-moves", false, "plan with the paper's moves only (by default the character may also turn on the spot, step back and take short steps, as at an edge or on a steep slope)")
	fs.DurationVar(&o.budget, "budget", 0, "planning time per frame, besides or instead of --work (e.g. 2ms)")
	fs.StringVar(&o.lib, "library", "", "plan with the actions of a library file (made by planner library) instead of the built-in ones")
	fs.StringVar(&o.timeline, "timeline", "", "a YAML timeline of moving parts (doors, lifts, crates: see docs/dynamic.md); builtin:dynamic plays its own by default")
}

// steppedWorld is a moving world as a run steps it, timing each step.
type steppedWorld struct {
	*live.World
	ms []float64
}

func (w *steppedWorld) Step(dt float64) error {
	t0 := time.Now()
	_, err := w.World.Step(dt)
	w.ms = append(w.ms, float64(time.Since(t0).Nanoseconds())/1e6)
	return err
}

// movingWorld is the world of lw playing the options' timeline, or the
// scene's own (nil when there is none), and the timeline's name.
func (o *runOptions) movingWorld(spec string, lw *world.World, setup *planner.Setup) (*steppedWorld, string, error) {
	tl, name := (*live.Timeline)(nil), o.timeline
	var err error
	if o.timeline != "" {
		if tl, err = live.LoadTimeline(o.timeline); err != nil {
			return nil, "", err
		}
	} else {
		var ok bool
		if tl, ok, err = live.Builtin(spec); err != nil || !ok {
			return nil, "", err
		}
		name = spec + " (built in)"
	}
	w, err := live.FromWorld(lw, setup)
	if err != nil {
		return nil, "", err
	}
	if err := w.Play(tl); err != nil {
		return nil, "", err
	}
	if _, err := w.Step(0); err != nil {
		return nil, "", err
	}
	return &steppedWorld{World: w}, name, nil
}

// valid reports whether the planning flags make sense.
func (o *runOptions) valid() bool {
	return o.depth >= 1 && o.depth <= 6 && o.work >= 0 && o.budget >= 0 && (o.work > 0 || o.budget > 0) && validFriction(o.friction)
}

// runScript drives the character with a scripted input and writes the
// warped motion (BVH, glTF), a picture and a JSON summary into out.
func runScript(spec string, s *script.Script, out string, o runOptions) (*runSummary, error) {
	lib, g, err := o.library()
	if err != nil {
		return nil, err
	}
	if lib.Index(s.State) < 0 && o.lib != "" {
		// A library without the script's state starts standing.
		sc := *s
		sc.State = ""
		s = &sc
	}
	var w *world.World
	if o.tiles != "" {
		w, err = world.LoadTiled(spec, lib, world.Options{Load: o.load, Friction: o.friction})
	} else {
		w, err = loadWorld(spec, o.fst, o.load, lib, o.friction)
	}
	if err != nil {
		return nil, err
	}
	setup, err := o.setup(g, w.Querier)
	if err != nil {
		return nil, err
	}
	var moving *steppedWorld
	var tlName string
	var tiled *stream.World
	if o.tiles != "" {
		if tiled, err = stream.Open(o.tiles, setup, o.radius); err != nil {
			return nil, err
		}
		defer tiled.Close()
	} else if moving, tlName, err = o.movingWorld(spec, w, setup); err != nil {
		return nil, err
	}
	var stepped script.World
	if tiled != nil {
		setup, stepped = tiled.Setup(), tiled
		if o.scratch || o.timeline != "" {
			return nil, fmt.Errorf("--tiles streams a scene that does not move: not with --scratch or --timeline")
		}
	}
	if moving != nil {
		setup, stepped = moving.Setup(), moving
		if o.scratch {
			return nil, fmt.Errorf("--scratch plans in a scene that does not move: not with a timeline")
		}
	}
	res, err := script.RunStepped(setup, planner.Config{Depth: o.depth, Work: o.work, Budget: o.budget}, s, 60, w.BVH, stepped)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	sum := &runSummary{Scene: spec, Support: w.Support, Seconds: s.Duration, Frames: res.Clip.Frames(), Stuck: res.Stuck, DeadEnds: res.DeadEnds, Work: o.work, Waits: res.Waits}
	sum.MaxWork, _ = overWork(res.FrameWork, o.work)
	sum.PlanNodes, sum.Pruned, sum.Queries = res.Work.Evaluated, res.Work.Unsupported, res.Work.Queries
	sum.Reused = reuseOf(res.Steps)
	sum.Reused.WorkPerAction = perAction(res)
	if o.withBody() {
		sum.Body = bodyOf(res)
	}
	if o.scratch {
		base, err := script.Run(setup, planner.Config{Depth: o.depth, Work: o.work, Budget: o.budget, Replan: true}, s, 60, w.BVH)
		if err != nil {
			return nil, err
		}
		sum.Reused.Scratch = perAction(base)
	}
	sum.MedianFrameMS, sum.MaxFrameMS = res.FrameStats()
	sum.P999FrameMS = res.Percentile(0.999)
	sum.P999CPUMS, sum.MaxCPUMS = script.Percentile(res.FrameCPUMS, 0.999), script.Percentile(res.FrameCPUMS, 1)
	for f, ms := range res.FrameMS {
		if ms == sum.MaxFrameMS {
			sum.MaxFrame = f + 1
			break
		}
	}
	sum.Hash = fmt.Sprintf("%016x", script.MotionHash(res.Clip))
	for _, st := range res.Steps {
		sum.Actions = append(sum.Actions, st.Action)
		sum.StepStarts = append(sum.StepStarts, math.Round(st.Start*1e6)/1e6)
		for _, d := range st.Docks {
			sum.MaxDockErrorM = math.Max(sum.MaxDockErrorM, d.Error)
			if !d.Reached {
				sum.Unreached++
			}
		}
	}
	sum.DistanceM = groundPath(res)
	if tiled != nil {
		sum.Support = o.tiles + " (streamed)"
		sum.Streamed = streamedOf(tiled, o.radius)
	}
	mesh := w.Mesh
	if moving != nil {
		sum.Timeline, mesh = tlName, moving.Mesh()
		sum.StepMS, sum.MaxStepMS = script.Percentile(moving.ms, 0.5), script.Percentile(moving.ms, 1)
	}
	sum.BVH, sum.GLB, sum.PNG = filepath.Join(out, "motion.bvh"), filepath.Join(out, "motion.glb"), filepath.Join(out, "plan.png")
	if err := motionfile.SaveBVH(sum.BVH, res.Clip); err != nil {
		return nil, err
	}
	caps, err := exportBody(setup, lib)
	if err != nil {
		return nil, err
	}
	if err := export.SaveGLBWith(sum.GLB, res.Clip, export.GLBOptions{Body: caps}); err != nil {
		return nil, err
	}
	if err := drawRun(mesh, res, sum.PNG, spec, nil); err != nil {
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
// the root's path (white), every dock's support (green) and, when given,
// the headings the input asked for as arrows from the start (yellow).
func drawRun(m *scenes.Mesh, res *script.RunResult, path, spec string, headings []float64) error {
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
	c := picture.DrawPlan(res.Plan, v, fmt.Sprintf("%s: %d actions, %d plan nodes", spec, len(res.Steps), res.Work.Evaluated))
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
	if len(headings) > 0 {
		yellow := color.RGBA{255, 220, 40, 255}
		p := res.Clip.Trans[0]
		x0, y0 := v.Pixel(p[0], p[2])
		for _, h := range headings {
			x1, y1 := v.Pixel(p[0]+1.5*math.Sin(h), p[2]+1.5*math.Cos(h))
			c.Line(x0, y0, x1, y1, 3, yellow)
			c.Disc(x1, y1, 6, yellow)
		}
		c.Text(8, 80, "yellow: the headings asked for, 1.5 m from the start (a dot at the tip)", yellow)
	}
	return c.Save(path)
}

// runRun is `planner run`.
func runRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("scene", "", "scene: builtin:NAME or a mesh file (default: the script's, else builtin:stepping)")
	input := fs.String("input", "", "the scripted input (YAML)")
	out := fs.String("out", "", "folder for motion.bvh, motion.glb, plan.png and summary.json")
	var o runOptions
	var sf sceneflag.Flags
	sf.Register(fs)
	fs.StringVar(&o.fst, "fst", "", "support data built for the scene (default: built once and cached)")
	fs.StringVar(&o.tiles, "tiles", "", "a tiled bake's folder (preprocess build --tiles, merge): stream its support data around the character (a world too large to hold, builtin:world)")
	fs.Float64Var(&o.radius, "radius", 16, "with --tiles: hold the tiles within this many metres of the character")
	o.register(fs)
	fs.BoolVar(&o.scratch, "scratch", false, "also plan every action from scratch and report the work saved")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *input == "" || *out == "" || fs.NArg() > 0 || !o.valid() {
		fmt.Fprintln(stderr, "planner run: want --input SCRIPT.yaml --out DIR [--scene S] [--scale S] [--up y|z] [--exclude-node N] [--fst F] [--depth 1-6] [--work N] [--budget D] [--body] [--radii F] [--library LIB.yaml] [--timeline T.yaml] [--tiles DIR [--radius M]] [--scratch] [--json]")
		return 1
	}
	var err error
	if o.load, err = sf.Options(); err != nil {
		fmt.Fprintf(stderr, "planner run: %v\n", err)
		return 1
	}
	s, err := script.LoadScript(*input)
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
	sum, err := runScript(sc, s, *out, o)
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
	fmt.Fprintf(stdout, "planning   %d plan nodes evaluated, %d pruned (unsupported), %d geo-queries; per chosen action %.0f plan nodes kept, %.0f of them reused without a query%s\n", sum.PlanNodes, sum.Pruned, sum.Queries, sum.Reused.MeanKept, sum.Reused.MeanDecided, scratchText(sum.Reused))
	fmt.Fprintf(stdout, "frames     Update %.3f ms median, %.2f ms 99.9th percentile, %.2f ms max (60 Hz; %s)%s\n", sum.MedianFrameMS, sum.P999FrameMS, sum.MaxFrameMS, budgetText(sum.Work), cpuText(sum))
	fmt.Fprintf(stdout, "docks      every planted foot and hand warped onto its support: largest error %.1f mm, %d unreachable\n", sum.MaxDockErrorM*1000, sum.Unreached)
	if sum.DeadEnds > 0 {
		fmt.Fprintf(stdout, "dead ends  %d choices passed over: warped, they left no way on\n", sum.DeadEnds)
	}
	if sum.Waits > 0 {
		fmt.Fprintf(stdout, "waits      %d frames held the last pose, the budget spent on choices not yet known\n", sum.Waits)
	}
	if sum.Stuck > 0 {
		fmt.Fprintf(stdout, "stuck      %d times no action was feasible\n", sum.Stuck)
	}
	if b := sum.Body; b != nil {
		fmt.Fprintf(stdout, "body       %d plan nodes blocked, %d choices refused; smallest clearance %.3f m (%s at %.2f s)\n", b.Blocked, b.Refused, b.Clearance, b.ClearancePart, b.ClearanceTime)
		if b.StartInScene {
			fmt.Fprintf(stdout, "           the start does not fit the body: its %s goes into the scene during the start action\n", b.StartPart)
		}
		if b.StartMoved > 0 {
			fmt.Fprintf(stdout, "           the start was moved %.2f m to where the body fits: its %s was in the scene\n", b.StartMoved, b.StartPart)
		}
	}
	if st := sum.Streamed; st != nil {
		fmt.Fprintf(stdout, "tiles      held within %.0f m: at most %d at once (%.0f KiB of support data); %d read, %d let go of; %d could not be read\n",
			st.RadiusM, st.MostResident, float64(st.MostResidentBytes)/1024, st.Loaded, st.Dropped, len(st.Errors))
	}
	fmt.Fprintf(stdout, "wrote      %s (motion hash %s)\n", strings.Join(sum.Files, ", "), sum.Hash)
	return 0
}

func budgetText(work int) string {
	if work > 0 {
		return fmt.Sprintf("%d units of work per frame: deterministic", work)
	}
	return "planning by time"
}

// defaultWork is the work per frame by default (planner.DefaultWork): the
// deterministic budget, measured to stay within 2 ms per Update on the
// built-in scenes and the shared levels (see docs/performance.md).
const defaultWork = planner.DefaultWork

// reuseOf sums up what the plan kept per chosen action.
func reuseOf(steps []planner.Step) reuse {
	var r reuse
	var decided []float64
	for _, st := range steps[1:] {
		r.Actions++
		r.MeanKept += float64(st.Commit.Kept)
		r.MeanDecided += float64(st.Commit.Decided)
		decided = append(decided, float64(st.Commit.Decided))
	}
	if r.Actions > 0 {
		r.MeanKept /= float64(r.Actions)
		r.MeanDecided /= float64(r.Actions)
		sort.Float64s(decided)
		r.MedianDecided = decided[len(decided)/2]
	}
	return r
}

func scratchText(r reuse) string {
	if r.Scratch == 0 {
		return ""
	}
	return fmt.Sprintf("; from scratch %.2f× the work", r.Scratch/r.WorkPerAction)
}

func cpuText(s *runSummary) string {
	if s.MaxCPUMS == 0 {
		return ""
	}
	return fmt.Sprintf("; on its thread's CPU clock %.2f ms max", s.MaxCPUMS)
}

// bodySummary is what the body check did over a run.
type bodySummary struct {
	Blocked    int64 `json:"blocked_nodes"`      // plan nodes pruned for the body (apart from unsupported ones)
	Refused    int   `json:"refused_choices"`    // warped choices refused because the body would hit the scene
	Held       int   `json:"held_choices"`       // warped choices taken with the root held where the plan checked the body
	Checks     int64 `json:"checks"`             // plan nodes and warped actions checked
	Remembered int64 `json:"remembered"`         // plan nodes answered from memory (asked before at the same frame)
	Pairs      int64 `json:"narrow_pairs"`       // capsule–triangle pairs given to the narrow phase
	Steps      int64 `json:"narrow_steps"`       // exact distances
	Planes     int64 `json:"narrow_plane_steps"` // steps cleared by a plane instead
	BVHNodes   int64 `json:"bvh_nodes"`          // BVH nodes visited by the broad phase
	// The smallest clearance of the executed motion (its frames) of the
	// parts that may touch nothing: torso, head, arms.
	Clearance     float64 `json:"smallest_clearance_m"`
	ClearancePart string  `json:"smallest_clearance_part"`
	ClearanceTime float64 `json:"smallest_clearance_s"`
	// The start action, which the planner cannot refuse, puts the body
	// into the scene: a start the body does not fit.
	StartInScene bool   `json:"start_in_scene"`
	StartPart    string `json:"start_contact_part,omitempty"`
	// The start was moved this far to where the body fits (its
	// StartPart was in the scene where it was). [Units: m]
	StartMoved float64 `json:"start_moved_m,omitempty"`
}

func bodyOf(res *script.RunResult) *bodySummary {
	b := &bodySummary{Blocked: res.Work.Blocked, Refused: res.Refused, Held: res.Held, Checks: res.Body.Checks,
		Remembered: res.Body.Remembered,
		Pairs:      res.Body.Pairs, Steps: res.Body.Steps, Planes: res.Body.Bounds, BVHNodes: res.Body.BVH.Nodes,
		Clearance: res.Clearance.Gap, ClearancePart: res.Clearance.Part, ClearanceTime: res.Clearance.Time}
	if res.StartHit {
		b.StartInScene, b.StartPart = true, res.StartPart
	}
	if res.StartMoved > 0 {
		b.StartMoved, b.StartPart = res.StartMoved, res.StartPart
	}
	return b
}
