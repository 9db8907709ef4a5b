package capsuleoracle

import (
	"math"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Tri is a triangle's corners.
type Tri [3]mgl64.Vec3

// PointSegment is the distance from p to segment a–b.
func PointSegment(p, a, b mgl64.Vec3) float64 {
	ab := b.Sub(a)
	l := ab.Dot(ab)
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l))
	}
	return p.Sub(a.Add(ab.Mul(t))).Len()
}

// PointTriangle is the distance from p to the triangle: to its plane when
// p projects inside it, else to its nearest edge.
func PointTriangle(p mgl64.Vec3, t Tri) float64 {
	n := t[1].Sub(t[0]).Cross(t[2].Sub(t[0]))
	if l := n.Len(); l > 1e-15 {
		n = n.Mul(1 / l)
		h := p.Sub(t[0]).Dot(n)
		x := p.Sub(n.Mul(h))
		inside := true
		for i := 0; i < 3; i++ {
			e := t[(i+1)%3].Sub(t[i])
			if e.Cross(x.Sub(t[i])).Dot(n) < 0 {
				inside = false
			}
		}
		if inside {
			return math.Abs(h)
		}
	}
	return math.Min(PointSegment(p, t[0], t[1]), math.Min(PointSegment(p, t[1], t[2]), PointSegment(p, t[2], t[0])))
}

// SegmentTriangle is the distance from segment p–q to the triangle: the
// golden-section search of the convex function s ↦ dist(p + s(q−p), T)
// down to 1e-7 of the segment, and both ends.
func SegmentTriangle(p, q mgl64.Vec3, t Tri) float64 {
	d := q.Sub(p)
	f := func(s float64) float64 { return PointTriangle(p.Add(d.Mul(s)), t) }
	const g = 0.6180339887498949
	lo, hi := 0.0, 1.0
	x1, x2 := hi-g*(hi-lo), lo+g*(hi-lo)
	f1, f2 := f(x1), f(x2)
	for hi-lo > 1e-7 {
		if f1 <= f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - g*(hi-lo)
			f1 = f(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + g*(hi-lo)
			f2 = f(x2)
		}
	}
	return math.Min(math.Min(f1, f2), math.Min(f(0), f(1)))
}

// Scene is a mesh's triangles with their boxes and unit normals, listed in
// a uniform grid of cells (a triangle in every cell its box meets).
type Scene struct {
	tris   []Tri
	lo, hi []mgl64.Vec3
	up     []float64 // the normal's y
	cells  map[[3]int32][]int32
	stamp  []uint32 // per triangle: the query that last visited it
	query  uint32
}

// cell is the grid's cell size. [Units: m]
const cell = 1.0

func cellOf(v mgl64.Vec3) [3]int32 {
	return [3]int32{int32(math.Floor(v[0] / cell)), int32(math.Floor(v[1] / cell)), int32(math.Floor(v[2] / cell))}
}

// NewScene takes m's triangles.
func NewScene(m *scenes.Mesh) *Scene {
	s := &Scene{cells: map[[3]int32][]int32{}}
	for t := range m.NumTriangles() {
		a, b, c := m.Triangle(t)
		tr := Tri{vec(a), vec(b), vec(c)}
		lo, hi := tr[0], tr[0]
		for _, v := range tr[1:] {
			for k := range 3 {
				lo[k], hi[k] = math.Min(lo[k], v[k]), math.Max(hi[k], v[k])
			}
		}
		n := tr[1].Sub(tr[0]).Cross(tr[2].Sub(tr[0]))
		up := 0.0
		if l := n.Len(); l > 0 {
			up = n[1] / l
		}
		s.tris, s.lo, s.hi, s.up = append(s.tris, tr), append(s.lo, lo), append(s.hi, hi), append(s.up, up)
		c0, c1 := cellOf(lo), cellOf(hi)
		for x := c0[0]; x <= c1[0]; x++ {
			for y := c0[1]; y <= c1[1]; y++ {
				for z := c0[2]; z <= c1[2]; z++ {
					k := [3]int32{x, y, z}
					s.cells[k] = append(s.cells[k], int32(t))
				}
			}
		}
	}
	s.stamp = make([]uint32, len(s.tris))
	return s
}

// Triangle returns triangle t's corners.
func (s *Scene) Triangle(t int) Tri { return s.tris[t] }

// NumTriangles is the number of triangles.
func (s *Scene) NumTriangles() int { return len(s.tris) }

// Near appends to out the triangles whose boxes meet the box lo–hi, once
// each. Not safe for concurrent use.
func (s *Scene) Near(lo, hi mgl64.Vec3, out []int) []int {
	mid := lo.Add(hi).Mul(0.5)
	half := hi.Sub(lo).Mul(0.5)
	r := math.Max(half[0], math.Max(half[1], half[2]))
	s.eachNear(mid, mid, r, func(t int) {
		for k := range 3 {
			if s.lo[t][k] > hi[k] || s.hi[t][k] < lo[k] {
				return
			}
		}
		out = append(out, t)
	})
	return out
}

// eachNear calls f for every triangle whose box comes within pad of segment
// a–b's box, once each. Not safe for concurrent use.
func (s *Scene) eachNear(a, b mgl64.Vec3, pad float64, f func(t int)) {
	s.query++
	lo, hi := a, a
	for k := range 3 {
		lo[k], hi[k] = math.Min(a[k], b[k])-pad, math.Max(a[k], b[k])+pad
	}
	cl, ch := cellOf(lo), cellOf(hi)
	for x := cl[0]; x <= ch[0]; x++ {
		for y := cl[1]; y <= ch[1]; y++ {
			for z := cl[2]; z <= ch[2]; z++ {
				for _, t := range s.cells[[3]int32{x, y, z}] {
					if s.stamp[t] == s.query || !s.near(int(t), a, b, pad) {
						continue
					}
					s.stamp[t] = s.query
					f(int(t))
				}
			}
		}
	}
}

func vec(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// Intrusion is how far a capsule goes into the scene beyond what the
// contact rules allow it.
type Intrusion struct {
	Depth    float64 // [Units: m] > 0: into the scene; ≤ 0: the smallest clearance (down to −Reach)
	Capsule  int     // -1 when nothing is within Reach
	Triangle int
	// Clearance is the smallest surface distance to the scene of the parts
	// that may touch nothing (neither contact parts nor legs), at most
	// Reach. [Units: m]
	Clearance float64
}

// Reach is how far from the body Intrude looks: clearances beyond it are
// reported as −Reach.
const Reach = 0.5

// Intrude poses m by the joints' world positions and rotations and returns
// the deepest intrusion of any capsule: its radius less its distance to a
// triangle, less the sink the contact rules allow (sink into ground faces,
// within body.GroundCone of up, for the parts that may touch the ground;
// into any face for the contact parts; none for the rest).
func (s *Scene) Intrude(m *body.Model, pos []mgl64.Vec3, world []mgl64.Quat, sink float64) Intrusion {
	out := Intrusion{Depth: -Reach, Capsule: -1, Triangle: -1, Clearance: Reach}
	for i := range m.Capsules {
		in := s.IntrudeCapsule(m, i, pos, world, sink)
		if in.Depth > out.Depth {
			out.Depth, out.Capsule, out.Triangle = in.Depth, in.Capsule, in.Triangle
		}
		out.Clearance = math.Min(out.Clearance, in.Clearance)
	}
	return out
}

// IntrudeCapsule is Intrude for capsule i alone.
func (s *Scene) IntrudeCapsule(m *body.Model, i int, pos []mgl64.Vec3, world []mgl64.Quat, sink float64) Intrusion {
	out := Intrusion{Depth: -Reach, Capsule: -1, Triangle: -1, Clearance: Reach}
	cosGround := math.Cos(body.GroundCone)
	c := m.Capsules[i]
	a := pos[c.Joint].Add(world[c.Joint].Rotate(c.A))
	b := pos[c.Joint].Add(world[c.Joint].Rotate(c.B))
	mid, half := a.Add(b).Mul(0.5), b.Sub(a).Len()/2
	free := !c.Part.Contact() && !c.Part.MayTouchGround()
	s.eachNear(a, b, c.Radius+Reach, func(t int) {
		allow := 0.0
		if c.Part.Contact() || c.Part.MayTouchGround() && s.up[t] >= cosGround {
			allow = sink
		}
		// Every point of the axis is within half of mid, so lb is a lower
		// bound of the gap; a triangle it shows can change neither answer
		// is not measured.
		lb := PointTriangle(mid, s.tris[t]) - half - c.Radius
		if -lb-allow <= out.Depth && (!free || lb >= out.Clearance) {
			return
		}
		gap := SegmentTriangle(a, b, s.tris[t]) - c.Radius
		if free {
			out.Clearance = math.Min(out.Clearance, gap)
		}
		if d := -gap - allow; d > out.Depth {
			out.Depth, out.Capsule, out.Triangle = d, i, t
		}
	})
	return out
}

// near reports whether triangle t's box comes within pad of the segment's.
func (s *Scene) near(t int, a, b mgl64.Vec3, pad float64) bool {
	for k := range 3 {
		if math.Min(a[k], b[k])-pad > s.hi[t][k] || math.Max(a[k], b[k])+pad < s.lo[t][k] {
			return false
		}
	}
	return true
}

// SegmentSegment is the distance between segments p1–q1 and p2–q2: the
// least of the four end-to-segment distances and, when the closest points
// of the two lines both fall inside their segments, their distance.
func SegmentSegment(p1, q1, p2, q2 mgl64.Vec3) float64 {
	best := math.Min(math.Min(PointSegment(p1, p2, q2), PointSegment(q1, p2, q2)), math.Min(PointSegment(p2, p1, q1), PointSegment(q2, p1, q1)))
	d1, d2, w := q1.Sub(p1), q2.Sub(p2), p1.Sub(p2)
	a, b, c, e, f := d1.Dot(d1), d1.Dot(d2), d1.Dot(w), d2.Dot(d2), d2.Dot(w)
	if den := a*e - b*b; den > 1e-12 {
		s, t := (b*f-c*e)/den, (a*f-b*c)/den
		if s >= 0 && s <= 1 && t >= 0 && t <= 1 {
			best = math.Min(best, p1.Add(d1.Mul(s)).Sub(p2.Add(d2.Mul(t))).Len())
		}
	}
	return best
}

// Axes poses body m by forward kinematics (the skeleton's joint
// translations and rotations) and appends each capsule's axis in the world
// to out; pos and world are room for the joints' positions and rotations.
func Axes(m *body.Model, trans []mgl64.Vec3, rot []mgl64.Quat, pos []mgl64.Vec3, world []mgl64.Quat, out [][2]mgl64.Vec3) [][2]mgl64.Vec3 {
	m.Skeleton.FK(trans, rot, pos, world)
	for _, c := range m.Capsules {
		out = append(out, [2]mgl64.Vec3{pos[c.Joint].Add(world[c.Joint].Rotate(c.A)), pos[c.Joint].Add(world[c.Joint].Rotate(c.B))})
	}
	return out
}

// BodiesOverlap is the deepest overlap of two bodies of model m whose
// capsule axes are a and b (as Axes gives them): the greatest sum of two
// capsules' radii less the distance between their axes, over every pair of
// one capsule of each (negative: the smallest gap). Only when that exceeds
// floor is it exact; otherwise the answer is some value no greater than
// floor, because a pair whose axes' boxes already lie farther apart than
// floor allows is not measured (the boxes' distance is a lower bound of the
// axes'), nor are two bodies whose whole boxes do.
func BodiesOverlap(m *body.Model, a, b [][2]mgl64.Vec3, floor float64) float64 {
	best := math.Inf(-1)
	rmax := 0.0
	for _, c := range m.Capsules {
		rmax = math.Max(rmax, c.Radius)
	}
	if 2*rmax-boxDistance(bounds(a), bounds(b)) <= floor {
		return best
	}
	for i, sa := range a {
		for j, sb := range b {
			reach := m.Capsules[i].Radius + m.Capsules[j].Radius
			if reach-boxDistance(sa, sb) <= max(floor, best) {
				continue
			}
			best = math.Max(best, reach-SegmentSegment(sa[0], sa[1], sb[0], sb[1]))
		}
	}
	return best
}

// bounds is the box of every axis of s, as the two corners.
func bounds(s [][2]mgl64.Vec3) [2]mgl64.Vec3 {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, ax := range s {
		for _, p := range ax {
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
	}
	return [2]mgl64.Vec3{lo, hi}
}

// boxDistance is the distance between the boxes of segments a and b.
func boxDistance(a, b [2]mgl64.Vec3) float64 {
	var sum float64
	for k := range 3 {
		alo, ahi := min(a[0][k], a[1][k]), max(a[0][k], a[1][k])
		blo, bhi := min(b[0][k], b[1][k]), max(b[0][k], b[1][k])
		if gap := blo - ahi; gap > 0 {
			sum += gap * gap
		} else if gap := alo - bhi; gap > 0 {
			sum += gap * gap
		}
	}
	return math.Sqrt(sum)
}
