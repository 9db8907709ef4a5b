package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/script"
)

// runMain is the main job: the built-in scripted walk, support data built
// on first use and cached, the report, and the files in ./foothold-out/.
func runMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: planner [COMMAND] [FLAGS]\n\nWith no command: the main job (a scripted walk through builtin:stepping), with the flags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nCommands (planner COMMAND -h for each one's flags):\n")
		for _, c := range commands {
			fmt.Fprintf(stderr, "  %-8s %s\n", c.name, c.does)
		}
	}
	out := fs.String("out", "foothold-out", "folder for motion.bvh, motion.glb, plan.png and summary.json")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	scratch := fs.Bool("scratch", false, "also plan every action from scratch and report the work saved")
	noBody := fs.Bool("no-body", false, "check the docks alone, as the paper does: the body may pass through the scene")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "planner: unknown command %q (have %s)\n", fs.Arg(0), commandNames())
		return 1
	}
	s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "built-in walk")
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	sum, err := runScript(s.Scene, s, *out, runOptions{depth: 4, work: defaultWork, scratch: *scratch, friction: dock.DefaultFriction, body: true, noBody: *noBody})
	if err != nil {
		fmt.Fprintf(stderr, "planner: %v\n", err)
		return 1
	}
	return printRun(sum, *asJSON, stdout)
}
