package motion

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MirrorPairs pairs each joint of sk with its mirror image: a joint whose
// name says a side ("LeftFoot", "Foot_L", "lAnkle") with the joint of the
// same name on the other side, every other joint with itself. It fails
// when a sided joint has no counterpart, or the pairing does not keep the
// hierarchy (a joint's pair's parent is not its parent's pair).
func MirrorPairs(sk *Skeleton) ([]int, error) {
	n := sk.NumJoints()
	type key struct {
		side Side
		part string
	}
	byKey := map[key]int{}
	for j, name := range sk.Names {
		if s, part, ok := sideAndPart(name); ok {
			k := key{s, part}
			if _, dup := byKey[k]; dup {
				return nil, fmt.Errorf("two joints are the %s %q", s, part)
			}
			byKey[k] = j
		}
	}
	pair := make([]int, n)
	for j, name := range sk.Names {
		pair[j] = j
		s, part, ok := sideAndPart(name)
		if !ok {
			continue
		}
		other := Left
		if s == Left {
			other = Right
		}
		k, found := byKey[key{other, part}]
		if !found {
			return nil, fmt.Errorf("joint %q has no counterpart on the %s", name, other)
		}
		pair[j] = k
	}
	for j, p := range sk.Parents {
		if p >= 0 && sk.Parents[pair[j]] != pair[p] {
			return nil, fmt.Errorf("joint %q's counterpart %q hangs from %q, not from %q", sk.Names[j], sk.Names[pair[j]], sk.Names[sk.Parents[pair[j]]], sk.Names[pair[p]])
		}
	}
	return pair, nil
}

// mirrorSymmetry is how far, as a share of the bone (and a fifth of that
// share of the leg besides), a joint's rest offset may differ from its
// counterpart's mirrored for the skeleton to count as symmetric (and a
// centre joint's from its own mirrored).
const mirrorSymmetry = 0.1

// Mirror returns c mirrored left for right: each joint does what its
// counterpart (MirrorPairs) did, reflected across the body's middle plane,
// and the body travels as c does with its sides swapped (the reflection's
// plane in the world is the vertical one through the action frame at the
// first frame, eff.Hips giving the heading). The skeleton must be
// symmetric in its rest pose (every rotation identity) across the plane
// between its hips: offsets mirrored within a tenth of the bone and 2% of
// the leg. Translated
// joints other than the root (hips carrying the motion under a still root)
// are mirrored as well.
func Mirror(c *Clip, eff *Effectors) (*Clip, error) {
	sk := c.Skeleton
	pair, err := MirrorPairs(sk)
	if err != nil {
		return nil, fmt.Errorf("mirror: %w", err)
	}
	if pair[0] != 0 {
		return nil, fmt.Errorf("mirror: the root %q has a side", sk.Names[0])
	}
	if eff.Hips[0] < 0 || eff.Hips[1] < 0 {
		return nil, fmt.Errorf("mirror: no hips to find the middle plane between")
	}
	rest := sk.RestPositions()
	side := rest[eff.Hips[0]].Sub(rest[eff.Hips[1]])
	if side.Len() < 1e-6 {
		return nil, fmt.Errorf("mirror: the hips %q and %q stand at one place", sk.Names[eff.Hips[0]], sk.Names[eff.Hips[1]])
	}
	ml := reflection(side.Normalize())
	slack := 0.0 // a share of the leg, for captured skeletons' small asymmetries
	if len(eff.Feet) > 0 {
		slack = mirrorSymmetry / 5 * rest[eff.Feet[0].Joint].Sub(rest[eff.Hips[0]]).Len()
	}
	for j := 1; j < sk.NumJoints(); j++ {
		o, m := sk.Offsets[j], ml.Mul3x1(sk.Offsets[pair[j]])
		if o.Sub(m).Len() > mirrorSymmetry*o.Len()+slack {
			return nil, fmt.Errorf("mirror: the skeleton is not symmetric: %q's offset %v mirrors %q's as %v", sk.Names[j], o, sk.Names[pair[j]], m)
		}
	}
	r0 := c.RootPointAt(0, eff.Hips)
	s, co := math.Sincos(r0.Yaw)
	mw := reflection(mgl64.Vec3{co, 0, -s})
	p0 := mgl64.Vec3{r0.X, 0, r0.Z}
	n := sk.NumJoints()
	out := &Clip{Skeleton: sk, FrameTime: c.FrameTime, Trans: make([]mgl64.Vec3, len(c.Trans)), Rot: make([]mgl64.Quat, len(c.Rot))}
	for f := range c.Frames() {
		for j := range n {
			k := f*n + pair[j]
			if j == 0 {
				out.Trans[f*n] = p0.Add(mw.Mul3x1(c.Trans[k].Sub(p0)))
				out.Rot[f*n] = mirrorRot(mw, c.Rot[k], ml)
				continue
			}
			out.Trans[f*n+j] = ml.Mul3x1(c.Trans[k])
			out.Rot[f*n+j] = mirrorRot(ml, c.Rot[k], ml)
		}
	}
	return out, nil
}

// reflection is the matrix reflecting across the plane through the origin
// with unit normal v.
func reflection(v mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Ident3().Sub(mgl64.Mat3{v[0] * v[0], v[1] * v[0], v[2] * v[0], v[0] * v[1], v[1] * v[1], v[2] * v[1], v[0] * v[2], v[1] * v[2], v[2] * v[2]}.Mul(2))
}

// mirrorRot is the rotation a·R(q)·b, a and b reflections (a proper
// rotation: the two reflections cancel in the determinant).
func mirrorRot(a mgl64.Mat3, q mgl64.Quat, b mgl64.Mat3) mgl64.Quat {
	m := a.Mul3(q.Normalize().Mat4().Mat3()).Mul3(b)
	return mgl64.Mat4ToQuat(m.Mat4()).Normalize()
}
