//go:build !amd64 || purego

package scenes

func boxes(n *bvhNode, rb *rayBoxes) int { return boxesGo(n, rb) }

func descend(nodes []bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int) {
	return descendGo(nodes, node, rb)
}
