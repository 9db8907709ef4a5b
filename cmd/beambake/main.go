// Command beambake bakes a scene's support data in world-anchored tiles
// (package supporttile) as an Apache Beam pipeline whose elements are
// tiles: it reads the scene, deals each triangle to the tiles it reaches,
// builds every tile alone, and writes the tile files and the manifest —
// the same bytes as `preprocess build --tiles` and `preprocess merge`.
//
//	go run . --scene PATH|builtin:NAME [--scale S] [--up y|z] [--exclude-node NAME]
//	         [--templates foot,hand] [--friction 0.8] [--spacing 0.1] [--yaw-step 10]
//	         [--tile-size 64] --out DIR [--runner prism|flink|spark|dataflow|universal …]
//
// It runs on Beam's in-process Prism runner by default; Beam's own flags
// (--runner, --endpoint, --job_endpoint, …) choose another runner. It is
// a module of its own so that the core module does not depend on Beam.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/foothold/foothold/dock"
)

type excludes []string

func (e *excludes) String() string     { return strings.Join(*e, ",") }
func (e *excludes) Set(v string) error { *e = append(*e, v); return nil }

func main() {
	var c Config
	var ex excludes
	var up string
	flag.StringVar(&c.Scene, "scene", "", "scene: an .obj, .gltf or .glb file, or builtin:NAME (required)")
	flag.Float64Var(&c.Scale, "scale", 1, "scale the scene by this factor (a Cube 2 map: 0.125)")
	flag.StringVar(&up, "up", "y", "the file's up axis: y or z")
	flag.Var(&ex, "exclude-node", "a glTF node to leave out (repeatable)")
	flag.StringVar(&c.Templates, "templates", "foot,hand", "built-in templates, comma-separated")
	flag.Float64Var(&c.Friction, "friction", dock.DefaultFriction, "friction coefficient of the templates' contacts (0: the paper's 10° cone)")
	flag.Float64Var(&c.Spacing, "spacing", 0.1, "linear sampling increment in metres")
	flag.Float64Var(&c.YawStep, "yaw-step", 10, "angular sampling increment in degrees (must divide 360)")
	flag.IntVar(&c.TileSize, "tile-size", 64, "lattice positions across a tile")
	flag.StringVar(&c.Out, "out", "", "the folder of tile files and the manifest (required)")
	flag.Parse()
	c.Exclude, c.ZUp = ex, up == "z"
	if err := bake(context.Background(), c, up); err != nil {
		fmt.Fprintf(os.Stderr, "beambake: %v\n", err)
		os.Exit(1)
	}
}

// bake checks c, then runs the pipeline on the runner Beam's flags name.
func bake(ctx context.Context, c Config, up string) error {
	switch {
	case c.Scene == "":
		return fmt.Errorf("--scene is required (a mesh file or builtin:NAME)")
	case c.Out == "":
		return fmt.Errorf("--out DIR is required")
	case up != "y" && up != "z":
		return fmt.Errorf("--up %q: want y or z", up)
	case c.TileSize < 1 || c.TileSize > 1<<16:
		return fmt.Errorf("--tile-size %d: want 1 to 65536 positions", c.TileSize)
	case !(c.Scale > 0):
		return fmt.Errorf("--scale %v: want a positive factor", c.Scale)
	}
	if _, err := c.layout(emptyBounds()); err != nil {
		return err
	}
	if _, err := c.load(); err != nil {
		return err
	}
	if !strings.Contains(c.Out, "://") {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			return err
		}
	}
	beam.Init()
	return beamx.Run(ctx, pipeline(c))
}
