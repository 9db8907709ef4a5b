package supporttree

// RowSummary sums up a row for a search that may skip it: the x of its
// first and one past its last supported position, and the union of its yaw
// sets. Summaries are derived from the tree's arrays when the tree is made
// or loaded and are not stored in the file.
type RowSummary struct {
	X0, X1 int32
	Yaws   uint64
}

// LayerSummary sums up a layer the same way: the x extent of its rows
// (first x, one past the last), the z of its first and last rows, and the
// union of its yaw sets.
type LayerSummary struct {
	X0, X1, Z0, Z1 int32
	Yaws           uint64
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
	t.layers = make([]LayerSummary, len(t.layerY))
	for i := range t.layerY {
		a, b := t.layerRow[i], t.layerRow[i+1]
		ls := LayerSummary{X0: t.rows[a].X0, X1: t.rows[a].X1, Z0: t.rowZ[a], Z1: t.rowZ[b-1]}
		for j := a; j < b; j++ {
			ls.X0, ls.X1 = min(ls.X0, t.rows[j].X0), max(ls.X1, t.rows[j].X1)
			ls.Yaws |= t.rows[j].Yaws
		}
		t.layers[i] = ls
	}
}

// Summary returns row j's summary.
func (t *Tree) Summary(j int) RowSummary { return t.rows[j] }

// LayerSummary returns layer i's summary.
func (t *Tree) LayerSummary(i int) LayerSummary { return t.layers[i] }

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
