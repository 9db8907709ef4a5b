package sceneload

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// squareDoc is a document with one mesh (a unit square in y = 0, as two
// triangles) instanced by a small node hierarchy.
func squareDoc(mode gltf.PrimitiveMode, idx []uint16, pos [][3]float32) *gltf.Document {
	doc := gltf.NewDocument()
	pa := modeler.WritePosition(doc, pos)
	prim := &gltf.Primitive{Mode: mode, Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pa}}
	if idx != nil {
		prim.Indices = gltf.Index(modeler.WriteIndices(doc, idx))
	}
	doc.Meshes = []*gltf.Mesh{{Name: "Square", Primitives: []*gltf.Primitive{prim}}}
	return doc
}

var square = [][3]float32{{0, 0, 0}, {0, 0, 1}, {1, 0, 1}, {1, 0, 0}}

func encodeGLB(t testing.TB, doc *gltf.Document) []byte {
	var buf bytes.Buffer
	enc := gltf.NewEncoder(&buf)
	enc.AsBinary = true
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readGLB(t testing.TB, data []byte, exclude ...string) (*scenes.Mesh, error) {
	return ReadGLTF(bytes.NewReader(data), nil, "test.glb", exclude)
}

func TestGLTFHierarchy(t *testing.T) {
	doc := squareDoc(gltf.PrimitiveTriangles, []uint16{0, 1, 2, 0, 2, 3}, square)
	// root: translate (10, 0, 0); child: rotate 90° about +Y and scale 2;
	// grandchild: a matrix translating by (0, 5, 0), which the child's scale
	// makes 10 m; a second root, excluded.
	s := float64(math.Sqrt2 / 2)
	doc.Nodes = []*gltf.Node{
		{Name: "Root", Translation: [3]float64{10, 0, 0}, Children: []int{1}, Mesh: gltf.Index(0)},
		{Name: "Child", Rotation: [4]float64{0, s, 0, s}, Scale: [3]float64{2, 2, 2}, Children: []int{2}, Mesh: gltf.Index(0)},
		{Name: "Grandchild", Matrix: [16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1}, Mesh: gltf.Index(0)},
		{Name: "OuterGroundMesh", Scale: [3]float64{1000, 1, 1000}, Mesh: gltf.Index(0)},
	}
	doc.Scenes[0].Nodes = []int{0, 3}
	m, err := readGLB(t, encodeGLB(t, doc), "OuterGroundMesh")
	if err != nil {
		t.Fatal(err)
	}
	if m.NumTriangles() != 6 {
		t.Fatalf("%d triangles, want 6 (3 instances of 2, the excluded node left out)", m.NumTriangles())
	}
	// Instance 2: rotate (x, z) by 90° about +Y: (x, 0, z) -> (z, 0, -x), scale 2, then +10 in x.
	want := []mgl32.Vec3{
		{10, 0, 0}, {10, 0, 1}, {11, 0, 1}, {11, 0, 0},
		{10, 0, 0}, {12, 0, 0}, {12, 0, -2}, {10, 0, -2},
		{10, 10, 0}, {12, 10, 0}, {12, 10, -2}, {10, 10, -2},
	}
	for i, w := range want {
		if d := m.Vertex(uint32(i)).Sub(w).Len(); d > 1e-5 {
			t.Errorf("vertex %d = %v, want %v", i, m.Vertex(uint32(i)), w)
		}
	}
	if a := m.SurfaceArea(); math.Abs(a-(1+4+4)) > 1e-4 {
		t.Errorf("area = %v, want 9", a)
	}
	full, err := readGLB(t, encodeGLB(t, doc))
	if err != nil || full.NumTriangles() != 8 {
		t.Fatalf("without exclusion: %v triangles, %v; want 8", full.NumTriangles(), err)
	}
}

func TestGLTFStripFanAndNonIndexed(t *testing.T) {
	cases := []struct {
		name string
		mode gltf.PrimitiveMode
		idx  []uint16
		pos  [][3]float32
	}{
		{"strip", gltf.PrimitiveTriangleStrip, []uint16{0, 1, 3, 2}, square}, // odd triangles swap two corners
		{"fan", gltf.PrimitiveTriangleFan, []uint16{0, 1, 2, 3}, square},
		{"non-indexed list", gltf.PrimitiveTriangles, nil, [][3]float32{{0, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0, 0, 0}, {1, 0, 1}, {1, 0, 0}}},
	}
	for _, c := range cases {
		doc := squareDoc(c.mode, c.idx, c.pos)
		doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0)}}
		doc.Scenes[0].Nodes = []int{0}
		m, err := readGLB(t, encodeGLB(t, doc))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.NumTriangles() != 2 || math.Abs(m.SurfaceArea()-1) > 1e-6 {
			t.Errorf("%s: %d triangles, area %v; want 2, 1", c.name, m.NumTriangles(), m.SurfaceArea())
		}
		for tr := 0; tr < m.NumTriangles(); tr++ {
			if n := m.TriangleNormal(tr); n[1] < 0.99 {
				t.Errorf("%s: triangle %d normal %v, want +Y (winding kept)", c.name, tr, n)
			}
		}
	}
}

func TestGLTFMirroredNodeKeepsWinding(t *testing.T) {
	doc := squareDoc(gltf.PrimitiveTriangles, []uint16{0, 1, 2, 0, 2, 3}, square)
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0), Scale: [3]float64{-1, 1, 1}}}
	doc.Scenes[0].Nodes = []int{0}
	m, err := readGLB(t, encodeGLB(t, doc))
	if err != nil {
		t.Fatal(err)
	}
	for tr := 0; tr < m.NumTriangles(); tr++ {
		if n := m.TriangleNormal(tr); n[1] < 0.99 {
			t.Errorf("mirrored triangle %d normal %v, want +Y", tr, n)
		}
	}
}

func TestGLTFUnknownExtensionAndMissingTexture(t *testing.T) {
	doc := squareDoc(gltf.PrimitiveTriangles, []uint16{0, 1, 2, 0, 2, 3}, square)
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0), Extensions: gltf.Extensions{"OMI_physics_body": map[string]any{"type": "static"}}}}
	doc.Scenes[0].Nodes = []int{0}
	doc.ExtensionsUsed = []string{"OMI_physics_body", "EXT_texture_webp"}
	doc.Images = []*gltf.Image{{URI: "missing-texture.webp"}}
	doc.Textures = []*gltf.Texture{{Source: gltf.Index(0)}}
	dir := t.TempDir()
	p := filepath.Join(dir, "level.gltf")
	if err := gltf.Save(doc, p); err != nil {
		t.Fatal(err)
	}
	m, err := Load(p, LoadOptions{})
	if err != nil {
		t.Fatalf("Load with an unknown extension and a missing texture: %v", err)
	}
	if m.NumTriangles() != 2 {
		t.Errorf("%d triangles, want 2", m.NumTriangles())
	}
}

func TestGLTFMalformed(t *testing.T) {
	good := func() *gltf.Document {
		doc := squareDoc(gltf.PrimitiveTriangles, []uint16{0, 1, 2, 0, 2, 3}, square)
		doc.Nodes = []*gltf.Node{{Name: "Floor", Mesh: gltf.Index(0)}}
		doc.Scenes[0].Nodes = []int{0}
		return doc
	}
	cases := []struct {
		name  string
		edit  func(d *gltf.Document)
		bytes func(b []byte) []byte
		want  string
	}{
		{"index out of range", func(d *gltf.Document) {
			d.Meshes[0].Primitives[0].Indices = gltf.Index(modeler.WriteIndices(d, []uint16{0, 1, 9}))
		}, nil, "index 9 out of range"},
		{"accessor overruns its view", func(d *gltf.Document) { d.Accessors[0].Count = 400 }, nil, "overrun buffer view"},
		{"missing accessor", func(d *gltf.Document) { d.Meshes[0].Primitives[0].Attributes[gltf.POSITION] = 42 }, nil, "POSITION accessor 42: does not exist"},
		{"no POSITION", func(d *gltf.Document) { delete(d.Meshes[0].Primitives[0].Attributes, gltf.POSITION) }, nil, "has no POSITION"},
		{"missing mesh", func(d *gltf.Document) { d.Nodes[0].Mesh = gltf.Index(3) }, nil, `node 0 ("Floor"): mesh 3 does not exist`},
		{"node cycle", func(d *gltf.Document) { d.Nodes[0].Children = []int{0} }, nil, "reached twice"},
		{"shared child", func(d *gltf.Document) {
			d.Nodes = append(d.Nodes, &gltf.Node{Children: []int{0, 0}})
			d.Scenes[0].Nodes = []int{1}
		}, nil, "reached twice"},
		{"NaN position", func(d *gltf.Document) {
			d.Accessors[0].BufferView = gltf.Index(modeler.WriteBufferView(d, gltf.TargetArrayBuffer, [][3]float32{{0, 0, 0}, {float32(math.NaN()), 0, 1}, {1, 0, 1}, {1, 0, 0}}))
		}, nil, "NaN or infinite"},
		{"empty scene", func(d *gltf.Document) { d.Scenes[0].Nodes = nil }, nil, "no triangles"},
		{"truncated", nil, func(b []byte) []byte { return b[:len(b)/2] }, "test.glb"},
		{"corrupted header", nil, func(b []byte) []byte { c := append([]byte(nil), b...); c[12] ^= 0xff; return c }, "test.glb"},
		{"huge chunk length", nil, func(b []byte) []byte { c := append([]byte(nil), b...); c[15] = 0x7f; return c }, "claims"},
		{"wrong GLB version", nil, func(b []byte) []byte { c := append([]byte(nil), b...); c[4] = 1; return c }, "GLB version 1"},
	}
	for _, c := range cases {
		doc := good()
		if c.edit != nil {
			c.edit(doc)
		}
		data := encodeGLB(t, doc)
		if c.bytes != nil {
			data = c.bytes(data)
		}
		m, err := readGLB(t, data)
		if err == nil {
			err = finish(m, "test.glb", LoadOptions{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "test.glb") {
			t.Errorf("%s: error %v, want one naming test.glb and containing %q", c.name, err, c.want)
		}
		var pe *scenes.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%s: %v is not a *scenes.ParseError", c.name, err)
		}
	}
}

func TestGLTFSparse(t *testing.T) {
	build := func(withBase bool, sparseIdx []uint16) *gltf.Document {
		doc := squareDoc(gltf.PrimitiveTriangles, []uint16{0, 1, 2, 0, 2, 3}, square)
		doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0)}}
		doc.Scenes[0].Nodes = []int{0}
		a := doc.Accessors[0] // POSITION
		iv := modeler.WriteBufferView(doc, gltf.TargetNone, sparseIdx)
		vv := modeler.WriteBufferView(doc, gltf.TargetNone, [][3]float32{{1, 0.5, 1}})
		a.Sparse = &gltf.Sparse{Count: len(sparseIdx),
			Indices: gltf.SparseIndices{BufferView: iv, ComponentType: gltf.ComponentUshort},
			Values:  gltf.SparseValues{BufferView: vv}}
		if !withBase {
			a.BufferView = nil
		}
		return doc
	}
	m, err := readGLB(t, encodeGLB(t, build(true, []uint16{2})))
	if err != nil {
		t.Fatal(err)
	}
	if v := m.Vertex(2); v != (mgl32.Vec3{1, 0.5, 1}) {
		t.Errorf("sparse-substituted vertex 2 = %v, want [1 0.5 1]", v)
	}
	if v := m.Vertex(3); v != (mgl32.Vec3{1, 0, 0}) {
		t.Errorf("untouched vertex 3 = %v, want [1 0 0]", v)
	}
	m, err = readGLB(t, encodeGLB(t, build(false, []uint16{2})))
	if err != nil {
		t.Fatal(err)
	}
	if v, z := m.Vertex(2), m.Vertex(1); v != (mgl32.Vec3{1, 0.5, 1}) || z != (mgl32.Vec3{}) {
		t.Errorf("sparse without a base: vertices 1, 2 = %v, %v; want zero, [1 0.5 1]", z, v)
	}
	if _, err := readGLB(t, encodeGLB(t, build(true, []uint16{7}))); err == nil || !strings.Contains(err.Error(), "sparse index 7 out of range") {
		t.Errorf("sparse index out of range: error %v", err)
	}
	huge := build(false, []uint16{2})
	huge.Accessors[0].Count = 1 << 30
	if _, err := readGLB(t, encodeGLB(t, huge)); err == nil || !strings.Contains(err.Error(), "no buffer view") {
		t.Errorf("a billion zero-based sparse elements: error %v, want a refusal", err)
	}
}

func FuzzReadGLTF(f *testing.F) {
	doc := squareDoc(gltf.PrimitiveTriangleStrip, []uint16{0, 1, 3, 2}, square)
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0), Children: []int{1}}, {Mesh: gltf.Index(0), Translation: [3]float64{1, 2, 3}}}
	doc.Scenes[0].Nodes = []int{0}
	f.Add(encodeGLB(f, doc))
	var js bytes.Buffer
	if err := gltf.NewEncoder(&js).Encode(doc); err == nil { // JSON with an embedded buffer
		f.Add(js.Bytes())
	}
	if d, ok := os.LookupEnv("FOOTHOLD_FUZZ_SEED_GLTF"); ok {
		if b, err := os.ReadFile(d); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadGLTF(bytes.NewReader(data), nil, "fuzz.glb", nil)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.glb") {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		if finish(m, "fuzz.glb", LoadOptions{}) != nil {
			return
		}
		if _, err := scenes.NewBVH(m, scenes.BVHOptions{Workers: 1}); err != nil {
			t.Fatalf("loaded mesh fails to build: %v", err)
		}
	})
}
