// Package sceneflag holds the command-line options every command uses to
// load a scene (--scale, --up, --exclude-node), so that they read the same
// everywhere.
package sceneflag

import (
	"flag"
	"fmt"
	"strings"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/scenes"
)

// Flags are the scene-loading options.
type Flags struct {
	Scale   float64  // metres per file unit [Limit: > 0]
	Up      string   // the file's up axis: y or z
	Exclude []string // glTF nodes left out with their subtrees
}

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

// Register adds --scale, --up and --exclude-node to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.Float64Var(&f.Scale, "scale", 1, "metres per file unit (Cube 2 maps: 0.125)")
	fs.StringVar(&f.Up, "up", "y", "the file's up axis: y or z")
	fs.Var((*list)(&f.Exclude), "exclude-node", "leave out this glTF node and its subtree (repeatable)")
}

// Options checks the flags and returns them as load options.
func (f *Flags) Options() (sceneload.LoadOptions, error) {
	if !(f.Scale > 0) || f.Scale > 1e6 {
		return sceneload.LoadOptions{}, fmt.Errorf("--scale %v: want a positive number", f.Scale)
	}
	up, err := scenes.ParseAxis(f.Up)
	if err != nil {
		return sceneload.LoadOptions{}, err
	}
	return sceneload.LoadOptions{Scale: float32(f.Scale), Up: up, ExcludeNodes: f.Exclude}, nil
}
