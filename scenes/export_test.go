package scenes

// Internals for the external tests (package scenes_test), which load real
// and built-in scenes through package sceneload.

// TriVerts is a triangle's three vertices, as the brute-force oracle holds it.
type TriVerts = triVerts

var (
	BruteClosest   = bruteClosest
	MeshTris       = meshTris
	BVHHash        = bvhHash
	MaxStack       = maxStack
	CheckRaysQuiet = checkRaysQuiet
)

const BVHStackSize = bvhStackSize

// TriBoxOverlap is the separating-axis triangle-box test.
func TriBoxOverlap(t *TriVerts, q *AABB) bool { return triBoxOverlap(t, q) }
