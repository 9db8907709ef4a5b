package supportbake

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
)

// A tree in an .fst file (uv is an unsigned varint, sv a zigzag signed
// varint, both as encoding/binary writes them and in their shortest form):
//
//	layers, rows, runs, masks uv | streams' length uv | deflated length uv |
//	the streams, deflated (RFC 1951):
//	    masks [masks]u64 |
//	    per layer: its y − the previous layer's y sv | its rows uv |
//	    per row: its z − the previous row's z sv | its runs uv |
//	        its first x0 − the previous row's first x0 sv |
//	    per run after the first of its row: x0 − the previous run's x1 uv |
//	    per run: x1 − x0 − 1 uv |
//	    per run: its yaw set's index uv
//
// "Previous" values start at 0 in each tree. Like values are kept together,
// so the deflate stage finds their repeats; yaw sets are numbered by how
// many runs use them, the most used first.

// maxStreams bounds a tree's streams (2 GiB) whatever a file claims, and
// maxInflate is the most the deflate format can expand data.
const (
	maxStreams = 1 << 31
	maxInflate = 1032
)

// Encode returns tree t as an .fst file of it alone stores it (for
// comparing trees: equal trees encode to equal bytes).
func Encode(t *supporttree.Tree) []byte {
	f := File{Lattice: t.Lattice(), Templates: []FileTemplate{{Tree: t}}}
	return f.Encode()
}

// EncodedBytes returns the size of tree t's arrays in an .fst file.
func EncodedBytes(t *supporttree.Tree) int { return len(appendEncoded(nil, t)) }

// appendEncoded appends tree t in its .fst form.
func appendEncoded(b []byte, tr *supporttree.Tree) []byte {
	t := tr.Streams()
	raw := streams(&t)
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.DefaultCompression)
	w.Write(raw)
	w.Close()
	for _, n := range []int{len(t.LayerY), len(t.RowZ), len(t.RunX0), len(t.Masks), len(raw), z.Len()} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return append(b, z.Bytes()...)
}

// streams returns a tree's streams, uncompressed.
func streams(t *supporttree.Streams) []byte {
	var b []byte
	for _, m := range t.Masks {
		b = binary.LittleEndian.AppendUint64(b, m)
	}
	var y int32
	for l := range t.LayerY {
		b = binary.AppendVarint(b, int64(t.LayerY[l]-y))
		b = binary.AppendUvarint(b, uint64(t.LayerRow[l+1]-t.LayerRow[l]))
		y = t.LayerY[l]
	}
	var z, x0 int32
	for j := range t.RowZ {
		first := t.RunX0[t.RowRun[j]]
		b = binary.AppendVarint(b, int64(t.RowZ[j]-z))
		b = binary.AppendUvarint(b, uint64(t.RowRun[j+1]-t.RowRun[j]))
		b = binary.AppendVarint(b, int64(first-x0))
		z, x0 = t.RowZ[j], first
	}
	for j := range t.RowZ {
		for k := t.RowRun[j] + 1; k < t.RowRun[j+1]; k++ {
			b = binary.AppendUvarint(b, uint64(t.RunX0[k]-t.RunX1[k-1]))
		}
	}
	for k := range t.RunX0 {
		b = binary.AppendUvarint(b, uint64(t.RunX1[k]-t.RunX0[k]-1))
	}
	for _, m := range t.RunMask {
		b = binary.AppendUvarint(b, uint64(m))
	}
	return b
}

// tree reads a tree in its .fst form; the structure is checked before it is
// returned.
func (r *reader) tree(lat dock.Lattice) *supporttree.Tree {
	left := uint64(len(r.b) - r.off)
	var n [6]int
	for i, limit := range []uint64{maxStreams, maxStreams, maxStreams, supporttree.MaxMasks, maxStreams, left} {
		n[i] = int(r.uv(limit))
	}
	layers, rows, runs, masks, rawLen, zLen := n[0], n[1], n[2], n[3], n[4], n[5]
	if r.err == nil && uint64(rawLen) > maxInflate*uint64(zLen)+64 {
		r.err = fmt.Errorf("streams of %d bytes cannot come from %d deflated bytes", rawLen, zLen)
	}
	// A layer takes two bytes of the streams or more, a row three, a run
	// two (three after the first of its row).
	if r.err == nil && int64(8*masks)+2*int64(layers)+2*int64(rows)+3*int64(runs) > int64(rawLen) {
		r.err = fmt.Errorf("counts need more than the streams' %d bytes", rawLen)
	}
	z := r.bytes(zLen)
	if r.err != nil {
		return nil
	}
	raw, err := inflate(z, rawLen)
	if err != nil {
		r.err = err
		return nil
	}
	s := reader{b: raw}
	t := &supporttree.Streams{Masks: s.u64s(masks)}
	s.layers(t, layers, rows)
	s.rows(t, rows, runs)
	s.runs(t)
	if s.err == nil && s.off != len(raw) {
		s.err = fmt.Errorf("%d bytes left after the streams", len(raw)-s.off)
	}
	if r.err = s.err; r.err != nil {
		return nil
	}
	tree, err := supporttree.FromStreams(lat, *t)
	r.err = err
	return tree
}

// inflate decompresses exactly n bytes that make a whole deflate stream.
func inflate(z []byte, n int) ([]byte, error) {
	fr := flate.NewReader(bytes.NewReader(z))
	defer fr.Close()
	raw := make([]byte, n)
	if _, err := io.ReadFull(fr, raw); err != nil {
		return nil, fmt.Errorf("deflated streams: %w", err)
	}
	if k, err := fr.Read(make([]byte, 1)); k != 0 || err != io.EOF {
		return nil, fmt.Errorf("deflated streams are longer than the %d bytes stated", n)
	}
	return raw, nil
}

// layers reads the layer stream: layerY and layerRow.
func (s *reader) layers(t *supporttree.Streams, layers, rows int) {
	t.LayerY, t.LayerRow = make([]int32, layers), make([]int32, layers+1)
	var y int64
	for l := range layers {
		y = s.coord(y + s.sv())
		t.LayerY[l] = int32(y)
		t.LayerRow[l+1] = t.LayerRow[l] + int32(s.within(rows-int(t.LayerRow[l])))
	}
	if s.err == nil && int(t.LayerRow[layers]) != rows {
		s.err = fmt.Errorf("the layers hold %d rows, the header says %d", t.LayerRow[layers], rows)
	}
}

// rows reads the row stream: rowZ, rowRun and each row's first x0.
func (s *reader) rows(t *supporttree.Streams, rows, runs int) {
	t.RowZ, t.RowRun = make([]int32, rows), make([]int32, rows+1)
	t.RunX0, t.RunX1, t.RunMask = make([]int32, runs), make([]int32, runs), make([]uint16, runs)
	var z, x0 int64
	for j := 0; j < rows && s.err == nil; j++ {
		z = s.coord(z + s.sv())
		t.RowZ[j] = int32(z)
		t.RowRun[j+1] = t.RowRun[j] + int32(s.within(runs-int(t.RowRun[j])))
		x0 = s.coord(x0 + s.sv())
		if s.err == nil {
			t.RunX0[t.RowRun[j]] = int32(x0)
		}
	}
	if s.err == nil && int(t.RowRun[rows]) != runs {
		s.err = fmt.Errorf("the rows hold %d runs, the header says %d", t.RowRun[rows], runs)
	}
}

// runs reads the gap, length and yaw set streams, which follow one another:
// a first pass finds where each begins.
func (s *reader) runs(t *supporttree.Streams) {
	if s.err != nil {
		return
	}
	rows, runs := len(t.RowZ), len(t.RunX0)
	gaps := *s
	lens := gaps
	lens.skip(runs - rows)
	ids := lens
	ids.skip(runs)
	for j := range rows {
		for k := t.RowRun[j]; k < t.RowRun[j+1]; k++ {
			if k > t.RowRun[j] {
				t.RunX0[k] = int32(gaps.coord(int64(t.RunX1[k-1]) + int64(gaps.uv(supporttree.MaxCoord))))
			}
			t.RunX1[k] = int32(lens.coord(int64(t.RunX0[k]) + 1 + int64(lens.uv(supporttree.MaxCoord))))
			t.RunMask[k] = uint16(ids.uv(supporttree.MaxMasks - 1))
		}
	}
	for _, e := range []error{gaps.err, lens.err, ids.err} {
		if e != nil {
			s.err = e
			return
		}
	}
	s.off = ids.off
}

// skip passes over n varints.
func (r *reader) skip(n int) {
	for range n {
		r.uv(1<<64 - 1)
	}
}

// uv reads an unsigned varint no larger than limit, in its shortest form.
func (r *reader) uv(limit uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	switch {
	case n <= 0:
		r.err = fmt.Errorf("bad varint at byte %d", r.off)
	case n != uvarintLen(v):
		r.err = fmt.Errorf("varint at byte %d is not in its shortest form", r.off)
	case v > limit:
		r.err = fmt.Errorf("value %d at byte %d is over %d", v, r.off, limit)
	}
	if r.err != nil {
		return 0
	}
	r.off += n
	return v
}

// sv reads a zigzag signed varint of a lattice coordinate's size.
func (r *reader) sv() int64 {
	u := r.uv(4 * supporttree.MaxCoord)
	return int64(u>>1) ^ -int64(u&1)
}

// within reads a count of 1 to left items.
func (r *reader) within(left int) int {
	n := r.uv(uint64(max(left, 0)))
	if r.err == nil && n == 0 {
		r.err = fmt.Errorf("an empty layer or row at byte %d", r.off-1)
	}
	return int(n)
}

// coord checks a lattice coordinate.
func (r *reader) coord(v int64) int64 {
	if r.err == nil && (v <= -supporttree.MaxCoord || v >= supporttree.MaxCoord) {
		r.err = fmt.Errorf("lattice coordinate %d before byte %d is out of range", v, r.off)
	}
	return v
}

func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}
