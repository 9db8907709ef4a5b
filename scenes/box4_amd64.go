package scenes

// The 4-wide slab tests run in SSE (box4_amd64.s); SSE2 is part of every
// amd64 processor, so no feature check is needed. box4Go and descend4Go are
// their references.

func box4(n *bvhNode, rb *rayBoxes) int { return box4SSE(n, rb) }

func descend4(nodes []bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int) {
	return descend4SSE(&nodes[0], node, rb)
}

//go:noescape
func box4SSE(n *bvhNode, rb *rayBoxes) int

//go:noescape
func descend4SSE(nodes *bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int)
