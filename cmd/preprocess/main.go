// Command preprocess is the level designer's offline tool: it loads a scene
// (OBJ, glTF or a built-in one), reports what is in it, and times the ray
// casting that support data is built from.
//
//	preprocess inspect    --scene PATH|builtin:NAME [--scale S] [--up y|z] [--exclude-node NAME] [--json]
//	preprocess bench-rays --scene … --kind short|long --rays N --seed S [--write FILE] [--embree BIN] [--json]
//	preprocess build      --scene … --templates builtin:foot,hand|FILE.yaml --spacing 0.1 --yaw-step 10 --out FILE.fst [--json]
//	preprocess build      --scene … --tiles I/N --tile-size 64 --out DIR [--json]
//	preprocess merge      --dir DIR [--fst FILE.fst] [--json]
//	preprocess bake       --scene … [--library FILE.yaml] [--cache DIR] [--friction MU] [--json]
//	preprocess view       --scene … --fst FILE.fst --template NAME --png OUT.png [--glb OUT.glb] [--storeys auto|N] [--size PX] [--json]
//
// Errors name the file and line and exit with status 1.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `usage: preprocess COMMAND [flags]

commands:
  inspect     print triangles, bounds, area, volume and BVH figures of a scene
  bench-rays  time the BVH on seeded short or long rays; write them for Embree
  build       precompute the support-trees of a scene's docking templates (.fst)
  merge       check the shares of a tiled build (build --tiles I/N) and write their manifest
  bake        bake what planning in a scene needs into the cache: support-trees, the body's sweeps, occupancy spaces
  view        draw one template's support data over the scene (PNG, glTF binary)

Run 'preprocess COMMAND -h' for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 1
	}
	var err error
	switch args[0] {
	case "inspect":
		err = inspect(args[1:], stdout, stderr)
	case "bench-rays":
		err = benchRays(args[1:], stdout, stderr)
	case "build":
		err = build(args[1:], stdout, stderr)
	case "merge":
		err = merge(args[1:], stdout, stderr)
	case "bake":
		err = bakeAll(args[1:], stdout, stderr)
	case "view":
		err = view(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("unknown command %q\n%s", args[0], usage)
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "preprocess: %v\n", err)
		return 1
	}
	return 0
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
