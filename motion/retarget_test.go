package motion

import (
	"math"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/go-gl/mathgl/mgl64"
)

// TestRetargetCMUBVHOntoItsAcclaimSkeleton: CMU's BVH conversion of a
// subject-16 walk, moved onto subject 16's Acclaim skeleton (the same
// hierarchy, other names, other rest directions): at every frame every
// bone of one child points where the capture's does (to 1e-9 rad), the
// bones keep the Acclaim skeleton's lengths, and the root moves as the
// capture's times the legs' ratio.
func TestRetargetCMUBVHOntoItsAcclaimSkeleton(t *testing.T) {
	c, err := loadBVH(shareddata.Path(t, "mocap/cmu-16_15-walk.bvh"), BVHOptions{Scale: CMUScale})
	if err != nil {
		t.Fatal(err)
	}
	a, err := loadASF(shareddata.Path(t, "mocap/asf-amc/16.asf"), ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dst := a.Skeleton
	const scale = 1.07
	out, err := Retarget(c, dst, scale)
	if err != nil {
		t.Fatal(err)
	}
	n := dst.NumJoints()
	ps, pd := c.Positions(), out.Positions()
	children := dst.Children()
	worst, stretch := 0.0, 0.0
	for f := range c.Frames() {
		if d := pd[f*n].Sub(ps[f*n].Mul(scale)).Len(); d > 1e-9 {
			t.Fatalf("frame %d: root %v, want the capture's %v times %g", f, pd[f*n], ps[f*n], scale)
		}
		for j := range n {
			if len(children[j]) != 1 {
				continue
			}
			k := children[j][0]
			u, v := ps[f*n+k].Sub(ps[f*n+j]), pd[f*n+k].Sub(pd[f*n+j])
			if u.Len() < 1e-6 || v.Len() < 1e-6 {
				continue
			}
			worst = max(worst, math.Acos(min(1, u.Normalize().Dot(v.Normalize()))))
			stretch = max(stretch, math.Abs(v.Len()-dst.Offsets[k].Len()))
		}
	}
	t.Logf("%d frames: bones off the capture's by %.2g rad at most, lengths off the skeleton's by %.2g m", c.Frames(), worst, stretch)
	if worst > 1e-6 || stretch > 1e-9 {
		t.Errorf("bones off by %.3g rad, lengths by %.3g m", worst, stretch)
	}
	other := &Skeleton{Names: []string{"a", "b"}, Parents: []int{-1, 0}, Offsets: []mgl64.Vec3{{}, {0, 1, 0}}, Channels: [][]Channel{nil, nil}, EndSite: []bool{false, true}}
	if _, err := Retarget(c, other, 1); err == nil {
		t.Error("another hierarchy retargeted")
	}
}
