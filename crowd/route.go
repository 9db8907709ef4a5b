package crowd

import (
	"container/heap"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Routes finds ways across a level's walkable floor, for characters whose
// goals lie beyond walls: a grid of square cells over the floor seen from
// above, a cell walkable when it holds at least 60% of the floor lattice's
// points that fall in it (fewer at a wall or an edge), each knowing how
// far it is from the nearest cell that is not (its clearance). A way is
// the shortest path (A*, eight neighbours, steps up or down at most
// MaxRise) through cells with at least Clearance, pulled straight where
// the straight line keeps that clearance.
type Routes struct {
	cell       float64
	minX, minZ float64
	w, h       int
	height     []float64 // per cell; NaN where no floor is
	clear      []float64 // per cell: the distance to the nearest cell without floor [Units: m]
}

// Route constants: the room a character needs either side of its way,
// and the largest height difference between neighbouring cells.
const (
	Clearance = 0.35 // [Units: m]
	MaxRise   = 0.5  // [Units: m]
)

// NewRoutes grids floor points (world positions on walkable floor, on a
// square lattice of the given spacing in x and z) into cells about the
// given size: a whole number of lattice steps, so every cell covers as
// many lattice points.
func NewRoutes(floor []mgl64.Vec3, spacing, cell float64) *Routes {
	cell = spacing * math.Max(1, math.Round(cell/spacing))
	r := &Routes{cell: cell, minX: math.Inf(1), minZ: math.Inf(1)}
	maxX, maxZ := math.Inf(-1), math.Inf(-1)
	for _, p := range floor {
		r.minX, r.minZ = math.Min(r.minX, p[0]), math.Min(r.minZ, p[2])
		maxX, maxZ = math.Max(maxX, p[0]), math.Max(maxZ, p[2])
	}
	if len(floor) == 0 {
		return r
	}
	// Lattice points lie half a step inside their cells' sides.
	r.minX, r.minZ = r.minX-spacing/2-cell, r.minZ-spacing/2-cell
	r.w, r.h = int((maxX-r.minX)/cell)+2, int((maxZ-r.minZ)/cell)+2
	r.height = make([]float64, r.w*r.h)
	for i := range r.height {
		r.height[i] = math.NaN()
	}
	count := make([]int, len(r.height))
	steps := int(math.Round(cell / spacing))
	full := steps * steps // lattice points in a cell of one floor
	for _, p := range floor {
		i := r.index(p)
		count[i]++
		if math.IsNaN(r.height[i]) || p[1] > r.height[i] {
			r.height[i] = p[1]
		}
	}
	// A cell mostly without floor (at a wall, an edge) is not walkable.
	for i, c := range count {
		if c*5 < full*3 {
			r.height[i] = math.NaN()
		}
	}
	r.clearance()
	return r
}

func (r *Routes) index(p mgl64.Vec3) int {
	x := min(max(int((p[0]-r.minX)/r.cell), 0), r.w-1)
	z := min(max(int((p[2]-r.minZ)/r.cell), 0), r.h-1)
	return z*r.w + x
}

func (r *Routes) centre(i int) mgl64.Vec3 {
	return mgl64.Vec3{r.minX + (float64(i%r.w)+0.5)*r.cell, r.height[i], r.minZ + (float64(i/r.w)+0.5)*r.cell}
}

// clearance measures every cell's distance to the nearest cell without
// floor (or a step too high), by a Dijkstra sweep from those cells.
func (r *Routes) clearance() {
	r.clear = make([]float64, len(r.height))
	q := &cellQueue{}
	for i := range r.clear {
		r.clear[i] = math.Inf(1)
		if math.IsNaN(r.height[i]) {
			r.clear[i] = 0
			heap.Push(q, cellCost{i, 0})
		}
	}
	for q.Len() > 0 {
		c := heap.Pop(q).(cellCost)
		if c.cost > r.clear[c.i] {
			continue
		}
		r.neighbours(c.i, func(j int, d float64) {
			if nd := c.cost + d; nd < r.clear[j] {
				r.clear[j] = nd
				heap.Push(q, cellCost{j, nd})
			}
		})
	}
}

// neighbours calls f for each of cell i's eight neighbours inside the
// grid, with the distance between their centres.
func (r *Routes) neighbours(i int, f func(j int, d float64)) {
	x, z := i%r.w, i/r.w
	for dz := -1; dz <= 1; dz++ {
		for dx := -1; dx <= 1; dx++ {
			nx, nz := x+dx, z+dz
			if (dx == 0 && dz == 0) || nx < 0 || nz < 0 || nx >= r.w || nz >= r.h {
				continue
			}
			f(nz*r.w+nx, r.cell*math.Hypot(float64(dx), float64(dz)))
		}
	}
}

// open reports whether a character may stand in cell i.
func (r *Routes) open(i int) bool { return r.clear[i] >= Clearance }

// Way is the way from one point to another (the points it passes,
// ending at to), or false when none has the clearance.
func (r *Routes) Way(from, to mgl64.Vec3) ([]mgl64.Vec3, bool) {
	if r.w == 0 {
		return nil, false
	}
	a, b := r.index(from), r.index(to)
	if !r.open(a) || !r.open(b) {
		return nil, false
	}
	cells, ok := r.search(a, b)
	if !ok {
		return nil, false
	}
	var out []mgl64.Vec3
	for k := 0; k < len(cells)-1; {
		next := k + 1
		for j := len(cells) - 1; j > next; j-- {
			if r.straight(cells[k], cells[j]) {
				next = j
				break
			}
		}
		if next < len(cells)-1 {
			out = append(out, r.centre(cells[next]))
		}
		k = next
	}
	return append(out, to), true
}

// search is A* from cell a to cell b through open cells.
func (r *Routes) search(a, b int) ([]int, bool) {
	cost := map[int]float64{a: 0}
	prev := map[int]int{}
	goal := r.centre(b)
	h := func(i int) float64 { c := r.centre(i); return math.Hypot(c[0]-goal[0], c[2]-goal[2]) }
	q := &cellQueue{{a, h(a)}}
	for q.Len() > 0 {
		c := heap.Pop(q).(cellCost)
		if c.i == b {
			path := []int{b}
			for i := b; i != a; {
				i = prev[i]
				path = append(path, i)
			}
			for l, m := 0, len(path)-1; l < m; l, m = l+1, m-1 {
				path[l], path[m] = path[m], path[l]
			}
			return path, true
		}
		if c.cost > cost[c.i]+h(c.i)+1e-9 {
			continue
		}
		r.neighbours(c.i, func(j int, d float64) {
			if !r.open(j) || math.Abs(r.height[j]-r.height[c.i]) > MaxRise {
				return
			}
			nd := cost[c.i] + d
			if old, seen := cost[j]; !seen || nd < old {
				cost[j], prev[j] = nd, c.i
				heap.Push(q, cellCost{j, nd + h(j)})
			}
		})
	}
	return nil, false
}

// straight reports whether the straight line between two cells' centres
// stays on open cells, without steps higher than MaxRise.
func (r *Routes) straight(a, b int) bool {
	pa, pb := r.centre(a), r.centre(b)
	n := int(math.Ceil(math.Hypot(pb[0]-pa[0], pb[2]-pa[2])/(r.cell/2))) + 1
	last := a
	for s := 1; s <= n; s++ {
		p := pa.Add(pb.Sub(pa).Mul(float64(s) / float64(n)))
		i := r.index(p)
		if !r.open(i) || math.Abs(r.height[i]-r.height[last]) > MaxRise {
			return false
		}
		last = i
	}
	return true
}

type cellCost struct {
	i    int
	cost float64
}

// cellQueue is a min-heap of cells by cost, ties to the lower index (so
// ways do not depend on the heap's order).
type cellQueue []cellCost

func (q cellQueue) Len() int { return len(q) }
func (q cellQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].i < q[j].i
}
func (q cellQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *cellQueue) Push(x any)   { *q = append(*q, x.(cellCost)) }
func (q *cellQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
