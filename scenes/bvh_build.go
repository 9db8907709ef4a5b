package scenes

import (
	"math"
	"sync"
)

// SAH cost constants: the cost of fetching a node (two box tests) against one
// ray-triangle test, measured on dungeon.obj; only their ratio matters.
const (
	sahTraversal = 1.0
	sahTriangle  = 1.0
	sahBins      = 32
	// parallelMin is the smallest range worth a goroutine of its own.
	parallelMin = 1024
)

// boxPadRel pads node boxes outward by this fraction of (|bound| + scene
// diagonal). Slab tests round t by a few ulps, and rays that lie exactly in a
// box's face (lattice-aligned probe rays along a wall) would otherwise flicker
// in and out; padding costs a negligible amount of extra traversal.
const boxPadRel = 1e-6

type primRef struct {
	lo, hi [3]float32
	c      [3]float32 // centroid
	tri    int32
}

type builder struct {
	refs    []primRef
	maxLeaf int
	pad     float32
	sem     chan struct{}
}

func build(m *Mesh, opts BVHOptions) *BVH {
	n := m.NumTriangles()
	bd := &builder{refs: make([]primRef, n), maxLeaf: opts.MaxLeaf, sem: make(chan struct{}, opts.Workers-1)}
	bounds := EmptyAABB()
	for t := 0; t < n; t++ {
		a, b, c := m.Triangle(t)
		box := EmptyAABB().Extend(a).Extend(b).Extend(c)
		bounds = bounds.Union(box)
		r := &bd.refs[t]
		r.lo, r.hi, r.tri = box.Min, box.Max, int32(t)
		for k := 0; k < 3; k++ {
			r.c[k] = 0.5 * (box.Min[k] + box.Max[k])
		}
	}
	bd.pad = float32(boxPadRel) * bounds.Diagonal()

	out := &BVH{bounds: bounds}
	mid, leaf := bd.plan(bd.refs, 0)
	var bin []binNode
	if leaf { // the whole mesh is one leaf: root with one empty child
		root := binNode{child: [2]int32{0, 0}, count: [2]int32{int32(n), 0}}
		root.box[0] = bd.padBox(bd.refs)
		root.box[1] = [2][3]float32{{inf32, inf32, inf32}, {-inf32, -inf32, -inf32}}
		bin = []binNode{root}
	} else {
		bin = bd.subtree(bd.refs, mid, 0, 0, nil)
	}
	out.nodes = collapse(bin)
	out.tris = make([]triVerts, n)
	out.triIndex = make([]int32, n)
	for i, r := range bd.refs {
		a, b, c := m.Triangle(int(r.tri))
		nrm := m.TriangleNormal(int(r.tri))
		out.tris[i] = triVerts{{a[0], a[1], a[2], nrm[0]}, {b[0], b[1], b[2], nrm[1]}, {c[0], c[1], c[2], nrm[2]}}
		out.triIndex[i] = r.tri
	}
	out.stats = treeStats(out)
	return out
}

var inf32 = float32(math.Inf(1))

// binNode is a node of the binary tree that the SAH build makes before it is
// collapsed to the bvhWidth-wide runtime tree. Child c is a leaf when count[c] > 0,
// inner when count[c] == 0 and child[c] > 0, empty when both are 0.
type binNode struct {
	box   [2][2][3]float32 // [child][0 min, 1 max][axis]
	child [2]int32
	count [2]int32
}

// subtree appends the inner node for refs (split at mid) and its descendants
// to out in depth-first order and returns out. off is refs' offset in bd.refs.
func (bd *builder) subtree(refs []primRef, mid int, off int32, depth int, out []binNode) []binNode {
	me := len(out)
	out = append(out, binNode{})
	halves := [2][]primRef{refs[:mid], refs[mid:]}
	offs := [2]int32{off, off + int32(mid)}
	var node binNode
	var plans [2]struct {
		mid  int
		leaf bool
	}
	for c := 0; c < 2; c++ {
		node.box[c] = bd.padBox(halves[c])
		plans[c].mid, plans[c].leaf = bd.plan(halves[c], depth+1)
		if plans[c].leaf {
			node.child[c], node.count[c] = offs[c], int32(len(halves[c]))
		}
	}
	// Build the right subtree on another goroutine when both are big and a
	// worker is free; it is appended after the left one, as if serial.
	var right []binNode
	var wg sync.WaitGroup
	parallel := !plans[0].leaf && !plans[1].leaf && len(halves[0]) >= parallelMin && len(halves[1]) >= parallelMin && bd.tryAcquire()
	if parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-bd.sem }()
			right = bd.subtree(halves[1], plans[1].mid, offs[1], depth+1, nil)
		}()
	}
	if !plans[0].leaf {
		node.child[0] = int32(len(out))
		out = bd.subtree(halves[0], plans[0].mid, offs[0], depth+1, out)
	}
	if parallel {
		wg.Wait()
		base := int32(len(out))
		node.child[1] = base
		for _, n := range right {
			for c := 0; c < 2; c++ {
				if n.count[c] == 0 && n.child[c] > 0 {
					n.child[c] += base
				}
			}
			out = append(out, n)
		}
	} else if !plans[1].leaf {
		node.child[1] = int32(len(out))
		out = bd.subtree(halves[1], plans[1].mid, offs[1], depth+1, out)
	}
	out[me] = node
	return out
}

func (bd *builder) tryAcquire() bool {
	select {
	case bd.sem <- struct{}{}:
		return true
	default:
		return false
	}
}

// padBox returns the padded box of refs in node layout.
func (bd *builder) padBox(refs []primRef) [2][3]float32 {
	lo := [3]float32{inf32, inf32, inf32}
	hi := [3]float32{-inf32, -inf32, -inf32}
	for i := range refs {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], refs[i].lo[k])
			hi[k] = max(hi[k], refs[i].hi[k])
		}
	}
	for k := 0; k < 3; k++ {
		lo[k] -= bd.pad + abs32(lo[k])*boxPadRel
		hi[k] += bd.pad + abs32(hi[k])*boxPadRel
	}
	return [2][3]float32{lo, hi}
}

// sahBin accumulates the refs whose centroid falls in one bin.
type sahBin struct {
	lo, hi [3]float32
	count  int
}

// halfArea is half the surface area of the box [lo, hi] (not empty).
func halfArea(lo, hi [3]float32) float32 {
	x, y, z := hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2]
	return x*y + y*z + z*x
}

// plan decides whether refs become a leaf and, if not, partitions refs in
// place with binned SAH (up to sahBins bins per axis, fewer for small
// ranges) and returns the split point.
func (bd *builder) plan(refs []primRef, depth int) (mid int, leaf bool) {
	n := len(refs)
	if n <= 1 || depth >= bvhMaxDepth-1 {
		return 0, true
	}
	clo, chi := [3]float32{inf32, inf32, inf32}, [3]float32{-inf32, -inf32, -inf32}
	blo, bhi := clo, chi
	for i := range refs {
		r := &refs[i]
		for k := 0; k < 3; k++ {
			clo[k], chi[k] = min(clo[k], r.c[k]), max(chi[k], r.c[k])
			blo[k], bhi[k] = min(blo[k], r.lo[k]), max(bhi[k], r.hi[k])
		}
	}
	nb := min(sahBins, max(4, n))
	bestCost, bestAxis, bestSplit := float32(math.Inf(1)), -1, 0
	var bins [sahBins]sahBin
	var rightArea [sahBins]float32
	var rightCount [sahBins]int
	empty := sahBin{lo: [3]float32{inf32, inf32, inf32}, hi: [3]float32{-inf32, -inf32, -inf32}}
	for axis := 0; axis < 3; axis++ {
		ext := chi[axis] - clo[axis]
		if !(ext > 0) {
			continue
		}
		scale := float32(nb) / ext
		for i := 0; i < nb; i++ {
			bins[i] = empty
		}
		for i := range refs {
			r := &refs[i]
			b := &bins[binOf(r.c[axis], clo[axis], scale, nb)]
			b.count++
			for k := 0; k < 3; k++ {
				b.lo[k], b.hi[k] = min(b.lo[k], r.lo[k]), max(b.hi[k], r.hi[k])
			}
		}
		acc, cnt := empty, 0
		for i := nb - 1; i > 0; i-- {
			cnt += bins[i].count
			for k := 0; k < 3; k++ {
				acc.lo[k], acc.hi[k] = min(acc.lo[k], bins[i].lo[k]), max(acc.hi[k], bins[i].hi[k])
			}
			rightCount[i] = cnt
			if cnt > 0 {
				rightArea[i] = halfArea(acc.lo, acc.hi)
			}
		}
		acc, cnt = empty, 0
		for i := 1; i < nb; i++ {
			cnt += bins[i-1].count
			for k := 0; k < 3; k++ {
				acc.lo[k], acc.hi[k] = min(acc.lo[k], bins[i-1].lo[k]), max(acc.hi[k], bins[i-1].hi[k])
			}
			if cnt == 0 || rightCount[i] == 0 {
				continue
			}
			cost := halfArea(acc.lo, acc.hi)*float32(cnt) + rightArea[i]*float32(rightCount[i])
			if cost < bestCost {
				bestCost, bestAxis, bestSplit = cost, axis, i
			}
		}
	}
	if bestAxis < 0 { // every centroid is the same point
		if n <= bd.maxLeaf {
			return 0, true
		}
		return n / 2, false
	}
	splitCost := sahTraversal + sahTriangle*bestCost/halfArea(blo, bhi)
	if n <= bd.maxLeaf && float32(n)*sahTriangle <= splitCost {
		return 0, true
	}
	// Partition: refs whose bin is below bestSplit go left.
	scale := float32(nb) / (chi[bestAxis] - clo[bestAxis])
	i, j := 0, n-1
	for i <= j {
		if binOf(refs[i].c[bestAxis], clo[bestAxis], scale, nb) < bestSplit {
			i++
		} else {
			refs[i], refs[j] = refs[j], refs[i]
			j--
		}
	}
	return i, false
}

func binOf(c, lo, scale float32, nb int) int {
	b := int((c - lo) * scale)
	return min(max(b, 0), nb-1)
}

func treeStats(b *BVH) BuildStats {
	s := BuildStats{Triangles: len(b.tris), Nodes: len(b.nodes)}
	var walk func(i int32, d int)
	walk = func(i int32, d int) {
		s.MaxDepth = max(s.MaxDepth, d)
		n := &b.nodes[i]
		for c := 0; c < bvhWidth; c++ {
			switch {
			case n.count[c] > 0:
				s.Leaves++
			case n.child[c] > 0:
				walk(n.child[c], d+1)
			}
		}
	}
	walk(0, 1)
	return s
}
