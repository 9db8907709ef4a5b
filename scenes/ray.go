package scenes

import "github.com/go-gl/mathgl/mgl32"

// Ray is a segment Origin + t·Dir for t in [TMin, TMax]. Dir need not be unit
// length: T in a Hit is in units of Dir. [Limit: 0 <= TMin <= TMax, Dir != 0,
// Origin within a few scene diagonals of the scene]
type Ray struct {
	Origin, Dir mgl32.Vec3
	TMin, TMax  float32
	// BackfaceCull ignores triangles seen from behind (whose winding is
	// clockwise as the ray sees it). Off by default: faces are two-sided.
	BackfaceCull bool
}

// At returns the point at parameter t.
func (r Ray) At(t float32) mgl32.Vec3 { return r.Origin.Add(r.Dir.Mul(t)) }

// Hit is where a ray meets the scene.
type Hit struct {
	T        float32    // ray parameter of the hit, in [TMin, TMax]
	Triangle int32      // triangle index in the Mesh the BVH was built from
	Normal   mgl32.Vec3 // unit geometric normal, following the triangle's winding
	Back     bool       // the ray met the triangle's back (Normal points away from the ray origin)
}

// Stats counts the work of queries: nodes visited and ray-triangle tests, so
// that tools can report work like the paper's Table II, not only time. Add
// them up over many queries; the zero value is ready.
type Stats struct {
	Rays     int64 // queries made
	Nodes    int64 // BVH nodes fetched (each tests two child boxes)
	TriTests int64 // ray-triangle tests
}

// Add accumulates o into s.
func (s *Stats) Add(o Stats) {
	s.Rays += o.Rays
	s.Nodes += o.Nodes
	s.TriTests += o.TriTests
}
