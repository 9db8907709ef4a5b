package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// TwoBone places a two-bone chain (hip-knee-ankle, shoulder-elbow-wrist)
// whose base is at root, bone lengths l1 and l2, so that its end reaches
// target, with the middle joint bent towards pole (a direction, not a
// point). Near full extension the reach is softened over the last soft
// metres (the chain straightens smoothly instead of snapping); past it the
// end stops short along the line to the target. reached reports whether
// the end is within 1e-9 m of the target. The middle joint stays on the
// pole's side of the line from root to target (the swivel plane: pass the
// clip's own knee or elbow to keep the limb in the clip's plane).
// Degenerate input (a target at the root, a zero-length bone, a pole along
// the limb) gives finite positions, never NaN.
func TwoBone(root, target mgl64.Vec3, l1, l2 float64, pole mgl64.Vec3, soft float64) (mid, end mgl64.Vec3, reached bool) {
	l1, l2, soft = math.Abs(l1), math.Abs(l2), max(soft, 0)
	d := target.Sub(root)
	dist := d.Len()
	u := mgl64.Vec3{0, -1, 0}
	if dist > 1e-12 {
		u = d.Mul(1 / dist)
	}
	// The bend direction: the pole's part perpendicular to the chain.
	w := pole.Sub(u.Mul(pole.Dot(u)))
	if w.Len() < 1e-9 {
		w = anyPerpendicular(u)
	}
	w = w.Normalize()
	reach := l1 + l2
	inner := math.Abs(l1 - l2)
	x := dist
	if s := reach - soft; soft > 0 && x > s {
		x = s + soft*(1-math.Exp(-(x-s)/soft))
	}
	x = min(max(x, inner+1e-12), reach)
	// Law of cosines: the middle joint's distance along u and off it.
	a, h := 0.0, l1
	if x > 0 {
		a = (l1*l1 - l2*l2 + x*x) / (2 * x)
		h = math.Sqrt(max(l1*l1-a*a, 0))
	}
	mid = root.Add(u.Mul(a)).Add(w.Mul(h))
	end = root.Add(u.Mul(x))
	return mid, end, end.Sub(target).Len() <= 1e-9
}

func anyPerpendicular(u mgl64.Vec3) mgl64.Vec3 {
	if math.Abs(u[0]) < 0.9 {
		return mgl64.Vec3{1, 0, 0}.Cross(u)
	}
	return mgl64.Vec3{0, 1, 0}.Cross(u)
}

// Align returns the rotation taking the orthonormal frame built from
// (restDir, restRef) to the one built from (dir, ref): the first axis along
// the direction, the second along the reference's part perpendicular to it.
// Used to turn bone directions into joint rotations.
func Align(restDir, restRef, dir, ref mgl64.Vec3) mgl64.Quat {
	a := frame(restDir, restRef)
	b := frame(dir, ref)
	return mgl64.Mat4ToQuat(b.Mul4(a.Transpose())).Normalize()
}

func frame(d, r mgl64.Vec3) mgl64.Mat4 {
	e1 := d.Normalize()
	e2 := r.Sub(e1.Mul(r.Dot(e1)))
	if e2.Len() < 1e-9 {
		e2 = anyPerpendicular(e1)
	}
	e2 = e2.Normalize()
	e3 := e1.Cross(e2)
	return mgl64.Mat4{e1[0], e1[1], e1[2], 0, e2[0], e2[1], e2[2], 0, e3[0], e3[1], e3[2], 0, 0, 0, 0, 1}
}

// Drop is how far the root of a two-bone limb at root must be lowered for
// its end to reach target, the limb reaching reach (+Y up): 0 when it
// reaches as it is, negative when the root must rise instead (a target
// above, out of reach), +Inf when no move up or down does (the target as
// far as the reach across the ground). [Units: m]
func Drop(root, target mgl64.Vec3, reach float64) float64 {
	dxz := math.Hypot(root[0]-target[0], root[2]-target[2])
	switch {
	case dxz >= reach:
		return math.Inf(1)
	case root.Sub(target).Len() <= reach:
		return 0
	}
	return (root[1] - target[1]) - math.Sqrt(reach*reach-dxz*dxz)
}
