package scenes

import "math/bits"

// bvhStackSize is the traversal stack depth. It is kept small because Go
// zeroes the array on every query; collapse guarantees no query needs more.
const bvhStackSize = 40

type stackEntry struct {
	node int32
	tn   float32 // entry distance of the node's box
}

// rayBoxes is the part of a prepared ray that the slab tests of a node read:
// origin and inverse direction (the assembly broadcasts them to SSE lanes),
// and the byte offsets within a bvhNode of the near and far planes on each
// axis (box[0] or box[1] by the sign of the direction). Its layout is read by
// boxes_amd64.s and pinned by TestRayBoxesLayout.
type rayBoxes struct {
	o, inv     [4]float32 // x, y, z, unused
	nearOff    [3]uint32
	farOff     [3]uint32
	tmin, tmax float32           // the segment tested
	tn         [bvhWidth]float32 // out: entry distance per child
}

// boxesGo is the portable slab test of a node's children: bit c is set when
// [rb.tmin, rb.tmax] meets child c's box; rb.tn[c] is its entry distance.
func boxesGo(n *bvhNode, rb *rayBoxes) int {
	mask := 0
	for c := 0; c < bvhWidth; c++ {
		lo, hi := rb.tmin, rb.tmax
		for k := 0; k < 3; k++ {
			near, far := n.box[0][k][c], n.box[1][k][c]
			if rb.nearOff[k] >= 4*bvhWidth*3 {
				near, far = far, near
			}
			lo = max(lo, (near-rb.o[k])*rb.inv[k])
			hi = min(hi, (far-rb.o[k])*rb.inv[k])
		}
		rb.tn[c] = lo
		if lo <= hi {
			mask |= 1 << c
		}
	}
	return mask
}

// descendGo tests nodes[node]; while exactly one child is hit and it is an
// inner node it moves there and repeats. It returns the node where it
// stopped, that node's hit mask (entry distances in rb.tn) and the number of
// nodes tested.
func descendGo(nodes []bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int) {
	for {
		n := &nodes[node]
		visited++
		mask = boxesGo(n, rb)
		if mask == 0 || mask&(mask-1) != 0 {
			return mask, node, visited
		}
		c := bits.TrailingZeros(uint(mask)) & (bvhWidth - 1)
		if n.count[c] > 0 {
			return mask, node, visited
		}
		node = n.child[c]
	}
}

// ClosestHit returns the nearest hit on the ray segment. Ties in T go to the
// lowest triangle index, so the answer never depends on the tree's shape
// (nor on its layers: see With). st, when not nil, accumulates the work
// done. It allocates nothing.
func (b *BVH) ClosestHit(r Ray, st *Stats) (Hit, bool) {
	h, ok := b.closestHit(r, st)
	if b.extra == nil || len(b.extra.tris) == 0 {
		return h, ok
	}
	if ok {
		r.TMax = h.T
	}
	if h2, ok2 := b.extra.closestHit(r, st); ok2 && (!ok || h2.T < h.T) {
		h2.Triangle += b.offset
		return h2, true
	}
	return h, ok
}

func (b *BVH) closestHit(r Ray, st *Stats) (Hit, bool) {
	var p rayPrep
	p.init(&r)
	nodes, tris, triIndex := b.nodes, b.tris, b.triIndex
	tmin, tmax := r.TMin, r.TMax
	best, bestIdx, bestBack := -1, int32(0), false
	var stack [bvhStackSize]stackEntry
	sp := 0
	node := int32(0)
	var nNodes, nTests int64
	for {
		p.tmax = tmax
		mask, at, visited := descend(nodes, node, &p.rayBoxes)
		nNodes += int64(visited)
		n := &nodes[at]
		tn := &p.tn
		// One pass: leaves are tested at once (shrinking tmax), inner
		// children are collected, then the nearest is taken and the others
		// pushed far to near.
		var kids [bvhWidth]stackEntry
		nk := 0
		for m := mask; m != 0; m &= m - 1 {
			c := bits.TrailingZeros(uint(m)) & (bvhWidth - 1)
			if cnt := n.count[c]; cnt > 0 {
				if tn[c] > tmax {
					continue
				}
				first := n.child[c]
				for i := first; i < first+cnt; i++ {
					nTests++
					if t, back, ok := p.intersect(&tris[i], tmin, tmax); ok {
						if idx := triIndex[i]; t < tmax || best < 0 || idx < bestIdx {
							tmax, best, bestIdx, bestBack = t, int(i), idx, back
						}
					}
				}
			} else {
				kids[nk&(bvhWidth-1)] = stackEntry{n.child[c], tn[c]}
				nk++
			}
		}
		if nk == 1 {
			if kids[0].tn <= tmax {
				node = kids[0].node
				continue
			}
		} else if nk > 1 {
			// Sort by entry distance, farthest first, dropping those
			// beyond tmax; push all but the nearest.
			k := 0
			for j := 0; j < nk; j++ {
				e := kids[j&(bvhWidth-1)]
				if e.tn > tmax {
					continue
				}
				i := k
				for i > 0 && kids[(i-1)&(bvhWidth-1)].tn < e.tn {
					kids[i&(bvhWidth-1)] = kids[(i-1)&(bvhWidth-1)]
					i--
				}
				kids[i&(bvhWidth-1)] = e
				k++
			}
			if k > 0 {
				for j := 0; j < k-1; j++ {
					stack[sp] = kids[j&(bvhWidth-1)]
					sp++
				}
				node = kids[(k-1)&(bvhWidth-1)].node
				continue
			}
		}
		for {
			if sp == 0 {
				goto done
			}
			sp--
			if stack[sp].tn <= tmax {
				node = stack[sp].node
				break
			}
		}
	}
done:
	if st != nil {
		st.Rays++
		st.Nodes += nNodes
		st.TriTests += nTests
	}
	if best < 0 {
		return Hit{}, false
	}
	return Hit{T: tmax, Triangle: bestIdx, Normal: b.normal(best), Back: bestBack}, true
}

// AnyHit reports whether anything lies on the ray segment (a shadow or
// occlusion query); it stops at the first hit found. It allocates nothing.
func (b *BVH) AnyHit(r Ray, st *Stats) bool {
	if b.anyHit(r, st) {
		return true
	}
	return b.extra != nil && len(b.extra.tris) > 0 && b.extra.anyHit(r, st)
}

func (b *BVH) anyHit(r Ray, st *Stats) bool {
	var p rayPrep
	p.init(&r)
	nodes, tris := b.nodes, b.tris
	tmin, tmax := r.TMin, r.TMax
	var stack [bvhStackSize]int32
	sp := 0
	node := int32(0)
	var nNodes, nTests int64
	found := false
	p.tmax = tmax
	for {
		mask, at, visited := descend(nodes, node, &p.rayBoxes)
		nNodes += int64(visited)
		n := &nodes[at]
		next := int32(-1)
		for m := mask; m != 0; m &= m - 1 {
			c := bits.TrailingZeros(uint(m)) & (bvhWidth - 1)
			if cnt := n.count[c]; cnt > 0 {
				first := n.child[c]
				for i := first; i < first+cnt; i++ {
					nTests++
					if _, _, ok := p.intersect(&tris[i], tmin, tmax); ok {
						found = true
						goto done
					}
				}
			} else if next < 0 {
				next = n.child[c]
			} else {
				stack[sp] = n.child[c]
				sp++
			}
		}
		if next >= 0 {
			node = next
			continue
		}
		if sp == 0 {
			break
		}
		sp--
		node = stack[sp]
	}
done:
	if st != nil {
		st.Rays++
		st.Nodes += nNodes
		st.TriTests += nTests
	}
	return found
}

// normal returns the unit winding normal of leaf-order triangle i, stored
// in the fourth lane of its rows at build time.
func (b *BVH) normal(i int) [3]float32 {
	t := &b.tris[i]
	return [3]float32{t[0][3], t[1][3], t[2][3]}
}
