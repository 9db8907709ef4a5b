// Package shareddata finds the real third-party test data (game levels, motion
// capture) that lives beside the project in ../shared/data, or wherever
// $FOOTHOLD_DATA points. Tests that need it skip with a message when it is
// absent; it is never copied into the repository.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the data folder and whether it exists.
func Dir() (string, bool) {
	if d := os.Getenv("FOOTHOLD_DATA"); d != "" {
		return d, isDir(d)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			// The root module (cmd/demo is a module of its own inside it).
			if _, err := os.Stat(filepath.Join(d, "scenes")); err == nil {
				p := filepath.Join(filepath.Dir(d), "shared", "data")
				return p, isDir(p)
			}
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// Path returns the path of a file in the data folder, or skips the test
// with a message when the folder or the file is absent.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	d, ok := Dir()
	if !ok {
		tb.Skipf("real test data not found (../shared/data or $FOOTHOLD_DATA); skipping %s", rel)
	}
	p := filepath.Join(d, rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("real test data file %s absent: %v", p, err)
	}
	return p
}

// Mesh describes one of the real meshes and what PROVENANCE.md says of it.
type Mesh struct {
	File      string   // path under the data folder
	Scale     float32  // load scale (Cube 2 maps: 0.125)
	Exclude   []string // glTF nodes to leave out
	Triangles int      // triangles in the file, degenerate ones included
	AreaM2    float64  // surface area from PROVENANCE.md; 0 when not given
}

// Meshes lists every mesh in ../shared/data/meshes.
var Meshes = []Mesh{
	{File: "meshes/dungeon.obj", Triangles: 10133, AreaM2: 10483},
	{File: "meshes/nav_test.obj", Triangles: 1612, AreaM2: 15109},
	{File: "meshes/undulating.obj", Triangles: 5202, AreaM2: 13273},
	{File: "meshes/godot-nav-level.obj", Triangles: 138, AreaM2: 64},
	{File: "meshes/truck-town/town_model.gltf", Exclude: []string{"OuterGroundMesh"}, AreaM2: 22382},
	{File: "meshes/zdm2.obj", Scale: 0.125, Triangles: 70754},
	{File: "meshes/fdm6.obj", Scale: 0.125, Triangles: 9779},
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
