package supportbuild

import (
	"math"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// columns answers Algorithm 1 for exactly vertical contact normals without
// casting a ray when the answer is certain: an xz grid lists, per cell, the
// triangles whose xz box overlaps it. For a contact point q, every triangle
// within reach either excludes q from its xz projection by a margin (no ray
// can hit it) or contains q by the margin (the watertight test must hit it,
// at its plane's height under q). From the containing ones, the first hit of
// each of Algorithm 1's two rays and its verdict follow. Whenever a
// comparison falls within a margin (q near an edge, a normal near the cone,
// a face near the reach, two faces tied) the answer is left to a ray. The
// build's exhaustive-sweep tests check that the certainties agree with the
// rays.
type columns struct {
	cell       float64
	x0, z0     int64 // first cell
	nx, nz     int64
	start      []int32         // triangles of cell i: tris[start[i]:start[i+1]]
	tris       []cellTri       // with their height ranges, so a cell is read in one sweep
	ymin, ymax []float32       // per triangle
	xz         [][3][2]float64 // per triangle: corners projected on xz
	edges      [][3][3]float64 // per triangle: its xz edges' lines, see edgeLines
	plane      [][4]float64    // per triangle: unit normal (x, y, z) and offset, n·p = d
	flat       []bool          // per triangle: all three corners at one float32 height
	// clipped: the grid covers part of the mesh only (a region build), so
	// a point beyond it is left to the rays.
	clipped bool
}

// cellTri is a triangle listed in a cell, with its height range.
type cellTri struct {
	t          int32
	ymin, ymax float32
}

// certaintyMargin is how far (m) q must be inside or outside a triangle's
// xz projection for the answer to be certain: far above float32 rounding of
// level coordinates (about 1e-5 m at 100 m).
const certaintyMargin = 1e-4

// newColumns lists m's triangles in a grid of cells of the given size over
// the mesh, or over its part within clip (xz) when clip is not nil.
func newColumns(m *scenes.Mesh, cell float32, clip *scenes.AABB) *columns {
	c := &columns{cell: float64(cell)}
	n := m.NumTriangles()
	box := m.Bounds()
	if clip != nil {
		c.clipped = true
		box.Min[0], box.Min[2] = max(box.Min[0], clip.Min[0]), max(box.Min[2], clip.Min[2])
		box.Max[0], box.Max[2] = min(box.Max[0], clip.Max[0]), min(box.Max[2], clip.Max[2])
		if box.Min[0] > box.Max[0] || box.Min[2] > box.Max[2] {
			return nil
		}
	}
	c.x0 = int64(math.Floor(float64(box.Min[0])/c.cell)) - 1
	c.z0 = int64(math.Floor(float64(box.Min[2])/c.cell)) - 1
	c.nx = int64(math.Floor(float64(box.Max[0])/c.cell)) + 2 - c.x0
	c.nz = int64(math.Floor(float64(box.Max[2])/c.cell)) + 2 - c.z0
	if c.nx*c.nz > 1<<27 { // too fine for the memory: no shortcut
		return nil
	}
	c.ymin, c.ymax = make([]float32, n), make([]float32, n)
	c.xz, c.plane, c.flat = make([][3][2]float64, n), make([][4]float64, n), make([]bool, n)
	c.edges = make([][3][3]float64, n)
	counts := make([]int32, c.nx*c.nz+1)
	type rect struct{ ax, bx, az, bz int64 }
	rects := make([]rect, n)
	for t := 0; t < n; t++ {
		a, b, d := m.Triangle(t)
		c.ymin[t], c.ymax[t] = min(a[1], b[1], d[1]), max(a[1], b[1], d[1])
		c.xz[t] = [3][2]float64{{float64(a[0]), float64(a[2])}, {float64(b[0]), float64(b[2])}, {float64(d[0]), float64(d[2])}}
		c.flat[t] = a[1] == b[1] && b[1] == d[1]
		c.edges[t] = edgeLines(c.xz[t])
		nrm := m.TriangleNormal(t)
		c.plane[t] = [4]float64{float64(nrm[0]), float64(nrm[1]), float64(nrm[2]),
			float64(nrm[0])*float64(a[0]) + float64(nrm[1])*float64(a[1]) + float64(nrm[2])*float64(a[2])}
		r := rect{
			ax: int64(math.Floor((float64(min(a[0], b[0], d[0]))-certaintyMargin)/c.cell)) - c.x0,
			bx: int64(math.Floor((float64(max(a[0], b[0], d[0]))+certaintyMargin)/c.cell)) - c.x0,
			az: int64(math.Floor((float64(min(a[2], b[2], d[2]))-certaintyMargin)/c.cell)) - c.z0,
			bz: int64(math.Floor((float64(max(a[2], b[2], d[2]))+certaintyMargin)/c.cell)) - c.z0,
		}
		r.ax, r.az = max(r.ax, 0), max(r.az, 0)
		r.bx, r.bz = min(r.bx, c.nx-1), min(r.bz, c.nz-1)
		rects[t] = r
		for z := r.az; z <= r.bz; z++ {
			for x := r.ax; x <= r.bx; x++ {
				counts[z*c.nx+x+1]++
			}
		}
	}
	c.start = make([]int32, len(counts))
	for i := 1; i < len(counts); i++ {
		c.start[i] = c.start[i-1] + counts[i]
	}
	c.tris = make([]cellTri, c.start[len(c.start)-1])
	fill := append([]int32(nil), c.start[:len(c.start)-1]...)
	for t, r := range rects {
		for z := r.az; z <= r.bz; z++ {
			for x := r.ax; x <= r.bx; x++ {
				i := z*c.nx + x
				c.tris[fill[i]] = cellTri{t: int32(t), ymin: c.ymin[t], ymax: c.ymax[t]}
				fill[i]++
			}
		}
	}
	return c
}

// verdict returns whether Algorithm 1 supports a contact point at q with a
// vertical contact normal (cone cosTol), and whether that answer is certain.
// It simulates the two rays on the faces whose xz projection contains q: in
// each direction the first hit is the nearest of them; it counts when its
// normal fits the cone and it lies within reach. Every comparison must clear
// a margin, or the answer is left to a ray.
func (c *columns) verdict(q mgl32.Vec3, reach, cosTol float32) (supported, certain bool) {
	return c.disc(q, 0, reach, cosTol)
}

// disc is verdict for every contact point at q's height whose xz lies
// within rad of q's: certain only when the answer is the same, and certain,
// at every such point. Every face is then either under the whole disc or
// beside it, and a tilted face's height over the disc is known to within
// its slope times rad.
func (c *columns) disc(q mgl32.Vec3, rad, reach, cosTol float32) (supported, certain bool) {
	qx, qz, r := float64(q[0]), float64(q[2]), float64(rad)
	x0, x1 := c.cellX(qx-r), c.cellX(qx+r)
	z0, z1 := c.cellZ(qz-r), c.cellZ(qz+r)
	if x1 < 0 || z1 < 0 || x0 >= c.nx || z0 >= c.nz {
		return false, !c.clipped // beyond every triangle, or beyond the grid
	}
	if x0 < 0 || z0 < 0 || x1 >= c.nx || z1 >= c.nz {
		if c.clipped {
			return false, false
		}
		x0, z0, x1, z1 = max(x0, 0), max(z0, 0), min(x1, c.nx-1), min(z1, c.nz-1)
	}
	// Only faces within reach (plus rounding) can give an accepted hit.
	eps := 2e-5 + 2e-7*math.Abs(float64(q[1]))
	y := float64(q[1])
	lo, hi := float32(y-float64(reach)-eps), float32(y+float64(reach)+eps)
	var down, up near
	for z := z0; z <= z1; z++ {
		for x := x0; x <= x1; x++ {
			i := z*c.nx + x
			for _, ct := range c.tris[c.start[i]:c.start[i+1]] {
				if ct.ymax < lo || ct.ymin > hi {
					continue // out of reach
				}
				if !c.face(ct.t, qx, qz, y, r, eps, cosTol, &down, &up) {
					return false, false
				}
			}
		}
	}
	return decide(&down, &up, reach, eps)
}

// decide is Algorithm 1's answer from the nearest faces down and up, and
// whether it is certain.
func decide(down, up *near, reach float32, eps float64) (supported, certain bool) {
	r := float64(reach)
	for _, dir := range [2]*near{down, up} {
		if !dir.found {
			continue
		}
		if dir.unsure || dir.lo-eps <= r && r <= dir.hi+eps {
			return false, false
		}
		if dir.ok && dir.hi < r {
			return true, true
		}
	}
	// Neither direction gives a certain accepted hit: both are certain misses
	// or rejections, unless a rejected first hit hides something; it cannot,
	// as the first hit ends that ray.
	return false, true
}

// cellX and cellZ are the grid column and row of a coordinate.
func (c *columns) cellX(x float64) int64 { return int64(math.Floor(x/c.cell)) - c.x0 }
func (c *columns) cellZ(z float64) int64 { return int64(math.Floor(z/c.cell)) - c.z0 }

// near is the nearest face met so far along one of Algorithm 1's rays:
// its distance over the disc lies in [lo, hi].
type near struct {
	lo, hi float64
	ok     bool // its normal fits the cone
	found  bool
	unsure bool // another face ties with it and disagrees
}

// face adds triangle t to the nearest faces down and up from the disc of
// radius r about (qx, y, qz), or reports false when the answer cannot be
// certain.
func (c *columns) face(t int32, qx, qz, y, r, eps float64, cosTol float32, down, up *near) bool {
	switch side(c.xz[t], &c.edges[t], qx, qz, r) {
	case -1:
		return true // the rays pass beside it
	case 0:
		return false // too close to an edge to be sure
	}
	return c.faceAt(t, qx, qz, y, r, eps, cosTol, down, up)
}

// faceAt is face for a triangle known to lie under the whole disc.
func (c *columns) faceAt(t int32, qx, qz, y, r, eps float64, cosTol float32, down, up *near) bool {
	p := c.plane[t]
	if math.Abs(p[1]) < 1e-6 {
		return false // a vertical face over q: leave it to the ray
	}
	// The face's height under q, and whether its normal fits the cone. A
	// flat face's height is exact, and the sign of h - y tells which ray
	// meets it (both when q lies on it: t = 0). A tilted face's height is
	// computed, and varies over the disc by its slope times r; within the
	// margin of q it is unknown which ray meets it.
	var hq, slack float64
	if c.flat[t] {
		hq = float64(c.ymin[t])
	} else {
		hq = (p[3] - p[0]*qx - p[2]*qz) / p[1]
		slack = math.Hypot(p[0], p[2]) / math.Abs(p[1]) * r
		if math.Abs(hq-y) <= eps+slack {
			return false
		}
	}
	ny, cos := math.Abs(p[1]), float64(cosTol)
	var fits bool
	switch {
	case ny >= cos+1e-4:
		fits = true
	case ny <= cos-1e-4:
		fits = false
	default:
		return false
	}
	d := hq - y
	for _, dir := range [2]*near{down, up} {
		dd := -d
		if dir == up {
			dd = d
		}
		if dd < 0 {
			continue // on the other side
		}
		switch {
		case !dir.found || dd+slack < dir.lo-eps:
			*dir = near{lo: dd - slack, hi: dd + slack, ok: fits, found: true}
		case dd-slack <= dir.hi+eps && fits != dir.ok:
			dir.unsure = true
		case dd-slack <= dir.hi+eps:
			dir.lo, dir.hi = min(dir.lo, dd-slack), min(dir.hi, dd+slack)
		}
	}
	return true
}

// edgeLines returns, for each edge of a triangle's xz projection, the unit
// normal (x, z) pointing into the triangle and the offset that make
// n·(x, z) + offset the signed distance to the edge's line, positive inside.
// A zero-length edge gets the zero normal and +Inf (it constrains nothing);
// a projection of area below 1e-12 (a vertical face) gets NaN in edge 0's
// offset, which side reads as "a segment".
func edgeLines(p [3][2]float64) (e [3][3]float64) {
	area := (p[1][0]-p[0][0])*(p[2][1]-p[0][1]) - (p[1][1]-p[0][1])*(p[2][0]-p[0][0])
	for k := 0; k < 3; k++ {
		a, b := p[k], p[(k+1)%3]
		ex, ez := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ez)
		if l == 0 {
			e[k] = [3]float64{0, 0, math.Inf(1)}
			continue
		}
		nx, nz := -ez/l, ex/l
		if area < 0 {
			nx, nz = -nx, -nz
		}
		e[k] = [3]float64{nx, nz, -(nx*a[0] + nz*a[1])}
	}
	if math.Abs(area) < 1e-12 {
		e[0][2] = math.NaN()
	}
	return e
}

// side tells where the disc of radius r about (x, z) lies against a
// triangle's xz projection p, whose edgeLines are e: 1 inside by at least
// certaintyMargin, -1 outside by at least that, 0 in between.
func side(p [3][2]float64, e *[3][3]float64, x, z, r float64) int {
	m := certaintyMargin + r
	if math.IsNaN(e[0][2]) {
		// A vertical face: its projection is the union of its edges.
		// Certainly missed when the disc is farther than the margin from
		// each of them.
		for k := range 3 {
			if segmentDist2(p[k], p[(k+1)%3], x, z) <= m*m {
				return 0
			}
		}
		return -1
	}
	minD := math.Inf(1)
	for k := range e {
		d := e[k][0]*x + e[k][1]*z + e[k][2]
		if d <= -m {
			return -1
		}
		minD = min(minD, d)
	}
	if minD >= m {
		return 1
	}
	return 0
}

// segmentDist2 is the squared distance from (x, z) to the segment ab.
func segmentDist2(a, b [2]float64, x, z float64) float64 {
	ex, ez := b[0]-a[0], b[1]-a[1]
	px, pz := x-a[0], z-a[1]
	t := 0.0
	if l2 := ex*ex + ez*ez; l2 > 0 {
		t = min(1, max(0, (px*ex+pz*ez)/l2))
	}
	dx, dz := px-t*ex, pz-t*ez
	return dx*dx + dz*dz
}
