//go:build !amd64

package scenes

func box4(n *bvhNode, rb *rayBoxes) int { return box4Go(n, rb) }

func descend4(nodes []bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int) {
	return descend4Go(nodes, node, rb)
}
