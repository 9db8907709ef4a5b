package scenes

// collapse turns the binary SAH tree into the bvhWidth-wide runtime tree:
// each node takes a binary node's two children and keeps opening the inner
// child with the largest box (the one most rays enter) until it has
// bvhWidth, in depth-first order. Deterministic: it reads only the binary tree.
//
// It also bounds the traversal stack. A query at a node pushes at most (inner
// children - 1) entries, and below a binary node of height h a binary
// traversal would push at most h. A node is only opened further while
// pushed + (inner - 1) + max height of its inner children <= bvhStackSize;
// two children always pass (because the binary depth is capped), so by
// induction no query pushes more than bvhStackSize entries.
func collapse(bin []binNode) []bvhNode {
	height := binHeights(bin)
	var out []bvhNode
	var emit func(i int32, pushed int) int32
	emit = func(i int32, pushed int) int32 {
		type slot struct {
			box   [2][3]float32
			child int32
			count int32
		}
		slots := make([]slot, 0, bvhWidth)
		for c := 0; c < 2; c++ {
			slots = append(slots, slot{bin[i].box[c], bin[i].child[c], bin[i].count[c]})
		}
		isInner := func(s slot) bool { return s.count == 0 && s.child > 0 }
		need := func(ss []slot) int {
			inner, h := 0, 0
			for _, s := range ss {
				if isInner(s) {
					inner++
					h = max(h, height[s.child])
				}
			}
			return max(inner-1, 0) + h
		}
		for len(slots) < bvhWidth {
			best, bestArea := -1, float32(-1)
			for k, s := range slots {
				if s.count == 0 && s.child > 0 {
					if a := (AABB{Min: s.box[0], Max: s.box[1]}).HalfArea(); a > bestArea {
						best, bestArea = k, a
					}
				}
			}
			if best < 0 {
				break
			}
			n := bin[slots[best].child]
			next := make([]slot, 0, bvhWidth)
			next = append(next, slots[:best]...)
			next = append(next, slot{n.box[0], n.child[0], n.count[0]}, slot{n.box[1], n.child[1], n.count[1]})
			next = append(next, slots[best+1:]...)
			if pushed+need(next) > bvhStackSize {
				break
			}
			slots = next
		}
		inner := 0
		for _, s := range slots {
			if isInner(s) {
				inner++
			}
		}
		me := int32(len(out))
		out = append(out, bvhNode{})
		var node bvhNode
		for c := 0; c < bvhWidth; c++ {
			if c >= len(slots) || (slots[c].count == 0 && slots[c].child == 0) {
				for k := 0; k < 3; k++ {
					node.box[0][k][c], node.box[1][k][c] = inf32, -inf32
				}
				continue
			}
			s := slots[c]
			for k := 0; k < 3; k++ {
				node.box[0][k][c], node.box[1][k][c] = s.box[0][k], s.box[1][k]
			}
			if s.count > 0 {
				node.child[c], node.count[c] = s.child, s.count
			} else {
				node.child[c] = emit(s.child, pushed+inner-1)
			}
		}
		out[me] = node
		return me
	}
	emit(0, 0)
	return out
}

// binHeights returns, per binary node, the number of binary nodes on its
// longest downward path (1 for a node whose children are leaves).
func binHeights(bin []binNode) []int {
	h := make([]int, len(bin))
	// Children come after their parent in depth-first order.
	for i := len(bin) - 1; i >= 0; i-- {
		h[i] = 1
		for c := 0; c < 2; c++ {
			if bin[i].count[c] == 0 && bin[i].child[c] > 0 {
				h[i] = max(h[i], 1+h[bin[i].child[c]])
			}
		}
	}
	return h
}
