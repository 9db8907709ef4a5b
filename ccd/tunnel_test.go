package ccd_test

import (
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// slab is an axis-aligned box as 12 triangles.
func slab(lo, hi mgl64.Vec3) []otri {
	c := func(i int) mgl64.Vec3 {
		v := lo
		for k := range 3 {
			if i>>k&1 == 1 {
				v[k] = hi[k]
			}
		}
		return v
	}
	quads := [6][4]int{{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 6, 7, 5}}
	var out []otri
	for _, q := range quads {
		out = append(out, otri{c(q[0]), c(q[1]), c(q[2])}, otri{c(q[0]), c(q[2]), c(q[3])})
	}
	return out
}

// TestHandTunnelsThinWall: a 30 Hz clip whose hand is 0.3 m before a 2 cm
// wall at one frame and 0.3 m past it at the next is caught between the
// two frames, though neither frame touches the wall; the same hand moving
// along the wall is clear.
func TestHandTunnelsThinWall(t *testing.T) {
	m := arm(0.08, 0.025)
	m.Capsules[0].Part = body.Hand
	wall := slab(mgl64.Vec3{-0.01, -2, -2}, mgl64.Vec3{0.01, 2, 2})
	bvh, err := scenes.NewBVH(meshOf(wall), scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ccd.NewScene(bvh)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := ccd.NewSweeps(action.NewLibrary(), m, ccd.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := ccd.NewChecker(sw, sc)
	punch := func(from, to mgl64.Vec3) *motion.Clip {
		clip := motion.NewClip(m.Skeleton, 2, 1.0/30)
		for f, p := range []mgl64.Vec3{from, to} {
			clip.Trans[f*3] = p
			clip.Rot[f*3], clip.Rot[f*3+1] = mgl64.QuatRotate(-1.5707963267948966, mgl64.Vec3{0, 0, 1}), mgl64.QuatIdent()
		}
		return clip
	}
	through := punch(mgl64.Vec3{-0.3 - 0.38, 0, 0}, mgl64.Vec3{0.3, 0, 0})
	o := newOracle(m, through)
	for f := range 2 {
		for _, tr := range wall {
			if g := o.gap(0, tr, float64(f)/30); g < 0.2 {
				t.Fatalf("frame %d is %.3f m from the wall: not a tunnelling case", f, g)
			}
		}
	}
	var ct ccd.Contact
	if c.Clip(through, &ct) {
		t.Fatalf("the hand passing through the wall between two frames is not caught")
	}
	if ct.Time <= 0 || ct.Time >= 1.0/30 {
		t.Errorf("contact at %.4f s, not between the frames", ct.Time)
	}
	if g := o.gap(0, wall[ct.Triangle], ct.Time); g > sw.Options().Epsilon-sw.Options().Sink {
		t.Errorf("the oracle's gap at the reported contact is %.5f m", g)
	}
	if !c.Clip(punch(mgl64.Vec3{-0.5, 0, -1}, mgl64.Vec3{-0.5, 0, 1}), &ct) {
		t.Errorf("a hand moving along the wall 0.4 m off it is reported touching it: %+v", ct)
	}
}
