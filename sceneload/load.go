package sceneload

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/scenes"
)

// LoadOptions says how to bring a scene file into Foothold's frame.
type LoadOptions struct {
	// Scale multiplies every coordinate after reading, e.g. 0.125 for Cube 2
	// maps. Zero means 1. [Units: m per file unit] [Limit: > 0, finite]
	Scale float32
	// Up is the file's up axis; UpZ is rotated to +Y.
	Up scenes.Axis
	// ExcludeNodes names glTF nodes left out with their whole subtree (e.g.
	// the truck-town level's 2 km "OuterGroundMesh"). Ignored for OBJ.
	ExcludeNodes []string
}

func (o LoadOptions) scale() float32 {
	if o.Scale == 0 {
		return 1
	}
	return o.Scale
}

func (o LoadOptions) validate() error {
	s := float64(o.Scale)
	if o.Scale < 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return fmt.Errorf("scale %v must be a positive finite number", o.Scale)
	}
	return nil
}

// BuiltinPrefix marks a built-in scene in a scene spec: "builtin:stepping".
const BuiltinPrefix = "builtin:"

// Load reads a scene: "builtin:NAME" for a built-in scene, or a path to an
// .obj, .gltf or .glb file. The mesh is transformed by opts, validated, and
// cleared of degenerate triangles (counted in Mesh.Degenerate). Errors name
// the file and, for text files, the line.
func Load(spec string, opts LoadOptions) (*scenes.Mesh, error) {
	if err := opts.validate(); err != nil {
		return nil, fmt.Errorf("scenes: %s: %w", spec, err)
	}
	var (
		m   *scenes.Mesh
		err error
	)
	if name, ok := strings.CutPrefix(spec, BuiltinPrefix); ok {
		m, err = Builtin(name)
	} else {
		switch ext := strings.ToLower(filepath.Ext(spec)); ext {
		case ".obj":
			m, err = loadOBJFile(spec)
		case ".gltf", ".glb":
			m, err = loadGLTFFile(spec, opts.ExcludeNodes)
		default:
			err = &scenes.ParseError{File: spec, Err: fmt.Errorf("unknown scene format %q (want .obj, .gltf, .glb or builtin:NAME)", ext)}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	if err := finish(m, spec, opts); err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	return m, nil
}

// finish applies the load options, validates, and drops degenerates.
func finish(m *scenes.Mesh, file string, opts LoadOptions) error {
	if s := opts.scale(); s != 1 || opts.Up != scenes.UpY {
		m.Transform(s, opts.Up)
	}
	if err := m.Validate(); err != nil {
		return &scenes.ParseError{File: file, Err: err}
	}
	m.DropDegenerate()
	if m.NumTriangles() == 0 {
		return &scenes.ParseError{File: file, Err: fmt.Errorf("%w: all %d triangles are degenerate", scenes.ErrEmpty, m.Degenerate)}
	}
	return nil
}

func loadOBJFile(path string) (*scenes.Mesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOBJ(f, path)
}

var errNotFinite = errors.New("coordinate is NaN or infinite")
