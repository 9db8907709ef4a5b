package dock

import (
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
)

func loadClip(t *testing.T, name string) (*motion.Clip, *motion.Effectors) {
	t.Helper()
	c, err := motionfile.LoadBVH(shareddata.Path(t, "mocap/"+name), motion.BVHOptions{Scale: motion.CMUScale})
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	return c, eff
}

// period finds the dominant period of a signal by autocorrelation over
// lags in [lo, hi] frames.
func period(x []float64, lo, hi int) int {
	mean := 0.0
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	best, bestLag := math.Inf(-1), lo
	for lag := lo; lag <= hi; lag++ {
		s := 0.0
		for i := 0; i+lag < len(x); i++ {
			s += (x[i] - mean) * (x[i+lag] - mean)
		}
		s /= float64(len(x) - lag)
		if s > best {
			best, bestLag = s, lag
		}
	}
	return bestLag
}

// On a real walk the foot docks alternate left and right, one per step,
// with the clip's stride period, and the foot moves less than 2 cm during
// each.
func TestExtractCMUWalk(t *testing.T) {
	c, eff := loadClip(t, "cmu-walk.bvh")
	tr := c.Trajectory(eff.Hips)
	ds, err := Extract(c, eff, tr[0], DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) < 4 {
		t.Fatalf("%d docks on a 2.9 s walk", len(ds))
	}
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	var ankle []float64
	for f := range c.Frames() {
		ankle = append(ankle, pos[f*n+eff.Feet[0].Joint][1])
	}
	stride := float64(period(ankle, int(0.6/c.FrameTime), int(1.6/c.FrameTime))) * c.FrameTime
	var starts []float64
	for i, d := range ds {
		if d.Template != "foot" {
			t.Errorf("dock %d is a %s dock", i, d.Template)
		}
		if i > 0 && d.Effector == ds[i-1].Effector {
			t.Errorf("docks %d and %d are both %s", i-1, i, d.Effector)
		}
		j := c.Skeleton.Index(d.Effector)
		for f := d.StartFrame; f <= d.EndFrame; f++ {
			for g := f; g <= d.EndFrame; g++ {
				if m := pos[f*n+j].Sub(pos[g*n+j]).Len(); m >= 0.02 {
					t.Fatalf("%s moves %.1f cm during its dock %.2f-%.2f s", d.Effector, m*100, d.Start, d.End)
				}
			}
		}
		starts = append(starts, (d.Start+d.End)/2)
	}
	// Same-foot docks are one stride apart, consecutive docks half of one.
	for i := 2; i < len(starts); i++ {
		if got := starts[i] - starts[i-2]; math.Abs(got-stride) > 0.1*stride {
			t.Errorf("docks %d and %d of %s are %.3f s apart, the stride is %.3f s", i-2, i, ds[i].Effector, got, stride)
		}
	}
	// Walking straight ahead: docks advance along +Z in the start frame.
	for i := 1; i < len(ds); i++ {
		if ds[i].Pose.Position[2] <= ds[i-1].Pose.Position[2]+0.4 {
			t.Errorf("dock %d at z %.2f does not advance a step from %.2f", i, ds[i].Pose.Position[2], ds[i-1].Pose.Position[2])
		}
		if y := math.Abs(float64(ds[i].Pose.Yaw)); y > 0.3 {
			t.Errorf("dock %d turned %.0f degrees on a straight walk", i, y*180/math.Pi)
		}
	}
	t.Logf("%d docks, stride %.3f s", len(ds), stride)
}

// On repeated jumps no foot is docked in flight: while both feet are more
// than 0.1 m above the floor and the root has risen more than 5 cm above
// where it was the last time a foot was on the floor (the capture's floor
// is not level everywhere: the subject also stands with both feet 0.1 m
// above its lowest point, and those are docks).
func TestExtractCMUJumpFlight(t *testing.T) {
	c, eff := loadClip(t, "cmu-jump.bvh")
	tr := c.Trajectory(eff.Hips)
	ds, err := Extract(c, eff, tr[0], DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	flight := 0
	for f, up := range flightFrames(c, eff) {
		if !up {
			continue
		}
		flight++
		for _, d := range ds {
			if d.Template == "foot" && f >= d.StartFrame && f <= d.EndFrame {
				t.Fatalf("%s docked at %.3f s, in flight", d.Effector, float64(f)*c.FrameTime)
			}
		}
	}
	if flight < 30 {
		t.Fatalf("only %d flight frames: the clip or the floor is not what the test expects", flight)
	}
	if len(ds) < 10 {
		t.Fatalf("%d docks on 23 s of jumps", len(ds))
	}
	t.Logf("%d flight frames, %d docks", flight, len(ds))
}

// A synthetic clip: a foot that rests, moves and rests again gives two
// docks at the rests, placed at the ankle's ground point, facing the toe.
func TestExtractSynthetic(t *testing.T) {
	sk := &motion.Skeleton{
		Names:    []string{"Hips", "LeftUpLeg", "LeftFoot", "LeftToeBase", "RightUpLeg"},
		Parents:  []int{-1, 0, 1, 2, 0},
		Offsets:  []mgl64.Vec3{{}, {0.1, -0.1, 0}, {0, -0.8, 0}, {0, -0.05, 0.15}, {-0.1, -0.1, 0}},
		Channels: [][]motion.Channel{{motion.Xposition, motion.Yposition, motion.Zposition}, nil, nil, nil, nil},
		EndSite:  []bool{false, false, false, false, false},
	}
	for i := 1; i < 5; i++ {
		sk.Channels[i] = []motion.Channel{motion.Zrotation}
	}
	c := motion.NewClip(sk, 100, 0.01)
	for f := range 100 {
		z := 0.0
		switch {
		case f >= 30 && f < 60:
			z = float64(f-30) / 30
		case f >= 60:
			z = 1
		}
		c.Trans[f*5] = mgl64.Vec3{0, 0.95, z}
	}
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := Extract(c, eff, motion.RootPoint{}, DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 2 {
		t.Fatalf("%d docks, want 2: %+v", len(ds), ds)
	}
	for i, want := range []float32{0, 1} {
		d := ds[i]
		p := d.Pose.Position
		// The toe is 0.05 below the ankle: the ground is at y = 0.0.
		if math.Abs(float64(p[0]-0.1)) > 1e-6 || math.Abs(float64(p[1])) > 1e-6 || math.Abs(float64(p[2]-want)) > 1e-6 || d.Pose.Yaw != 0 {
			t.Errorf("dock %d at %v yaw %v", i, p, d.Pose.Yaw)
		}
	}
	if ds[0].EndFrame < 25 || ds[0].EndFrame > 30 || ds[1].StartFrame < 60 || ds[1].StartFrame > 65 {
		t.Errorf("intervals %d-%d and %d-%d, want about 0-29 and 60-99", ds[0].StartFrame, ds[0].EndFrame, ds[1].StartFrame, ds[1].EndFrame)
	}
}

// Diagnose names the test a clip fails, one case each on the synthetic
// foot: always moving, still only when high above the floor, still only
// when tilted, still for too short a time; and nothing when it docks.
func TestDiagnose(t *testing.T) {
	sk := &motion.Skeleton{
		Names:    []string{"Hips", "LeftUpLeg", "LeftFoot", "LeftToeBase"},
		Parents:  []int{-1, 0, 1, 2},
		Offsets:  []mgl64.Vec3{{}, {0.1, -0.1, 0}, {0, -0.8, 0}, {0, -0.05, 0.15}},
		Channels: [][]motion.Channel{{motion.Xposition, motion.Yposition, motion.Zposition}, {motion.Zrotation}, {motion.Zrotation}, nil},
		EndSite:  []bool{false, false, false, true},
	}
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	// clip: rests, moves 1 m over frames 30-59, rests; at rest the root
	// is at height y and the foot turned by tilt.
	clip := func(moving bool, y float64, tilt mgl64.Quat) *motion.Clip {
		c := motion.NewClip(sk, 100, 0.01)
		for f := range 100 {
			z, h, r := 0.0, y, tilt
			switch {
			case moving || f >= 30 && f < 60:
				z, h, r = float64(f-30)/30, 0.95, mgl64.QuatIdent()
			case f >= 60:
				z = 1
			}
			c.Trans[f*4] = mgl64.Vec3{0, h, z}
			c.Rot[f*4+2] = r
		}
		return c
	}
	// slowing: the whole body moves at 3.33 m/s but for frames 40-60,
	// at 0.5 m/s: the foot's slowest speed.
	slowing := clip(true, 0.95, mgl64.QuatIdent())
	z := 0.0
	for f := range 100 {
		slowing.Trans[f*4][2] = z
		if f >= 40 && f < 60 {
			z += 0.005
		} else {
			z += 1.0 / 30
		}
	}
	flat := mgl64.QuatIdent()
	tilted := mgl64.QuatRotate(60*math.Pi/180, mgl64.Vec3{1, 0, 0})
	long := DefaultExtractOptions()
	long.MinDuration = 1
	flatFloor := DefaultExtractOptions()
	flatFloor.Steps = false
	strict := DefaultExtractOptions()
	strict.Roll = false
	for _, c := range []struct {
		name string
		clip *motion.Clip
		opt  ExtractOptions
		why  string
	}{
		{"docks", clip(false, 0.95, flat), DefaultExtractOptions(), ""},
		{"moving", clip(true, 0.95, flat), DefaultExtractOptions(), "never still: 3.33 m/s at its slowest"},
		{"slowing", slowing, DefaultExtractOptions(), "never still: 0.50 m/s at its slowest"},
		{"high", clip(false, 1.2, flat), flatFloor, "never near the floor then: 0.25 m above it"},
		// With Steps, the foot standing alone 0.25 m up is on a step.
		{"step", clip(false, 1.2, flat), DefaultExtractOptions(), ""},
		{"tilted", clip(false, 0.95, tilted), strict, "but tilted: 60° from its rest pose's elevation"},
		// With Roll, a foot standing still on its toes is a dock.
		{"tiptoe", clip(false, 0.95, tilted), DefaultExtractOptions(), ""},
		{"short", clip(false, 0.95, flat), long, "for 0.360 s at the longest"},
	} {
		ds, err := Diagnose(c.clip, eff, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		why := ds[0].Why(c.opt)
		if (c.why == "") != (ds[0].Docks > 0) || !strings.Contains(why, c.why) {
			t.Errorf("%s: %d docks, %q; want %q", c.name, ds[0].Docks, why, c.why)
		}
		got, _ := Extract(c.clip, eff, motion.RootPoint{}, c.opt)
		if len(got) != ds[0].Docks {
			t.Errorf("%s: Extract finds %d docks, Diagnose counts %d", c.name, len(got), ds[0].Docks)
		}
	}
}
