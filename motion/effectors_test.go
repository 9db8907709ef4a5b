package motion

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// chain builds a skeleton root → hip → foot → toe → end and root →
// shoulder → hand → knuckle → end, per side, with the given names.
func namedSkeleton(hip, foot, toe, hand, knuckle [2]string) *Skeleton {
	sk := &Skeleton{}
	add := func(name string, parent int, off mgl64.Vec3, end bool) int {
		sk.Names = append(sk.Names, name)
		sk.Parents = append(sk.Parents, parent)
		sk.Offsets = append(sk.Offsets, off)
		var ch []Channel
		if !end {
			ch = []Channel{Zrotation, Xrotation, Yrotation}
		}
		sk.Channels = append(sk.Channels, ch)
		sk.EndSite = append(sk.EndSite, end)
		return len(sk.Names) - 1
	}
	root := add("pelvis", -1, mgl64.Vec3{}, false)
	for s, x := range []float64{0.1, -0.1} {
		h := add(hip[s], root, mgl64.Vec3{x, -0.1, 0}, false)
		f := add(foot[s], h, mgl64.Vec3{0, -0.8, 0}, false)
		tt := add(toe[s], f, mgl64.Vec3{0, -0.05, 0.15}, false)
		add(toe[s]+"_End", tt, mgl64.Vec3{0, 0, 0.05}, true)
		hd := add(hand[s], root, mgl64.Vec3{x * 6, 0.4, 0}, false)
		k := add(knuckle[s], hd, mgl64.Vec3{x, 0, 0}, false)
		add(knuckle[s]+"_End", k, mgl64.Vec3{x / 2, 0, 0}, true)
	}
	return sk
}

func TestDefaultEffectorsConventions(t *testing.T) {
	for _, tc := range []struct {
		hip, foot, toe, hand, knuckle [2]string
	}{
		{[2]string{"LeftUpLeg", "RightUpLeg"}, [2]string{"LeftFoot", "RightFoot"}, [2]string{"LeftToeBase", "RightToeBase"}, [2]string{"LeftHand", "RightHand"}, [2]string{"LeftHandIndex1", "RightHandIndex1"}},
		{[2]string{"Thigh_L", "Thigh_R"}, [2]string{"Foot_L", "Foot_R"}, [2]string{"Toe_L", "Toe_R"}, [2]string{"Hand_L", "Hand_R"}, [2]string{"Middle1_L", "Middle1_R"}},
		{[2]string{"l_hip", "r_hip"}, [2]string{"l_ankle", "r_ankle"}, [2]string{"l_toes", "r_toes"}, [2]string{"l_wrist", "r_wrist"}, [2]string{"l_index1", "r_index1"}},
		{[2]string{"mixamorig:LeftUpLeg", "mixamorig:RightUpLeg"}, [2]string{"mixamorig:LeftFoot", "mixamorig:RightFoot"}, [2]string{"mixamorig:LeftToeBase", "mixamorig:RightToeBase"}, [2]string{"mixamorig:LeftHand", "mixamorig:RightHand"}, [2]string{"mixamorig:LeftHandMiddle1", "mixamorig:RightHandMiddle1"}},
		{[2]string{"lthigh", "rthigh"}, [2]string{"lfoot", "rfoot"}, [2]string{"ltoe", "rtoe"}, [2]string{"lhand", "rhand"}, [2]string{"lknuckle", "rknuckle"}},
		{[2]string{"DEF-thigh.L", "DEF-thigh.R"}, [2]string{"DEF-foot.L", "DEF-foot.R"}, [2]string{"DEF-toe.L", "DEF-toe.R"}, [2]string{"DEF-hand.L", "DEF-hand.R"}, [2]string{"DEF-f_middle.01.L", "DEF-f_middle.01.R"}},
		{[2]string{"thigh.l", "thigh.r"}, [2]string{"foot.l", "foot.r"}, [2]string{"ball.l", "ball.r"}, [2]string{"hand.l", "hand.r"}, [2]string{"middle_01.l", "middle_01.r"}},
		{[2]string{"Bip01 L Thigh", "Bip01 R Thigh"}, [2]string{"Bip01 L Foot", "Bip01 R Foot"}, [2]string{"Bip01 L Toe0", "Bip01 R Toe0"}, [2]string{"Bip01 L Hand", "Bip01 R Hand"}, [2]string{"Bip01 L Finger1", "Bip01 R Finger1"}},
	} {
		sk := namedSkeleton(tc.hip, tc.foot, tc.toe, tc.hand, tc.knuckle)
		if err := sk.Validate(); err != nil {
			t.Fatal(err)
		}
		e, err := DefaultEffectors(sk)
		if err != nil {
			t.Fatalf("%s: %v", tc.foot[0], err)
		}
		if len(e.Feet) != 2 || len(e.Hands) != 2 {
			t.Fatalf("%s: %d feet, %d hands", tc.foot[0], len(e.Feet), len(e.Hands))
		}
		for s := range 2 {
			f, h := e.Feet[s], e.Hands[s]
			if sk.Names[f.Joint] != tc.foot[s] || f.Side != Side(s) || f.Template != "foot" {
				t.Errorf("%s: foot %d is %s (%v)", tc.foot[0], s, sk.Names[f.Joint], f.Side)
			}
			// Finger1 (3ds Max) is not a knuckle name: the end site is used.
			if tip := sk.Names[h.Tip]; tip != tc.knuckle[s] && tip != tc.knuckle[s]+"_End" {
				t.Errorf("%s: hand tip %s", tc.hand[s], tip)
			}
			if sk.Names[f.Tip] != tc.toe[s] {
				t.Errorf("%s: toe %s", tc.foot[s], sk.Names[f.Tip])
			}
			if sk.Names[e.Hips[s]] != tc.hip[s] {
				t.Errorf("%s: hip %s", tc.foot[0], sk.Names[e.Hips[s]])
			}
		}
	}
}

func TestDefaultEffectorsNone(t *testing.T) {
	sk := namedSkeleton([2]string{"a", "b"}, [2]string{"c", "d"}, [2]string{"e", "f"}, [2]string{"g", "h"}, [2]string{"i", "j"})
	if _, err := DefaultEffectors(sk); err == nil || !strings.Contains(err.Error(), "effectors file") {
		t.Fatalf("err = %v", err)
	}
}

// The heading follows the hips: a skeleton turned by yaw about +Y has its
// trajectory's heading turned by the same yaw, and ToLocal/ToWorld invert
// each other.
func TestTrajectoryHeading(t *testing.T) {
	sk := namedSkeleton([2]string{"LeftUpLeg", "RightUpLeg"}, [2]string{"LeftFoot", "RightFoot"}, [2]string{"LeftToeBase", "RightToeBase"}, [2]string{"LeftHand", "RightHand"}, [2]string{"LeftHandIndex1", "RightHandIndex1"})
	e, _ := DefaultEffectors(sk)
	c := NewClip(sk, 3, 0.1)
	n := sk.NumJoints()
	for f, yaw := range []float64{0, 0.5, -2.5} {
		c.Rot[f*n] = mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0})
		c.Trans[f*n] = mgl64.Vec3{float64(f), 1, 2}
	}
	tr := c.Trajectory(e.Hips)
	for f, yaw := range []float64{0, 0.5, -2.5} {
		if d := WrapAngle(tr[f].Yaw - yaw); d*d > 1e-20 || tr[f].X != float64(f) || tr[f].Z != 2 {
			t.Errorf("frame %d: %+v, want yaw %g", f, tr[f], yaw)
		}
		if r := c.RootPointAt(f, e.Hips); r != tr[f] {
			t.Errorf("frame %d: RootPointAt %+v, Trajectory %+v", f, r, tr[f])
		}
		p := mgl64.Vec3{0.3, -1, 7}
		if d := tr[f].ToWorld(tr[f].ToLocal(p)).Sub(p).Len(); d > 1e-12 {
			t.Errorf("round trip off by %g", d)
		}
		// The heading direction is local +Z.
		fwd := tr[f].ToWorld(mgl64.Vec3{0, 0, 1}).Sub(tr[f].ToWorld(mgl64.Vec3{}))
		want := mgl64.Vec3{math.Sin(yaw), 0, math.Cos(yaw)}
		if fwd.Sub(want).Len() > 1e-12 {
			t.Errorf("forward %v, want %v", fwd, want)
		}
	}
}

// A skeleton that is no humanoid — one chain, or four legs ending in paws —
// gets an error that says a humanoid's feet are what is missing and how
// to map them.
func TestDefaultEffectorsNotHumanoid(t *testing.T) {
	chain := &Skeleton{}
	add := addJoint
	p := add(chain, "segment0", -1, mgl64.Vec3{})
	for i := 1; i < 8; i++ {
		p = add(chain, fmt.Sprintf("segment%d", i), p, mgl64.Vec3{0, 0, 0.3})
	}
	four := &Skeleton{}
	body := add(four, "body", -1, mgl64.Vec3{0, 0.6, 0})
	for _, leg := range []string{"front_left", "front_right", "back_left", "back_right"} {
		upper := add(four, leg+"_upper", body, mgl64.Vec3{0.1, 0, 0.3})
		lower := add(four, leg+"_lower", upper, mgl64.Vec3{0, -0.3, 0})
		add(four, leg+"_paw", lower, mgl64.Vec3{0, -0.3, 0})
	}
	for name, sk := range map[string]*Skeleton{"one chain": chain, "four legs": four} {
		if err := sk.Validate(); err != nil {
			t.Fatal(err)
		}
		_, err := DefaultEffectors(sk)
		if err == nil || !strings.Contains(err.Error(), "a left and a right leg, each ending in a foot") || !strings.Contains(err.Error(), "effectors file") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
