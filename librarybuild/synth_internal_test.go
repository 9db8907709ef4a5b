package librarybuild

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A loop played twice, L = 20 frames a playing, retimed to P = 14: 2P+1
// frames at the same frame time; the root, moving at a constant velocity
// and turning at a constant rate in the loop, does so L/P times faster
// (the analytic path sampled at f·L/P), and the seam between the playings
// (frame P) is the loop's own frame L.
func TestRetimePlaysFaster(t *testing.T) {
	const L, P = 20, 14
	c, _ := legs(2*L + 1)
	n := c.Skeleton.NumJoints()
	at := func(g float64) (mgl64.Vec3, mgl64.Quat) {
		return mgl64.Vec3{0.01 * g, 0.95, 0.02 * g}, mgl64.QuatRotate(0.005*g, mgl64.Vec3{0, 1, 0})
	}
	for f := range c.Frames() {
		c.Trans[f*n], c.Rot[f*n] = at(float64(f))
	}
	out := retime(c, L, P)
	if out.Frames() != 2*P+1 || out.FrameTime != c.FrameTime {
		t.Fatalf("%d frames at %g s, want %d at %g", out.Frames(), out.FrameTime, 2*P+1, c.FrameTime)
	}
	for f := range out.Frames() {
		p, q := at(float64(f) * L / P)
		if d := out.Trans[f*n].Sub(p).Len(); d > 1e-9 {
			t.Errorf("frame %d: root %v, want %v", f, out.Trans[f*n], p)
		}
		if d := math.Abs(out.Rot[f*n].Dot(q)); d < 1-1e-9 {
			t.Errorf("frame %d: root turned %v, want %v", f, out.Rot[f*n], q)
		}
	}
	if out.Trans[P*n] != c.Trans[L*n] {
		t.Errorf("seam: %v, the loop's frame %d %v", out.Trans[P*n], L, c.Trans[L*n])
	}
}
