package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
)

type dockJSON struct {
	Effector string     `json:"effector"`
	Template string     `json:"template"`
	Start    float64    `json:"start"`
	End      float64    `json:"end"`
	Position [3]float64 `json:"position"`
	Yaw      float64    `json:"yaw"`
}

// runDocks lists the docks extracted from a BVH clip, in the clip's start
// frame (the hips' ground projection and heading at the first frame).
func runDocks(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner docks", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bvh := fs.String("bvh", "", "the capture: a BVH file, an Acclaim .amc motion (its .asf skeleton from --asf, or SUBJECT.asf beside a SUBJECT_TRIAL.amc), or a rigged glTF character (.glb, .gltf) with --clip")
	asf := fs.String("asf", "", "the Acclaim skeleton of an .amc capture")
	clip := fs.String("clip", "", "the animation of a glTF character")
	scale := fs.Float64("scale", 0, "file units to metres (CMU: 0.056444; centimetres: 0.01); 0 guesses it from the legs' length and says so")
	effFile := fs.String("effectors", "", "YAML file mapping feet and hands (default: recognised by joint name)")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per dock")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *bvh == "" || fs.NArg() > 0 || !(*scale >= 0) || math.IsInf(*scale, 0) {
		fmt.Fprintln(stderr, "planner docks: want --bvh FILE.bvh|FILE.amc|FILE.glb [--asf FILE.asf] [--clip NAME] [--scale S] [--effectors FILE] [--json]")
		return 1
	}
	c, eff, guess, err := loadCapture(capture{path: *bvh, asf: *asf, clip: *clip}, *scale, *effFile)
	if err != nil {
		fmt.Fprintf(stderr, "planner docks: %v\n", err)
		return 1
	}
	if guess != "" {
		// On stderr, so that --json stays one array.
		fmt.Fprintf(stderr, "%s: %s\n", *bvh, guess)
	}
	for _, l := range eff.Describe(c.Skeleton) {
		fmt.Fprintf(stderr, "%s: mapped %s\n", *bvh, l)
	}
	opt := dock.DefaultExtractOptions()
	ds, err := dock.Extract(c, eff, c.Trajectory(eff.Hips)[0], opt)
	if err != nil {
		fmt.Fprintf(stderr, "planner docks: %v\n", err)
		return 1
	}
	out := make([]dockJSON, 0, len(ds))
	for _, d := range ds {
		p := d.Pose.Position
		out = append(out, dockJSON{Effector: d.Effector, Template: d.Template, Start: round3(d.Start), End: round3(d.End),
			Position: [3]float64{round3(float64(p[0])), round3(float64(p[1])), round3(float64(p[2]))},
			Yaw:      math.Round(float64(d.Pose.Yaw)*180/math.Pi*10) / 10})
	}
	if *asJSON {
		if len(out) == 0 {
			if code := explainNoDocks(stderr, stderr, c, eff, opt); code != 0 {
				return code
			}
		}
		return printJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "%s: %d frames at %.0f fps (%.2f s), %d docks\n\n", *bvh, c.Frames(), 1/c.FrameTime, c.Duration(), len(out))
	if len(out) == 0 {
		return explainNoDocks(stdout, stderr, c, eff, opt)
	}
	fmt.Fprintf(stdout, "%-18s %-8s %8s %8s   %-26s %7s\n", "effector", "template", "start s", "end s", "position m (start frame)", "yaw °")
	for _, d := range out {
		fmt.Fprintf(stdout, "%-18s %-8s %8.3f %8.3f   [%6.3f %6.3f %6.3f]   %7.1f\n", d.Effector, d.Template, d.Start, d.End, d.Position[0], d.Position[1], d.Position[2], d.Yaw)
	}
	return 0
}

func round3(x float64) float64 { return math.Round(x*1000)/1000 + 0 } // + 0 turns -0 into 0

// capture names a clip: a BVH file, an AMC motion with its ASF skeleton,
// or an animation of a glTF character.
type capture struct{ path, asf, clip string }

// isGLTF reports whether a path names a glTF document.
func isGLTF(path string) bool {
	e := strings.ToLower(filepath.Ext(path))
	return e == ".glb" || e == ".gltf"
}

// loadCapture reads a capture with its effectors (from a YAML file, or by
// joint name) at the given scale; scale 0 guesses it from the legs' length
// (glTF is in metres: 0 means 1 there). A clip that walks or runs on the
// spot gets the root motion its feet imply. The guess, the root motion, or
// a warning when the legs at the given scale are no adult's, is returned
// as a sentence.
func loadCapture(cp capture, scale float64, effFile string) (*motion.Clip, *motion.Effectors, string, error) {
	path := cp.path
	if isGLTF(path) && scale == 0 {
		scale = 1
	}
	c, err := readCapture(cp, 1) // file units, to measure the legs in
	if err != nil {
		return nil, nil, "", err
	}
	var eff *motion.Effectors
	if effFile != "" {
		f, err := os.Open(effFile)
		if err != nil {
			return nil, nil, "", err
		}
		eff, err = librarybuild.ReadEffectors(f, effFile, c.Skeleton)
		f.Close()
		if err != nil {
			return nil, nil, "", err
		}
	} else if eff, err = motion.DefaultEffectors(c.Skeleton); err != nil {
		return nil, nil, "", fmt.Errorf("%s: %w", path, err)
	}
	g, gerr := motion.GuessScale(c.Skeleton, eff)
	note := ""
	switch {
	case scale > 0 && isGLTF(path):
		// A character is planned at its own size.
	case scale > 0:
		if r := g.Leg * scale / motion.AdultLeg; gerr == nil && (r > 1.5 || r < 1/1.5) {
			note = fmt.Sprintf("the legs measure %.3g m at --scale %g, an adult's %.2f m: the legs suggest %s", g.Leg*scale, scale, motion.AdultLeg, g)
		}
	case gerr != nil:
		return nil, nil, "", fmt.Errorf("%s: %w", path, gerr)
	default:
		scale, note = g.Scale, "guessed "+g.String()+"; give --scale to set it"
	}
	if scale != 1 { // read at scale 1 above already
		if c, err = readCapture(cp, scale); err != nil {
			return nil, nil, "", err
		}
	}
	if moved, k := motion.Conform(c, eff); k.Changed() {
		c = moved
		note = strings.TrimPrefix(note+"; ", "; ") + k.String()
	}
	return c, eff, note, nil
}

// readCapture reads a BVH file, an AMC motion with its ASF skeleton (asf,
// or SUBJECT.asf beside SUBJECT_TRIAL.amc), or a glTF character's clip, at
// a scale.
func readCapture(cp capture, scale float64) (*motion.Clip, error) {
	path, asf := cp.path, cp.asf
	if isGLTF(path) {
		return readCharacterClip(path, cp.clip, scale)
	}
	if cp.clip != "" {
		return nil, fmt.Errorf("%s: --clip names an animation of a glTF character", path)
	}
	if !strings.EqualFold(filepath.Ext(path), ".amc") {
		return motionfile.LoadBVH(path, motion.BVHOptions{Scale: scale})
	}
	if asf == "" {
		subject, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), "_")
		asf = filepath.Join(filepath.Dir(path), subject+".asf")
	}
	a, err := motionfile.LoadASF(asf, motion.ASFOptions{Scale: scale})
	if err != nil {
		return nil, err
	}
	return motionfile.LoadAMC(path, a, motion.AMCOptions{})
}

// explainNoDocks says, effector by effector, why a clip gave no dock.
func explainNoDocks(stdout, stderr io.Writer, c *motion.Clip, eff *motion.Effectors, opt dock.ExtractOptions) int {
	ds, err := dock.Diagnose(c, eff, opt)
	if err != nil {
		fmt.Fprintf(stderr, "planner docks: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "no effector is ever docked:")
	for _, d := range ds {
		fmt.Fprintf(stdout, "  %-18s %-5s %s\n", d.Effector, d.Template, d.Why(opt))
	}
	return 0
}

// readCharacterClip reads one animation of a glTF character; without a
// name, or with an unknown one, the error lists the animations.
func readCharacterClip(path, clip string, scale float64) (*motion.Clip, error) {
	ch, err := character.Load(path, character.Options{Scale: scale})
	if err != nil {
		return nil, err
	}
	if c := ch.Clip(clip); c != nil {
		return c, nil
	}
	names := make([]string, len(ch.Clips))
	for i, k := range ch.Clips {
		names[i] = k.Name
	}
	if clip == "" {
		return nil, fmt.Errorf("%s: a character: name one of its %d clips with --clip: %s", path, len(names), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("%s: no clip %q; it has %s", path, clip, strings.Join(names, ", "))
}
