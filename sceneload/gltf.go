package sceneload

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/foothold/foothold/internal/gltfdata"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// gltfMaxDepth bounds the node hierarchy; deeper (or cyclic) graphs are errors.
const gltfMaxDepth = 256

func loadGLTFFile(path string, exclude []string) (*scenes.Mesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadGLTF(f, os.DirFS(filepath.Dir(path)), path, exclude)
}

// ReadGLTF reads a glTF 2.0 document (JSON .gltf with external or embedded
// buffers, or binary .glb) from r; external buffers are read from fsys (nil:
// none allowed). Every triangle primitive (TRIANGLES, TRIANGLE_STRIP,
// TRIANGLE_FAN) of every node of the default scene (or of all root nodes when
// there is none) is transformed to world space and appended; points and lines
// are skipped. Nodes named in exclude are left out with their subtrees.
// Textures are never read and unknown extensions are ignored. name is used in
// errors. The mesh is returned as read (Load validates it).
func ReadGLTF(r io.Reader, fsys fs.FS, name string, exclude []string) (*scenes.Mesh, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &scenes.ParseError{File: name, Err: err}
	}
	doc, err := gltfdata.Decode(data, fsys)
	if err != nil {
		return nil, &scenes.ParseError{File: name, Err: err}
	}
	g := gltfReader{doc: doc, name: name, skip: map[string]bool{}, m: &scenes.Mesh{}, seen: make([]bool, len(doc.Nodes))}
	for _, n := range exclude {
		g.skip[n] = true
	}
	roots, err := g.roots()
	if err != nil {
		return nil, err
	}
	for _, n := range roots {
		if err := g.node(n, mgl64.Ident4(), 0); err != nil {
			return nil, err
		}
	}
	return g.m, nil
}

type gltfReader struct {
	doc  *gltf.Document
	name string
	skip map[string]bool
	m    *scenes.Mesh
	seen []bool // nodes reached so far: glTF nodes form strict trees
}

func (g *gltfReader) fail(place string, format string, a ...any) error {
	return &scenes.ParseError{File: g.name, Place: place, Err: fmt.Errorf(format, a...)}
}

func (g *gltfReader) roots() ([]int, error) {
	d := g.doc
	if len(d.Scenes) > 0 {
		s := 0
		if d.Scene != nil {
			s = *d.Scene
		}
		if s < 0 || s >= len(d.Scenes) {
			return nil, g.fail("scene", "default scene %d does not exist (%d scenes)", s, len(d.Scenes))
		}
		return d.Scenes[s].Nodes, nil
	}
	// No scene: every node that is nobody's child is a root.
	child := make([]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		for _, c := range n.Children {
			if c >= 0 && c < len(child) {
				child[c] = true
			}
		}
	}
	var roots []int
	for i, c := range child {
		if !c {
			roots = append(roots, i)
		}
	}
	return roots, nil
}

func (g *gltfReader) node(i int, parent mgl64.Mat4, depth int) error {
	place := fmt.Sprintf("node %d", i)
	if i < 0 || i >= len(g.doc.Nodes) {
		return g.fail(place, "does not exist (%d nodes)", len(g.doc.Nodes))
	}
	if depth > gltfMaxDepth {
		return g.fail(place, "node hierarchy deeper than %d (a cycle?)", gltfMaxDepth)
	}
	n := g.doc.Nodes[i]
	if n.Name != "" {
		place = fmt.Sprintf("node %d (%q)", i, n.Name)
	}
	if g.seen[i] {
		return g.fail(place, "reached twice: a node may have one parent and appear in a scene once")
	}
	g.seen[i] = true
	if g.skip[n.Name] {
		return nil
	}
	world := parent.Mul4(gltfdata.LocalMatrix(n))
	if n.Mesh != nil {
		if err := g.mesh(*n.Mesh, world, place); err != nil {
			return err
		}
	}
	for _, c := range n.Children {
		if err := g.node(c, world, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (g *gltfReader) mesh(mi int, world mgl64.Mat4, place string) error {
	if mi < 0 || mi >= len(g.doc.Meshes) {
		return g.fail(place, "mesh %d does not exist (%d meshes)", mi, len(g.doc.Meshes))
	}
	flip := world.Mat3().Det() < 0 // a mirroring transform reverses winding
	for pi, p := range g.doc.Meshes[mi].Primitives {
		pplace := fmt.Sprintf("%s mesh %d primitive %d", place, mi, pi)
		switch p.Mode {
		case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
		default:
			continue // points and lines hold no surface
		}
		pos, ok := p.Attributes[gltf.POSITION]
		if !ok {
			return g.fail(pplace, "triangle primitive has no POSITION")
		}
		base := uint32(g.m.NumVertices())
		nv, err := g.readPositions(pos, world)
		if err != nil {
			return g.fail(pplace, "POSITION accessor %d: %v", pos, err)
		}
		var idx []uint32
		if p.Indices != nil {
			if idx, err = g.readIndices(*p.Indices); err != nil {
				return g.fail(pplace, "indices accessor %d: %v", *p.Indices, err)
			}
		} else {
			idx = make([]uint32, nv)
			for k := range idx {
				idx[k] = uint32(k)
			}
		}
		for _, ix := range idx {
			if int(ix) >= nv {
				return g.fail(pplace, "index %d out of range (%d vertices)", ix, nv)
			}
		}
		g.appendTriangles(p.Mode, idx, base, flip)
	}
	return nil
}

// appendTriangles converts a list, strip or fan to triangles.
func (g *gltfReader) appendTriangles(mode gltf.PrimitiveMode, idx []uint32, base uint32, flip bool) {
	emit := func(a, b, c uint32) {
		if flip {
			b, c = c, b
		}
		g.m.Indices = append(g.m.Indices, base+a, base+b, base+c)
	}
	switch mode {
	case gltf.PrimitiveTriangles:
		for k := 0; k+2 < len(idx); k += 3 {
			emit(idx[k], idx[k+1], idx[k+2])
		}
	case gltf.PrimitiveTriangleStrip:
		for k := 0; k+2 < len(idx); k++ {
			if k%2 == 0 {
				emit(idx[k], idx[k+1], idx[k+2])
			} else {
				emit(idx[k+1], idx[k], idx[k+2])
			}
		}
	case gltf.PrimitiveTriangleFan:
		for k := 1; k+1 < len(idx); k++ {
			emit(idx[0], idx[k], idx[k+1])
		}
	}
}

// readPositions appends the accessor's positions, transformed by world, and
// returns their number.
func (g *gltfReader) readPositions(ai int, world mgl64.Mat4) (int, error) {
	pos, err := gltfdata.Floats(g.doc, ai, gltf.AccessorVec3)
	if err != nil {
		return 0, err
	}
	for k := 0; k < len(pos); k += 3 {
		w := world.Mul4x1(mgl64.Vec4{pos[k], pos[k+1], pos[k+2], 1})
		for c := 0; c < 3; c++ {
			if math.IsNaN(w[c]) || math.IsInf(w[c], 0) || math.Abs(w[c]) > math.MaxFloat32 {
				return 0, fmt.Errorf("vertex %d: %w", k/3, errNotFinite)
			}
		}
		g.m.Positions = append(g.m.Positions, float32(w[0]), float32(w[1]), float32(w[2]))
	}
	return len(pos) / 3, nil
}

func (g *gltfReader) readIndices(ai int) ([]uint32, error) {
	return gltfdata.Uints(g.doc, ai, gltf.AccessorScalar)
}
