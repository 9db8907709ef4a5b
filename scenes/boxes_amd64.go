//go:build amd64 && !purego

package scenes

// The 8-wide slab tests run in SSE (boxes_amd64.s), four lanes at a time;
// SSE2 is part of every amd64 processor, so no feature check is needed.
// boxesGo and descendGo are their references.

func boxes(n *bvhNode, rb *rayBoxes) int { return boxesSSE(n, rb) }

func descend(nodes []bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int) {
	return descendSSE(&nodes[0], node, rb)
}

//go:noescape
func boxesSSE(n *bvhNode, rb *rayBoxes) int

//go:noescape
func descendSSE(nodes *bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int)
