package motion

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/go-gl/mathgl/mgl64"
)

func loadAMC(t *testing.T, subject, trial string) *Clip {
	t.Helper()
	a, err := loadASF(shareddata.Path(t, "mocap/asf-amc/"+subject+".asf"), ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := readAMCFile(shareddata.Path(t, "mocap/asf-amc/"+trial+".amc"), a, AMCOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// ASF bones and the joints of CMU's BVH conversion that start where they do.
var asfToBVH = map[string]string{
	"lhipjoint": "LHipJoint", "lfemur": "LeftUpLeg", "ltibia": "LeftLeg", "lfoot": "LeftFoot", "ltoes": "LeftToeBase",
	"rhipjoint": "RHipJoint", "rfemur": "RightUpLeg", "rtibia": "RightLeg", "rfoot": "RightFoot", "rtoes": "RightToeBase",
	"lowerback": "LowerBack", "upperback": "Spine", "thorax": "Spine1", "lowerneck": "Neck", "upperneck": "Neck1", "head": "Head",
	"lclavicle": "LeftShoulder", "lhumerus": "LeftArm", "lradius": "LeftForeArm", "lwrist": "LeftHand", "lhand": "LeftFingerBase",
	"lfingers": "LeftHandIndex1", "lthumb": "LThumb", "rclavicle": "RightShoulder", "rhumerus": "RightArm", "rradius": "RightForeArm",
	"rwrist": "RightHand", "rhand": "RightFingerBase", "rfingers": "RightHandIndex1", "rthumb": "RThumb",
}

// Subject 16's skeleton read from its ASF has the bones of CMU's own BVH
// conversion of the same subject (cmu-16_15-walk.bvh): every joint's
// distance from its parent agrees to 0.1 mm at the CMU scale, which the
// ASF's ":units length 0.45" gives. (Where a bone branches, the thorax
// into neck and clavicles, the wrist into hand and thumb, that conversion
// drops the bone and puts its children at its start: those are left out.)
func TestASFMatchesCMUConversion(t *testing.T) {
	a, err := loadASF(shareddata.Path(t, "mocap/asf-amc/16.asf"), ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(a.scale-CMUScale) > 1e-6 {
		t.Errorf("scale %v from the file's units, want %v", a.scale, CMUScale)
	}
	b, err := loadBVH(shareddata.Path(t, "mocap/cmu-16_15-walk.bvh"), BVHOptions{Scale: CMUScale})
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	checked := 0
	for j, nm := range sk.Names {
		bn, ok := asfToBVH[nm]
		if !ok || sk.Parents[j] == 0 || len(sk.Children()[sk.Parents[j]]) > 1 {
			continue
		}
		k := b.Skeleton.Index(bn)
		if k < 0 {
			t.Fatalf("no %s in the BVH", bn)
		}
		if d := math.Abs(sk.Offsets[j].Len() - b.Skeleton.Offsets[k].Len()); d > 1e-4 {
			t.Errorf("%s: %.4f m from its parent, the BVH's %s %.4f m", nm, sk.Offsets[j].Len(), bn, b.Skeleton.Offsets[k].Len())
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d joints compared", checked)
	}
}

// What the captures are, as CMU describes them: walks that turn 90° left
// (16_17) and right (16_19), with the feet on the floor, the hips about
// 0.95 m up and the knees bending forward; a run (16_35) faster than a
// walk.
func TestAMCMotions(t *testing.T) {
	for _, c := range []struct {
		trial string
		turn  float64 // degrees
		speed [2]float64
	}{{"16_17", 90, [2]float64{0.6, 1.8}}, {"16_19", -90, [2]float64{0.6, 1.8}}, {"16_35", 0, [2]float64{2.5, 6}}} {
		clip := loadAMC(t, "16", c.trial)
		eff, err := DefaultEffectors(clip.Skeleton)
		if err != nil {
			t.Fatal(err)
		}
		tr := clip.Trajectory(eff.Hips)
		turn := math.Remainder(tr[len(tr)-1].Yaw-tr[0].Yaw, 2*math.Pi) * 180 / math.Pi
		var path float64
		for i := 1; i < len(tr); i++ {
			path += math.Hypot(tr[i].X-tr[i-1].X, tr[i].Z-tr[i-1].Z)
		}
		speed := path / clip.Duration()
		sk, n := clip.Skeleton, clip.Skeleton.NumJoints()
		pos := clip.Positions()
		lowest, hips := math.Inf(1), 0.0
		forward, flexed := 0, 0
		for f := range clip.Frames() {
			p := pos[f*n : (f+1)*n]
			for _, e := range eff.Feet {
				lowest = min(lowest, p[e.Tip][1], p[e.Joint][1])
			}
			hips += p[0][1] / float64(clip.Frames())
			// The knee ahead of the line from hip to ankle, where it bends.
			for _, side := range []string{"l", "r"} {
				hip, knee, ankle := p[sk.Index(side+"femur")], p[sk.Index(side+"tibia")], p[sk.Index(side+"foot")]
				mid := hip.Add(ankle).Mul(0.5)
				u, v := knee.Sub(hip), ankle.Sub(knee)
				if math.Acos(u.Normalize().Dot(v.Normalize())) < 20*math.Pi/180 {
					continue
				}
				flexed++
				s, co := math.Sincos(tr[f].Yaw)
				if knee.Sub(mid).Dot(mgl64.Vec3{s, 0, co}) > 0 {
					forward++
				}
			}
		}
		t.Logf("%s: turned %.1f°, %.2f m/s, feet down to %.3f m, hips at %.2f m, knees forward in %d of %d bent", c.trial, turn, speed, lowest, hips, forward, flexed)
		if math.Abs(turn-c.turn) > 20 || speed < c.speed[0] || speed > c.speed[1] {
			t.Errorf("%s: turned %.1f° at %.2f m/s, want %.0f° at %.1f-%.1f m/s", c.trial, turn, speed, c.turn, c.speed[0], c.speed[1])
		}
		if math.Abs(lowest) > 0.08 || hips < 0.85 || hips > 1.1 || forward < flexed*95/100 {
			t.Errorf("%s: feet down to %.3f m, hips at %.2f m, knees forward in %d of %d bent", c.trial, lowest, hips, forward, flexed)
		}
	}
}

// Malformed files are refused with the file and line (or what is missing).
func TestASFAMCErrors(t *testing.T) {
	const asf = ":units\n  length 0.45\n  angle deg\n:root\n  order TX TY TZ RX RY RZ\n  axis XYZ\n  position 0 0 0\n  orientation 0 0 0\n:bonedata\n  begin\n    name thigh\n    direction 0 -1 0\n    length 10\n    axis 0 0 0 XYZ\n    dof rx ry rz\n  end\n:hierarchy\n  begin\n    root thigh\n  end\n"
	good, err := ReadASF(strings.NewReader(asf), "t.asf", ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{strings.Replace(asf, "length 10", "length ten", 1), "t.asf:13:"},
		{strings.Replace(asf, "dof rx ry rz", "dof rx tx", 1), "t.asf:15:"},
		{strings.Replace(asf, "XYZ\n    dof", "XXZ\n    dof", 1), "t.asf:14:"},
		{strings.Replace(asf, "root thigh", "root shin", 1), "not defined"},
		{strings.Replace(asf, "    root thigh\n", "", 1), "not in the hierarchy"},
		{strings.Replace(asf, "direction 0 -1 0", "direction 0 0 0", 1), "no direction"},
		{strings.Replace(asf, "angle deg", "angle grad", 1), "t.asf:3:"},
		{":units\n length 0.45\n", "no :root"},
	} {
		if _, err := ReadASF(strings.NewReader(c.src), "t.asf", ASFOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one with %q", err, c.want)
		}
	}
	const amc = ":FULLY-SPECIFIED\n:DEGREES\n1\nroot 0 17 0 0 0 0\nthigh 10 0 0\n2\nroot 0 17 1 0 0 0\nthigh 20 0 0\n"
	c, err := ReadAMC(strings.NewReader(amc), "t.amc", good, AMCOptions{})
	if err != nil || c.Frames() != 2 {
		t.Fatalf("%v, %v", c, err)
	}
	for _, e := range []struct{ src, want string }{
		{strings.Replace(amc, "thigh 20 0 0", "thigh 20 0", 1), "t.amc:8:"},
		{strings.Replace(amc, "thigh 20 0 0", "thigh 20 0 NaN", 1), "t.amc:8:"},
		{strings.Replace(amc, "2\n", "3\n", 1), "t.amc:6:"},
		{strings.Replace(amc, "thigh 20 0 0", "shin 20 0 0", 1), "t.amc:8:"},
		{strings.Replace(amc, "\nthigh 10 0 0", "", 1), "does not give \"thigh\""},
		{strings.Replace(amc, "1\nroot", "root", 1), "t.amc:3:"},
		{":DEGREES\n", "no frames"},
	} {
		_, err := ReadAMC(strings.NewReader(e.src), "t.amc", good, AMCOptions{})
		var be *BVHError
		if err == nil || !strings.Contains(err.Error(), e.want) || !errors.As(err, &be) {
			t.Errorf("error %v, want one with %q", err, e.want)
		}
	}
}

func FuzzReadASFAMC(f *testing.F) {
	f.Add([]byte(":root\n order TX TY TZ RX RY RZ\n axis XYZ\n:bonedata\n begin\n name a\n direction 0 1 0\n length 1\n axis 0 0 0 XYZ\n dof rx\n end\n:hierarchy\n begin\n root a\n end\n"),
		[]byte("1\nroot 0 0 0 0 0 0\na 10\n"))
	f.Fuzz(func(t *testing.T, asf, amc []byte) {
		a, err := ReadASF(bytes.NewReader(asf), "f.asf", ASFOptions{})
		if err != nil {
			mustBeBVHError(t, err)
			return
		}
		c, err := ReadAMC(bytes.NewReader(amc), "f.amc", a, AMCOptions{})
		if err != nil {
			mustBeBVHError(t, err)
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted an invalid clip: %v", err)
		}
	})
}
