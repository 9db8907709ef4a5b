package gltfdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// Decode reads a glTF document (JSON .gltf or binary .glb) from its bytes;
// external buffers are read from fsys (nil: none allowed).
func Decode(data []byte, fsys fs.FS) (*gltf.Document, error) {
	if err := checkGLB(data); err != nil {
		return nil, err
	}
	dec := gltf.NewDecoderFS(bytes.NewReader(data), fsys)
	if fsys == nil {
		dec = gltf.NewDecoder(bytes.NewReader(data))
	}
	doc := new(gltf.Document)
	if err := decode(dec, doc); err != nil {
		return nil, err
	}
	return doc, nil
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

// decode runs the decoder and turns its panics on hostile input (the
// library trusts some lengths) into errors.
func decode(dec *gltf.Decoder, doc *gltf.Document) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed glTF: %v", r)
		}
	}()
	return dec.Decode(doc)
}

// LocalMatrix is the node's matrix, or T·R·S when it has none.
func LocalMatrix(n *gltf.Node) mgl64.Mat4 {
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

// Floats reads accessor ai of type want, every component as float64
// (normalised integers by the glTF rules), flat: Count × components.
func Floats(doc *gltf.Document, ai int, want gltf.AccessorType) ([]float64, error) {
	a, err := Accessor(doc, ai, want)
	if err != nil {
		return nil, err
	}
	read, err := ComponentReader(a.ComponentType, a.Normalized)
	if err != nil {
		return nil, err
	}
	nc, comp := want.Components(), a.ComponentType.ByteSize()
	out := make([]float64, a.Count*nc)
	err = Fill(doc, a, func(k int, e []byte) {
		for c := range nc {
			out[k*nc+c] = read(e[c*comp:])
		}
	})
	return out, err
}

// Uints reads accessor ai of type want holding unsigned integers (indices,
// joint numbers), flat: Count × components.
func Uints(doc *gltf.Document, ai int, want gltf.AccessorType) ([]uint32, error) {
	a, err := Accessor(doc, ai, want)
	if err != nil {
		return nil, err
	}
	read, err := IndexReader(a.ComponentType)
	if err != nil {
		return nil, err
	}
	nc, comp := want.Components(), a.ComponentType.ByteSize()
	out := make([]uint32, a.Count*nc)
	err = Fill(doc, a, func(k int, e []byte) {
		for c := range nc {
			out[k*nc+c] = read(e[c*comp:])
		}
	})
	return out, err
}

// IndexReader decodes one unsigned integer component.
func IndexReader(c gltf.ComponentType) (func([]byte) uint32, error) {
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

// Accessor returns accessor ai after checking its type, and its count
// against the bytes that hold it; callers may then allocate Count elements.
func Accessor(doc *gltf.Document, ai int, want gltf.AccessorType) (*gltf.Accessor, error) {
	if ai < 0 || ai >= len(doc.Accessors) {
		return nil, fmt.Errorf("does not exist (%d accessors)", len(doc.Accessors))
	}
	a := doc.Accessors[ai]
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
		if _, _, err := view(doc, *a.BufferView, a.ByteOffset, a.Count, size); err != nil {
			return nil, err
		}
	case a.Sparse == nil:
		return nil, errors.New("has neither a buffer view nor sparse values")
	default:
		// All zeros but the sparse values: cap the count by the data
		// there is, so a tiny file cannot ask for gigabytes.
		var total int64
		for _, b := range doc.Buffers {
			total += int64(len(b.Data))
		}
		if limit := max(1<<20, 64*total); int64(a.Count) > limit {
			return nil, fmt.Errorf("%d elements with no buffer view: more than %d for %d bytes of buffers", a.Count, limit, total)
		}
	}
	return a, nil
}

// Fill calls set for every element of an accessor checked by Accessor, in
// order: the elements of its buffer view (zeros when it has none) and then,
// for a sparse accessor, the substituted elements, whose ranges are checked
// before they are read.
func Fill(doc *gltf.Document, a *gltf.Accessor, set func(k int, e []byte)) error {
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.BufferView != nil {
		data, stride, err := view(doc, *a.BufferView, a.ByteOffset, a.Count, size)
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
	if a.Sparse == nil {
		return nil
	}
	return fillSparse(doc, a, size, set)
}

func fillSparse(doc *gltf.Document, a *gltf.Accessor, size int, set func(k int, e []byte)) error {
	sp := a.Sparse
	if sp.Count < 0 || sp.Count > a.Count {
		return fmt.Errorf("sparse count %d for %d elements", sp.Count, a.Count)
	}
	readIdx, err := IndexReader(sp.Indices.ComponentType)
	if err != nil {
		return fmt.Errorf("sparse indices: %w", err)
	}
	isz := gltf.SizeOfElement(sp.Indices.ComponentType, gltf.AccessorScalar)
	idx, istride, err := view(doc, sp.Indices.BufferView, sp.Indices.ByteOffset, sp.Count, isz)
	if err != nil {
		return fmt.Errorf("sparse indices: %w", err)
	}
	vals, vstride, err := view(doc, sp.Values.BufferView, sp.Values.ByteOffset, sp.Count, size)
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
func view(d *gltf.Document, bvi, offset, count, size int) ([]byte, int, error) {
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

// ComponentReader returns a decoder of one component as float64, applying
// the glTF normalisation rules for normalised integers (KHR_mesh_quantization).
func ComponentReader(c gltf.ComponentType, normalized bool) (func([]byte) float64, error) {
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
	return nil, fmt.Errorf("component type %v cannot hold numbers read as real values", c)
}
