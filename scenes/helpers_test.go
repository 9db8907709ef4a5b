package scenes_test

import (
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// testScene is a named mesh for table tests over every scene we have.
type testScene struct {
	name string
	mesh *scenes.Mesh
}

// allScenes returns the built-in scenes and, when the real data is present,
// every mesh in ../shared/data/meshes.
func allScenes(t *testing.T) []testScene {
	t.Helper()
	var out []testScene
	for _, s := range sceneload.BuiltinScenes() {
		if s.Large {
			continue // baked in tiles: package supporttile
		}
		m, err := sceneload.Load(sceneload.BuiltinPrefix+s.Name, sceneload.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testScene{sceneload.BuiltinPrefix + s.Name, m})
	}
	if _, ok := shareddata.Dir(); !ok {
		t.Logf("real meshes absent (../shared/data or $FOOTHOLD_DATA): testing built-in scenes only")
		return out
	}
	for _, rm := range shareddata.Meshes {
		p := shareddata.Path(t, rm.File)
		m, err := sceneload.Load(p, sceneload.LoadOptions{Scale: rm.Scale, ExcludeNodes: rm.Exclude})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testScene{rm.File, m})
	}
	return out
}
