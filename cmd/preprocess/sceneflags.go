package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/foothold/foothold/scenes"
)

// sceneFlags are the flags every command uses to load a scene.
type sceneFlags struct {
	spec    string
	scale   float64
	up      string
	exclude listFlag
	json    bool
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func newFlagSet(name string, stderr io.Writer, sf *sceneFlags) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&sf.spec, "scene", "", "scene: an .obj, .gltf or .glb file, or builtin:NAME (stepping, climbing, level)")
	fs.Float64Var(&sf.scale, "scale", 1, "metres per file unit (Cube 2 maps: 0.125)")
	fs.StringVar(&sf.up, "up", "y", "the file's up axis: y or z")
	fs.Var(&sf.exclude, "exclude-node", "leave out this glTF node and its subtree (repeatable)")
	fs.BoolVar(&sf.json, "json", false, "print a machine-readable JSON summary")
	return fs
}

// parse parses args and checks that no stray arguments are left.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%s: %w", fs.Name(), err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

func (sf *sceneFlags) load() (*scenes.Mesh, error) {
	if sf.spec == "" {
		return nil, errors.New("--scene is required (a mesh file or builtin:NAME)")
	}
	up, err := scenes.ParseAxis(sf.up)
	if err != nil {
		return nil, err
	}
	return scenes.Load(sf.spec, scenes.LoadOptions{Scale: float32(sf.scale), Up: up, ExcludeNodes: sf.exclude})
}

// loadWithBVH loads the scene and builds its BVH on all cores.
func (sf *sceneFlags) loadWithBVH() (*scenes.Mesh, *scenes.BVH, error) {
	m, err := sf.load()
	if err != nil {
		return nil, nil, err
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		return nil, nil, err
	}
	return m, bvh, nil
}
