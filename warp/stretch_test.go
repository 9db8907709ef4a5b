package warp

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// TestWarpStretchedBones: a clip may animate its bones' lengths away from
// the skeleton's rest offsets (glTF animations carry every joint's
// translation). With both leg bones 4% longer than at rest in every frame
// and every support moved by the same few centimetres, each docked foot
// lands exactly that far from where the clip placed it (the FK of the
// warped clip against the placed clip's, an analytic oracle).
func TestWarpStretchedBones(t *testing.T) {
	lib := defaultLib(t)
	frame := action.Frame{Position: mgl64.Vec3{1, 0, 2}, Yaw: 0.3}
	for _, name := range []string{"walk.l", "stop.r"} {
		src := lib.Get(name)
		a := *src
		c := *src.Clip
		c.Trans = append([]mgl64.Vec3(nil), c.Trans...)
		sk := c.Skeleton
		n := sk.NumJoints()
		for _, e := range a.Effectors.Feet {
			for _, j := range []int{e.Joint, sk.Parents[e.Joint]} {
				for f := range c.Frames() {
					c.Trans[f*n+j] = c.Trans[f*n+j].Mul(1.04)
				}
			}
		}
		a.Clip = &c
		move := mgl32.Vec3{0.03, 0.02, -0.04}
		ts := expectedTargets(&a, frame)
		for k := range ts {
			ts[k].Pose.Position = ts[k].Pose.Position.Add(move)
		}
		w, err := Warp(&a, frame, ts, Carry{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		placed, got := placedPositions(&a, frame), w.Clip.Positions()
		shift := mgl64.Vec3{float64(move[0]), float64(move[1]), float64(move[2])}
		for _, d := range a.Docks {
			j := sk.Index(d.Effector)
			f0, f1 := int(math.Round(d.Start/c.FrameTime)), int(math.Round(d.End/c.FrameTime))
			for f := f0; f <= f1; f++ {
				if e := got[f*n+j].Sub(placed[f*n+j].Add(shift)).Len(); e > 1e-6 {
					t.Errorf("%s frame %d: %s is %.2f mm off its support", name, f, d.Effector, e*1000)
					break
				}
			}
		}
		for _, r := range w.Docks {
			if !r.Reached {
				t.Errorf("%s dock %d not reached", name, r.Dock)
			}
		}
	}
}
