package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/motion"
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
	bvh := fs.String("bvh", "", "the BVH file")
	scale := fs.Float64("scale", 1, "file units to metres (CMU: 0.056444; centimetres: 0.01)")
	effFile := fs.String("effectors", "", "YAML file mapping feet and hands (default: recognised by joint name)")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per dock")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *bvh == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "planner docks: want --bvh FILE [--scale S] [--effectors FILE] [--json]")
		return 1
	}
	c, err := motion.LoadBVH(*bvh, motion.BVHOptions{Scale: *scale})
	if err != nil {
		fmt.Fprintf(stderr, "planner docks: %v\n", err)
		return 1
	}
	var eff *motion.Effectors
	if *effFile != "" {
		f, err := os.Open(*effFile)
		if err != nil {
			fmt.Fprintf(stderr, "planner docks: %v\n", err)
			return 1
		}
		eff, err = library.ReadEffectors(f, *effFile, c.Skeleton)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "planner docks: %v\n", err)
			return 1
		}
	} else if eff, err = motion.DefaultEffectors(c.Skeleton); err != nil {
		fmt.Fprintf(stderr, "planner docks: %s: %v\n", *bvh, err)
		return 1
	}
	ds, err := dock.Extract(c, eff, c.Trajectory(eff.Hips)[0], dock.DefaultExtractOptions())
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
		return printJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "%s: %d frames at %.0f fps (%.2f s), %d docks\n\n", *bvh, c.Frames(), 1/c.FrameTime, c.Duration(), len(out))
	fmt.Fprintf(stdout, "%-18s %-8s %8s %8s   %-26s %7s\n", "effector", "template", "start s", "end s", "position m (start frame)", "yaw °")
	for _, d := range out {
		fmt.Fprintf(stdout, "%-18s %-8s %8.3f %8.3f   [%6.3f %6.3f %6.3f]   %7.1f\n", d.Effector, d.Template, d.Start, d.End, d.Position[0], d.Position[1], d.Position[2], d.Yaw)
	}
	return 0
}

func round3(x float64) float64 { return math.Round(x*1000)/1000 + 0 } // + 0 turns -0 into 0
