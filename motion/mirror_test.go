package motion

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// mirroredOracle checks m against c by forward kinematics alone: every
// joint of m stands, in every frame, where its counterpart (named with the
// other side) stands in c, reflected across the vertical plane through c's
// first action frame along its heading. It returns the largest distance.
func mirroredOracle(t *testing.T, c, m *Clip, eff *Effectors) float64 {
	t.Helper()
	sk := c.Skeleton
	other := func(name string) int {
		for _, sw := range [][2]string{{"Left", "Right"}, {"Right", "Left"}, {"_L", "_R"}, {"_R", "_L"}} {
			if strings.Contains(name, sw[0]) {
				return sk.Index(strings.Replace(name, sw[0], sw[1], 1))
			}
		}
		for _, sw := range [][2]string{{"l", "r"}, {"r", "l"}, {"L", "R"}, {"R", "L"}} {
			if strings.HasPrefix(name, sw[0]) && len(name) > 1 && name[1] >= 'A' && name[1] <= 'Z' {
				return sk.Index(sw[1] + name[1:])
			}
		}
		return sk.Index(name)
	}
	r0 := c.RootPointAt(0, eff.Hips)
	side := mgl64.Vec3{math.Cos(r0.Yaw), 0, -math.Sin(r0.Yaw)}
	reflect := func(p mgl64.Vec3) mgl64.Vec3 {
		d := p.Sub(mgl64.Vec3{r0.X, 0, r0.Z}).Dot(side)
		return p.Sub(side.Mul(2 * d))
	}
	pc, pm := c.Positions(), m.Positions()
	n := sk.NumJoints()
	worst := 0.0
	for f := range c.Frames() {
		for j := range n {
			k := other(sk.Names[j])
			if k < 0 {
				t.Fatalf("no counterpart for %q", sk.Names[j])
			}
			worst = max(worst, pm[f*n+j].Sub(reflect(pc[f*n+k])).Len())
		}
	}
	return worst
}

// A symmetric skeleton in random poses, travelling and turning: the
// mirrored clip puts each joint where the reflected counterpart was, to
// rounding; mirrored twice it is the clip again.
func TestMirrorReflectsEveryJoint(t *testing.T) {
	sk := namedSkeleton([2]string{"LeftUpLeg", "RightUpLeg"}, [2]string{"LeftFoot", "RightFoot"}, [2]string{"LeftToeBase", "RightToeBase"}, [2]string{"LeftHand", "RightHand"}, [2]string{"LeftHandIndex1", "RightHandIndex1"})
	eff, err := DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	c := NewClip(sk, 40, 1.0/30)
	n := sk.NumJoints()
	for f := range 40 {
		c.Trans[f*n] = mgl64.Vec3{0.3 + 0.02*float64(f), 0.95 + 0.02*rng.Float64(), -1 + 0.04*float64(f)}
		for j := range n {
			axis := mgl64.Vec3{rng.Float64() - 0.5, rng.Float64() - 0.5, rng.Float64() - 0.5}.Normalize()
			c.Rot[f*n+j] = mgl64.QuatRotate(0.6*rng.Float64(), axis)
		}
		c.Rot[f*n] = mgl64.QuatRotate(0.7+0.01*float64(f), mgl64.Vec3{0, 1, 0}).Mul(c.Rot[f*n])
	}
	m, err := Mirror(c, eff)
	if err != nil {
		t.Fatal(err)
	}
	if d := mirroredOracle(t, c, m, eff); d > 1e-9 {
		t.Errorf("a joint stands %.3g m from its reflected counterpart", d)
	}
	mm, err := Mirror(m, eff)
	if err != nil {
		t.Fatal(err)
	}
	pc, pmm := c.Positions(), mm.Positions()
	for i := range pc {
		if d := pc[i].Sub(pmm[i]).Len(); d > 1e-9 {
			t.Fatalf("mirrored twice: joint %d of frame %d is %.3g m off", i%n, i/n, d)
		}
	}
}

// A real capture (CMU's walk, its skeleton symmetric but for a few
// millimetres): the mirrored walk's joints stand where the reflected
// counterparts stood (each joint takes its counterpart's bone).
func TestMirrorACapture(t *testing.T) {
	c := loadMocap(t, "cmu-walk.bvh")
	eff, err := DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Mirror(c, eff)
	if err != nil {
		t.Fatal(err)
	}
	d := mirroredOracle(t, c, m, eff)
	t.Logf("cmu-walk mirrored: joints within %.4f m of their reflected counterparts", d)
	if d > 1e-6 {
		t.Errorf("a joint stands %.3f m from its reflected counterpart", d)
	}
}

// Skeletons that cannot be mirrored say why.
func TestMirrorRefuses(t *testing.T) {
	sk := namedSkeleton([2]string{"LeftUpLeg", "RightUpLeg"}, [2]string{"LeftFoot", "RightFoot"}, [2]string{"LeftToeBase", "RightToeBase"}, [2]string{"LeftHand", "RightHand"}, [2]string{"LeftHandIndex1", "RightHandIndex1"})
	eff, err := DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	lopsided := *sk
	lopsided.Offsets = append([]mgl64.Vec3(nil), sk.Offsets...)
	lopsided.Offsets[sk.Index("LeftFoot")] = mgl64.Vec3{0, -0.6, 0}
	renamed := *sk
	renamed.Names = append([]string(nil), sk.Names...)
	renamed.Names[sk.Index("RightHand")] = "RightPalm"
	for _, tc := range []struct {
		sk   *Skeleton
		want string
	}{{&lopsided, "not symmetric"}, {&renamed, "no counterpart"}} {
		_, err := Mirror(NewClip(tc.sk, 3, 1.0/30), eff)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
