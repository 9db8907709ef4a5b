package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/internal/sceneflag"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// options are the command line.
type options struct {
	scene      string
	sceneFlags sceneflag.Flags
	fst        string
	depth      int
	frames     int
	screenshot string
	input      string
	samples    string
	draw       string
	json       bool
	cpuProfile string
	body       bool
	noBody     bool
	agents     int
	friction   float64
	paper      bool
	library    string
	timeline   string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the command line, loads the world and runs the demo; errors
// are printed on stderr with exit status 1.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	d, err := load(o)
	if err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "demo:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "demo:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	sum, err := d.loop()
	if err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	if o.json && sum != nil {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum); err != nil {
			fmt.Fprintln(stderr, "demo:", err)
			return 1
		}
	} else if sum != nil {
		fmt.Fprintf(stdout, "%d frames, %.1f frames per second, planning %.2f ms median, %.2f ms max per frame; %d actions, %.1f m walked\n",
			sum.Frames, sum.FPS, sum.MedianPlanMS, sum.MaxPlanMS, sum.Actions, sum.DistanceM)
	}
	return 0
}

func parseArgs(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.scene, "scene", "builtin:stepping", "scene: an .obj, .gltf or .glb file, or builtin:NAME (stepping, climbing, level)")
	o.sceneFlags.Register(fs)
	fs.StringVar(&o.fst, "fst", "", "support data built for the scene (preprocess build); default: cached, or built now")
	fs.IntVar(&o.depth, "depth", 4, "plan depth, 1-6 (keys 1-6 change it)")
	fs.IntVar(&o.frames, "frames", 0, "render this many frames at a fixed 1/60 s step, then exit (0: interactive)")
	fs.StringVar(&o.screenshot, "screenshot", "", "save the last frame as PNG here (with --frames)")
	fs.StringVar(&o.input, "input", "", "drive the character with this script (planner run's YAML) instead of the keyboard; it also sets the start")
	fs.StringVar(&o.samples, "samples", "", "show this template's supported samples near the character at the start (Tab cycles)")
	fs.BoolVar(&o.json, "json", false, "print a JSON summary at the end")
	fs.StringVar(&o.draw, "draw", "", "how to draw the character: skin (its own meshes, skinned by the motion: the default for a library built for a glTF character), body (the body's capsules: the default otherwise) or none")
	fs.BoolVar(&o.body, "body", true, "check the body against the scene (plan nodes and warped choices); the body flashes magenta when a choice is refused for it (the default)")
	fs.BoolVar(&o.noBody, "no-body", false, "check the docks alone, as the paper does: the body may pass through the scene")
	fs.IntVar(&o.agents, "agents", 0, "this many more characters share the level, each walking to random goals by ways across its floor, planning around the others and the player's character (all claim the ground they take)")
	fs.Float64Var(&o.friction, "friction", dock.DefaultFriction, "friction coefficient of every contact: a foot stands on slopes up to atan(friction) (0.8: 38.7°); 0 gives the paper's 10° cone")
	fs.BoolVar(&o.paper, "paper-moves", false, "plan with the paper's moves only (by default the character may also turn on the spot, step back and take short steps, as at an edge or a wall)")
	fs.StringVar(&o.library, "library", "", "plan with the actions of a library file (made by planner library) instead of the built-in ones")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the run here (go tool pprof)")
	fs.StringVar(&o.timeline, "timeline", "", "play this YAML timeline of moving parts (doors, lifts, platforms, crates; planner run's); builtin:dynamic plays its own by default")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case o.depth < 1 || o.depth > 6:
		return nil, fmt.Errorf("--depth %d: want 1 to 6", o.depth)
	case !(o.friction >= 0 && o.friction <= 100):
		return nil, fmt.Errorf("--friction %v: want 0 to 100", o.friction)
	case o.agents < 0:
		return nil, fmt.Errorf("--agents %d: want 0 or more", o.agents)
	case o.frames < 0:
		return nil, fmt.Errorf("--frames %d: want 0 or more", o.frames)
	case o.screenshot != "" && o.frames == 0:
		return nil, errors.New("--screenshot needs --frames")
	case !(o.sceneFlags.Scale > 0):
		return nil, fmt.Errorf("--scale %v: want a positive number", o.sceneFlags.Scale)
	}
	return o, nil
}

// load reads the scene, its support data and the script, and checks the
// start before any window opens.
func load(o *options) (*demo, error) {
	opts, err := o.sceneFlags.Options()
	if err != nil {
		return nil, err
	}
	var sc *script.Script
	if o.input != "" {
		if sc, err = script.LoadScript(o.input); err != nil {
			return nil, err
		}
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: !o.paper || o.agents > 0})
	if o.library != "" {
		lib, g, err = librarybuild.LoadLibrary(o.library)
	}
	if err != nil {
		return nil, err
	}
	bars := progress.NewLabelled("support ")
	w, err := world.Load(o.scene, lib, world.Options{Load: opts, FST: o.fst, Progress: bars.Update, Friction: o.friction})
	bars.Done()
	if err != nil {
		return nil, err
	}
	model, err := planner.DefaultBody(lib, nil)
	if err != nil {
		return nil, err
	}
	co := ccd.Options{}
	if o.agents > 0 {
		co.Margin = crowd.PlanMargin
	}
	bars = progress.NewLabelled("body ")
	sweeps, _, err := bake.Sweeps(lib, model, co, bake.Options{Progress: bars.Update})
	bars.Done()
	if err != nil {
		return nil, err
	}
	checked := sweeps
	if !o.body || o.noBody {
		checked = nil
	}
	setup, err := planner.NewSetup(g, w.Querier, checked)
	if err != nil {
		return nil, err
	}
	d := &demo{opt: o, world: w, lib: lib, setup: setup, model: model, sweeps: sweeps, script: sc, shown: -1}
	if err := d.loadTimeline(); err != nil {
		return nil, err
	}
	if err := d.drawing(characterOf(lib)); err != nil {
		return nil, err
	}
	if sc != nil {
		if d.inputs, err = sc.Resolve(setup); err != nil {
			return nil, fmt.Errorf("%s: %w", o.input, err)
		}
	}
	if o.samples != "" {
		for i, n := range w.Names {
			if n == o.samples {
				d.shown = i
			}
		}
		if d.shown < 0 {
			return nil, fmt.Errorf("--samples %q: the scene's templates are %s", o.samples, strings.Join(w.Names, ", "))
		}
	}
	if err := d.findStart(); err != nil {
		return nil, err
	}
	if o.agents > 0 {
		if err := d.loadCrowd(); err != nil {
			return nil, err
		}
	}
	return d, nil
}
