package occupancy

import (
	"math"

	"github.com/foothold/foothold/action"
)

// node is a circle of a hierarchy (float32, its radius rounded up to hold
// the circle computed in float64) and its children: child and child+1, or
// none when child is -1.
type node struct {
	x, z, r float32
	child   int32
}

// BCH is a bounding circle hierarchy: a binary tree of circles in the ground
// plane (x, z) of its own frame, each holding the cells of the shape its
// subtree covers (a child's circle may reach out of its parent's), whose
// leaves together hold the shape. Its root is node 0. A BCH is a view of memory it
// shares (with the other hierarchies of its Spaces); it is immutable.
type BCH struct{ nodes []node }

// Circle is a circle of the ground plane. [Units: m]
type Circle struct{ X, Z, R float64 }

// Root is the hierarchy's outermost circle: the smallest circle holding
// the whole shape (grown by the shape's sampling).
func (b BCH) Root() Circle {
	n := &b.nodes[0]
	return Circle{float64(n.x), float64(n.z), float64(n.r)}
}

// Nodes is the number of circles in the hierarchy.
func (b BCH) Nodes() int { return len(b.nodes) }

// Leaves is the number of leaf circles.
func (b BCH) Leaves() int { return (len(b.nodes) + 1) / 2 }

// Cylinder is the one-circle hierarchy of a cylinder agent: a circle of
// radius r about (x, z) of its frame.
func Cylinder(x, z, r float64) BCH {
	return BCH{nodes: []node{{x: float32(x), z: float32(z), r: up(r, x, z), child: -1}}}
}

// Top is the one-circle hierarchy of b's root: the cylinder that holds the
// same shape.
func (b BCH) Top() BCH {
	n := b.nodes[0]
	n.child = -1
	return BCH{nodes: []node{n}}
}

// up is r as a float32 no smaller than r plus the rounding of a centre at
// (x, z) to float32.
func up(r, x, z float64) float32 {
	pad := (math.Abs(x) + math.Abs(z)) * 1.2e-7
	return math.Nextafter32(float32(r+pad), float32(math.Inf(1)))
}

// Transform is a rigid map of the ground plane: a turn by an angle about
// +Y (the planner's yaw: positive turns +Z towards +X) then a move:
// x' = Cos·x + Sin·z + X, z' = −Sin·x + Cos·z + Z.
type Transform struct{ Cos, Sin, X, Z float64 }

// Identity is the transform that moves nothing.
var Identity = Transform{Cos: 1}

// Relative is the transform from frame b's coordinates into frame a's: two
// characters' action frames, for Intersect(their spaces, Relative(a, b)).
func Relative(a, b action.Frame) Transform {
	s, c := math.Sincos(b.Yaw - a.Yaw)
	sa, ca := math.Sincos(a.Yaw)
	dx, dz := b.Position[0]-a.Position[0], b.Position[2]-a.Position[2]
	return Transform{Cos: c, Sin: s, X: ca*dx - sa*dz, Z: sa*dx + ca*dz}
}

// Apply maps a point.
func (t Transform) Apply(x, z float64) (float64, float64) {
	return t.Cos*x + t.Sin*z + t.X, -t.Sin*x + t.Cos*z + t.Z
}

// maxDepth bounds a hierarchy's depth (Build splits at medians, so a
// hierarchy of n leaves is about log2 n deep).
const maxDepth = 60

// Intersect reports whether hierarchies a and b, b placed in a's frame by
// t, meet: the seed's intersect(BCH1, BCH2, T), which descends from the
// roots through pairs of circles that meet (touching counts) and answers
// true at two leaves. Every circle holds all the cells of its subtree, so
// it answers true whenever two cells of the spaces meet (it never misses
// an overlap of the spaces), and only when two leaf circles meet. It
// descends the larger of two circles first and turns b's circles into a's
// frame only as it visits them. It allocates nothing.
func Intersect(a, b BCH, t Transform) bool {
	var stack [2*maxDepth + 2][2]int32
	sp := 1
	for sp > 0 {
		sp--
		i, j := stack[sp][0], stack[sp][1]
		na, nb := &a.nodes[i], &b.nodes[j]
		bx, bz := t.Apply(float64(nb.x), float64(nb.z))
		dx, dz, rr := float64(na.x)-bx, float64(na.z)-bz, float64(na.r)+float64(nb.r)
		if dx*dx+dz*dz > rr*rr {
			continue
		}
		switch {
		case na.child < 0 && nb.child < 0:
			return true
		case nb.child < 0 || na.child >= 0 && na.r >= nb.r:
			stack[sp], stack[sp+1] = [2]int32{na.child + 1, j}, [2]int32{na.child, j}
		default:
			stack[sp], stack[sp+1] = [2]int32{i, nb.child + 1}, [2]int32{i, nb.child}
		}
		sp += 2
	}
	return false
}

// LeafCircles lists b's leaf circles, depth first.
func LeafCircles(b BCH) []Circle {
	var out []Circle
	for _, n := range b.nodes {
		if n.child < 0 {
			out = append(out, Circle{float64(n.x), float64(n.z), float64(n.r)})
		}
	}
	return out
}
