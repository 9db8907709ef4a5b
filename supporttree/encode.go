package supporttree

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/foothold/foothold/dock"
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

// appendEncoded appends the tree in its .fst form.
func (t *Tree) appendEncoded(b []byte) []byte {
	raw := t.streams()
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.DefaultCompression)
	w.Write(raw)
	w.Close()
	for _, n := range []int{len(t.layerY), len(t.rowZ), len(t.runX0), len(t.masks), len(raw), z.Len()} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return append(b, z.Bytes()...)
}

// streams returns the tree's streams, uncompressed.
func (t *Tree) streams() []byte {
	var b []byte
	for _, m := range t.masks {
		b = binary.LittleEndian.AppendUint64(b, m)
	}
	var y int32
	for l := range t.layerY {
		b = binary.AppendVarint(b, int64(t.layerY[l]-y))
		b = binary.AppendUvarint(b, uint64(t.layerRow[l+1]-t.layerRow[l]))
		y = t.layerY[l]
	}
	var z, x0 int32
	for j := range t.rowZ {
		first := t.runX0[t.rowRun[j]]
		b = binary.AppendVarint(b, int64(t.rowZ[j]-z))
		b = binary.AppendUvarint(b, uint64(t.rowRun[j+1]-t.rowRun[j]))
		b = binary.AppendVarint(b, int64(first-x0))
		z, x0 = t.rowZ[j], first
	}
	for j := range t.rowZ {
		for k := t.rowRun[j] + 1; k < t.rowRun[j+1]; k++ {
			b = binary.AppendUvarint(b, uint64(t.runX0[k]-t.runX1[k-1]))
		}
	}
	for k := range t.runX0 {
		b = binary.AppendUvarint(b, uint64(t.runX1[k]-t.runX0[k]-1))
	}
	for _, m := range t.runMask {
		b = binary.AppendUvarint(b, uint64(m))
	}
	return b
}

// tree reads a tree in its .fst form; the structure is checked before it is
// returned.
func (r *reader) tree(lat dock.Lattice) *Tree {
	left := uint64(len(r.b) - r.off)
	var n [6]int
	for i, limit := range []uint64{maxStreams, maxStreams, maxStreams, maxMasks, maxStreams, left} {
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
	t := &Tree{lat: lat, masks: s.u64s(masks)}
	s.layers(t, layers, rows)
	s.rows(t, rows, runs)
	s.runs(t)
	if s.err == nil && s.off != len(raw) {
		s.err = fmt.Errorf("%d bytes left after the streams", len(raw)-s.off)
	}
	if r.err = s.err; r.err == nil {
		if r.err = t.check(); r.err == nil {
			t.summarise()
		}
	}
	return t
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
func (s *reader) layers(t *Tree, layers, rows int) {
	t.layerY, t.layerRow = make([]int32, layers), make([]int32, layers+1)
	var y int64
	for l := range layers {
		y = s.coord(y + s.sv())
		t.layerY[l] = int32(y)
		t.layerRow[l+1] = t.layerRow[l] + int32(s.within(rows-int(t.layerRow[l])))
	}
	if s.err == nil && int(t.layerRow[layers]) != rows {
		s.err = fmt.Errorf("the layers hold %d rows, the header says %d", t.layerRow[layers], rows)
	}
}

// rows reads the row stream: rowZ, rowRun and each row's first x0.
func (s *reader) rows(t *Tree, rows, runs int) {
	t.rowZ, t.rowRun = make([]int32, rows), make([]int32, rows+1)
	t.runX0, t.runX1, t.runMask = make([]int32, runs), make([]int32, runs), make([]uint16, runs)
	var z, x0 int64
	for j := 0; j < rows && s.err == nil; j++ {
		z = s.coord(z + s.sv())
		t.rowZ[j] = int32(z)
		t.rowRun[j+1] = t.rowRun[j] + int32(s.within(runs-int(t.rowRun[j])))
		x0 = s.coord(x0 + s.sv())
		if s.err == nil {
			t.runX0[t.rowRun[j]] = int32(x0)
		}
	}
	if s.err == nil && int(t.rowRun[rows]) != runs {
		s.err = fmt.Errorf("the rows hold %d runs, the header says %d", t.rowRun[rows], runs)
	}
}

// runs reads the gap, length and yaw set streams, which follow one another:
// a first pass finds where each begins.
func (s *reader) runs(t *Tree) {
	if s.err != nil {
		return
	}
	rows, runs := len(t.rowZ), len(t.runX0)
	gaps := *s
	lens := gaps
	lens.skip(runs - rows)
	ids := lens
	ids.skip(runs)
	for j := range rows {
		for k := t.rowRun[j]; k < t.rowRun[j+1]; k++ {
			if k > t.rowRun[j] {
				t.runX0[k] = int32(gaps.coord(int64(t.runX1[k-1]) + int64(gaps.uv(maxCoord))))
			}
			t.runX1[k] = int32(lens.coord(int64(t.runX0[k]) + 1 + int64(lens.uv(maxCoord))))
			t.runMask[k] = uint16(ids.uv(maxMasks - 1))
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
	u := r.uv(4 * maxCoord)
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
	if r.err == nil && (v <= -maxCoord || v >= maxCoord) {
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
