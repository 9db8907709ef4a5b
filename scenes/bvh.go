package scenes

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"
)

// BVH is a bounding-volume hierarchy over a Mesh's triangles: a flat,
// depth-first array of 8-wide nodes, each holding the boxes of its children
// side by side (so one node fetch tests eight boxes, in SIMD on amd64), and
// the triangles copied in leaf order. Built once by NewBVH with binned SAH,
// immutable, safe for concurrent queries.
type BVH struct {
	nodes    []bvhNode
	tris     []triVerts // triangle corners, in leaf order
	triIndex []int32    // mesh triangle index of tris[i]
	bounds   AABB
	stats    BuildStats
	// A layered BVH (With) is its base's tree with a second one: extra,
	// whose mesh triangle indices follow offset.
	base   *BVH
	extra  *BVH
	offset int32
}

// bvhWidth is the number of children of a node: 8 boxes side by side, tested
// as two groups of four SSE lanes, so a short probe ray fetches about four
// nodes on a 10k-triangle level instead of about thirteen in a binary tree.
const bvhWidth = 8

// bvhNode is an inner node with up to bvhWidth children. Child c is a leaf
// when count[c] > 0 (triangles child[c] .. child[c]+count[c]-1 of
// BVH.tris), an inner node (index child[c]) when count[c] == 0 and
// child[c] > 0, and empty when both are 0; an empty child's box is inverted
// (min +Inf, max -Inf), so every ray misses it. 256 bytes: four cache lines.
type bvhNode struct {
	box   [2][3][bvhWidth]float32 // [0 min, 1 max][axis][child]
	child [bvhWidth]int32
	count [bvhWidth]int32
}

// BVHOptions tunes NewBVH. The zero value is a good default.
type BVHOptions struct {
	// Workers bounds the goroutines used to build. [Limit: >= 0; 0 means GOMAXPROCS]
	Workers int
	// MaxLeaf is the most triangles a leaf holds unless the tree is too deep
	// or the triangles cannot be told apart. [Limit: 1..64; 0 means 4]
	MaxLeaf int
}

// BuildStats describes a built BVH.
type BuildStats struct {
	Triangles int           // triangles in the tree
	Nodes     int           // inner nodes (each holds up to bvhWidth child boxes)
	Leaves    int           // leaves
	MaxDepth  int           // longest root-to-leaf path, in inner nodes
	Duration  time.Duration // wall time of NewBVH
}

// bvhMaxDepth bounds the binary tree's depth (deeper ranges become leaves),
// which bounds the traversal stack (see collapse). [Limit: < bvhStackSize]
const bvhMaxDepth = 40

// NewBVH builds a BVH over the mesh's triangles with binned SAH, on several
// goroutines. The result does not depend on the number of workers. The mesh
// must be valid (Mesh.Validate); degenerate triangles are kept (and never hit).
func NewBVH(m *Mesh, opts BVHOptions) (*BVH, error) {
	start := time.Now()
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("scenes: bvh: %w", err)
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxLeaf <= 0 {
		opts.MaxLeaf = 4
	}
	if opts.MaxLeaf > 64 {
		return nil, fmt.Errorf("scenes: bvh: MaxLeaf %d > 64", opts.MaxLeaf)
	}
	b := build(m, opts)
	b.stats.Duration = time.Since(start)
	return b, nil
}

// Bounds returns the box of the triangles.
func (b *BVH) Bounds() AABB { return b.bounds }

// Stats returns the build statistics.
func (b *BVH) Stats() BuildStats { return b.stats }

// NumTriangles returns the number of triangles in the tree (in both
// layers).
func (b *BVH) NumTriangles() int {
	if b.extra != nil {
		return len(b.tris) + b.extra.NumTriangles()
	}
	return len(b.tris)
}

// SizeBytes returns the memory held by the tree's arrays (both layers').
func (b *BVH) SizeBytes() int {
	n := len(b.nodes)*int(unsafe.Sizeof(bvhNode{})) + len(b.tris)*48 + len(b.triIndex)*4
	if b.extra != nil {
		n += b.extra.SizeBytes()
	}
	return n
}

// With is a BVH of b's triangles and extra's, without building either
// again: a static level's and the triangles that move in it (rebuilt as
// they move). extra's triangles are the ones of a mesh that follows b's
// in one whole mesh: their indices there are offset (b's mesh's triangle
// count) plus extra's own. Queries answer exactly as a BVH of the whole
// mesh (ties in ClosestHit go to the lowest index, so to b's); leaf-order
// indices (Overlap, LeafTriangle) count b's leaves first, then extra's.
// b's own second layer, if any, is replaced.
func (b *BVH) With(extra *BVH, offset int32) *BVH {
	base := b.Base()
	return &BVH{nodes: base.nodes, tris: base.tris, triIndex: base.triIndex, bounds: base.bounds.Union(extra.bounds),
		stats: base.stats, base: base, extra: extra, offset: offset}
}

// Base is b without its second layer (b itself when it has none).
func (b *BVH) Base() *BVH {
	if b.base != nil {
		return b.base
	}
	return b
}

// Extra is b's second layer and its triangles' index offset (nil when it
// has none).
func (b *BVH) Extra() (*BVH, int32) { return b.extra, b.offset }
