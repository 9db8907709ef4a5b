package supporttree

import (
	"errors"
	"fmt"

	"github.com/foothold/foothold/dock"
)

// Streams are a tree's flat arrays, as its file stores them: the yaw sets;
// per layer (equal y, rising) its y and its first row; per row (equal
// (y, z), z rising within the layer) its z and its first run; per run (x
// rising within the row) its first x, the x past its last and its yaw
// set's index. LayerRow and RowRun have one more entry than the layers and
// rows, the count after the last.
type Streams struct {
	Masks            []uint64
	LayerY, LayerRow []int32
	RowZ, RowRun     []int32
	RunX0, RunX1     []int32
	RunMask          []uint16
}

// Streams returns the tree's arrays. They are the tree's own memory: read
// them, never write them.
func (t *Tree) Streams() Streams {
	return Streams{Masks: t.masks, LayerY: t.layerY, LayerRow: t.layerRow, RowZ: t.rowZ, RowRun: t.rowRun,
		RunX0: t.runX0, RunX1: t.runX1, RunMask: t.runMask}
}

// FromStreams makes a tree of lattice lat from its arrays (kept, not
// copied), after checking the structure a query relies on: an error says
// what is wrong.
func FromStreams(lat dock.Lattice, s Streams) (*Tree, error) {
	t := &Tree{lat: lat, masks: s.Masks, layerY: s.LayerY, layerRow: s.LayerRow, rowZ: s.RowZ, rowRun: s.RowRun,
		runX0: s.RunX0, runX1: s.RunX1, runMask: s.RunMask}
	if err := t.check(); err != nil {
		return nil, err
	}
	t.summarise()
	return t, nil
}

// New makes a tree of lattice lat from positions (keys, sorted by y, z, x:
// see Key) and their yaw sets; positions with an empty set are left out.
func New(lat dock.Lattice, keys, masks []uint64) (*Tree, error) { return newTree(lat, keys, masks) }

// MaxCoord bounds lattice coordinates (exclusive, either sign), so that a
// position packs into 63 bits.
const MaxCoord = 1 << 20

// Key packs lattice coordinates into a key that sorts by (y, z, x).
func Key(x, y, z int32) uint64 {
	return uint64(y+MaxCoord)<<42 | uint64(z+MaxCoord)<<21 | uint64(x+MaxCoord)
}

// Unkey is Key's inverse.
func Unkey(k uint64) (x, y, z int32) {
	const m = 1<<21 - 1
	return int32(k&m) - MaxCoord, int32(k>>42&m) - MaxCoord, int32(k>>21&m) - MaxCoord
}

// check verifies the structure a query relies on.
func (t *Tree) check() error {
	if len(t.layerRow) != len(t.layerY)+1 || len(t.rowRun) != len(t.rowZ)+1 ||
		len(t.runX1) != len(t.runX0) || len(t.runMask) != len(t.runX0) {
		return errors.New("array lengths disagree")
	}
	if t.layerRow[0] != 0 || int(t.layerRow[len(t.layerY)]) != len(t.rowZ) || t.rowRun[0] != 0 || int(t.rowRun[len(t.rowZ)]) != len(t.runX0) {
		return errors.New("index arrays do not span their targets")
	}
	// Strictly increasing from 0 to the target's length: every value is a
	// valid index, and no layer or row is empty.
	for _, idx := range [][]int32{t.layerRow, t.rowRun} {
		for i := 1; i < len(idx); i++ {
			if idx[i] <= idx[i-1] {
				return errors.New("index array not increasing")
			}
		}
	}
	for i := range t.layerY {
		if i > 0 && t.layerY[i] <= t.layerY[i-1] {
			return fmt.Errorf("layer %d out of order", i)
		}
		lo, hi := t.layerRow[i], t.layerRow[i+1]
		for j := lo; j < hi; j++ {
			if j > lo && t.rowZ[j] <= t.rowZ[j-1] {
				return fmt.Errorf("row %d out of order", j)
			}
			a, b := t.rowRun[j], t.rowRun[j+1]
			for k := a; k < b; k++ {
				if t.runX0[k] >= t.runX1[k] || (k > a && t.runX0[k] < t.runX1[k-1]) {
					return fmt.Errorf("run %d is empty or overlaps its neighbour", k)
				}
				if int(t.runMask[k]) >= len(t.masks) {
					return fmt.Errorf("run %d refers to yaw set %d of %d", k, t.runMask[k], len(t.masks))
				}
			}
		}
	}
	for i, m := range t.masks {
		if m == 0 || (t.lat.Yaws() < 64 && m>>t.lat.Yaws() != 0) {
			return fmt.Errorf("yaw set %d (%#x) is empty or names yaws beyond %d", i, m, t.lat.Yaws())
		}
	}
	return nil
}
