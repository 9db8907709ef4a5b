package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Pose is one frame of a skeleton: local translations and rotations per
// joint, and the root point (the hips' ground point and heading) then.
type Pose struct {
	Trans []mgl64.Vec3
	Rot   []mgl64.Quat
	Root  RootPoint
	// Velocity is the root point's velocity on the ground, in its own
	// frame (x left, z ahead). [Units: m/s]
	Velocity mgl64.Vec3
}

// PoseAt is frame f of c, its velocity from the frame before (or after,
// at the first).
func (c *Clip) PoseAt(f int, hips [2]int) Pose {
	n := c.Skeleton.NumJoints()
	p := Pose{Trans: append([]mgl64.Vec3(nil), c.Trans[f*n:(f+1)*n]...), Rot: append([]mgl64.Quat(nil), c.Rot[f*n:(f+1)*n]...),
		Root: c.RootPointAt(f, hips)}
	if c.Frames() > 1 {
		a, b := max(f-1, 0), max(f-1, 0)+1
		ra, rb := c.RootPointAt(a, hips), c.RootPointAt(b, hips)
		p.Velocity = p.Root.ToLocal(mgl64.Vec3{p.Root.X + rb.X - ra.X, 0, p.Root.Z + rb.Z - ra.Z}).Mul(1 / c.FrameTime)
	}
	return p
}

// BlendIn returns a copy of c whose first seconds fade in from p: at c's
// first frame the copy holds p, from seconds on it is c, and in between
// every joint's rotation is interpolated spherically (translations
// linearly) with a smooth weight (3s²−2s³). The body keeps c's path on the
// ground and its heading: the root's place, height and rotation fade
// relative to the hips' ground point and heading, so at the first frame
// the hips stand where c's do. The root's speed on the ground fades too,
// from p's velocity to c's, so the path does not jerk: c's path then runs
// on shifted by the difference, returned as shift (world, on the ground).
// This is the motion-graph transition of Kovar, Gleicher and Pighin baked
// into the clip.
func BlendIn(c *Clip, p Pose, hips [2]int, seconds float64) (out *Clip, shift mgl64.Vec3) {
	return fade(c, p, hips, func(f int) float64 { return float64(f) * c.FrameTime / seconds })
}

// fade mixes p into c with weight 1−(3s²−2s³) at each frame, s = at(f)
// (frames with s >= 1 keep c's pose, shifted by the path's difference).
func fade(c *Clip, p Pose, hips [2]int, at func(f int) float64) (*Clip, mgl64.Vec3) {
	n := c.Skeleton.NumJoints()
	out := &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
	up := mgl64.Vec3{0, 1, 0}
	pRel := mgl64.QuatRotate(-p.Root.Yaw, up).Mul(p.Rot[0])
	pOff := p.Root.ToLocal(p.Trans[0])
	var shift mgl64.Vec3
	prev := c.RootPointAt(0, hips)
	for f := range c.Frames() {
		s := at(f)
		r := c.RootPointAt(f, hips)
		k := f * n
		w := 0.0 // the weight of p
		if s < 1 {
			w = 1 - (3*s*s - 2*s*s*s)
		}
		if f > 0 {
			// The path moves as p did where p weighs, as c does where c does.
			vp := r.ToWorld(p.Velocity).Sub(mgl64.Vec3{r.X, 0, r.Z}).Mul(c.FrameTime)
			vc := mgl64.Vec3{r.X - prev.X, 0, r.Z - prev.Z}
			shift = shift.Add(vp.Sub(vc).Mul(w))
		}
		prev = r
		if s >= 1 {
			out.Trans[k] = out.Trans[k].Add(shift)
			continue
		}
		rel := mgl64.QuatRotate(-r.Yaw, up).Mul(c.Rot[k])
		out.Rot[k] = mgl64.QuatRotate(r.Yaw, up).Mul(slerpQ(rel, pRel, w)).Normalize()
		off := r.ToLocal(c.Trans[k])
		out.Trans[k] = r.ToWorld(off.Add(pOff.Sub(off).Mul(w))).Add(shift)
		for j := 1; j < n; j++ {
			out.Rot[k+j] = slerpQ(c.Rot[k+j], p.Rot[j], w)
			out.Trans[k+j] = c.Trans[k+j].Add(p.Trans[j].Sub(c.Trans[k+j]).Mul(w))
		}
	}
	return out, shift
}

// slerpQ interpolates along the shorter arc; a is the weight of q1.
func slerpQ(q0, q1 mgl64.Quat, a float64) mgl64.Quat {
	switch {
	case a <= 0:
		return q0
	case a >= 1 && q0.Dot(q1) < 0:
		return q1.Scale(-1)
	case a >= 1:
		return q1
	}
	return slerp(q0, q1, a)
}

// TurnPath returns a copy of c whose path turns by yaw about a vertical
// axis through pivot (x and z; the stance foot, say): nothing turns
// before t0, the whole turn holds from t1, and in between the turned angle
// grows smoothly (3s²−2s³). A foot planted before t0 or after t1 stays
// planted; the body turns while it swings. Gleicher's motion path editing,
// in its simplest form.
func TurnPath(c *Clip, yaw float64, pivot mgl64.Vec3, t0, t1 float64) *Clip {
	n := c.Skeleton.NumJoints()
	out := &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
	up := mgl64.Vec3{0, 1, 0}
	for f := range c.Frames() {
		s := 1.0
		if t1 > t0 {
			s = min(max((float64(f)*c.FrameTime-t0)/(t1-t0), 0), 1)
		} else if float64(f)*c.FrameTime < t0 {
			s = 0
		}
		if s == 0 {
			continue
		}
		r := mgl64.QuatRotate(yaw*(3*s*s-2*s*s*s), up)
		k := f * n
		d := out.Trans[k].Sub(mgl64.Vec3{pivot[0], 0, pivot[2]})
		d = r.Rotate(mgl64.Vec3{d[0], 0, d[2]})
		out.Trans[k] = mgl64.Vec3{pivot[0] + d[0], out.Trans[k][1], pivot[2] + d[2]}
		out.Rot[k] = r.Mul(out.Rot[k]).Normalize()
	}
	return out
}

// BlendOn returns a copy of c that carries on from the motion of prev, a
// clip c follows: at c's first frame the copy holds prev's last pose,
// moving as prev moves there, and over seconds the difference, in pose and
// in its rate of change, decays to nothing along a quintic that ends at
// rest (inertialization, Bollo 2016). It applies to every joint's rotation
// and translation, the root's rotation relative to the heading and its
// place relative to the hips' ground point. Where BlendIn fades from a
// still pose (a start from standing), BlendOn joins two motions (a walk
// speeding up into a run): the legs swing on through the seam instead of
// stopping there. The path on the ground fades from prev's speed to c's as
// BlendIn's does, and shift is how far that moves c's path.
func BlendOn(c, prev *Clip, hips [2]int, seconds float64) (out *Clip, shift mgl64.Vec3) {
	n := c.Skeleton.NumJoints()
	out = &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime,
		Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
	last, dt, up := prev.Frames()-1, c.FrameTime, mgl64.Vec3{0, 1, 0}
	rel := func(k *Clip, f int) (mgl64.Quat, mgl64.Vec3) {
		r := k.RootPointAt(f, hips)
		return mgl64.QuatRotate(-r.Yaw, up).Mul(k.Rot[f*n]), r.ToLocal(k.Trans[f*n])
	}
	// Per joint (the root relative to its heading and hips' ground point):
	// the offsets at the seam, of rotation (a rotation vector) and of
	// translation, and their rates of change.
	rot0, rotV := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	tr0, trV := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	pb, cb := max(last-1, 0), min(1, c.Frames()-1)
	for j := range n {
		pq, pt := prev.Rot[last*n+j], prev.Trans[last*n+j]
		pq1, pt1 := prev.Rot[pb*n+j], prev.Trans[pb*n+j]
		cq, ct := c.Rot[j], c.Trans[j]
		cq1, ct1 := c.Rot[cb*n+j], c.Trans[cb*n+j]
		if j == 0 {
			pq, pt = rel(prev, last)
			pq1, pt1 = rel(prev, pb)
			cq, ct = rel(c, 0)
			cq1, ct1 = rel(c, cb)
		}
		rot0[j], tr0[j] = rotationVector(pq.Mul(cq.Inverse())), pt.Sub(ct)
		if last > 0 && cb > 0 {
			rotV[j] = rotationVector(pq.Mul(pq1.Inverse())).Sub(rotationVector(cq1.Mul(cq.Inverse()))).Mul(1 / dt)
			trV[j] = pt.Sub(pt1).Sub(ct1.Sub(ct)).Mul(1 / dt)
		}
	}
	v := prev.PoseAt(last, hips).Velocity
	before := c.RootPointAt(0, hips)
	for f := range c.Frames() {
		t, k := float64(f)*dt, f*n
		r := c.RootPointAt(f, hips)
		if s := t / seconds; f > 0 && s < 1 {
			// The path moves as prev did where prev weighs, as c does
			// where c does (BlendIn's fade of the speed).
			w := 1 - (3*s*s - 2*s*s*s)
			vp := r.ToWorld(v).Sub(mgl64.Vec3{r.X, 0, r.Z}).Mul(dt)
			vc := mgl64.Vec3{r.X - before.X, 0, r.Z - before.Z}
			shift = shift.Add(vp.Sub(vc).Mul(w))
		}
		before = r
		if t >= seconds {
			out.Trans[k] = out.Trans[k].Add(shift)
			continue
		}
		for j := range n {
			q := rotationOf(decay(rot0[j], rotV[j], seconds, t))
			d := decay(tr0[j], trV[j], seconds, t)
			if j == 0 {
				cq, ct := rel(c, f)
				out.Rot[k] = mgl64.QuatRotate(r.Yaw, up).Mul(q.Mul(cq)).Normalize()
				out.Trans[k] = r.ToWorld(ct.Add(d)).Add(shift)
				continue
			}
			out.Rot[k+j] = q.Mul(c.Rot[k+j]).Normalize()
			out.Trans[k+j] = c.Trans[k+j].Add(d)
		}
	}
	return out, shift
}

// decay is, at time t of T, an offset x0 changing at v0 at time 0 carried
// to rest at T: the quintic with value x0, rate v0 and no acceleration at
// 0 (so that nothing jerks at the seam), and value, rate and acceleration
// zero at T (inertialization, Bollo 2016, whose start's acceleration is
// chosen instead against overshoot); zero from T on.
func decay(x0, v0 mgl64.Vec3, T, t float64) mgl64.Vec3 {
	if t >= T {
		return mgl64.Vec3{}
	}
	A := v0.Mul(6 * T).Add(x0.Mul(12)).Mul(-1 / (2 * math.Pow(T, 5)))
	B := v0.Mul(16 * T).Add(x0.Mul(30)).Mul(1 / (2 * math.Pow(T, 4)))
	C := v0.Mul(12 * T).Add(x0.Mul(20)).Mul(-1 / (2 * math.Pow(T, 3)))
	t2 := t * t
	return A.Mul(t2 * t2 * t).Add(B.Mul(t2 * t2)).Add(C.Mul(t2 * t)).Add(v0.Mul(t)).Add(x0)
}

// rotationVector is q's axis times its angle, the shorter way round.
func rotationVector(q mgl64.Quat) mgl64.Vec3 {
	if q.W < 0 {
		q = q.Scale(-1)
	}
	s := q.V.Len()
	if s < 1e-12 {
		return q.V.Mul(2)
	}
	return q.V.Mul(2 * math.Atan2(s, q.W) / s)
}

// rotationOf is the rotation whose rotation vector is v.
func rotationOf(v mgl64.Vec3) mgl64.Quat {
	a := v.Len()
	if a < 1e-12 {
		return mgl64.Quat{W: 1, V: v.Mul(0.5)}.Normalize()
	}
	return mgl64.QuatRotate(a, v.Mul(1/a))
}
