package dock

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// ContactHit is the support one contact point found.
type ContactHit struct {
	Position mgl32.Vec3 // [Units: m] world, on the face
	Normal   mgl32.Vec3 // unit face normal, turned to the side of the contact normal
	// Distance is how far the face lies from the contact point along the
	// contact normal: negative when the face is below the point (the usual
	// case: the point must move down onto it), positive when above.
	// [Units: m] [Limit: |Distance| < increment]
	Distance float32
	Triangle int32 // triangle index in the scene mesh
}

// Support holds the hits of a supported pose, one per contact point, in the
// template's order. A fixed array: Feasible allocates nothing.
type Support struct {
	N    int
	Hits [MaxPoints]ContactHit
}

// ReachFraction shortens the reach of Algorithm 1's rays to 0.9999 of the
// increment (10 µm at 0.1 m). The paper counts faces "less than" one
// increment away; authored levels put floors exactly on the lattice, one
// increment from the next layer, where "less than" would be decided by
// float rounding. With the margin that case is a robust no, and the offline
// build can rule those layers out without casting a ray.
const ReachFraction = 0.9999

// Feasible is the paper's Algorithm 1: for every contact point of t placed
// at pose, a ray is cast along the contact normal both ways, and a face
// counts when it is nearer than ReachFraction·increment (so a surface between
// two lattice layers is found from both, one on a layer from that layer
// only); the point is supported when the nearest face met in either
// direction has a normal inside the template's tolerance cone around the
// contact normal (faces are two-sided, so a face wound the other way counts
// with its normal flipped). Of the two directions the nearer accepted hit is
// kept; at equal distance the one against the normal (the surface the
// contact presses on) wins. The pose is supported when every point is; then
// out holds the hits. It stops at the first unsupported point. st, when not
// nil, accumulates the rays cast and ray-triangle tests. The template must be
// valid and normalised. It allocates nothing and is safe for concurrent use.
func Feasible(bvh *scenes.BVH, t *Template, pose Pose, increment float32, out *Support, st *scenes.Stats) bool {
	r := yawOf(pose.Yaw)
	cosTol := t.CosTolerance()
	out.N = 0
	for i := range t.Points {
		pt := &t.Points[i]
		p := r.rotate(pt.Position).Add(pose.Position)
		n := r.rotate(pt.Normal)
		var best ContactHit
		found := false
		for _, dir := range [2]float32{-1, 1} {
			ray := scenes.Ray{Origin: p, Dir: n.Mul(dir), TMax: increment}
			h, ok := bvh.ClosestHit(ray, st)
			if !ok || h.T >= increment*ReachFraction { // the paper: less than the increment
				continue
			}
			fn := h.Normal
			cos := fn.Dot(n)
			if cos < 0 {
				fn, cos = fn.Mul(-1), -cos
			}
			if cos < cosTol {
				continue
			}
			if !found || h.T < abs(best.Distance) {
				best = ContactHit{Position: ray.At(h.T), Normal: fn, Distance: dir * h.T, Triangle: h.Triangle}
				found = true
			}
		}
		if !found {
			return false
		}
		out.Hits[i] = best
		out.N = i + 1
	}
	return true
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// Supported reports what Feasible would, without the hits: the offline
// build's test. A point is settled by the first direction (against the
// normal, then along it) whose nearest face fits the cone, so a supported
// point usually costs one ray.
func Supported(bvh *scenes.BVH, t *Template, pose Pose, increment float32, st *scenes.Stats) bool {
	r := yawOf(pose.Yaw)
	for i := range t.Points {
		pt := &t.Points[i]
		p := r.rotate(pt.Position).Add(pose.Position)
		n := r.rotate(pt.Normal)
		if !PointSupported(bvh, p, n, increment, t.CosTolerance(), st) {
			return false
		}
	}
	return true
}

// PointSupported is Algorithm 1 for one contact point at world position p
// with world contact normal n (unit).
func PointSupported(bvh *scenes.BVH, p, n mgl32.Vec3, increment, cosTol float32, st *scenes.Stats) bool {
	for _, dir := range [2]float32{-1, 1} {
		ray := scenes.Ray{Origin: p, Dir: n.Mul(dir), TMax: increment}
		h, ok := bvh.ClosestHit(ray, st)
		if !ok || h.T >= increment*ReachFraction {
			continue
		}
		if cos := h.Normal.Dot(n); cos >= cosTol || -cos >= cosTol {
			return true
		}
	}
	return false
}
