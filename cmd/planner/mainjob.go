package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/foothold/foothold/planner"
)

// mainScript is the built-in walk of the main job on builtin:stepping:
// from the stairs hall east, a hop over the 0.5 m gap, through the low
// wall's opening, across the stepping stones of the pit, and a stop at the
// far wall.
const mainScript = `scene: builtin:stepping
start: {x: 3.6, z: 2.0, yaw_deg: 90, state: idle}
duration: 9
inputs:
  - {at: 0, heading_deg: 90, speed: 1.2}
  - {at: 0.5, heading_deg: 90, speed: 1.2, request: hop}
  - {at: 3, heading_deg: 90, speed: 1.2}
  - {at: 6.5, speed: 0}
`

// runMain is the main job: the built-in scripted walk, support data built
// on first use and cached, the report, and the files in ./foothold-out/.
func runMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "foothold-out", "folder for motion.bvh, motion.glb, plan.png and summary.json")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "planner: unknown command %q (have docks, actions, bench, plan, run, profile)\n", fs.Arg(0))
		return 1
	}
	s, err := planner.ReadScript(strings.NewReader(mainScript), "built-in walk")
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	sum, err := runScript(s.Scene, "", s, *out, 4)
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	return printRun(sum, *asJSON, stdout)
}
