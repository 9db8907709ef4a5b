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
	return walkOnTheSpot(sk, v, func(foot int) int { return sk.Parents[foot] })
}

// walkOnTheSpot animates treadmill's walk on skeleton sk, moving each leg
// by the translation of the joint legOf gives for its foot.
func walkOnTheSpot(sk *Skeleton, v float64, legOf func(foot int) int) (*Clip, *Effectors) {
	eff, err := DefaultEffectors(sk)
	if err != nil {
		panic(err)
	}
	const frames, dt = 61, 1.0 / 60
	c := NewClip(sk, frames, dt)
	n := sk.NumJoints()
	half := 0.5 * v / 2 // the stance slides from +half to -half
	for f := range frames {
		c.Trans[f*n] = mgl64.Vec3{0, 0.9 + 0.05, 0} // toes' bottom at 0 (hip -0.1, leg -0.8, toe -0.05)
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
			leg := legOf(e.Joint)
			c.Trans[f*n+leg] = sk.Offsets[leg].Add(mgl64.Vec3{0, y, z})
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

// TestRootMotionOfAnUnevenTreadmill: the standing foot slides back
// unevenly (its speed swinging ±60% at 8 Hz, as a game clip's keys
// jitter). Worked out here from the clip alone, the root that keeps it
// exactly still would jerk by the speed's swings; RootMotion's root jerks
// at most a third of that, and the standing foot is still held (the leg
// bent) well inside each stance.
func TestRootMotionOfAnUnevenTreadmill(t *testing.T) {
	c, eff := kneedTreadmill(1.2)
	n := c.Skeleton.NumJoints()
	for f := range c.Frames() {
		tm := float64(f) * c.FrameTime
		for s, e := range eff.Feet {
			if phase := math.Mod(tm+0.5*float64(s), 1); phase < 0.5 {
				hip := c.Skeleton.Parents[e.Joint]
				// The slide's extra, 8 Hz (zero at both ends of the
				// stance).
				c.Trans[f*n+hip][2] += 0.6 * 1.2 * 0.125 / (2 * math.Pi) * math.Sin(16*math.Pi*phase)
			}
		}
	}
	in := c.Positions()
	// The root that holds the lower-numbered standing foot still: minus
	// its slide, frame to frame; its jerk is the second difference.
	rawJerk := 0.0
	standing := func(f, s int) bool {
		phase := math.Mod(float64(f)*c.FrameTime+0.5*float64(s), 1)
		return phase > 0.05 && phase < 0.45
	}
	for f := 1; f+1 < c.Frames(); f++ {
		for s, e := range eff.Feet {
			if standing(f-1, s) && standing(f+1, s) {
				p := func(g int) mgl64.Vec3 { return in[g*n+e.Joint] }
				rawJerk = max(rawJerk, p(f+1).Sub(p(f).Mul(2)).Add(p(f-1)).Len())
			}
		}
	}
	out, _, ok := RootMotion(c, eff)
	if !ok {
		t.Fatal("no root motion")
	}
	pos := out.Positions()
	jerk := 0.0
	for f := 1; f+1 < out.Frames(); f++ {
		jerk = max(jerk, pos[(f+1)*n].Sub(pos[f*n].Mul(2)).Add(pos[(f-1)*n]).Len())
	}
	if jerk > rawJerk/3 {
		t.Errorf("the root jerks %.3g m a frame, the foot-held root %.3g", jerk, rawJerk)
	}
	held := 0.0
	for f := 1; f < out.Frames(); f++ {
		for s, e := range eff.Feet {
			if standing(f-1, s) && standing(f, s) && f > 6 && f < out.Frames()-7 {
				held = max(held, pos[f*n+e.Joint].Sub(pos[(f-1)*n+e.Joint]).Len())
			}
		}
	}
	if held > 1e-9 {
		t.Errorf("a standing foot moves %.3g m between frames", held)
	}
	t.Logf("root jerk %.3g m (held-foot root %.3g m); a standing foot moves %.2g m a frame", jerk, rawJerk, held)
}

// kneedTreadmill is treadmill's walk with knees: thigh and shin 0.4 m
// each, the knee 3 cm forward (so the leg can bend), each whole leg moved
// from its hip joint.
func kneedTreadmill(v float64) (*Clip, *Effectors) {
	sk := &Skeleton{}
	add := func(name string, parent int, off mgl64.Vec3) int { return addJoint(sk, name, parent, off) }
	root := add("Hips", -1, mgl64.Vec3{})
	for s, side := range []string{"Left", "Right"} {
		x := 0.1 - 0.2*float64(s)
		h := add(side+"UpLeg", root, mgl64.Vec3{x, -0.1, 0})
		k := add(side+"Leg", h, mgl64.Vec3{0, -0.4, 0.03})
		f := add(side+"Foot", k, mgl64.Vec3{0, -0.4, -0.03})
		add(side+"ToeBase", f, mgl64.Vec3{0, -0.05, 0.15})
	}
	return walkOnTheSpot(sk, v, func(foot int) int { return sk.Parents[sk.Parents[foot]] })
}

// addJoint appends a rotating joint to sk and returns its index.
func addJoint(sk *Skeleton, name string, parent int, off mgl64.Vec3) int {
	sk.Names = append(sk.Names, name)
	sk.Parents = append(sk.Parents, parent)
	sk.Offsets = append(sk.Offsets, off)
	sk.Channels = append(sk.Channels, []Channel{Zrotation, Xrotation, Yrotation})
	sk.EndSite = append(sk.EndSite, false)
	return len(sk.Names) - 1
}
