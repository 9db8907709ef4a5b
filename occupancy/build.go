package occupancy

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/parallel"
)

// Options sets how occupancy spaces are built. The zero value gives the
// defaults.
type Options struct {
	// Threshold bounds the leaves' radius: a hierarchy holds its shape
	// grown by at most about twice this much. [Units: m] [Limit: > 0; 0 means
	// 0.01, the seed's]
	Threshold float64
	// Window is the length of the sub-intervals an action's time is cut
	// into, one space each, so that two actions crossing the same ground
	// at different times do not collide. [Units: s] [Limit: > 0; 0 means
	// 0.25]
	Window float64
	// Progress, when set, is told how Build goes, action by action, from
	// the goroutine that called it. It is not stored with the spaces.
	Progress func(done, total int)
	// Workers is how many goroutines build the actions' spaces; the
	// spaces are the same for any number. It is not stored with the
	// spaces. [Limit: >= 0; 0 means GOMAXPROCS]
	Workers int
}

func (o Options) withDefaults() Options {
	if o.Threshold <= 0 {
		o.Threshold = 0.01
	}
	if o.Window <= 0 {
		o.Window = 0.25
	}
	return o
}

// Space is one occupancy space: the ground projection of an action's body
// over a sub-interval of its time, in the action frame.
type Space struct {
	T0, T1 float64 // [Units: s] into the action
	BCH    BCH
}

// Spaces are the occupancy spaces of every action of a library, for one
// body: flat arrays, built once, immutable, safe for concurrent use.
type Spaces struct {
	opt    Options
	nodes  []node
	spaces []Space
	first  []int32 // action a's spaces are spaces[first[a]:first[a+1]]
}

// Action is action a's spaces, in time order.
func (s *Spaces) Action(a int) []Space { return s.spaces[s.first[a]:s.first[a+1]] }

// Options are the options the spaces were built with, defaults filled in.
func (s *Spaces) Options() Options { return s.opt }

// Len is the number of actions.
func (s *Spaces) Len() int { return len(s.first) - 1 }

// SizeBytes is the memory the hierarchies take.
func (s *Spaces) SizeBytes() int { return len(s.nodes)*16 + len(s.spaces)*48 + len(s.first)*4 }

// Build makes the occupancy spaces of every action sw measured: for each
// sub-interval of about Options.Window, the union over its frame
// intervals of every capsule's sweep projected on the ground (over a frame
// interval, the hull of the axis's places at its two frames grown by the
// capsule's radius and the interval's sag, ccd.Sweeps.FrameSag, which
// holds the capsule at every moment between), sampled on a grid of cells
// of half the threshold and bounded by a hierarchy whose leaves are under
// the threshold. The actions are shared out among Options.Workers
// goroutines; the spaces do not depend on how many.
func Build(sw *ccd.Sweeps, opt Options) (*Spaces, error) {
	opt = opt.withDefaults()
	if math.IsNaN(opt.Threshold) || math.IsNaN(opt.Window) || math.IsInf(opt.Threshold, 0) {
		return nil, fmt.Errorf("occupancy: threshold %v, window %v", opt.Threshold, opt.Window)
	}
	per := make([]built, sw.NumActions())
	b := make([]builder, parallel.Workers(opt.Workers)) // one per goroutine
	for w := range b {
		b[w] = builder{sw: sw, cell: opt.Threshold / 2}
	}
	parallel.For(len(per), len(b), func(w, a int) { per[a] = b[w].action(a, opt) }, opt.Progress)
	s := &Spaces{opt: opt}
	s.opt.Progress, s.opt.Workers = nil, 0
	total := 0
	for a := range per {
		if per[a].err != nil {
			return nil, fmt.Errorf("occupancy: action %d: %w", a, per[a].err)
		}
		total += len(per[a].nodes)
	}
	s.nodes = make([]node, 0, total) // never grown: the views stay on it
	for a := range per {
		s.first = append(s.first, int32(len(s.spaces)))
		at := len(s.nodes)
		s.nodes = append(s.nodes, per[a].nodes...)
		for _, sp := range per[a].spaces {
			n := len(sp.BCH.nodes)
			sp.BCH.nodes = s.nodes[at : at+n : at+n]
			s.spaces = append(s.spaces, sp)
			at += n
		}
	}
	s.first = append(s.first, int32(len(s.spaces)))
	return s, nil
}

// built is one action's spaces, their hierarchies' nodes in a slice of
// their own.
type built struct {
	nodes  []node
	spaces []Space
	err    error
}

// action builds action a's spaces: one per window of about
// Options.Window.
func (b *builder) action(a int, opt Options) built {
	var out built
	steps, dt := b.sw.Instants(a)
	k := b.sw.Options().Substeps
	nf := (steps-1)/k + 1
	dt *= float64(k)
	intervals := max(nf-1, 1)
	n := max(1, int(math.Round(float64(intervals)*dt/opt.Window)))
	for w := range n {
		f0, f1 := w*intervals/n, (w+1)*intervals/n
		root := len(out.nodes)
		if out.nodes, out.err = b.space(out.nodes, a, f0, min(f1, nf-1), opt.Threshold); out.err != nil {
			return out
		}
		out.spaces = append(out.spaces, Space{T0: float64(f0) * dt, T1: float64(f1) * dt, BCH: BCH{nodes: out.nodes[root:len(out.nodes):len(out.nodes)]}})
	}
	return out
}

// builder holds a build's working memory.
type builder struct {
	sw    *ccd.Sweeps
	cell  float64
	prims []prim
	grid  []bool
	cells cells
	tree  []node // a hierarchy, its children by index from its root
}

// prim is a capsule's sweep over a frame interval, projected: the convex
// hull of up to four points grown by r.
type prim struct {
	hull   [4]point
	n      int
	r      float64
	lo, hi point
}

// space appends to nodes the hierarchy of action a over frame intervals
// f0..f1-1 (f0 == f1: the single frame f0).
func (b *builder) space(nodes []node, a, f0, f1 int, threshold float64) ([]node, error) {
	b.prims = b.prims[:0]
	k := b.sw.Options().Substeps
	if f0 == f1 {
		for i := range b.sw.Model().Capsules {
			if err := b.add(a, i, f0*k, f0*k, 0); err != nil {
				return nodes, err
			}
		}
	}
	for f := f0; f < f1; f++ {
		for i := range b.sw.Model().Capsules {
			if err := b.interval(a, i, f*k, k); err != nil {
				return nodes, err
			}
		}
	}
	b.raster()
	b.tree = tree(b.tree[:0], &b.cells, b.cell*math.Sqrt2/2, threshold)
	return append(nodes, b.tree...), nil
}

// interval adds capsule i's sweep over the k steps from instant g: the
// hull of its axes at both ends grown by the interval's sag when that is
// under a cell, or else step by step, each by the smaller of its sag (the
// hull of its ends) and its travel (the axis at its start).
func (b *builder) interval(a, i, g, k int) error {
	if sag := b.sw.Sag(a, i, g, g+k); sag <= b.cell {
		return b.add(a, i, g, g+k, sag)
	}
	for h := g; h < g+k; h++ {
		sag, travel := b.sw.Sag(a, i, h, h+1), b.sw.Travel(a, i, h)
		if err := b.choose(a, i, h, sag, travel); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) choose(a, i, h int, sag, travel float64) error {
	if travel < sag {
		return b.add(a, i, h, h, travel)
	}
	return b.add(a, i, h, h+1, sag)
}

// add adds capsule i between instants g and h (the hull of its axes at
// both) grown by its radius and grow.
func (b *builder) add(a, i, g, h int, grow float64) error {
	p0, q0 := b.sw.Axis(a, i, g)
	p1, q1 := b.sw.Axis(a, i, h)
	pr := prim{r: b.sw.Model().Capsules[i].Radius + grow}
	pr.hull, pr.n = hull4([4]point{{p0[0], p0[2]}, {q0[0], q0[2]}, {p1[0], p1[2]}, {q1[0], q1[2]}})
	pr.lo, pr.hi = pr.bounds()
	if !(finite(pr.lo) && finite(pr.hi)) {
		return fmt.Errorf("instant %d, capsule %d: not a finite place", g, i)
	}
	b.prims = append(b.prims, pr)
	return nil
}

func finite(p point) bool {
	return !math.IsNaN(p.x) && !math.IsNaN(p.z) && !math.IsInf(p.x, 0) && !math.IsInf(p.z, 0)
}

// bounds is the primitive's box.
func (p *prim) bounds() (lo, hi point) {
	lo, hi = p.hull[0], p.hull[0]
	for _, v := range p.hull[1:p.n] {
		lo = point{min(lo.x, v.x), min(lo.z, v.z)}
		hi = point{max(hi.x, v.x), max(hi.z, v.z)}
	}
	return point{lo.x - p.r, lo.z - p.r}, point{hi.x + p.r, hi.z + p.r}
}

// raster lists in b.cells the grid's cells that meet a
// primitive: a cell meets one when its centre is within the primitive's
// radius plus half the cell's diagonal of its hull.
func (b *builder) raster() {
	b.cells.at, b.cells.nx, b.cells.nz = b.cells.at[:0], 0, 0
	if len(b.prims) == 0 {
		return
	}
	lo, hi := b.prims[0].lo, b.prims[0].hi
	for _, p := range b.prims[1:] {
		lo = point{min(lo.x, p.lo.x), min(lo.z, p.lo.z)}
		hi = point{max(hi.x, p.hi.x), max(hi.z, p.hi.z)}
	}
	h := b.cell
	half := h * math.Sqrt2 / 2
	// Cells are aligned to the frame's origin, so that spaces of one
	// action share a grid.
	x0, z0 := math.Floor(lo.x/h), math.Floor(lo.z/h)
	nx, nz := int(math.Floor(hi.x/h)-x0)+1, int(math.Floor(hi.z/h)-z0)+1
	b.grid = slices.Grow(b.grid[:0], nx*nz)[:nx*nz]
	clear(b.grid)
	for k := range b.prims {
		p := &b.prims[k]
		reach := p.r + half
		ix0, ix1 := int(math.Floor((p.lo.x-half)/h)-x0), int(math.Floor((p.hi.x+half)/h)-x0)
		iz0, iz1 := int(math.Floor((p.lo.z-half)/h)-z0), int(math.Floor((p.hi.z+half)/h)-z0)
		for iz := max(iz0, 0); iz <= min(iz1, nz-1); iz++ {
			for ix := max(ix0, 0); ix <= min(ix1, nx-1); ix++ {
				if b.grid[iz*nx+ix] {
					continue
				}
				c := point{(x0 + float64(ix) + 0.5) * h, (z0 + float64(iz) + 0.5) * h}
				if p.dist2(c) <= reach*reach {
					b.grid[iz*nx+ix] = true
				}
			}
		}
	}
	b.cells.x0, b.cells.z0, b.cells.h = x0, z0, h
	b.cells.nx, b.cells.nz, b.cells.taken = nx, nz, b.grid
	for iz := range nz {
		for ix := range nx {
			if b.grid[iz*nx+ix] {
				b.cells.at = append(b.cells.at, cellAt{int32(ix), int32(iz)})
			}
		}
	}
}

// Cylinders are the same spaces as one-circle hierarchies: each space's
// outer circle, the cylinder agent of ordinary crowd systems (a baseline).
func (s *Spaces) Cylinders() *Spaces {
	c := &Spaces{opt: s.opt, first: s.first, spaces: make([]Space, len(s.spaces)), nodes: make([]node, len(s.spaces))}
	for k, sp := range s.spaces {
		c.nodes[k] = sp.BCH.nodes[0]
		c.nodes[k].child = -1
		c.spaces[k] = Space{T0: sp.T0, T1: sp.T1, BCH: BCH{nodes: c.nodes[k : k+1 : k+1]}}
	}
	return c
}
