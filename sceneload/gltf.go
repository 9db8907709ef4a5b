package sceneload

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
	if err := checkGLB(data); err != nil {
		return nil, &scenes.ParseError{File: name, Err: err}
	}
	dec := gltf.NewDecoderFS(bytes.NewReader(data), fsys)
	if fsys == nil {
		dec = gltf.NewDecoder(bytes.NewReader(data))
	}
	doc := new(gltf.Document)
	if err := decodeGLTF(dec, doc); err != nil {
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
	a, err := g.accessorOf(ai, gltf.AccessorVec3)
	if err != nil {
		return 0, err
	}
	read, err := componentReader(a.ComponentType, a.Normalized)
	if err != nil {
		return 0, err
	}
	comp := gltf.SizeOfElement(a.ComponentType, a.Type) / 3
	elem := func(e []byte) [3]float64 { return [3]float64{read(e), read(e[comp:]), read(e[2*comp:])} }
	pos := make([][3]float64, a.Count)
	if err := g.fill(a, func(k int, e []byte) { pos[k] = elem(e) }); err != nil {
		return 0, err
	}
	for k, p := range pos {
		w := world.Mul4x1(mgl64.Vec4{p[0], p[1], p[2], 1})
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
	a, err := g.accessorOf(ai, gltf.AccessorScalar)
	if err != nil {
		return nil, err
	}
	read, err := indexReader(a.ComponentType)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, a.Count)
	err = g.fill(a, func(k int, e []byte) { out[k] = read(e) })
	return out, err
}

func indexReader(c gltf.ComponentType) (func([]byte) uint32, error) {
	switch c {
	case gltf.ComponentUbyte:
		return func(b []byte) uint32 { return uint32(b[0]) }, nil
	case gltf.ComponentUshort:
		return func(b []byte) uint32 { return uint32(binary.LittleEndian.Uint16(b)) }, nil
	case gltf.ComponentUint:
		return binary.LittleEndian.Uint32, nil
	}
	return nil, fmt.Errorf("index component type %v (want unsigned byte, short or int)", c)
}

// accessorOf returns accessor ai after checking its type, and its count
// against the bytes that hold it; callers may then allocate Count elements.
func (g *gltfReader) accessorOf(ai int, want gltf.AccessorType) (*gltf.Accessor, error) {
	if ai < 0 || ai >= len(g.doc.Accessors) {
		return nil, fmt.Errorf("does not exist (%d accessors)", len(g.doc.Accessors))
	}
	a := g.doc.Accessors[ai]
	if a.Type != want {
		return nil, fmt.Errorf("type %v, want %v", a.Type, want)
	}
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.Count < 0 || size == 0 {
		return nil, fmt.Errorf("bad count %d or component type %v", a.Count, a.ComponentType)
	}
	// Check the count against the data before anyone allocates for it.
	switch {
	case a.BufferView != nil:
		if _, _, err := g.view(*a.BufferView, a.ByteOffset, a.Count, size); err != nil {
			return nil, err
		}
	case a.Sparse == nil:
		return nil, errors.New("has neither a buffer view nor sparse values")
	default:
		// All zeros but the sparse values: cap the count by the data
		// there is, so a tiny file cannot ask for gigabytes.
		var total int64
		for _, b := range g.doc.Buffers {
			total += int64(len(b.Data))
		}
		if limit := max(1<<20, 64*total); int64(a.Count) > limit {
			return nil, fmt.Errorf("%d elements with no buffer view: more than %d for %d bytes of buffers", a.Count, limit, total)
		}
	}
	return a, nil
}

// fill calls set for every element of an accessor checked by accessorOf, in
// order: the elements of its buffer view (zeros when it has none) and then,
// for a sparse accessor, the substituted elements, whose ranges are checked
// before they are read.
func (g *gltfReader) fill(a *gltf.Accessor, set func(k int, e []byte)) error {
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.BufferView != nil {
		data, stride, err := g.view(*a.BufferView, a.ByteOffset, a.Count, size)
		if err != nil {
			return err
		}
		for k := 0; k < a.Count; k++ {
			set(k, data[k*stride:k*stride+size])
		}
	} else {
		zero := make([]byte, size)
		for k := 0; k < a.Count; k++ {
			set(k, zero)
		}
	}
	sp := a.Sparse
	if sp == nil {
		return nil
	}
	if sp.Count < 0 || sp.Count > a.Count {
		return fmt.Errorf("sparse count %d for %d elements", sp.Count, a.Count)
	}
	readIdx, err := indexReader(sp.Indices.ComponentType)
	if err != nil {
		return fmt.Errorf("sparse indices: %w", err)
	}
	isz := gltf.SizeOfElement(sp.Indices.ComponentType, gltf.AccessorScalar)
	idx, istride, err := g.view(sp.Indices.BufferView, sp.Indices.ByteOffset, sp.Count, isz)
	if err != nil {
		return fmt.Errorf("sparse indices: %w", err)
	}
	vals, vstride, err := g.view(sp.Values.BufferView, sp.Values.ByteOffset, sp.Count, size)
	if err != nil {
		return fmt.Errorf("sparse values: %w", err)
	}
	for i := 0; i < sp.Count; i++ {
		k := readIdx(idx[i*istride:])
		if int64(k) >= int64(a.Count) {
			return fmt.Errorf("sparse index %d out of range (%d elements)", k, a.Count)
		}
		set(int(k), vals[i*vstride:i*vstride+size])
	}
	return nil
}

// view checks that count elements of size bytes at offset fit in buffer
// view bvi (with its stride) and returns the bytes from the first element
// and the stride.
func (g *gltfReader) view(bvi, offset, count, size int) ([]byte, int, error) {
	d := g.doc
	if bvi < 0 || bvi >= len(d.BufferViews) {
		return nil, 0, fmt.Errorf("buffer view %d does not exist (%d views)", bvi, len(d.BufferViews))
	}
	bv := d.BufferViews[bvi]
	if bv.Buffer < 0 || bv.Buffer >= len(d.Buffers) {
		return nil, 0, fmt.Errorf("buffer %d does not exist (%d buffers)", bv.Buffer, len(d.Buffers))
	}
	buf := d.Buffers[bv.Buffer].Data
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, 0, fmt.Errorf("buffer view %d (offset %d, length %d) overruns buffer %d of %d bytes", bvi, bv.ByteOffset, bv.ByteLength, bv.Buffer, len(buf))
	}
	data := buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	stride := bv.ByteStride
	if stride == 0 {
		stride = size
	}
	if stride < size || offset < 0 {
		return nil, 0, fmt.Errorf("byte stride %d or offset %d does not fit %d-byte elements", stride, offset, size)
	}
	if count == 0 {
		return nil, stride, nil
	}
	need := int64(offset) + int64(count-1)*int64(stride) + int64(size)
	if need > int64(len(data)) {
		return nil, 0, fmt.Errorf("%d elements of %d bytes (stride %d) at offset %d overrun buffer view %d of %d bytes", count, size, stride, offset, bvi, len(data))
	}
	return data[offset:], stride, nil
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
