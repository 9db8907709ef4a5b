package scenes

import (
	"math/bits"

	"github.com/go-gl/mathgl/mgl32"
)

// Overlap appends to out the leaf-order indices (for LeafTriangle) of the
// triangles that meet box: the exact separating-axis test of a triangle
// against a box (Akenine-Möller 2001), so a triangle is listed exactly when
// it shares a point with the closed box, up to float32 rounding, which only
// ever lists more. Triangles come in leaf order, each once. st, when not nil,
// counts one query, the nodes fetched and the triangle tests. It allocates
// only when out must grow.
func (b *BVH) Overlap(box AABB, out []int32, st *Stats) []int32 {
	return b.overlap(box, out, st, true)
}

// OverlapBounds is Overlap by the triangles' bounding boxes: it lists every
// triangle Overlap lists and those whose box meets box without the
// triangle doing so; cheaper when the caller tests the triangles further.
func (b *BVH) OverlapBounds(box AABB, out []int32, st *Stats) []int32 {
	return b.overlap(box, out, st, false)
}

func (b *BVH) overlap(box AABB, out []int32, st *Stats, exact bool) []int32 {
	out = b.overlapOne(box, out, st, exact)
	if b.extra != nil {
		start := len(out)
		out = b.extra.overlapOne(box, out, st, exact)
		for i := start; i < len(out); i++ {
			out[i] += int32(len(b.tris))
		}
	}
	return out
}

func (b *BVH) overlapOne(box AABB, out []int32, st *Stats, exact bool) []int32 {
	if len(b.nodes) == 0 || box.IsEmpty() {
		return out
	}
	var stack [bvhStackSize]int32
	sp := 0
	node := int32(0)
	var nNodes, nTests int64
	for {
		n := &b.nodes[node]
		nNodes++
		mask := boxMask(n, &box)
		next := int32(-1)
		for m := mask; m != 0; m &= m - 1 {
			c := bits.TrailingZeros(uint(m)) & (bvhWidth - 1)
			if cnt := n.count[c]; cnt > 0 {
				first := n.child[c]
				for i := first; i < first+cnt; i++ {
					nTests++
					if exact && triBoxOverlap(&b.tris[i], &box) || !exact && triBoundsOverlap(&b.tris[i], &box) {
						out = append(out, i)
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
	if st != nil {
		st.Rays++
		st.Nodes += nNodes
		st.TriTests += nTests
	}
	return out
}

// boxMask sets bit c when child c's box meets q (closed boxes). An empty
// child's inverted box never does.
func boxMask(n *bvhNode, q *AABB) int {
	mask := 0
	for c := 0; c < bvhWidth; c++ {
		if n.box[0][0][c] <= q.Max[0] && n.box[1][0][c] >= q.Min[0] &&
			n.box[0][1][c] <= q.Max[1] && n.box[1][1][c] >= q.Min[1] &&
			n.box[0][2][c] <= q.Max[2] && n.box[1][2][c] >= q.Min[2] {
			mask |= 1 << c
		}
	}
	return mask
}

// LeafTriangle returns the corners and unit winding normal of leaf-order
// triangle i (as Overlap lists them) and its index in the mesh.
func (b *BVH) LeafTriangle(i int32) (a, bb, c, normal mgl32.Vec3, mesh int32) {
	if n := int32(len(b.tris)); i >= n && b.extra != nil {
		a, bb, c, normal, mesh = b.extra.LeafTriangle(i - n)
		return a, bb, c, normal, mesh + b.offset
	}
	t := &b.tris[i]
	return mgl32.Vec3{t[0][0], t[0][1], t[0][2]}, mgl32.Vec3{t[1][0], t[1][1], t[1][2]},
		mgl32.Vec3{t[2][0], t[2][1], t[2][2]}, mgl32.Vec3{t[0][3], t[1][3], t[2][3]}, b.triIndex[i]
}

// triBoundsOverlap reports whether the triangle's bounding box meets q.
func triBoundsOverlap(t *triVerts, q *AABB) bool {
	for k := 0; k < 3; k++ {
		if min(t[0][k], t[1][k], t[2][k]) > q.Max[k] || max(t[0][k], t[1][k], t[2][k]) < q.Min[k] {
			return false
		}
	}
	return true
}

// triBoxOverlap is the separating-axis test of a triangle against a closed
// box: the box's three face normals, the triangle's normal and the nine
// cross products of their edges. Computed in float64 from float32 inputs.
func triBoxOverlap(t *triVerts, q *AABB) bool {
	var c, h [3]float64
	for k := 0; k < 3; k++ {
		c[k] = (float64(q.Min[k]) + float64(q.Max[k])) / 2
		h[k] = (float64(q.Max[k]) - float64(q.Min[k])) / 2
	}
	var v [3][3]float64
	for i := 0; i < 3; i++ {
		for k := 0; k < 3; k++ {
			v[i][k] = float64(t[i][k]) - c[k]
		}
	}
	// The box's axes: the triangle's box against the box.
	for k := 0; k < 3; k++ {
		lo := min(v[0][k], v[1][k], v[2][k])
		hi := max(v[0][k], v[1][k], v[2][k])
		if lo > h[k] || hi < -h[k] {
			return false
		}
	}
	e := [3][3]float64{sub3(v[1], v[0]), sub3(v[2], v[1]), sub3(v[0], v[2])}
	// The nine edge cross products.
	for i := 0; i < 3; i++ {
		for k := 0; k < 3; k++ {
			var a [3]float64
			a[k] = 1
			if separates(cross3(a, e[i]), v, h) {
				return false
			}
		}
	}
	// The triangle's plane.
	return !separates(cross3(e[0], e[1]), v, h)
}

// separates reports whether axis a separates the triangle v (relative to
// the box centre) from the box of half-sizes h.
func separates(a [3]float64, v [3][3]float64, h [3]float64) bool {
	p0, p1, p2 := dot3(a, v[0]), dot3(a, v[1]), dot3(a, v[2])
	r := h[0]*abs64(a[0]) + h[1]*abs64(a[1]) + h[2]*abs64(a[2])
	return min(p0, p1, p2) > r || max(p0, p1, p2) < -r
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot3(a, b [3]float64) float64    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross3(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Select builds a BVH over the triangles of b whose unit winding normal keep
// accepts (the walls of a scene, say), reporting their indices in b's mesh.
// With none kept it is an empty BVH, which meets nothing.
func (b *BVH) Select(keep func(normal mgl32.Vec3) bool, opts BVHOptions) (*BVH, error) {
	if b.extra != nil {
		s, err := b.Base().Select(keep, opts)
		if err != nil {
			return nil, err
		}
		x, err := b.extra.Select(keep, opts)
		if err != nil {
			return nil, err
		}
		return s.With(x, b.offset), nil
	}
	var m Mesh
	var src []int32 // leaf index in b of each kept triangle
	for i := range b.tris {
		t := &b.tris[i]
		if !keep(mgl32.Vec3{t[0][3], t[1][3], t[2][3]}) {
			continue
		}
		v := uint32(len(m.Positions) / 3)
		for k := range 3 {
			m.Positions = append(m.Positions, t[k][0], t[k][1], t[k][2])
		}
		m.Indices = append(m.Indices, v, v+1, v+2)
		src = append(src, int32(i))
	}
	if len(src) == 0 {
		return &BVH{bounds: EmptyAABB()}, nil
	}
	out, err := NewBVH(&m, opts)
	if err != nil {
		return nil, err
	}
	for i, t := range out.triIndex {
		s := &b.tris[src[t]]
		out.triIndex[i] = b.triIndex[src[t]]
		out.tris[i][0][3], out.tris[i][1][3], out.tris[i][2][3] = s[0][3], s[1][3], s[2][3]
	}
	return out, nil
}
