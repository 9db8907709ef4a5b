package geoquery

import (
	"fmt"
	"math"
	"sort"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// Tree is the paper's Version II: the supported samples were found offline
// (supporttree.Build), and a query is a nearest search among them under the
// same window, metric and tie-break as Probe, so it returns the same sample.
// The hits are then recomputed at that sample with Algorithm 1 (a few rays),
// unless the query asks for none. Safe for concurrent use.
type Tree struct {
	bvh    *scenes.BVH
	params Params
	trees  map[*dock.Template]*supporttree.Tree
}

var _ Querier = (*Tree)(nil)

// NewTree returns a Version II querier. trees gives each template's
// support-tree, built on params.Lattice; bvh is used only to recompute hits.
func NewTree(bvh *scenes.BVH, params Params, trees map[*dock.Template]*supporttree.Tree) (*Tree, error) {
	if err := params.Validate(); err != nil {
		return nil, err
	}
	for t, st := range trees {
		if st.Lattice() != params.Lattice {
			return nil, fmt.Errorf("geoquery: the support-tree of %q was built on lattice %+v, the querier uses %+v", t.Name, st.Lattice(), params.Lattice)
		}
	}
	return &Tree{bvh: bvh, params: params, trees: trees}, nil
}

// Nearest implements Querier. A template without a support-tree is never
// supported.
func (t *Tree) Nearest(q Query, out *Result, st *Stats) bool {
	tr := t.trees[q.Template]
	var best candidate
	found, visited := false, 0
	if tr != nil {
		found, visited = nearest(tr, t.params, q.Expected, &best)
	}
	var rs scenes.Stats
	*out = Result{}
	if found {
		l := t.params.Lattice
		out.Sample, out.Pose, out.Distance = best.s, l.Pose(best.s), float32(math.Sqrt(best.d2))
		if !q.NoSupport {
			dock.Feasible(t.bvh, q.Template, out.Pose, l.Linear, &out.Support, &rs)
		}
	}
	if st != nil {
		st.Queries++
		st.Nodes += int64(visited)
		st.Rays += rs.Rays
		st.TriTests += rs.TriTests
		if found {
			st.Samples++
		}
	}
	return found
}

// nearest finds the best sample of tr in the window around e: smallest d²,
// then smallest (X, Y, Z, Yaw). It visits layers from the middle of the
// window outwards and skips layers and rows that cannot beat the best so far
// (d² is a sum of non-negative terms, and float addition is monotone, so a
// partial sum bounds it from below). It
// returns whether a sample was found and the number of runs examined.
func nearest(tr *supporttree.Tree, p Params, e dock.Pose, best *candidate) (bool, int) {
	var b bounds
	p.bounds(e, &b)
	l := p.Lattice
	inc := float64(l.Linear)
	found, visited := false, 0
	cy := clampIdx(int32(math.Round(float64(e.Position[1])/inc)), b.lo[1], b.hi[1])
	xc := int32(math.Floor(float64(e.Position[0]) / inc))
	// Layers from the middle outwards: cy, cy-1, cy+1, cy-2, ...
	for i := int32(0); i <= 2*(b.hi[1]-b.lo[1]); i++ {
		y := cy + (i+1)/2
		if i%2 == 1 {
			y = cy - (i+1)/2
		}
		if y < b.lo[1] || y > b.hi[1] {
			continue
		}
		li := tr.LayerOf(y)
		if li < 0 {
			continue
		}
		zs, first := tr.LayerRows(li)
		py := l.Position(dock.Sample{Y: y})[1]
		dy := float64(py) - float64(e.Position[1])
		if dy*dy > b.r2 || (found && dy*dy > best.d2) {
			continue
		}
		j0 := sort.Search(len(zs), func(i int) bool { return zs[i] >= b.lo[2] })
		for j := j0; j < len(zs) && zs[j] <= b.hi[2]; j++ {
			z := zs[j]
			pz := l.Position(dock.Sample{Z: z})[2]
			dz := float64(pz) - float64(e.Position[2])
			dyz := dy*dy + dz*dz
			if dyz > b.r2 || (found && dyz > best.d2) {
				continue
			}
			x0, x1, masks := tr.RowRuns(first + j)
			r0 := sort.Search(len(x1), func(i int) bool { return x1[i] > b.lo[0] })
			for r := r0; r < len(x0) && x0[r] <= b.hi[0]; r++ {
				visited++
				m := tr.Mask(masks[r]) & b.mask
				if m == 0 {
					continue
				}
				a, c := max(x0[r], b.lo[0]), min(x1[r]-1, b.hi[0])
				// d² grows with |dx|: the best x of the run brackets e.x.
				for _, x := range [4]int32{xc - 1, xc, xc + 1, xc + 2} {
					x = clampIdx(x, a, c)
					s := dock.Sample{X: x, Y: y, Z: z}
					dp2 := b.posDist2(l.Position(s))
					if dp2 > b.r2 {
						continue
					}
					for k := 0; k < b.ny; k++ {
						yc := b.yaws[k]
						if m&(1<<yc.i) == 0 {
							continue
						}
						s.Yaw = yc.i
						cand := candidate{d2: dp2 + yc.d2, s: s}
						if !found || less(&cand, best) {
							*best, found = cand, true
						}
					}
				}
			}
		}
	}
	return found, visited
}

func clampIdx(x, lo, hi int32) int32 { return min(max(x, lo), hi) }
