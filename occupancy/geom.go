package occupancy

import (
	"cmp"
	"math"
	"slices"
)

// hull4 is the convex hull of four points, counter-clockwise (x to z),
// and how many of its corners there are (1 to 4).
func hull4(p [4]point) ([4]point, int) {
	s := p
	slices.SortFunc(s[:], func(a, b point) int {
		if c := cmp.Compare(a.x, b.x); c != 0 {
			return c
		}
		return cmp.Compare(a.z, b.z)
	})
	// Andrew's monotone chain over at most four points.
	var h [8]point
	k := 0
	for i := 0; i < 4; i++ {
		for k >= 2 && cross(h[k-2], h[k-1], s[i]) <= 0 {
			k--
		}
		h[k] = s[i]
		k++
	}
	for i, t := 2, k+1; i >= 0; i-- {
		for k >= t && cross(h[k-2], h[k-1], s[i]) <= 0 {
			k--
		}
		h[k] = s[i]
		k++
	}
	k = max(k-1, 1)
	var out [4]point
	copy(out[:], h[:min(k, 4)])
	return out, min(k, 4)
}

// cross is the z-to-x turn of o→a→b (positive counter-clockwise).
func cross(o, a, b point) float64 {
	return (a.x-o.x)*(b.z-o.z) - (a.z-o.z)*(b.x-o.x)
}

// dist2 is the squared distance from c to the primitive's hull (zero
// inside it).
func (p *prim) dist2(c point) float64 {
	if p.n == 1 {
		return sq(c.x-p.hull[0].x) + sq(c.z-p.hull[0].z)
	}
	inside := p.n >= 3
	best := math.Inf(1)
	for e := range p.n {
		a, b := p.hull[e], p.hull[(e+1)%p.n]
		if cross(a, b, c) < 0 {
			inside = false
		}
		best = min(best, segDist2(c, a, b))
	}
	if inside {
		return 0
	}
	return best
}

// segDist2 is the squared distance from c to segment a–b.
func segDist2(c, a, b point) float64 {
	dx, dz := b.x-a.x, b.z-a.z
	l := dx*dx + dz*dz
	t := 0.0
	if l > 0 {
		t = min(max(((c.x-a.x)*dx+(c.z-a.z)*dz)/l, 0), 1)
	}
	return sq(c.x-a.x-t*dx) + sq(c.z-a.z-t*dz)
}

func sq(x float64) float64 { return x * x }

// cells are grid cells by index, with the grid's origin and cell size:
// cell (ix, iz) is centred at ((x0+ix+½)·h, (z0+iz+½)·h).
type cells struct {
	x0, z0, h float64
	at        []cellAt
	pts       []point // scratch for the smallest circle
	nx, nz    int     // the grid's size
	taken     []bool  // per cell of the grid, row by row: whether the shape takes it
}

type cellAt struct{ ix, iz int32 }

func (c *cells) centre(k cellAt) point {
	return point{(c.x0 + float64(k.ix) + 0.5) * c.h, (c.z0 + float64(k.iz) + 0.5) * c.h}
}

// tree appends to nodes the hierarchy of the cells (each held by a circle
// of radius pad about its centre): every node's circle is the smallest
// holding its centres, grown by pad, so it holds each of its cells'
// circles (a child's circle need not lie within its parent's); a node
// splits its cells in halves
// across the longer side of their box until its circle's radius is under
// threshold. The cells are reordered.
func tree(nodes []node, c *cells, pad, threshold float64) []node {
	nodes = append(nodes, node{})
	return split(nodes, len(nodes)-1, c, c.at, pad, threshold, 0)
}

func split(nodes []node, i int, c *cells, at []cellAt, pad, threshold float64, depth int) []node {
	c.pts = c.pts[:0]
	for _, k := range at {
		c.pts = append(c.pts, c.centre(k))
	}
	mec := smallestCircle(c.pts)
	r := mec.r + pad
	nodes[i] = node{x: float32(mec.x), z: float32(mec.z), r: up(r, mec.x, mec.z), child: -1}
	if r < threshold || len(at) == 1 || depth+1 >= maxDepth || c.solid(nodes[i]) {
		return nodes
	}
	left, right := halve(at)
	ch := len(nodes)
	nodes[i].child = int32(ch)
	nodes = append(nodes, node{}, node{})
	nodes = split(nodes, ch, c, left, pad, threshold, depth+1)
	nodes = split(nodes, ch+1, c, right, pad, threshold, depth+1)
	return nodes
}

// solid reports whether every cell the circle of n meets is taken: the
// circle lies wholly inside the sampled shape, so splitting it further
// would only cover the same ground with smaller circles.
func (c *cells) solid(n node) bool {
	x, z, r := float64(n.x), float64(n.z), float64(n.r)
	ix0, ix1 := int(math.Floor((x-r)/c.h-c.x0)), int(math.Floor((x+r)/c.h-c.x0))
	iz0, iz1 := int(math.Floor((z-r)/c.h-c.z0)), int(math.Floor((z+r)/c.h-c.z0))
	if ix0 < 0 || iz0 < 0 || ix1 >= c.nx || iz1 >= c.nz {
		return false
	}
	for iz := iz0; iz <= iz1; iz++ {
		lo, hi := (c.z0+float64(iz))*c.h, (c.z0+float64(iz)+1)*c.h
		dz := max(lo-z, z-hi, 0)
		for ix := ix0; ix <= ix1; ix++ {
			if c.taken[iz*c.nx+ix] {
				continue
			}
			lo, hi := (c.x0+float64(ix))*c.h, (c.x0+float64(ix)+1)*c.h
			if dx := max(lo-x, x-hi, 0); dx*dx+dz*dz <= r*r {
				return false
			}
		}
	}
	return true
}

// halve splits cells across the longer side of their box, at the row (or
// column) where half of them are passed: both halves hold cells.
func halve(at []cellAt) (left, right []cellAt) {
	lo, hi := at[0], at[0]
	for _, k := range at[1:] {
		lo = cellAt{min(lo.ix, k.ix), min(lo.iz, k.iz)}
		hi = cellAt{max(hi.ix, k.ix), max(hi.iz, k.iz)}
	}
	key := func(k cellAt) int32 { return k.ix - lo.ix }
	span := hi.ix - lo.ix
	if hi.iz-lo.iz > span {
		key, span = func(k cellAt) int32 { return k.iz - lo.iz }, hi.iz-lo.iz
	}
	if span == 0 { // one cell, repeated
		return at[:len(at)/2], at[len(at)/2:]
	}
	// The first row at which half the cells are passed; its cells go left
	// unless that leaves none right.
	count := make([]int, span+1)
	for _, k := range at {
		count[key(k)]++
	}
	m, passed := int32(0), 0
	for ; passed+count[m] < len(at)/2; m++ {
		passed += count[m]
	}
	if passed+count[m] == len(at) {
		m-- // every cell is at or below row m: split below it
	}
	n := 0
	for j := range at {
		if key(at[j]) <= m {
			at[n], at[j] = at[j], at[n]
			n++
		}
	}
	return at[:n], at[n:]
}
