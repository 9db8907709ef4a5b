package supporttree

import "github.com/foothold/foothold/dock"

// RowSummary sums up a row for a search that may skip it: the x of its
// first and one past its last supported position, and the union of its yaw
// sets. Summaries are derived from the tree's arrays when the tree is made
// or loaded and are not stored in the file.
type RowSummary struct {
	X0, X1 int32
	Yaws   uint64
}

func (t *Tree) summarise() {
	t.rows = make([]RowSummary, len(t.rowZ))
	for j := range t.rowZ {
		a, b := t.rowRun[j], t.rowRun[j+1]
		rs := RowSummary{X0: t.runX0[a], X1: t.runX1[b-1]}
		for r := a; r < b; r++ {
			rs.Yaws |= t.masks[t.runMask[r]]
		}
		t.rows[j] = rs
	}
	t.boxes = make([]LayerBox, len(t.layerY))
	for i := range t.layerY {
		a, b := t.layerRow[i], t.layerRow[i+1]
		x0, x1 := t.rows[a].X0, t.rows[a].X1
		var yaws uint64
		for j := a; j < b; j++ {
			x0, x1 = min(x0, t.rows[j].X0), max(x1, t.rows[j].X1)
			yaws |= t.rows[j].Yaws
		}
		lo := t.lat.Position(dock.Sample{X: x0, Z: t.rowZ[a]})
		hi := t.lat.Position(dock.Sample{X: x1 - 1, Z: t.rowZ[b-1]})
		t.boxes[i] = LayerBox{Lo: [2]float32{lo[0], lo[2]}, Hi: [2]float32{hi[0], hi[2]}, Yaws: yaws}
	}
}

// Summary returns row j's summary.
func (t *Tree) Summary(j int) RowSummary { return t.rows[j] }

// LayerBox sums up a layer for a search that may skip it: the box around
// its rows, as lattice positions (Lattice.Position) of its smallest and
// largest x and z, Lo and Hi as (x, z), and the union of its yaw sets.
type LayerBox struct {
	Lo, Hi [2]float32
	Yaws   uint64
}

// LayerBox returns layer i's box (shared, read-only).
func (t *Tree) LayerBox(i int) *LayerBox { return &t.boxes[i] }

// LowerBound returns the first index i with a[i] >= v (len(a) if none).
func LowerBound(a []int32, v int32) int {
	lo, hi := 0, len(a)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
