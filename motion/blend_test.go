package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestBlendIn: at the first frame the blended clip holds the pose it
// blends from, with the hips where the clip's own stand; from the blend's
// end on it is the clip, moved by the shift BlendIn returns; the root's
// speed on the ground starts at the pose's.
func TestBlendIn(t *testing.T) {
	walk, eff := treadmill(1.2)
	c, _, _ := RootMotion(walk, eff)
	stand, _ := treadmill(0)
	p := stand.PoseAt(stand.Frames()-1, eff.Hips)
	out, shift := BlendIn(c, p, eff.Hips, 0.3)
	n := c.Skeleton.NumJoints()
	for j := 1; j < n; j++ {
		if math.Abs(math.Abs(out.Rot[j].Dot(p.Rot[j]))-1) > 1e-12 || out.Trans[j].Sub(p.Trans[j]).Len() > 1e-12 {
			t.Fatalf("joint %d does not start in the pose", j)
		}
	}
	if r0, c0 := out.RootPointAt(0, eff.Hips), c.RootPointAt(0, eff.Hips); math.Hypot(r0.X-c0.X, r0.Z-c0.Z) > 1e-9 {
		t.Errorf("the hips start at %v, the clip's at %v", r0, c0)
	}
	from := int(math.Ceil(0.3/c.FrameTime)) + 1
	for f := from; f < c.Frames(); f++ {
		for j := range n {
			want := c.Trans[f*n+j]
			if j == 0 {
				want = want.Add(shift)
			}
			if out.Trans[f*n+j].Sub(want).Len() > 1e-12 || math.Abs(math.Abs(out.Rot[f*n+j].Dot(c.Rot[f*n+j]))-1) > 1e-12 {
				t.Fatalf("frame %d joint %d differs from the clip after the blend", f, j)
			}
		}
	}
	// Standing still, then walking at 1.2 m/s: the path starts at rest, so
	// the walk runs on behind its own path.
	if v := out.RootPointAt(1, eff.Hips).Z - out.RootPointAt(0, eff.Hips).Z; v/c.FrameTime > 0.1 {
		t.Errorf("the root sets off at %.2f m/s", v/c.FrameTime)
	}
	if !(shift[2] < -0.05) {
		t.Errorf("shift %v: the walk should run on behind its path", shift)
	}
}

// TestTurnPath: nothing turns before t0, everything after t1 turns by the
// angle about the pivot, the turn in between is smooth.
func TestTurnPath(t *testing.T) {
	c, eff := treadmill(1.2)
	c, _, _ = RootMotion(c, eff)
	pivot := mgl64.Vec3{0.1, 0, 0.2}
	yaw := 30 * math.Pi / 180
	out := TurnPath(c, yaw, pivot, 0.2, 0.6)
	n := c.Skeleton.NumJoints()
	r := mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0})
	for f := range c.Frames() {
		tm := float64(f) * c.FrameTime
		k := f * n
		switch {
		case tm <= 0.2:
			if out.Trans[k] != c.Trans[k] || out.Rot[k] != c.Rot[k] {
				t.Fatalf("frame %d turned before the turn", f)
			}
		case tm >= 0.6:
			d := c.Trans[k].Sub(pivot)
			want := pivot.Add(r.Rotate(mgl64.Vec3{d[0], 0, d[2]}))
			want[1] = c.Trans[k][1]
			if out.Trans[k].Sub(want).Len() > 1e-12 || math.Abs(math.Abs(out.Rot[k].Dot(r.Mul(c.Rot[k])))-1) > 1e-12 {
				t.Fatalf("frame %d not turned by 30° about the pivot", f)
			}
		}
	}
}

// swinging is kneedTreadmill's skeleton moving forward at v m/s with its
// legs swinging from the hips, amp radians either way, a stride every
// period seconds, phase into it at the first of frames frames.
func swinging(v, amp, period, phase float64, frames int) (*Clip, *Effectors) {
	base, eff := kneedTreadmill(0)
	c := NewClip(base.Skeleton, frames, base.FrameTime)
	n := c.Skeleton.NumJoints()
	x := mgl64.Vec3{1, 0, 0}
	for f := range frames {
		tm := float64(f) * c.FrameTime
		c.Trans[f*n] = mgl64.Vec3{0, 0.95, v * tm}
		for s, e := range eff.Feet {
			a := 2*math.Pi*(tm/period+phase) + math.Pi*float64(s)
			hip := c.Skeleton.Parents[c.Skeleton.Parents[e.Joint]]
			c.Rot[f*n+hip] = mgl64.QuatRotate(amp*math.Sin(a), x)
			c.Rot[f*n+c.Skeleton.Parents[e.Joint]] = mgl64.QuatRotate(0.4*(1+math.Cos(a)), x)
		}
	}
	return c, eff
}

// TestBlendOnCarriesTheMotionOn: a walk (legs swinging 0.4 rad at a stride
// a second) carried on into a run (0.7 rad, a stride in 0.7 s, its phase
// a little ahead). Measured on the feet's positions relative to the root
// (forward kinematics, not the rotations the blend works on): the first
// frame is the walk's last pose, the feet move on through the seam at the
// walk's rate (their second difference across it a fifth of BlendIn's at
// most, which stops them there), and from the blend's end on the pose is
// the run's.
func TestBlendOnCarriesTheMotionOn(t *testing.T) {
	prev, eff := swinging(1.2, 0.4, 1, 0, 31)
	c, _ := swinging(3, 0.7, 0.7, 0.55, 60)
	const seconds = 0.3
	on, _ := BlendOn(c, prev, eff.Hips, seconds)
	in, _ := BlendIn(c, prev.PoseAt(prev.Frames()-1, eff.Hips), eff.Hips, seconds)
	n := c.Skeleton.NumJoints()
	rel := func(k *Clip, f, j int) mgl64.Vec3 {
		pos := k.Positions()
		return pos[f*n+j].Sub(pos[f*n])
	}
	last := prev.Frames() - 1
	kinkOn, kinkIn, moved := 0.0, 0.0, 0.0
	for _, e := range eff.Feet {
		if d := rel(on, 0, e.Joint).Sub(rel(prev, last, e.Joint)).Len(); d > 1e-9 {
			t.Errorf("%s starts %.3g m from the walk's last pose", c.Skeleton.Names[e.Joint], d)
		}
		before := rel(prev, last-1, e.Joint)
		at := rel(prev, last, e.Joint)
		kinkOn = max(kinkOn, rel(on, 1, e.Joint).Sub(at.Mul(2)).Add(before).Len())
		kinkIn = max(kinkIn, rel(in, 1, e.Joint).Sub(at.Mul(2)).Add(before).Len())
		moved = max(moved, at.Sub(before).Len())
		for f := int(math.Ceil(seconds/c.FrameTime)) + 1; f < c.Frames(); f++ {
			if d := rel(on, f, e.Joint).Sub(rel(c, f, e.Joint)).Len(); d > 1e-9 {
				t.Fatalf("frame %d, after the blend: %s is %.3g m from the run's pose", f, c.Skeleton.Names[e.Joint], d)
			}
		}
	}
	if moved < 0.01 || kinkOn > kinkIn/5 {
		t.Errorf("across the seam the feet's second difference is %.4f m (BlendIn's %.4f m), moving %.4f m a frame", kinkOn, kinkIn, moved)
	}
}

// TestDecay: the quintic starts at the offset and its rate, and comes to
// rest at T (value, rate and acceleration zero, by finite differences),
// staying zero after.
func TestDecay(t *testing.T) {
	x0, v0 := mgl64.Vec3{0.3, -0.2, 0.05}, mgl64.Vec3{-1, 2, 0.5}
	const T, h = 0.4, 1e-5
	at := func(tm float64) mgl64.Vec3 { return decay(x0, v0, T, tm) }
	if d := at(0).Sub(x0).Len(); d > 1e-12 {
		t.Errorf("starts %.3g off", d)
	}
	if d := at(h).Sub(at(0)).Mul(1 / h).Sub(v0).Len(); d > 1e-3 {
		t.Errorf("starts at a rate %.3g off", d)
	}
	end := T - 1e-9
	if at(end).Len() > 1e-9 || at(end).Sub(at(end-h)).Len()/h > 1e-3 ||
		at(end).Sub(at(end-h).Mul(2)).Add(at(end-2*h)).Len()/(h*h) > 1e-1 || at(T+0.1).Len() != 0 {
		t.Errorf("not at rest at T: %v, %v", at(end), at(end).Sub(at(end-h)).Mul(1/h))
	}
}
