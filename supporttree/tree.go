package supporttree

import (
	"fmt"
	"math/bits"
	"sort"
	"unsafe"

	"github.com/foothold/foothold/dock"
)

// Tree holds a template's supported samples: layers of equal y, each a list
// of rows of equal z, each a list of runs of consecutive x that share a yaw
// set. All arrays are flat and indexed by int32; a Tree is immutable and safe
// for concurrent readers.
type Tree struct {
	lat      dock.Lattice
	layerY   []int32      // distinct y, ascending
	layerRow []int32      // rows of layer i: layerRow[i] .. layerRow[i+1]-1
	rowZ     []int32      // z of each row, ascending within a layer
	rowRun   []int32      // runs of row j: rowRun[j] .. rowRun[j+1]-1
	runX0    []int32      // first x of each run, ascending within a row
	runX1    []int32      // one past the last x
	runMask  []uint16     // index of the run's yaw set in masks
	masks    []uint64     // distinct yaw sets: bit k set when yaw k is supported
	rows     []RowSummary // per row, derived from the arrays above
	boxes    []LayerBox   // per layer, likewise
}

// MaxMasks bounds the distinct yaw sets of a tree (a run names one with a
// uint16).
const MaxMasks = 1 << 16

// newTree builds a Tree from positions sorted by (Y, Z, X) and their yaw
// masks; positions with an empty mask are left out.
func newTree(lat dock.Lattice, keys, masks []uint64) (*Tree, error) {
	t := &Tree{lat: lat}
	palette := map[uint64]uint16{}
	var lastY, lastZ, lastX int32
	var lastMask uint64
	first := true
	for i, k := range keys {
		m := masks[i]
		if m == 0 {
			continue
		}
		x, y, z := Unkey(k)
		newLayer := first || y != lastY
		newRow := newLayer || z != lastZ
		if newLayer {
			t.layerY = append(t.layerY, y)
			t.layerRow = append(t.layerRow, int32(len(t.rowZ)))
		}
		if newRow {
			t.rowZ = append(t.rowZ, z)
			t.rowRun = append(t.rowRun, int32(len(t.runX0)))
		}
		if !newRow && x == lastX+1 && m == lastMask {
			t.runX1[len(t.runX1)-1] = x + 1
		} else {
			idx, ok := palette[m]
			if !ok {
				if len(t.masks) == MaxMasks {
					return nil, fmt.Errorf("supporttree: more than %d distinct yaw sets", MaxMasks)
				}
				idx = uint16(len(t.masks))
				palette[m] = idx
				t.masks = append(t.masks, m)
			}
			t.runX0 = append(t.runX0, x)
			t.runX1 = append(t.runX1, x+1)
			t.runMask = append(t.runMask, idx)
		}
		lastY, lastZ, lastX, lastMask, first = y, z, x, m, false
	}
	t.layerRow = append(t.layerRow, int32(len(t.rowZ)))
	t.rowRun = append(t.rowRun, int32(len(t.runX0)))
	t.renumberMasks()
	t.summarise()
	return t, nil
}

// renumberMasks numbers the yaw sets by how many runs use them, the most
// used first (ties by the set's bits), so most runs name theirs in a byte.
func (t *Tree) renumberMasks() {
	uses := make([]int, len(t.masks))
	for _, m := range t.runMask {
		uses[m]++
	}
	order := make([]int, len(t.masks))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		i, j := order[a], order[b]
		if uses[i] != uses[j] {
			return uses[i] > uses[j]
		}
		return t.masks[i] < t.masks[j]
	})
	index := make([]uint16, len(t.masks))
	masks := make([]uint64, len(t.masks))
	for k, i := range order {
		index[i], masks[k] = uint16(k), t.masks[i]
	}
	for r, m := range t.runMask {
		t.runMask[r] = index[m]
	}
	t.masks = masks
}

// Lattice returns the lattice the tree was built on.
func (t *Tree) Lattice() dock.Lattice { return t.lat }

// Runs returns the number of runs: the tree's nodes.
func (t *Tree) Runs() int { return len(t.runX0) }

// Positions returns the number of supported positions.
func (t *Tree) Positions() int64 {
	var n int64
	for i := range t.runX0 {
		n += int64(t.runX1[i] - t.runX0[i])
	}
	return n
}

// Samples returns the number of supported (position, yaw) samples.
func (t *Tree) Samples() int64 {
	var n int64
	for i := range t.runX0 {
		n += int64(t.runX1[i]-t.runX0[i]) * int64(bits.OnesCount64(t.masks[t.runMask[i]]))
	}
	return n
}

// SizeBytes returns the memory the tree holds: its arrays and the row
// summaries derived from them.
func (t *Tree) SizeBytes() int {
	return 4*(len(t.layerY)+len(t.layerRow)+len(t.rowZ)+len(t.rowRun)+len(t.runX0)+len(t.runX1)) +
		2*len(t.runMask) + 8*len(t.masks) + 16*len(t.rows) + 24*len(t.boxes) + int(unsafe.Sizeof(*t))
}

// Layers returns the y of every layer, ascending (shared, read-only).
func (t *Tree) Layers() []int32 { return t.layerY }

// LayerOf returns the index of layer y, or -1.
func (t *Tree) LayerOf(y int32) int {
	lo := LowerBound(t.layerY, y)
	if lo < len(t.layerY) && t.layerY[lo] == y {
		return lo
	}
	return -1
}

// LayerRows returns the z of the rows of layer i and the index of its first
// row (shared, read-only).
func (t *Tree) LayerRows(i int) (zs []int32, first int) {
	lo, hi := t.layerRow[i], t.layerRow[i+1]
	return t.rowZ[lo:hi:hi], int(lo)
}

// RowRuns returns the runs of row j: first x, one past the last, and yaw set
// index (shared, read-only).
func (t *Tree) RowRuns(j int) (x0, x1 []int32, mask []uint16) {
	lo, hi := t.rowRun[j], t.rowRun[j+1]
	return t.runX0[lo:hi:hi], t.runX1[lo:hi:hi], t.runMask[lo:hi:hi]
}

// Mask returns yaw set i.
func (t *Tree) Mask(i uint16) uint64 { return t.masks[i] }

// YawMask returns the yaw set of a position (0 when nothing is supported).
func (t *Tree) YawMask(x, y, z int32) uint64 {
	l := t.LayerOf(y)
	if l < 0 {
		return 0
	}
	zs, first := t.LayerRows(l)
	j := sort.Search(len(zs), func(i int) bool { return zs[i] >= z })
	if j == len(zs) || zs[j] != z {
		return 0
	}
	x0, x1, m := t.RowRuns(first + j)
	r := sort.Search(len(x1), func(i int) bool { return x1[i] > x })
	if r == len(x0) || x0[r] > x {
		return 0
	}
	return t.masks[m[r]]
}

// Each calls f for every supported position with its yaw set, in (Y, Z, X)
// order.
func (t *Tree) Each(f func(x, y, z int32, mask uint64)) {
	for l, y := range t.layerY {
		zs, first := t.LayerRows(l)
		for j, z := range zs {
			x0, x1, m := t.RowRuns(first + j)
			for r := range x0 {
				for x := x0[r]; x < x1[r]; x++ {
					f(x, y, z, t.masks[m[r]])
				}
			}
		}
	}
}

// EachRun calls f for every run: positions x0 <= x < x1 of layer y, row z,
// sharing one yaw set, in (Y, Z, X) order.
func (t *Tree) EachRun(f func(x0, x1, y, z int32, mask uint64)) {
	for l, y := range t.layerY {
		zs, first := t.LayerRows(l)
		for j, z := range zs {
			x0, x1, m := t.RowRuns(first + j)
			for r := range x0 {
				f(x0[r], x1[r], y, z, t.masks[m[r]])
			}
		}
	}
}
