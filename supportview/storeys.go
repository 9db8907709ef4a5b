package supportview

import (
	"math"
	"sort"

	"github.com/foothold/foothold/supporttree"
)

// Storey is a band of heights: supported positions with Lo <= y < Hi.
type Storey struct {
	Lo, Hi    float32 // [Units: m]
	Positions int64
}

// Headroom is the least height between a floor and the floor above it for
// them to be separate storeys: closer floors are steps, platforms and
// landings of one storey.
const Headroom = 2.0

// MaxStoreys bounds the automatic split: a level with more floors over
// floors keeps the cuts with the most overlap.
const MaxStoreys = 4

// Storeys splits a tree's supported positions into storeys. With n = 0 the
// split is automatic and follows floors over floors: layers of positions
// are taken from the bottom up, and a new storey starts at a layer that
// lies, over at least a tenth of its 1 m × 1 m cells, more than Headroom
// above positions of the current storey (so stairs, ramps and platforms
// side by side stay in one storey), keeping at most MaxStoreys. With n > 0 the height range is cut
// into n equal bands. Bands always cover every position.
func Storeys(tr *supporttree.Tree, n int) []Storey {
	inc := float64(tr.Lattice().Linear)
	type cell struct{ x, z int32 }
	count := map[int32]int64{}
	cells := map[int32]map[cell]bool{}
	cellOf := func(i int32) int32 { return int32(math.Floor(float64(i) * inc)) }
	var total int64
	tr.EachRun(func(x0, x1, y, z int32, m uint64) {
		count[y] += int64(x1 - x0)
		total += int64(x1 - x0)
		if cells[y] == nil {
			cells[y] = map[cell]bool{}
		}
		for c := cellOf(x0); c <= cellOf(x1-1); c++ {
			cells[y][cell{c, cellOf(z)}] = true
		}
	})
	if total == 0 {
		return []Storey{{Lo: 0, Hi: 1}}
	}
	var ys []int32
	for y := range count {
		ys = append(ys, y)
	}
	sort.Slice(ys, func(i, j int) bool { return ys[i] < ys[j] })
	lo, hi := float32(float64(ys[0])*inc), float32(float64(ys[len(ys)-1])*inc)
	var cuts []float32 // storey boundaries between lo and hi
	if n > 0 {
		for k := 1; k < n; k++ {
			cuts = append(cuts, lo+(hi-lo)*float32(k)/float32(n))
		}
	} else {
		type cut struct {
			at   float32
			over int
		}
		var found []cut
		lowest := map[cell]int32{} // the current storey's lowest layer per cell
		for _, y := range ys {
			over := 0
			for c := range cells[y] {
				if l, ok := lowest[c]; ok && float64(y-l)*inc > Headroom {
					over++
				}
			}
			if over > 0 && over*10 >= len(cells[y]) {
				found = append(found, cut{float32((float64(y) - 0.5) * inc), over})
				lowest = map[cell]int32{}
			}
			for c := range cells[y] {
				if _, ok := lowest[c]; !ok {
					lowest[c] = y
				}
			}
		}
		// Keep the MaxStoreys-1 cuts with the most floor over floor.
		sort.SliceStable(found, func(i, j int) bool { return found[i].over > found[j].over })
		found = found[:min(len(found), MaxStoreys-1)]
		sort.Slice(found, func(i, j int) bool { return found[i].at < found[j].at })
		for _, c := range found {
			cuts = append(cuts, c.at)
		}
	}
	out := []Storey{}
	prev := float32(math.Inf(-1))
	for _, c := range append(cuts, float32(math.Inf(1))) {
		out = append(out, Storey{Lo: prev, Hi: c})
		prev = c
	}
	out[0].Lo = lo - float32(inc)/2
	out[len(out)-1].Hi = hi + float32(inc)/2
	for y, c := range count {
		h := float32(float64(y) * inc)
		for i := range out {
			if h >= out[i].Lo && h < out[i].Hi {
				out[i].Positions += c
			}
		}
	}
	return out
}
