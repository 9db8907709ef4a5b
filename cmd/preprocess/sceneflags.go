package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/internal/sceneflag"

	"github.com/foothold/foothold/scenes"
)

// sceneFlags are the flags every command uses to load a scene.
type sceneFlags struct {
	spec string
	opts sceneflag.Flags
	json bool
}

func newFlagSet(name string, stderr io.Writer, sf *sceneFlags) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&sf.spec, "scene", "", "scene: an .obj, .gltf or .glb file, or builtin:NAME (stepping, climbing, level)")
	sf.opts.Register(fs)
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
	opts, err := sf.opts.Options()
	if err != nil {
		return nil, err
	}
	return sceneload.Load(sf.spec, opts)
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
