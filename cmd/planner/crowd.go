package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/export"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/picture"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// crowdSummary is what `planner crowd` reports of a run.
type crowdSummary struct {
	Scenario   string  `json:"scenario"`
	Scene      string  `json:"scene"`
	Library    string  `json:"library"` // the library file, or "built-in"
	Spaces     string  `json:"spaces"`  // where the occupancy spaces came from
	Agents     int     `json:"agents"`
	Jitter     uint64  `json:"jitter_seed,omitempty"` // the starts moved by crowd.Jitter with this seed
	Claims     string  `json:"claims"`
	Body       bool    `json:"body_clearance"` // the planners check the body against the scene
	FPS        float64 `json:"fps"`
	SecondsRun float64 `json:"seconds_run"` // until every character arrived, or --seconds
	Arrived    int     `json:"arrived"`
	MeanArrive float64 `json:"mean_arrival_s"`
	LastArrive float64 `json:"last_arrival_s"`
	MeanSpeed  float64 `json:"mean_speed_m_s"` // of those that arrived: their path over their time
	// Overlaps counts the frames in which two characters' bodies overlap
	// (every pair of capsules posed by forward kinematics), Deepest the
	// largest overlap (negative: the smallest gap between two bodies; nil,
	// null in JSON, when no two roots came within 2.5 m).
	Overlaps    int      `json:"body_overlap_frames"`
	Deepest     *float64 `json:"deepest_overlap_m"`
	LongestWait float64  `json:"longest_wait_s"` // the longest a character on its way moved less than 0.25 m
	Crowded     int      `json:"choices_refused_for_claims"`
	Stuck       int      `json:"stuck_updates"`
	FrameMedian float64  `json:"median_frame_ms"` // planning every character, per frame
	FrameP90    float64  `json:"p90_frame_ms"`
	FrameMax    float64  `json:"max_frame_ms"`
	Files       []string `json:"files,omitempty"`
}

type crowdArgs struct {
	scenario, spec, claims, out string
	lib                         string
	agents                      int
	seconds, fps                float64
	depth, work                 int
	seed, jitter                uint64
	body, noBody                bool
	friction                    float64
}

// runCrowd is `planner crowd`: many characters in one scene, each planning
// around the others' claims.
func runCrowd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner crowd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var a crowdArgs
	fs.StringVar(&a.scenario, "scenario", "circle", "circle, crossing, hallway, bottleneck or random")
	fs.StringVar(&a.spec, "scene", "", "the scene of the random scenario: builtin:NAME or a mesh file (default builtin:level); the others build their own")
	var sf sceneflag.Flags
	sf.Register(fs)
	fs.IntVar(&a.agents, "agents", 20, "characters (crossing and hallway: per group)")
	fs.Float64Var(&a.seconds, "seconds", 90, "the longest run; it ends when every character has arrived")
	fs.Float64Var(&a.fps, "fps", 30, "frames per second simulated and written")
	fs.StringVar(&a.claims, "claims", "spaces", "what characters claim: spaces (occupancy spaces), cylinders (the baseline) or none")
	fs.IntVar(&a.depth, "depth", 3, "plan depth")
	fs.IntVar(&a.work, "work", crowd.DefaultWork, "work per character per frame, in planner.Config.Work's units (plan nodes, geo-queries, body tests, warps)")
	frictionFlag(fs, &a.friction)
	fs.Uint64Var(&a.seed, "seed", 1, "random seed (random scenario)")
	fs.Uint64Var(&a.jitter, "jitter", 0, fmt.Sprintf("move each start by up to %g m and turn it by up to %g rad, drawn from this seed (not random; 0: the starts as built)", crowd.JitterReach, crowd.JitterTurn))
	fs.BoolVar(&a.body, "body", true, "check the body against the scene (the default)")
	fs.BoolVar(&a.noBody, "no-body", false, "check the docks alone, as the paper does: the bodies may pass through the scene (not each other)")
	fs.StringVar(&a.lib, "library", "", "the characters' library file (made by planner library; its occupancy spaces are read from the .fos file beside it) instead of the built-in one")
	fs.StringVar(&a.out, "out", "", "folder for crowd.glb, bvh/cNNN.bvh, paths.png and summary.json")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	kinds := map[string]crowd.ClaimKind{"spaces": crowd.SpaceClaims, "cylinders": crowd.CylinderClaims, "none": crowd.NoClaims}
	_, okKind := kinds[a.claims]
	if fs.NArg() > 0 || !validFriction(a.friction) || a.agents < 1 || !(a.seconds > 0) || !(a.fps > 0) || a.depth < 1 || a.work < 1 || !okKind ||
		!slices.Contains([]string{"circle", "crossing", "hallway", "bottleneck", "random"}, a.scenario) || (a.spec != "" && a.scenario != "random") || (a.jitter != 0 && a.scenario == "random") {
		fmt.Fprintln(stderr, "planner crowd: want [--scenario circle|crossing|hallway|bottleneck|random] [--agents N] [--scene S (random only)] [--seconds T] [--fps F] [--claims spaces|cylinders|none] [--depth N] [--work N] [--seed N (random only)] [--jitter N (not random)] [--body] [--library LIB.yaml] [--out DIR] [--json]")
		return 1
	}
	load, err := sf.Options()
	if err != nil {
		fmt.Fprintf(stderr, "planner crowd: %v\n", err)
		return 1
	}
	sum, err := crowdRun(a, kinds[a.claims], load)
	if err != nil {
		fmt.Fprintf(stderr, "planner crowd: %v\n", err)
		return 1
	}
	if *asJSON {
		return printJSON(stdout, sum)
	}
	printCrowd(stdout, sum)
	return 0
}

// crowdScene is a scenario with what the planners need of its scene.
type crowdScene struct {
	sc    crowd.Scenario
	world *world.World
	spec  string
}

func loadCrowdScene(a crowdArgs, load sceneload.LoadOptions, lib *action.Library) (*crowdScene, error) {
	var sc crowd.Scenario
	switch a.scenario {
	case "circle":
		sc = crowd.Circle(a.agents, crowd.CircleRadius(a.agents))
	case "crossing":
		sc = crowd.Crossing(a.agents)
	case "hallway":
		sc = crowd.Hallway(a.agents)
	case "bottleneck":
		sc = crowd.Bottleneck(a.agents)
	case "random":
		spec := a.spec
		if spec == "" {
			spec = "builtin:level"
		}
		w, err := loadWorld(spec, "", load, lib, a.friction)
		if err != nil {
			return nil, err
		}
		foot, err := w.FootSupport()
		if err != nil {
			return nil, err
		}
		floor, points, err := script.OpenFloorFrames(foot, w.BVH, 8*a.agents+64, scenes.NewRNG(a.seed))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", spec, err)
		}
		routes := crowd.NewRoutes(points, float64(foot.Lattice().Linear), 0.25)
		sc, err := crowd.Random(w.Mesh, floor, routes, a.agents, scenes.NewRNG(a.seed+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", spec, err)
		}
		return &crowdScene{sc: sc, world: w, spec: spec}, nil
	}
	if a.jitter != 0 {
		sc = crowd.Jitter(sc, scenes.NewRNG(a.jitter))
	}
	w, err := newWorld(sc.Mesh, lib, a.friction)
	if err != nil {
		return nil, err
	}
	return &crowdScene{sc: sc, world: w, spec: "scenario:" + a.scenario}, nil
}

func crowdRun(a crowdArgs, kind crowd.ClaimKind, load sceneload.LoadOptions) (*crowdSummary, error) {
	lib, g, err := crowdLibrary(a.lib)
	if err != nil {
		return nil, err
	}
	cs, err := loadCrowdScene(a, load, lib)
	if err != nil {
		return nil, err
	}
	model, err := planner.DefaultBody(lib, nil)
	if err != nil {
		return nil, err
	}
	sw, err := bodySweeps(lib, model, ccd.Options{Margin: crowd.PlanMargin})
	if err != nil {
		return nil, err
	}
	checked := sw
	if !a.body || a.noBody {
		checked = nil
	}
	setup, err := planner.NewSetup(g, cs.world.Querier, checked)
	if err != nil {
		return nil, err
	}
	bars := progress.NewLabelled("occupancy ")
	file := ""
	if a.lib != "" {
		file = bake.SpacesFile(a.lib)
	}
	spaces, from, err := bake.Spaces(lib, sw, file, bake.Options{Progress: bars.Update})
	bars.Done()
	if err != nil {
		return nil, err
	}
	sim, err := crowd.NewSim(setup, spaces, cs.sc, crowd.SimOptions{Depth: a.depth, Work: a.work, Claims: kind})
	if err != nil {
		return nil, err
	}
	dt := 1 / a.fps
	rec := newCrowdRecord(sim, model, dt)
	for sim.Time() < a.seconds-dt/2 && !rec.allArrived() {
		t0 := time.Now()
		sim.Step(dt)
		rec.frameMS = append(rec.frameMS, float64(time.Since(t0).Nanoseconds())/1e6)
		rec.record()
	}
	sum := rec.summary(a, cs, checked != nil)
	sum.Library, sum.Spaces = "built-in", from
	if a.lib != "" {
		sum.Library = a.lib
	}
	if a.out != "" {
		if sum.Files, err = rec.write(a.out, cs, model); err != nil {
			return nil, err
		}
		path := filepath.Join(a.out, "summary.json")
		sum.Files = append(sum.Files, path)
		err := atomicfile.Write(path, func(w io.Writer) error {
			if printJSON(w, sum) != 0 {
				return fmt.Errorf("writing %s", path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return sum, nil
}

// crowdLibrary is the library file's actions and graph, or the built-in
// library with the moves crowds need.
func crowdLibrary(file string) (*action.Library, *stategraph.Graph, error) {
	if file != "" {
		return librarybuild.LoadLibrary(file)
	}
	return librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
}

// newWorld builds (or reads from the cache) the support data of a
// scenario's own scene.
func newWorld(m *scenes.Mesh, lib *action.Library, friction float64) (*world.World, error) {
	bars := progress.NewLabelled("support ")
	defer bars.Done()
	return world.New(m, lib, world.Options{Progress: bars.Update, Friction: friction})
}

// crowdRecord keeps what a crowd run did, frame by frame.
type crowdRecord struct {
	sim     *crowd.Sim
	model   *body.Model
	dt      float64        // the frame time [Units: s]
	trans   [][]mgl64.Vec3 // per character, every frame's joints
	rot     [][]mgl64.Quat
	roots   [][]mgl64.Vec3 // per character, its root every frame
	frameMS []float64
	// The independent check of the bodies: forward kinematics of every
	// character's pose, every pair of capsules.
	overlaps int
	deepest  float64
	axes     [][][2]mgl64.Vec3
	pos      []mgl64.Vec3
	world    []mgl64.Quat
}

func newCrowdRecord(sim *crowd.Sim, m *body.Model, dt float64) *crowdRecord {
	r := &crowdRecord{sim: sim, model: m, dt: dt, deepest: math.Inf(-1)}
	n := sim.Len()
	r.trans, r.rot, r.roots, r.axes = make([][]mgl64.Vec3, n), make([][]mgl64.Quat, n), make([][]mgl64.Vec3, n), make([][][2]mgl64.Vec3, n)
	r.record()
	return r
}

func (r *crowdRecord) allArrived() bool {
	for k := range r.sim.Len() {
		if r.sim.Arrived(k) < 0 {
			return false
		}
	}
	return true
}

// record appends every character's pose and checks every two bodies still
// in the scene whose roots are within 2.5 m.
func (r *crowdRecord) record() {
	for k := range r.sim.Len() {
		p := r.sim.Planner(k).Pose()
		r.trans[k] = append(r.trans[k], p.Trans...)
		r.rot[k] = append(r.rot[k], p.Rot...)
		r.roots[k] = append(r.roots[k], p.Trans[0])
		r.axes[k] = r.capsules(p, r.axes[k][:0])
	}
	overlap := false
	for i := range r.axes {
		for j := i + 1; j < len(r.axes); j++ {
			if r.sim.Gone(i) || r.sim.Gone(j) || flatDist(r.axes[i][0][0], r.axes[j][0][0]) > 2.5 {
				continue
			}
			d := capsuleoracle.BodiesOverlap(r.model, r.axes[i], r.axes[j], math.Min(r.deepest, 0))
			r.deepest = math.Max(r.deepest, d)
			overlap = overlap || d > 0
		}
	}
	if overlap {
		r.overlaps++
	}
}

// capsules poses the body at p and appends each capsule's axis in the world.
func (r *crowdRecord) capsules(p planner.Pose, out [][2]mgl64.Vec3) [][2]mgl64.Vec3 {
	n := p.Skeleton.NumJoints()
	if len(r.pos) != n {
		r.pos, r.world = make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	}
	return capsuleoracle.Axes(r.model, p.Trans, p.Rot, r.pos, r.world, out)
}

func flatDist(a, b mgl64.Vec3) float64 { return math.Hypot(a[0]-b[0], a[2]-b[2]) }

func (r *crowdRecord) summary(a crowdArgs, cs *crowdScene, withBody bool) *crowdSummary {
	s := &crowdSummary{Scenario: a.scenario, Scene: cs.spec, Agents: r.sim.Len(), Jitter: a.jitter, Claims: a.claims, Body: withBody, FPS: a.fps,
		SecondsRun: r.sim.Time(), Overlaps: r.overlaps}
	if !math.IsInf(r.deepest, -1) {
		s.Deepest = &r.deepest
	}
	dt := 1 / a.fps
	var speeds []float64
	for k := range r.sim.Len() {
		p := r.sim.Planner(k)
		s.Crowded += p.Crowded()
		s.Stuck += p.Stuck()
		s.LongestWait = math.Max(s.LongestWait, longestWait(r.roots[k], dt, r.sim.Arrived(k)))
		at := r.sim.Arrived(k)
		if at < 0 {
			continue
		}
		s.Arrived++
		s.MeanArrive += at
		s.LastArrive = math.Max(s.LastArrive, at)
		path := 0.0
		for f := 1; f < len(r.roots[k]) && float64(f)*dt <= at; f++ {
			path += flatDist(r.roots[k][f-1], r.roots[k][f])
		}
		if at > 0 {
			speeds = append(speeds, path/at)
		}
	}
	if s.Arrived > 0 {
		s.MeanArrive /= float64(s.Arrived)
	}
	for _, v := range speeds {
		s.MeanSpeed += v / float64(len(speeds))
	}
	s.FrameMedian, s.FrameP90, s.FrameMax = script.Percentile(r.frameMS, 0.5), script.Percentile(r.frameMS, 0.9), script.Percentile(r.frameMS, 1)
	return s
}

// longestWait is the longest time, before arriving (arrived < 0: ever),
// that a root sampled every dt stayed within 0.25 m of where the wait
// began.
func longestWait(roots []mgl64.Vec3, dt, arrived float64) float64 {
	best, from := 0.0, 0
	for f := range roots {
		if arrived >= 0 && float64(f)*dt > arrived {
			break
		}
		if flatDist(roots[f], roots[from]) > 0.25 {
			from = f
		}
		best = math.Max(best, float64(f-from)*dt)
	}
	return best
}

// write saves crowd.glb, one BVH per character (world coordinates),
// paths.png and summary.json into dir.
func (r *crowdRecord) write(dir string, cs *crowdScene, m *body.Model) ([]string, error) {
	if err := os.MkdirAll(filepath.Join(dir, "bvh"), 0o755); err != nil {
		return nil, err
	}
	sk := r.sim.Planner(0).Pose().Skeleton
	n := sk.NumJoints()
	chars := make([]export.Character, r.sim.Len())
	var files []string
	for k := range chars {
		c := motion.NewClip(sk, len(r.trans[k])/n, r.dt)
		copy(c.Trans, r.trans[k])
		copy(c.Rot, r.rot[k])
		leaves := -1.0
		if r.sim.Gone(k) {
			leaves = r.sim.Arrived(k)
		}
		chars[k] = export.Character{Clip: c, Leaves: leaves}
		path := filepath.Join(dir, "bvh", fmt.Sprintf("c%03d.bvh", k))
		if err := motionfile.SaveBVH(path, c); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	caps := make([]export.Capsule, len(m.Capsules))
	for i, c := range m.Capsules {
		caps[i] = export.Capsule{Joint: int(c.Joint), A: c.A, B: c.B, Radius: c.Radius}
	}
	glb := filepath.Join(dir, "crowd.glb")
	if err := export.SaveCrowdGLB(glb, chars, export.GLBOptions{Body: caps}); err != nil {
		return nil, err
	}
	png := filepath.Join(dir, "paths.png")
	if err := r.drawPaths(png, cs); err != nil {
		return nil, err
	}
	return append([]string{glb, png}, files...), nil
}

// drawPaths draws every character's way over the scene from above.
func (r *crowdRecord) drawPaths(path string, cs *crowdScene) error {
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	top := math.Inf(-1)
	trails := make([]picture.Trail, r.sim.Len())
	for k := range trails {
		trails[k] = picture.Trail{Roots: r.roots[k], Goal: cs.sc.Agents[k].Goal, Arrived: r.sim.Arrived(k) >= 0}
		for _, p := range append(slices.Clone(r.roots[k]), cs.sc.Agents[k].Goal) {
			lo[0], lo[1], hi[0], hi[1] = math.Min(lo[0], p[0]), math.Min(lo[1], p[2]), math.Max(hi[0], p[0]), math.Max(hi[1], p[2])
			top = math.Max(top, p[1])
		}
	}
	const margin = 2.0
	ppm := 1000 / math.Max(hi[0]-lo[0]+2*margin, hi[1]-lo[1]+2*margin)
	v := topview.Render(cs.world.Mesh, lo[0]-margin, lo[1]-margin, hi[0]+margin, hi[1]+margin, ppm, top+1.5)
	title := fmt.Sprintf("%s, %d characters: %d arrived in %.1f s", cs.sc.Name, r.sim.Len(), countArrived(r.sim), r.sim.Time())
	return picture.DrawTrails(trails, v, title).Save(path)
}

func countArrived(s *crowd.Sim) int {
	n := 0
	for k := range s.Len() {
		if s.Arrived(k) >= 0 {
			n++
		}
	}
	return n
}

func printCrowd(w io.Writer, s *crowdSummary) {
	fmt.Fprintf(w, "%s on %s: %d characters, claims on %s, body clearance %v\n", s.Scenario, s.Scene, s.Agents, s.Claims, s.Body)
	if s.Jitter != 0 {
		fmt.Fprintf(w, "starts jittered with seed %d\n", s.Jitter)
	}
	fmt.Fprintf(w, "library %s, occupancy spaces from %s\n", s.Library, s.Spaces)
	fmt.Fprintf(w, "arrived %d of %d (mean %.1f s, last %.1f s), mean speed %.2f m/s, longest wait %.1f s\n", s.Arrived, s.Agents, s.MeanArrive, s.LastArrive, s.MeanSpeed, s.LongestWait)
	if s.Deepest == nil {
		fmt.Fprintf(w, "bodies overlapping in %d frames (no two came within 2.5 m)\n", s.Overlaps)
	} else {
		fmt.Fprintf(w, "bodies overlapping in %d frames (deepest %.3f m; negative: the smallest gap)\n", s.Overlaps, *s.Deepest)
	}
	fmt.Fprintf(w, "planning every character: median %.2f ms a frame, p90 %.2f, max %.2f; %d choices refused for claims\n", s.FrameMedian, s.FrameP90, s.FrameMax, s.Crowded)
	var bvh, other []string
	for _, f := range s.Files {
		if strings.HasSuffix(f, ".bvh") {
			bvh = append(bvh, f)
		} else {
			other = append(other, f)
		}
	}
	if len(s.Files) > 0 {
		fmt.Fprintf(w, "wrote %s and %d BVH files (one per character, in world coordinates)\n", strings.Join(other, ", "), len(bvh))
	}
}
