package supportbuild

import (
	"math"
	"strconv"
	"strings"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
)

// Stance is the narrowest gap a walking foot stands in, between faces
// rising past its ankle on both sides: two feet side by side, the width
// of a standing stance. A foot in a narrower slot has the walls at its
// shin and no room beside it for the other leg to pass. [Units: m]
const Stance = 0.25

// legHeights are the heights over a support's surface at which Narrow
// measures the gap: the shin, below Clearance (every support kept by
// Buried has that much room above it). [Units: m]
var legHeights = [...]float32{0.1, 0.25}

// onFace is how near a face Narrow's rays start on it rather than in
// front of it: such a position stands on the face of a wall (the edge of
// the floor under it), not between two. [Units: m]
const onFace = 1e-3

// gapDirs are the horizontal directions Narrow measures the gap along:
// four, 45° apart, each with its opposite.
var gapDirs = [...][2]float32{{1, 0}, {0, 1}, {math.Sqrt2 / 2, math.Sqrt2 / 2}, {math.Sqrt2 / 2, -math.Sqrt2 / 2}}

// Narrow reports whether the support at lattice sample position p (within
// one increment inc of its surface) lies in a slot narrower than width:
// at one of legHeights over its surface, horizontal rays along a direction
// and its opposite meet faces less than width apart in all, which face
// each other (within 60° of it: walls of a slot, not the two walls of a
// corner, which the diagonal directions meet too). The
// 0.2 m gaps between stepping's flights are such slots: Algorithm 1
// supports a foot on their floor, and a character planned there walks
// with its legs through the flights' sides.
func Narrow(bvh *scenes.BVH, p mgl32.Vec3, inc, width float32) bool {
	s := surfaceAt(bvh, p, inc)
	lo, hi := legHeights[0], legHeights[len(legHeights)-1]
	around := scenes.AABB{Min: mgl32.Vec3{s[0] - width, s[1] + lo, s[2] - width}, Max: mgl32.Vec3{s[0] + width, s[1] + hi, s[2] + width}}
	var buf [32]int32
	near := bvh.OverlapBounds(around, buf[:0], nil) // every face the rays below can meet
	for _, h := range legHeights {
		o := [3]float32{s[0], s[1] + h, s[2]}
		if !facingPair(bvh, near, o) {
			continue // no two of them face each other: no ray pair can find a slot
		}
		for _, d := range gapDirs {
			there := scenes.Ray{Origin: o, Dir: [3]float32{d[0], 0, d[1]}, TMax: width}
			a, ok := bvh.ClosestHit(there, nil)
			if !ok || a.T < onFace {
				continue
			}
			back := scenes.Ray{Origin: o, Dir: [3]float32{-d[0], 0, -d[1]}, TMax: width - a.T}
			if b, ok := bvh.ClosestHit(back, nil); ok && b.T >= onFace && facing(a, there).Dot(facing(b, back)) < -0.5 {
				return true
			}
		}
	}
	return false
}

// facingPair reports whether two of the faces tris, each turned towards
// o, face each other as Narrow asks (or there are too many to tell
// cheaply).
func facingPair(bvh *scenes.BVH, tris []int32, o mgl32.Vec3) bool {
	var n [32]mgl32.Vec3
	if len(tris) > len(n) {
		return true
	}
	for i, t := range tris {
		a, _, _, nt, _ := bvh.LeafTriangle(t)
		if nt.Dot(o.Sub(a)) < 0 {
			nt = nt.Mul(-1)
		}
		n[i] = nt
		for j := range i {
			if nt.Dot(n[j]) < -0.5 {
				return true
			}
		}
	}
	return false
}

// facing is the normal of the face ray r met at h, turned towards r's
// origin.
func facing(h scenes.Hit, r scenes.Ray) mgl32.Vec3 {
	if h.Normal.Dot(mgl32.Vec3(r.Dir)) > 0 {
		return h.Normal.Mul(-1)
	}
	return h.Normal
}

// surfaceAt is the surface under lattice position p: the first face below
// p + reach, within 2 reach, where reach stops short of the increment as
// Algorithm 1's rays do (a face exactly one increment above p is the top
// of a slab or step whose bottom or floor p stands for, not p's surface);
// p itself when there is none.
func surfaceAt(bvh *scenes.BVH, p mgl32.Vec3, inc float32) mgl32.Vec3 {
	reach := inc * dock.ReachFraction
	down := scenes.Ray{Origin: [3]float32{p[0], p[1] + reach, p[2]}, Dir: [3]float32{0, -1, 0}, TMax: 2 * reach}
	if h, ok := bvh.ClosestHit(down, nil); ok {
		return down.At(h.T)
	}
	return p
}

// DropNarrow returns foot tree t without its positions in slots narrower
// than width (Narrow) and how many it dropped. Like DropBuried, the result
// does not depend on workers.
func DropNarrow(bvh *scenes.BVH, t *supporttree.Tree, width float32, workers int) (*supporttree.Tree, int64, error) {
	lat := t.Lattice()
	return dropWhere(t, workers, func(p mgl32.Vec3) bool { return Narrow(bvh, p, lat.Linear, width) })
}

// FootStance reports whether template t is a foot (the built-in "foot",
// or one grown to a character's size, "foot@1.85": dock.ScaledName), whose
// supports DropNarrow applies to, and the stance its slots are measured
// against: Stance, grown with the foot.
func FootStance(t *dock.Template) (float32, bool) {
	base, scale, grown := strings.Cut(t.GroupName(), "@")
	if base != "foot" {
		return 0, false
	}
	if v, err := strconv.ParseFloat(scale, 32); grown && err == nil && v > 0 {
		return Stance * float32(v), true
	}
	return Stance, true
}
