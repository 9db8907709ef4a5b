package motion

import (
	"math"
	"testing"
)

// Resampling keeps the poses at shared times: 120 fps to 30 fps keeps
// every fourth frame exactly, and back to 120 fps interpolates between
// them, close to the original on a smooth walk.
func TestResample(t *testing.T) {
	c := loadMocap(t, "cmu-walk.bvh")
	c, _ = c.Slice(1, c.Frames()) // the first frame is a calibration pose
	slow, err := c.Resample(c.FrameTime * 4)
	if err != nil {
		t.Fatal(err)
	}
	if want := int(math.Round(c.Duration()/(c.FrameTime*4))) + 1; slow.Frames() != want {
		t.Fatalf("%d frames, want %d", slow.Frames(), want)
	}
	n := c.Skeleton.NumJoints()
	pc, ps := c.Positions(), slow.Positions()
	for f := 0; f < slow.Frames() && 4*f < c.Frames(); f++ {
		if d := maxJointDist(pc[4*f*n:(4*f+1)*n], ps[f*n:(f+1)*n]); d > 1e-9 {
			t.Fatalf("frame %d moved %g m", f, d)
		}
	}
	back, err := slow.Resample(c.FrameTime)
	if err != nil {
		t.Fatal(err)
	}
	pb := back.Positions()
	worst := 0.0
	for f := 0; f < min(back.Frames(), c.Frames()); f++ {
		worst = max(worst, maxJointDist(pc[f*n:(f+1)*n], pb[f*n:(f+1)*n]))
	}
	if worst > 0.02 {
		t.Errorf("30 fps and back is %.3f m off", worst)
	}
	if _, err := c.Resample(0); err == nil {
		t.Error("frame time 0 accepted")
	}
	if _, err := c.Slice(5, 5); err == nil {
		t.Error("empty slice accepted")
	}
}
