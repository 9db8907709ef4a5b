// Command planner is Foothold's main job and the planner's tools.
//
//	planner [--out DIR] [--json]
//	planner run --input SCRIPT.yaml --out DIR [--scene S] [--fst F] [--depth N] [--work N] [--budget D] [--json]
//	planner docks --bvh FILE [--scale S] [--effectors FILE] [--json]
//	planner actions [--png DIR] [--bvh DIR] [--mocap cmu-walk.bvh] [--graph FILE] [--json]
//	planner bench [--scene S] [--depth N] [--versions both|tree] [--json]
//	planner plan [--scene S] [--depth N] [--png FILE] [--prune] [--json]
//	planner walks [--scene S] [--starts N] [--starts-by random|farthest] [--seconds S] [--seed N] [--work N] [--json]
//	planner library --from DIR|FILE --out LIB.yaml [--retarget] [--json]
//	planner crowd [--scenario NAME] [--agents N] [--scene S] [--seconds T] [--claims K] [--out DIR] [--json]
//
// With no command it runs a built-in scripted walk through builtin:stepping
// (support data built on first use and cached in the user's cache folder),
// prints a report and writes motion.bvh, motion.glb, plan.png and
// summary.json into ./foothold-out/. run does the same for any scene and
// script; docks lists the docks extracted from a capture; library builds
// an action library and its graph from captures or a glTF character's
// clips; actions lists and draws the action library; bench runs the paper's Table I; plan draws an
// unrolled plan; walks drives walks from many starts and reports the cost of every Update and
// what re-entrant planning saves; crowd runs many characters in one scene
// (the scenarios circle, crossing, hallway, bottleneck and random), each
// planning around the ground the others claim, and writes their motion
// into one glb, one BVH each, a picture of their paths and a summary. Every command takes the scene options
// --scale, --up and --exclude-node.
package main

import (
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one of planner's commands.
type command struct {
	name, does string
	run        func(args []string, stdout, stderr io.Writer) int
}

// commands are planner's commands, in the order its messages list them.
var commands = []command{
	{"run", "a scripted walk on any scene", runRun},
	{"walks", "walks from many starts, with their figures", runWalks},
	{"crowd", "many characters in one scene", runCrowd},
	{"library", "an action library from captures or a rigged character", runLibrary},
	{"plan", "one plan tree drawn over the scene", runPlan},
	{"bench", "the paper's Table I, with and without the body", runBench},
	{"docks", "the docks found in a clip", runDocks},
	{"actions", "the actions as picture strips", runActions},
}

// commandNames lists the commands' names.
func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range commands {
			if args[0] == c.name {
				return c.run(args[1:], stdout, stderr)
			}
		}
	}
	return runMain(args, stdout, stderr)
}
