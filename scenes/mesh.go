package scenes

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Mesh is a triangle soup in world space: metres, +Y up. It is the offline,
// editable form of a scene; NewBVH turns it into the runtime ray caster.
type Mesh struct {
	// Positions holds x, y, z per vertex. [Units: m] [Limit: finite]
	Positions []float32
	// Indices holds three vertex indices per triangle, in the source's winding.
	// [Limit: < len(Positions)/3]
	Indices []uint32
	// Degenerate counts the degenerate triangles dropped when the mesh was
	// loaded (see DropDegenerate).
	Degenerate int
}

// NumVertices returns the number of vertices.
func (m *Mesh) NumVertices() int { return len(m.Positions) / 3 }

// NumTriangles returns the number of triangles.
func (m *Mesh) NumTriangles() int { return len(m.Indices) / 3 }

// Vertex returns vertex i.
func (m *Mesh) Vertex(i uint32) mgl32.Vec3 {
	p := m.Positions[3*i : 3*i+3 : 3*i+3]
	return mgl32.Vec3{p[0], p[1], p[2]}
}

// Triangle returns the corners of triangle t.
func (m *Mesh) Triangle(t int) (a, b, c mgl32.Vec3) {
	ix := m.Indices[3*t : 3*t+3 : 3*t+3]
	return m.Vertex(ix[0]), m.Vertex(ix[1]), m.Vertex(ix[2])
}

// TriangleNormal returns the unit geometric normal of triangle t, following
// its winding (counter-clockwise seen from the front), computed in float64
// so that axis-aligned faces get exact axis vectors. A degenerate triangle
// has the zero normal.
func (m *Mesh) TriangleNormal(t int) mgl32.Vec3 {
	a, b, c := m.Triangle(t)
	ux, uy, uz := float64(b[0])-float64(a[0]), float64(b[1])-float64(a[1]), float64(b[2])-float64(a[2])
	vx, vy, vz := float64(c[0])-float64(a[0]), float64(c[1])-float64(a[1]), float64(c[2])-float64(a[2])
	x, y, z := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
	l := math.Sqrt(x*x + y*y + z*z)
	if l == 0 {
		return mgl32.Vec3{}
	}
	return mgl32.Vec3{float32(x / l), float32(y / l), float32(z / l)}
}

// TriangleArea returns the area of triangle t in m², computed in float64.
func (m *Mesh) TriangleArea(t int) float64 {
	a, b, c := m.Triangle(t)
	return Area(a, b, c)
}

// Bounds returns the box of all vertices referenced by a triangle.
func (m *Mesh) Bounds() AABB {
	box := EmptyAABB()
	for _, i := range m.Indices {
		box = box.Extend(m.Vertex(i))
	}
	return box
}

// SurfaceArea returns the summed triangle area in m² (float64 sum).
func (m *Mesh) SurfaceArea() float64 {
	var s float64
	for t := 0; t < m.NumTriangles(); t++ {
		s += m.TriangleArea(t)
	}
	return s
}

// BoundsVolume returns the volume of Bounds in m³.
func (m *Mesh) BoundsVolume() float64 { return m.Bounds().Volume() }

// Validate reports the first problem that would make the mesh unusable: no
// triangles, an index count that is not a multiple of three, a position count
// that is not a multiple of three, a NaN or infinite coordinate, or an index
// out of range.
func (m *Mesh) Validate() error {
	if len(m.Positions)%3 != 0 {
		return fmt.Errorf("%d position floats is not a multiple of 3", len(m.Positions))
	}
	if len(m.Indices)%3 != 0 {
		return fmt.Errorf("%d indices is not a multiple of 3", len(m.Indices))
	}
	if len(m.Indices) == 0 {
		return ErrEmpty
	}
	for i, x := range m.Positions {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("vertex %d has a non-finite coordinate %v", i/3, x)
		}
	}
	n := uint32(m.NumVertices())
	for i, ix := range m.Indices {
		if ix >= n {
			return fmt.Errorf("triangle %d refers to vertex %d, but there are %d vertices", i/3, ix, n)
		}
	}
	return nil
}

// degenerateRatio bounds twice a triangle's area by its longest edge squared:
// below it the triangle's height is under a billionth of its length, far
// below float32 resolution of its vertices, so its normal is rounding noise
// and it cannot support a dock nor stop a ray reliably.
const degenerateRatio = 1e-9

// IsDegenerate reports whether triangle t repeats a vertex index, or has an
// area so small against its longest edge that its normal is meaningless.
func (m *Mesh) IsDegenerate(t int) bool {
	ix := m.Indices[3*t : 3*t+3 : 3*t+3]
	if ix[0] == ix[1] || ix[1] == ix[2] || ix[0] == ix[2] {
		return true
	}
	a, b, c := m.Triangle(t)
	e := max(dist2_64(a, b), dist2_64(b, c), dist2_64(c, a))
	return crossLen64(a, b, c) <= degenerateRatio*e
}

// DropDegenerate removes degenerate triangles (IsDegenerate), keeping the
// others in order, adds their number to m.Degenerate and returns it. Vertices
// are left in place.
func (m *Mesh) DropDegenerate() int {
	kept := 0
	n := m.NumTriangles()
	for t := 0; t < n; t++ {
		if m.IsDegenerate(t) {
			continue
		}
		copy(m.Indices[3*kept:3*kept+3], m.Indices[3*t:3*t+3])
		kept++
	}
	m.Indices = m.Indices[:3*kept]
	m.Degenerate += n - kept
	return n - kept
}

// Transform applies p' = R·p·scale to every vertex, where R converts the given
// up axis to +Y. Triangles keep their winding (the conversion is a rotation).
func (m *Mesh) Transform(scale float32, up Axis) {
	for i := 0; i+2 < len(m.Positions); i += 3 {
		x, y, z := m.Positions[i], m.Positions[i+1], m.Positions[i+2]
		if up == UpZ {
			// Z-up to Y-up: a -90° rotation about +X, (x, y, z) -> (x, z, -y).
			y, z = z, -y
		}
		m.Positions[i], m.Positions[i+1], m.Positions[i+2] = x*scale, y*scale, z*scale
	}
}

func crossLen64(a, b, c mgl32.Vec3) float64 {
	ux, uy, uz := float64(b[0])-float64(a[0]), float64(b[1])-float64(a[1]), float64(b[2])-float64(a[2])
	vx, vy, vz := float64(c[0])-float64(a[0]), float64(c[1])-float64(a[1]), float64(c[2])-float64(a[2])
	x, y, z := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
	return math.Sqrt(x*x + y*y + z*z)
}

func dist2_64(a, b mgl32.Vec3) float64 {
	x, y, z := float64(a[0])-float64(b[0]), float64(a[1])-float64(b[1]), float64(a[2])-float64(b[2])
	return x*x + y*y + z*z
}

// Area is the area of triangle abc, computed in float64.
func Area(a, b, c mgl32.Vec3) float64 { return 0.5 * crossLen64(a, b, c) }
