package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// treadmill is a walk on the spot worked out by hand: the pelvis 0.9 m up
// and still; each foot in turn stands on the floor sliding back at speed v
// for half a second, then swings forward 0.1 m up.
func treadmill(v float64) (*Clip, *Effectors) {
	sk := namedSkeleton([2]string{"LeftUpLeg", "RightUpLeg"}, [2]string{"LeftFoot", "RightFoot"}, [2]string{"LeftToeBase", "RightToeBase"}, [2]string{"LeftHand", "RightHand"}, [2]string{"LeftHandIndex1", "RightHandIndex1"})
	eff, _ := DefaultEffectors(sk)
	const frames, dt = 61, 1.0 / 60
	c := NewClip(sk, frames, dt)
	n := sk.NumJoints()
	half := 0.5 * v / 2 // the stance slides from +half to -half
	for f := range frames {
		c.Trans[f*n] = mgl64.Vec3{0, 0.9 + 0.05, 0} // toes' bottom at 0 (hip -0.1, foot -0.8, toe -0.05)
		tm := float64(f) * dt
		for s, e := range eff.Feet {
			phase := math.Mod(tm+0.5*float64(s), 1) // 0-0.5 stance, 0.5-1 swing
			var z, y float64
			if phase < 0.5 {
				z = half - v*phase
			} else {
				u := (phase - 0.5) / 0.5
				z, y = -half+2*half*u, 0.1*math.Sin(math.Pi*u)
			}
			hip := sk.Parents[e.Joint]
			c.Trans[f*n+hip] = sk.Offsets[hip].Add(mgl64.Vec3{0, y, z})
		}
	}
	return c, eff
}

// TestRootMotionOfATreadmill: a walk on the spot gets the speed its feet
// slide at, a foot on the floor then stays still, and a clip that already
// moves is left alone.
func TestRootMotionOfATreadmill(t *testing.T) {
	c, eff := treadmill(1.2)
	out, speed, ok := RootMotion(c, eff)
	if !ok || math.Abs(speed-1.2) > 0.03 {
		t.Fatalf("moved %v at %.3f m/s, want 1.2", ok, speed)
	}
	pos := out.Positions()
	n := c.Skeleton.NumJoints()
	for f := 1; f < out.Frames(); f++ {
		for s, e := range eff.Feet {
			phase := math.Mod(float64(f)*c.FrameTime+0.5*float64(s), 1)
			if phase > 0.02 && phase < 0.48 { // well inside the stance
				if d := pos[f*n+e.Joint].Sub(pos[(f-1)*n+e.Joint]).Len(); d > 1e-9 {
					t.Errorf("frame %d: the standing foot %d moved %.3g m", f, s, d)
				}
			}
		}
	}
	if _, _, ok := RootMotion(out, eff); ok {
		t.Error("a clip that moves got root motion again")
	}
	still, eff2 := treadmill(0)
	if _, _, ok := RootMotion(still, eff2); ok {
		t.Error("a clip standing still got root motion")
	}
}
