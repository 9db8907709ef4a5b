package dock

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
)

// otherConvention rewrites a clip as a studio of another convention would
// have captured it: the rest pose lying along +X (every offset turned by
// -90° about Z, the root's rotation undoing it), centimetres, six channels
// on every joint with rotations in ZXY order, 30 frames a second, joints
// renamed Foot_L, Toes_L, UpperLeg_L, Hand_L... It is written here, with its
// own Euler decomposition, so the reader is checked against a second
// implementation; the world positions of every joint are the clip's.
func otherConvention(c *motion.Clip, every int) string {
	sk := c.Skeleton
	n := sk.NumJoints()
	r := mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{0, 0, 1})
	rename := strings.NewReplacer("LeftUpLeg", "UpperLeg_L", "RightUpLeg", "UpperLeg_R",
		"LeftFoot", "Foot_L", "RightFoot", "Foot_R", "LeftToeBase", "Toes_L", "RightToeBase", "Toes_R",
		"LeftHand", "Hand_L", "RightHand", "Hand_R", "LeftFingerBase", "Knuckle_L", "RightFingerBase", "Knuckle_R")
	var b strings.Builder
	var write func(j int, indent string)
	write = func(j int, indent string) {
		o := r.Rotate(sk.Offsets[j]).Mul(100)
		if sk.EndSite[j] {
			fmt.Fprintf(&b, "%sEnd Site\n%s{\n%s  OFFSET %.6f %.6f %.6f\n%s}\n", indent, indent, indent, o[0], o[1], o[2], indent)
			return
		}
		kind := "JOINT"
		if j == 0 {
			kind = "ROOT"
		}
		fmt.Fprintf(&b, "%s%s %s\n%s{\n%s  OFFSET %.6f %.6f %.6f\n", indent, kind, rename.Replace(sk.Names[j]), indent, indent, o[0], o[1], o[2])
		fmt.Fprintf(&b, "%s  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n", indent)
		for k := j + 1; k < n; k++ {
			if sk.Parents[k] == j {
				write(k, indent+"  ")
			}
		}
		fmt.Fprintf(&b, "%s}\n", indent)
	}
	b.WriteString("HIERARCHY\n")
	write(0, "")
	frames := (c.Frames() + every - 1) / every
	fmt.Fprintf(&b, "MOTION\nFrames: %d\nFrame Time: %.8f\n", frames, c.FrameTime*float64(every))
	for f := 0; f < c.Frames(); f += every {
		for j := range n {
			if sk.EndSite[j] {
				continue
			}
			q, tr := c.Rot[f*n+j], r.Rotate(sk.Offsets[j])
			if j == 0 {
				q, tr = q.Mul(r.Inverse()), c.Trans[f*n]
			} else {
				q = r.Mul(q).Mul(r.Inverse())
			}
			z, x, y := eulerZXY(q)
			fmt.Fprintf(&b, "%.5f %.5f %.5f %.6f %.6f %.6f ", tr[0]*100, tr[1]*100, tr[2]*100, z, x, y)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// eulerZXY returns the angles in degrees whose product Rz·Rx·Ry is q.
func eulerZXY(q mgl64.Quat) (z, x, y float64) {
	m := q.Normalize().Mat4()
	deg := 180 / math.Pi
	return math.Atan2(-m.At(0, 1), m.At(1, 1)) * deg, math.Asin(math.Max(-1, math.Min(1, m.At(2, 1)))) * deg, math.Atan2(-m.At(2, 0), m.At(2, 2)) * deg
}

// A walk captured in another convention gives the docks of the CMU file it
// was made from: the same feet in the same order, the same intervals to a
// frame at 30 fps, the same places to 2 cm and yaws to 3°.
func TestExtractOtherConvention(t *testing.T) {
	c, eff := loadClip(t, "cmu-walk.bvh")
	want, err := Extract(c, eff, c.Trajectory(eff.Hips)[0], DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "walk-other.bvh")
	if err := os.WriteFile(path, []byte(otherConvention(c, 4)), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := motionfile.LoadBVH(path, motion.BVHOptions{Scale: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	// The same world: every joint where the CMU clip has it.
	po, pc := o.Positions(), c.Positions()
	n := c.Skeleton.NumJoints()
	for f := range o.Frames() {
		for j := range n {
			if d := po[f*n+j].Sub(pc[4*f*n+j]).Len(); d > 1e-4 {
				t.Fatalf("frame %d joint %s: %.2g m from the CMU clip's", f, o.Skeleton.Names[j], d)
			}
		}
	}
	oe, err := motion.DefaultEffectors(o.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Extract(o, oe, o.Trajectory(oe.Hips)[0], DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("CMU: %d docks; other convention: %d docks", len(want), len(got))
	if len(got) != len(want) {
		t.Fatalf("%d docks in the other convention, %d in the CMU file", len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		moved := w.Pose.Position.Sub(g.Pose.Position).Len()
		turned := math.Abs(math.Remainder(float64(w.Pose.Yaw-g.Pose.Yaw), 2*math.Pi))
		if w.Side != g.Side || w.Template != g.Template || math.Abs(w.Start-g.Start) > 0.034 || math.Abs(w.End-g.End) > 0.034 ||
			moved > 0.02 || turned > 3*math.Pi/180 {
			t.Errorf("dock %d: CMU %s %.3f-%.3f s at %.3v yaw %.1f°, other %s %.3f-%.3f s at %.3v yaw %.1f°", i,
				w.Effector, w.Start, w.End, w.Pose.Position, w.Pose.Yaw*180/math.Pi, g.Effector, g.Start, g.End, g.Pose.Position, g.Pose.Yaw*180/math.Pi)
		}
	}
}
