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
