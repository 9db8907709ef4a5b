package supporttree

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
}

// Summary returns row j's summary.
func (t *Tree) Summary(j int) RowSummary { return t.rows[j] }

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
