package geoquery

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// Tree is the paper's Version II: the supported samples were found offline
// (supportbuild.Build), and a query is a nearest search among them under the
// same window, metric and tie-break as Probe, so it returns the same sample.
// The hits are then recomputed at that sample with Algorithm 1 (a few rays),
// unless the query asks for none. Safe for concurrent use.
type Tree struct {
	bvh    *scenes.BVH
	params Params
	trees  map[*dock.Template]*supporttree.Tree
	tiles  map[*dock.Template]*supporttree.Tiles // NewTiled's, in place of trees
	win    windowConsts
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
	return &Tree{bvh: bvh, params: params, trees: trees, win: params.windowConsts()}, nil
}

// NewTiled is NewTree over support data in tiles (supporttree.Tiles: a
// world whose geometry changes keeps its supports so): a query searches
// the few tiles its window meets and answers exactly as NewTree over the
// tiles put together would.
func NewTiled(bvh *scenes.BVH, params Params, tiles map[*dock.Template]*supporttree.Tiles) (*Tree, error) {
	if err := params.Validate(); err != nil {
		return nil, err
	}
	trees := map[*dock.Template]*supporttree.Tree{}
	for t, td := range tiles {
		if td.Lattice() != params.Lattice {
			return nil, fmt.Errorf("geoquery: the support tiles of %q were built on lattice %+v, the querier uses %+v", t.Name, td.Lattice(), params.Lattice)
		}
		trees[t] = nil // Templates lists it
	}
	return &Tree{bvh: bvh, params: params, trees: trees, tiles: tiles, win: params.windowConsts()}, nil
}

// Nearest implements Querier. A template without a support-tree is never
// supported.
func (t *Tree) Nearest(q Query, out *Result, st *Stats) bool {
	var best candidate
	found, visited := false, 0
	if t.tiles != nil {
		found, visited = t.nearestTiled(t.tiles[q.Template], q.Expected, &best)
	} else if tr := t.trees[q.Template]; tr != nil {
		found, visited = t.nearest(tr, q.Expected, &best, false)
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
// then smallest (X, Y, Z, Yaw). Layers, rows and runs are visited from the
// middle of the window outwards, and each direction stops as soon as its
// partial distance exceeds the best so far (d² is a sum of non-negative
// terms that grow away from the middle, and float addition is monotone, so a
// partial sum bounds it from below; so does a partial sum plus the smallest
// yaw term of the window). A row is skipped without looking at its runs when
// its summary holds no yaw of the window or its nearest x is already too
// far. It returns whether a sample was found and the number of runs
// examined.
func (t *Tree) nearest(tr *supporttree.Tree, e dock.Pose, best *candidate, found bool) (bool, int) {
	for _, v := range e.Position {
		if !(math.Abs(float64(v)) < maxCoordinate) {
			return false, 0 // NaN, infinite or beyond any level
		}
	}
	var b bounds
	p := t.params
	t.win.bounds(e, &b)
	if b.ny == 0 {
		return found, 0
	}
	l := p.Lattice
	inc := float64(l.Linear)
	s := searcher{tr: tr, b: &b, lin: l.Linear, best: best, found: found}
	s.xc = floorIndex(float64(e.Position[0]) / inc)
	cy := roundIndex(float64(e.Position[1]) / inc)
	cz := roundIndex(float64(e.Position[2]) / inc)
	s.minYaw = b.yaws[0].d2
	// The layers at or below cy downwards, then those above upwards: only
	// layers that exist are looked at.
	ys := tr.Layers()
	m := supporttree.LowerBound(ys, cy+1) // the first layer above cy
	for dir := -1; dir <= 1; dir += 2 {
		i := m - 1
		if dir == 1 {
			i = m
		}
		for ; i >= 0 && i < len(ys); i += dir {
			y := ys[i]
			py := float32(y) * s.lin // = l.Position(Sample{Y: y})[1]
			dy2 := b.y2(py)
			if dy2 > b.r2 || (s.found && dy2+s.minYaw > best.d2) {
				break
			}
			if s.layerFar(i, dy2) {
				continue
			}
			s.layer(i, y, dy2, cz)
		}
	}
	return s.found, s.visited
}

// nearestTiled is nearest over the tiles of td the window around e meets,
// one after another, the best of each bounding the next.
func (t *Tree) nearestTiled(td *supporttree.Tiles, e dock.Pose, best *candidate) (bool, int) {
	if td == nil {
		return false, 0
	}
	for _, v := range e.Position {
		if !(math.Abs(float64(v)) < maxCoordinate) {
			return false, 0
		}
	}
	lo, hi := t.params.box(e)
	found, visited := false, 0
	for k := supporttree.TileOf(lo[2]); k <= supporttree.TileOf(hi[2]); k++ {
		for i := supporttree.TileOf(lo[0]); i <= supporttree.TileOf(hi[0]); i++ {
			if tr := td.Tile(i, k); tr != nil {
				var v int
				found, v = t.nearest(tr, e, best, found)
				visited += v
			}
		}
	}
	return found, visited
}

// maxCoordinate bounds the expected positions a search looks at: no
// lattice sample lies beyond it. [Units: m]
const maxCoordinate = 1e7

type searcher struct {
	tr      *supporttree.Tree
	b       *bounds
	lin     float32 // the lattice increment
	best    *candidate
	found   bool
	visited int
	xc      int32
	minYaw  float64 // every sample's yaw term is at least this
}

// pos is a lattice coordinate's position along an axis, as Lattice.Position
// computes it.
func (s *searcher) pos(i int32) float32 { return float32(i) * s.lin }

func (s *searcher) layer(li int, y int32, dy2 float64, cz int32) {
	zs, first := s.tr.LayerRows(li)
	if len(zs) == 0 {
		return
	}
	// Rows are often dense in z: try the direct index before searching.
	j0 := int(cz - zs[0])
	if j0 < 0 {
		j0 = 0
	} else if j0 >= len(zs) || zs[j0] != cz {
		j0 = supporttree.LowerBound(zs, cz)
	}
	b := s.b
	// The row at or just past cz first: it is usually the nearest, and the
	// best found there bounds the rest.
	for dir := 1; dir >= -1; dir -= 2 {
		j := j0 - 1
		if dir == 1 {
			j = j0
		}
		for ; j >= 0 && j < len(zs); j += dir {
			z := zs[j]
			pyz := float64(b.z2(s.pos(z)) + dy2) // = b.yz2(py, pos(z))
			if pyz > b.r2 || (s.found && pyz+s.minYaw > s.best.d2) {
				break
			}
			sum := s.tr.Summary(first + j)
			if sum.Yaws&b.mask == 0 {
				continue // no yaw of the window
			}
			// The row's nearest x to e bounds every sample in it.
			if xn := clampIdx(s.xc, sum.X0, sum.X1-1); xn != s.xc || xn+1 >= sum.X1 {
				if dn := pyz + b.x2(s.pos(xn)); dn > b.r2 || (s.found && dn+s.minYaw > s.best.d2) {
					continue
				}
			}
			s.row(first+j, y, z, pyz)
		}
	}
}

// layerFar reports whether layer i (dy2 from e) can be skipped: none of its
// yaws is in the window, or the box around its rows is already too far.
// The box's distance is worked out with the terms of posDist2 at the box's
// edges, so it bounds every sample's from below, rounding included (each
// term and sum is monotone).
func (s *searcher) layerFar(i int, dy2 float64) bool {
	box := s.tr.LayerBox(i)
	b := s.b
	if box.Yaws&b.mask == 0 {
		return true
	}
	e := b.e.Position
	var dx2, dz2 float64
	if x := box.Lo[0]; e[0] < x {
		dx2 = b.x2(x)
	} else if x := box.Hi[0]; e[0] > x {
		dx2 = b.x2(x)
	}
	if z := box.Lo[1]; e[2] < z {
		dz2 = b.z2(z)
	} else if z := box.Hi[1]; e[2] > z {
		dz2 = b.z2(z)
	}
	d := float64(dz2+dy2) + dx2
	return d > b.r2 || (s.found && d+s.minYaw > s.best.d2)
}

// row offers the best samples of row j (layer y, row z; pyz is posDist2's
// partial sum for them).
func (s *searcher) row(j int, y, z int32, pyz float64) {
	x0, x1, masks := s.tr.RowRuns(j)
	b := s.b
	// The first run ending after xc.
	r0 := 0
	if len(x1) <= 4 {
		for r0 < len(x1) && x1[r0] <= s.xc {
			r0++
		}
	} else {
		r0 = supporttree.LowerBound(x1, s.xc+1)
	}
	for dir := 1; dir >= -1; dir -= 2 {
		r := r0 - 1
		if dir == 1 {
			r = r0
		}
		for ; r >= 0 && r < len(x0); r += dir {
			a, c := x0[r], x1[r]-1
			s.visited++
			// The run's nearest x: d² grows with |dx|, so it brackets e.x.
			xa, xb := clampIdx(s.xc, a, c), clampIdx(s.xc+1, a, c)
			da := min(pyz+b.x2(s.pos(xa)), pyz+b.x2(s.pos(xb)))
			if da > b.r2 || (s.found && da+s.minYaw > s.best.d2) {
				if dir == 1 && a > s.xc+1 || dir == -1 && c < s.xc {
					break // the run lies wholly to one side: farther runs are farther still
				}
				continue
			}
			m := s.tr.Mask(masks[r]) & b.mask
			if m == 0 {
				continue
			}
			// The run shares one yaw set, so its best sample is at its x
			// nearest e (d² grows with |dx|): xa or xb, both offered when
			// they tie.
			for k, x := range [2]int32{xa, xb} {
				if k == 1 && x == xa {
					break
				}
				dp2 := pyz + b.x2(s.pos(x))
				if dp2 <= b.r2 && !(s.found && dp2+s.minYaw > s.best.d2) {
					b.bestYaw(dock.Sample{X: x, Y: y, Z: z}, dp2, m, s.best, &s.found)
				}
			}
		}
	}
}

func clampIdx(x, lo, hi int32) int32 { return min(max(x, lo), hi) }
