package scenes

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// gltfMaxDepth bounds the node hierarchy; deeper (or cyclic) graphs are errors.
const gltfMaxDepth = 256

func loadGLTFFile(path string, exclude []string) (*Mesh, error) {
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
func ReadGLTF(r io.Reader, fsys fs.FS, name string, exclude []string) (*Mesh, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	if err := checkGLB(data); err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	dec := gltf.NewDecoderFS(bytes.NewReader(data), fsys)
	if fsys == nil {
		dec = gltf.NewDecoder(bytes.NewReader(data))
	}
	doc := new(gltf.Document)
	if err := decodeGLTF(dec, doc); err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	g := gltfReader{doc: doc, name: name, skip: map[string]bool{}, m: &Mesh{}}
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

// glbMagic starts a binary glTF file ("glTF", little-endian).
const glbMagic = 0x46546C67

// checkGLB checks a binary glTF container before the decoder trusts its
// lengths (it allocates what the header claims): version 2, a total length
// and chunks that fit in the bytes actually there. Text glTF passes as is.
func checkGLB(data []byte) error {
	le := binary.LittleEndian
	if len(data) < 4 || le.Uint32(data) != glbMagic {
		return nil
	}
	if len(data) < 12 {
		return fmt.Errorf("truncated GLB header: %d bytes", len(data))
	}
	if v := le.Uint32(data[4:]); v != 2 {
		return fmt.Errorf("GLB version %d, want 2", v)
	}
	total := int64(le.Uint32(data[8:]))
	if total > int64(len(data)) {
		return fmt.Errorf("truncated GLB: header says %d bytes, file has %d", total, len(data))
	}
	for off := int64(12); off < total; {
		if total-off < 8 {
			return fmt.Errorf("truncated GLB chunk header at byte %d", off)
		}
		n := int64(le.Uint32(data[off:]))
		if n > total-off-8 {
			return fmt.Errorf("GLB chunk at byte %d claims %d bytes, only %d remain", off, n, total-off-8)
		}
		off += 8 + n
	}
	return nil
}

// decodeGLTF runs the decoder and turns its panics on hostile input (the
// library trusts some lengths) into errors.
func decodeGLTF(dec *gltf.Decoder, doc *gltf.Document) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed glTF: %v", r)
		}
	}()
	return dec.Decode(doc)
}

type gltfReader struct {
	doc  *gltf.Document
	name string
	skip map[string]bool
	m    *Mesh
}

func (g *gltfReader) fail(place string, format string, a ...any) error {
	return &ParseError{File: g.name, Place: place, Err: fmt.Errorf(format, a...)}
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
	if g.skip[n.Name] {
		return nil
	}
	world := parent.Mul4(localMatrix(n))
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

// localMatrix is the node's matrix, or T·R·S when it has none.
func localMatrix(n *gltf.Node) mgl64.Mat4 {
	if m := n.MatrixOrDefault(); m != gltf.DefaultMatrix {
		return mgl64.Mat4(m) // column-major in both
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	q := mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}
	if l := q.Len(); l > 0 {
		q = q.Scale(1 / l)
	}
	return mgl64.Translate3D(t[0], t[1], t[2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
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
	a, data, stride, err := g.accessor(ai, gltf.AccessorVec3)
	if err != nil {
		return 0, err
	}
	read, err := componentReader(a.ComponentType, a.Normalized)
	if err != nil {
		return 0, err
	}
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	comp := size / 3
	for k := 0; k < a.Count; k++ {
		e := data[k*stride : k*stride+size]
		p := mgl64.Vec4{read(e), read(e[comp:]), read(e[2*comp:]), 1}
		w := world.Mul4x1(p)
		for c := 0; c < 3; c++ {
			if math.IsNaN(w[c]) || math.IsInf(w[c], 0) || math.Abs(w[c]) > math.MaxFloat32 {
				return 0, fmt.Errorf("vertex %d: %w", k, errNotFinite)
			}
		}
		g.m.Positions = append(g.m.Positions, float32(w[0]), float32(w[1]), float32(w[2]))
	}
	return a.Count, nil
}

func (g *gltfReader) readIndices(ai int) ([]uint32, error) {
	a, data, stride, err := g.accessor(ai, gltf.AccessorScalar)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, a.Count)
	for k := range out {
		e := data[k*stride:]
		switch a.ComponentType {
		case gltf.ComponentUbyte:
			out[k] = uint32(e[0])
		case gltf.ComponentUshort:
			out[k] = uint32(binary.LittleEndian.Uint16(e))
		case gltf.ComponentUint:
			out[k] = binary.LittleEndian.Uint32(e)
		default:
			return nil, fmt.Errorf("index component type %v (want unsigned byte, short or int)", a.ComponentType)
		}
	}
	return out, nil
}

// accessor checks accessor ai against its buffer view and buffer before any
// element is read, and returns the bytes from its first element and the
// element stride.
func (g *gltfReader) accessor(ai int, want gltf.AccessorType) (*gltf.Accessor, []byte, int, error) {
	d := g.doc
	if ai < 0 || ai >= len(d.Accessors) {
		return nil, nil, 0, fmt.Errorf("does not exist (%d accessors)", len(d.Accessors))
	}
	a := d.Accessors[ai]
	if a.Type != want {
		return nil, nil, 0, fmt.Errorf("type %v, want %v", a.Type, want)
	}
	if a.Sparse != nil {
		return nil, nil, 0, errors.New("sparse accessors are not supported for geometry")
	}
	if a.BufferView == nil {
		return nil, nil, 0, errors.New("has no buffer view")
	}
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.Count < 0 || a.ByteOffset < 0 || size == 0 {
		return nil, nil, 0, fmt.Errorf("bad count %d, offset %d or component type %v", a.Count, a.ByteOffset, a.ComponentType)
	}
	bvi := *a.BufferView
	if bvi < 0 || bvi >= len(d.BufferViews) {
		return nil, nil, 0, fmt.Errorf("buffer view %d does not exist (%d views)", bvi, len(d.BufferViews))
	}
	bv := d.BufferViews[bvi]
	if bv.Buffer < 0 || bv.Buffer >= len(d.Buffers) {
		return nil, nil, 0, fmt.Errorf("buffer %d does not exist (%d buffers)", bv.Buffer, len(d.Buffers))
	}
	buf := d.Buffers[bv.Buffer].Data
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, nil, 0, fmt.Errorf("buffer view %d (offset %d, length %d) overruns buffer %d of %d bytes", bvi, bv.ByteOffset, bv.ByteLength, bv.Buffer, len(buf))
	}
	view := buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	stride := bv.ByteStride
	if stride == 0 {
		stride = size
	}
	if stride < size {
		return nil, nil, 0, fmt.Errorf("byte stride %d smaller than the element (%d bytes)", stride, size)
	}
	if a.Count == 0 {
		return a, nil, stride, nil
	}
	need := int64(a.ByteOffset) + int64(a.Count-1)*int64(stride) + int64(size)
	if need > int64(len(view)) {
		return nil, nil, 0, fmt.Errorf("%d elements of %d bytes (stride %d) at offset %d overrun buffer view %d of %d bytes", a.Count, size, stride, a.ByteOffset, bvi, len(view))
	}
	return a, view[a.ByteOffset:], stride, nil
}

// componentReader returns a decoder of one component as float64, applying
// the glTF normalisation rules for normalised integers (KHR_mesh_quantization).
func componentReader(c gltf.ComponentType, normalized bool) (func([]byte) float64, error) {
	le := binary.LittleEndian
	switch c {
	case gltf.ComponentFloat:
		return func(b []byte) float64 { return float64(math.Float32frombits(le.Uint32(b))) }, nil
	case gltf.ComponentByte:
		if normalized {
			return func(b []byte) float64 { return max(float64(int8(b[0]))/127, -1) }, nil
		}
		return func(b []byte) float64 { return float64(int8(b[0])) }, nil
	case gltf.ComponentUbyte:
		if normalized {
			return func(b []byte) float64 { return float64(b[0]) / 255 }, nil
		}
		return func(b []byte) float64 { return float64(b[0]) }, nil
	case gltf.ComponentShort:
		if normalized {
			return func(b []byte) float64 { return max(float64(int16(le.Uint16(b)))/32767, -1) }, nil
		}
		return func(b []byte) float64 { return float64(int16(le.Uint16(b))) }, nil
	case gltf.ComponentUshort:
		if normalized {
			return func(b []byte) float64 { return float64(le.Uint16(b)) / 65535 }, nil
		}
		return func(b []byte) float64 { return float64(le.Uint16(b)) }, nil
	}
	return nil, fmt.Errorf("component type %v cannot hold positions", c)
}
