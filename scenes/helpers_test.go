package scenes

import (
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
)

// testScene is a named mesh for table tests over every scene we have.
type testScene struct {
	name string
	mesh *Mesh
}

// allScenes returns the built-in scenes and, when the real data is present,
// every mesh in ../shared/data/meshes.
func allScenes(t *testing.T) []testScene {
	t.Helper()
	var out []testScene
	for _, s := range BuiltinScenes() {
		m, err := Load(BuiltinPrefix+s.Name, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testScene{BuiltinPrefix + s.Name, m})
	}
	if _, ok := shareddata.Dir(); !ok {
		t.Logf("real meshes absent (../shared/data or $FOOTHOLD_DATA): testing built-in scenes only")
		return out
	}
	for _, rm := range shareddata.Meshes {
		p := shareddata.Path(t, rm.File)
		m, err := Load(p, LoadOptions{Scale: rm.Scale, ExcludeNodes: rm.Exclude})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testScene{rm.File, m})
	}
	return out
}

// bruteClosest is the oracle: every triangle of the mesh, in mesh order,
// nearest T wins, ties to the lowest index.
func bruteClosest(tris []triVerts, r Ray) (Hit, bool) {
	var p rayPrep
	p.init(&r)
	best, tmax := -1, r.TMax
	for i := range tris {
		if t, _, ok := p.intersect(&tris[i], r.TMin, tmax); ok && (t < tmax || best < 0) {
			best, tmax = i, t
		}
	}
	if best < 0 {
		return Hit{}, false
	}
	return Hit{T: tmax, Triangle: int32(best)}, true
}

func meshTris(m *Mesh) []triVerts {
	tris := make([]triVerts, m.NumTriangles())
	for t := range tris {
		a, b, c := m.Triangle(t)
		tris[t] = triVerts{{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {c[0], c[1], c[2]}}
	}
	return tris
}
