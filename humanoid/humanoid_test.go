package humanoid

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Adult proportions: standing straight, the head's top is 1.65-1.85 m up,
// the hip joints 0.85-0.95 m and the shoulders 1.35-1.5 m.
func TestSkeletonProportions(t *testing.T) {
	sk := Skeleton()
	if err := sk.Validate(); err != nil {
		t.Fatal(err)
	}
	rest := sk.RestPositions()
	// The rest pose has the root at 0; the soles are at the toe tips.
	sole := rest[sk.Index("LeftToeBase_End")][1]
	h := func(name string) float64 { return rest[sk.Index(name)][1] - sole }
	for _, c := range []struct {
		name   string
		lo, hi float64
	}{{"Head_End", 1.65, 1.85}, {"LeftUpLeg", 0.85, 0.95}, {"LeftArm", 1.35, 1.5}, {"LeftFoot", 0.06, 0.1}} {
		if v := h(c.name); v < c.lo || v > c.hi {
			t.Errorf("%s at %.3f m, want %.2f-%.2f", c.name, v, c.lo, c.hi)
		}
	}
	joints := 0
	for j := range sk.NumJoints() {
		if !sk.EndSite[j] {
			joints++
		}
	}
	if joints != 31 {
		t.Errorf("%d joints, the CMU hierarchy has 31", joints)
	}
}

// mirrorName swaps Left/Right (and L/R prefixes) in a joint name.
func mirrorName(n string) string {
	r := strings.NewReplacer("Left", "Right", "Right", "Left", "LHip", "RHip", "RHip", "LHip", "LThumb", "RThumb", "RThumb", "LThumb")
	return r.Replace(n)
}

// A right-footed clip is its left-footed twin reflected in the x = 0
// plane, joint for joint; a right turn mirrored is a left turn.
func TestMirrorImages(t *testing.T) {
	clips := map[string]Clip{}
	for _, c := range Clips() {
		clips[c.Name] = c
	}
	pairs := [][2]string{{"walk.l", "walk.r"}, {"turn-left.l", "turn-right.r"}, {"turn-right.l", "turn-left.r"}, {"step-up-45.l", "step-up-45.r"}, {"climb-ledge.l", "climb-ledge.r"}, {"vault-box.l", "vault-box.r"}, {"start.l", "start.r"}}
	for _, p := range pairs {
		a, b := clips[p[0]].Clip, clips[p[1]].Clip
		if a.Frames() != b.Frames() {
			t.Fatalf("%s and %s differ in length", p[0], p[1])
		}
		sk := a.Skeleton
		n := sk.NumJoints()
		pa, pb := a.Positions(), b.Positions()
		worst := 0.0
		for f := range a.Frames() {
			for j := range n {
				m := pb[f*n+sk.Index(mirrorName(sk.Names[j]))]
				worst = math.Max(worst, pa[f*n+j].Sub(mgl64.Vec3{-m[0], m[1], m[2]}).Len())
			}
		}
		if worst > 1e-9 {
			t.Errorf("%s is not the mirror image of %s: %g m apart", p[1], p[0], worst)
		}
	}
	if clips["turn-left.r"].From != StanceRight || clips["turn-left.r"].To != StanceLeft {
		t.Errorf("turn-left.r goes %s -> %s", clips["turn-left.r"].From, clips["turn-left.r"].To)
	}
}

// Feet planned to bear weight flat are where the script put them: the
// ankle at its target (the IK reached it) and the sole on the ground.
func TestPlantsReached(t *testing.T) {
	r := newRig()
	for _, rc := range append(recipes(), crowdRecipes()...) {
		c := r.render(rc.script, rc.duration, false)
		n := r.sk.NumJoints()
		pos := c.Positions()
		for f := range c.Frames() {
			p := rc.script(float64(f) / FPS)
			for s := range 2 {
				if !p.Foot[s].Support {
					continue
				}
				want, _ := p.Foot[s].ankle()
				if d := pos[f*n+r.foot[s]].Sub(want).Len(); d > 1e-6 {
					t.Fatalf("%s frame %d: %s ankle %.2g m from its target", rc.base, f, r.sk.Names[r.foot[s]], d)
				}
			}
			for s := range 2 {
				if !p.Hand[s].Planted {
					continue
				}
				if d := pos[f*n+r.hand[s]].Sub(p.Hand[s].Wrist).Len(); d > 1e-6 {
					t.Fatalf("%s frame %d: %s %.2g m from its target", rc.base, f, r.sk.Names[r.hand[s]], d)
				}
			}
		}
	}
}

// The root never jumps: it moves under 7 cm between frames (4.2 m/s; a
// walk moves 2 cm, the vault's flight 6 cm) and its velocity changes by
// under 1.5 cm per frame between frames (54 m/s², a landing's jolt; a
// 23 cm drop in one frame, as a support appearing would cause, is far
// past it).
func TestRootContinuous(t *testing.T) {
	worstV, worstA := 0.0, 0.0
	for _, c := range append(Clips(), CrowdClips()...) {
		n := c.Clip.Skeleton.NumJoints()
		tr := func(f int) mgl64.Vec3 { return c.Clip.Trans[f*n] }
		for f := 1; f < c.Clip.Frames(); f++ {
			d := tr(f).Sub(tr(f - 1)).Len()
			worstV = math.Max(worstV, d)
			if d > 0.07 {
				t.Errorf("%s frame %d: the root moves %.1f cm", c.Name, f, d*100)
			}
			if f >= 2 {
				a := tr(f).Sub(tr(f - 1).Mul(2)).Add(tr(f - 2)).Len()
				worstA = math.Max(worstA, a)
				if a > 0.015 {
					t.Errorf("%s frame %d: the root's velocity changes by %.1f cm per frame", c.Name, f, a*100)
				}
			}
		}
	}
	t.Logf("largest move %.1f cm, largest change of move %.2f cm per frame", worstV*100, worstA*100)
}

// No hand jumps: in every clip a wrist moves under 10 cm between frames
// (6 m/s; the climb's swing up to the ledge reaches 8.9 cm, smoothly).
// Planting a hand on a ledge or a box and letting go of it used to throw
// it 19 and 45 cm in one frame (the free arm aims at a point, the planted
// one places the wrist; the two are now blended).
func TestHandsContinuous(t *testing.T) {
	worst := 0.0
	for _, c := range append(Clips(), CrowdClips()...) {
		sk := c.Clip.Skeleton
		n := sk.NumJoints()
		pos := c.Clip.Positions()
		for _, name := range []string{"LeftHand", "RightHand"} {
			j := sk.Index(name)
			for f := 1; f < c.Clip.Frames(); f++ {
				d := pos[f*n+j].Sub(pos[(f-1)*n+j]).Len()
				worst = math.Max(worst, d)
				if d > 0.10 {
					t.Errorf("%s frame %d: %s moves %.1f cm", c.Name, f, name, d*100)
				}
			}
		}
	}
	t.Logf("largest move of a wrist %.1f cm a frame", worst*100)
}

// No knee or ankle of any clip but the vault, relative to the hips, moves
// more than 10 cm further in a frame than in the frame before (a second
// difference): the climb's knees used to flip through a metre in a frame
// as the foot came up past the hip and as the hips rose past the foot
// planted on the ledge. The vault swings its legs over the box in a
// tenth of a second (up to 20 cm).
func TestLegsContinuous(t *testing.T) {
	worst, where := 0.0, ""
	for _, c := range append(Clips(), CrowdClips()...) {
		if strings.HasPrefix(c.Name, "vault-box") {
			continue
		}
		sk := c.Clip.Skeleton
		n := sk.NumJoints()
		pos := c.Clip.Positions()
		for _, name := range []string{"LeftLeg", "RightLeg", "LeftFoot", "RightFoot"} {
			j := sk.Index(name)
			rel := func(f int) mgl64.Vec3 { return pos[f*n+j].Sub(pos[f*n]) }
			for f := 1; f+1 < c.Clip.Frames(); f++ {
				d := rel(f - 1).Sub(rel(f).Mul(2)).Add(rel(f + 1)).Len()
				if d > worst {
					worst, where = d, c.Name+" "+name
				}
				if d > 0.10 {
					t.Errorf("%s frame %d: %s moves %.1f cm further than the frame before", c.Name, f, name, d*100)
				}
			}
		}
	}
	t.Logf("largest second difference of a knee or ankle %.1f cm (%s)", worst*100, where)
}
