package motion

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A skeleton written in another joint order, with a random motion, moved
// back onto the original order poses every joint where the original does
// (an oracle: forward kinematics of both, matched by name).
func TestReorder(t *testing.T) {
	a := &Skeleton{}
	hips := addJoint(a, "hips", -1, mgl64.Vec3{0, 1, 0})
	addJoint(a, "lleg", hips, mgl64.Vec3{0.1, -0.5, 0})
	addJoint(a, "rleg", hips, mgl64.Vec3{-0.1, -0.5, 0})
	spine := addJoint(a, "spine", hips, mgl64.Vec3{0, 0.3, 0})
	addJoint(a, "head", spine, mgl64.Vec3{0, 0.4, 0.05})
	b := &Skeleton{}
	hips = addJoint(b, "hips", -1, mgl64.Vec3{0, 1, 0})
	spine = addJoint(b, "spine", hips, mgl64.Vec3{0, 0.3, 0})
	addJoint(b, "head", spine, mgl64.Vec3{0, 0.4, 0.05})
	addJoint(b, "rleg", hips, mgl64.Vec3{-0.1, -0.5, 0})
	addJoint(b, "lleg", hips, mgl64.Vec3{0.1, -0.5, 0})
	c := NewClip(b, 5, 1.0/30)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range c.Rot {
		c.Rot[i] = mgl64.QuatRotate(r.Float64()*3, mgl64.Vec3{r.Float64(), r.Float64(), r.Float64() + 0.1}.Normalize())
	}
	c.Trans[0] = mgl64.Vec3{0.3, 0.9, 1}
	out, err := Reorder(c, a)
	if err != nil {
		t.Fatal(err)
	}
	pa, pb := out.Positions(), c.Positions()
	n := a.NumJoints()
	for f := range c.Frames() {
		for j, name := range a.Names {
			if d := pa[f*n+j].Sub(pb[f*n+b.Index(name)]).Len(); d > 1e-12 {
				t.Fatalf("frame %d: %s is %.3g m from where it was", f, name, d)
			}
		}
	}
	b.Offsets[b.Index("head")] = mgl64.Vec3{0, 0.5, 0}
	if _, err := Reorder(c, a); err == nil || !strings.Contains(err.Error(), `"head"`) {
		t.Errorf("another head offset: got %v, want an error naming the head", err)
	}
	b.Names[b.Index("head")] = "skull"
	if _, err := Reorder(c, a); err == nil || !strings.Contains(err.Error(), `no joint "head"`) {
		t.Errorf("another name: got %v", err)
	}
}
