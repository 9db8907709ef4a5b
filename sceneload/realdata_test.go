package sceneload

import (
	"math"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
)

// TestRealMeshes loads every mesh in ../shared/data/meshes and checks its
// triangle count and surface area against PROVENANCE.md.
func TestRealMeshes(t *testing.T) {
	for _, rm := range shareddata.Meshes {
		p := shareddata.Path(t, rm.File)
		m, err := Load(p, LoadOptions{Scale: rm.Scale, ExcludeNodes: rm.Exclude})
		if err != nil {
			t.Errorf("%s: %v", rm.File, err)
			continue
		}
		if rm.Triangles > 0 && m.NumTriangles()+m.Degenerate != rm.Triangles {
			t.Errorf("%s: %d triangles + %d degenerate, PROVENANCE.md says %d", rm.File, m.NumTriangles(), m.Degenerate, rm.Triangles)
		}
		if rm.AreaM2 > 0 && math.Abs(m.SurfaceArea()/rm.AreaM2-1) > 0.01 {
			t.Errorf("%s: area %.1f m², PROVENANCE.md says %.0f m²", rm.File, m.SurfaceArea(), rm.AreaM2)
		}
		t.Logf("%s: %d triangles, %d degenerate dropped, %.1f m², bounds %v", rm.File, m.NumTriangles(), m.Degenerate, m.SurfaceArea(), m.Bounds().Size())
	}
}

// TestTruckTownWholeFile checks the glTF loader against the triangle count
// PROVENANCE.md gives for the whole file (ground plane included).
func TestTruckTownWholeFile(t *testing.T) {
	p := shareddata.Path(t, "meshes/truck-town/town_model.gltf")
	m, err := Load(p, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.NumTriangles() + m.Degenerate; got != 30477 {
		t.Errorf("truck-town: %d triangles in the whole file, PROVENANCE.md says 30,477", got)
	}
	if s := m.Bounds().Size(); s[0] < 1000 {
		t.Errorf("truck-town with its ground plane is %v across; want the 2 km plane included", s)
	}
}
