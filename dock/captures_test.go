package dock

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
)

// loadCapture reads a shared capture: a BVH file or an Acclaim motion
// with its subject's skeleton.
func loadCapture(t *testing.T, name string) (*motion.Clip, *motion.Effectors) {
	t.Helper()
	if filepath.Ext(name) == ".bvh" {
		return loadClip(t, name)
	}
	dir := shareddata.Path(t, "mocap/asf-amc")
	a, err := motionfile.LoadASF(filepath.Join(dir, name[:2]+".asf"), motion.ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := motionfile.LoadAMC(filepath.Join(dir, name+".amc"), a, motion.AMCOptions{})
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	return c, eff
}

// Every shared capture that walks, runs, turns or climbs gives foot docks
// on alternating sides (two feet standing together at an end count as one
// stand, and a foot may dock twice in a row when it hops: see hop), each
// held on the ground: while it lasts, the ankle or the toe (whichever
// moves less; a running foot rolls over its ball) stays within 1 cm of
// where it was at the dock's start, from the clip's joint positions. The
// runs' strides dock although no frame holds ankle and toe still together.
func TestEveryCaptureDocksAlternately(t *testing.T) {
	for _, name := range []string{
		"cmu-walk.bvh", "cmu-07_01-walk.bvh", "cmu-16_15-walk.bvh", "cmu-09_01-run.bvh",
		"16_17", "16_19", // walks with a 90° turn
		"16_35", "16_41", "16_43", // a run, runs with a 90° turn
		"14_21", // climbing three steps
	} {
		c, eff := loadCapture(t, name)
		ds, err := Extract(c, eff, c.Trajectory(eff.Hips)[0], DefaultExtractOptions())
		if err != nil {
			t.Fatal(err)
		}
		n := c.Skeleton.NumJoints()
		pos := c.Positions()
		var sides []motion.Side
		var last Extracted
		worst := 0.0
		for _, d := range ds {
			if d.Template != "foot" {
				continue
			}
			e := eff.Feet[0]
			if d.Side != e.Side {
				e = eff.Feet[1]
			}
			held := math.Inf(1)
			for _, j := range []int{e.Joint, e.Tip} {
				m := 0.0
				for f := d.StartFrame; f <= d.EndFrame; f++ {
					m = max(m, pos[f*n+j].Sub(pos[d.StartFrame*n+j]).Len())
				}
				held = min(held, m)
			}
			worst = max(worst, held)
			if held > 0.01+1e-9 {
				t.Errorf("%s: %s's dock at %.2f-%.2f s moves %.3f m", name, d.Effector, d.Start, d.End, held)
			}
			together := len(sides) > 0 && d.StartFrame == last.StartFrame
			if len(sides) > 0 && d.Side == sides[len(sides)-1] && !together && !hop(pos, n, c.FrameTime, eff, d.Side, last.EndFrame, d.StartFrame) {
				t.Errorf("%s: two docks of %s in a row (%.2f s, %.2f s)", name, d.Effector, last.Start, d.Start)
			}
			sides, last = append(sides, d.Side), d
		}
		if len(sides) < 2 {
			t.Errorf("%s: %d foot docks", name, len(sides))
		}
		t.Logf("%s: %d foot docks, held to %.3f m", name, len(sides), worst)
	}
}

// The Acclaim jumps dock no foot in flight (both feet more than 0.1 m
// above the floor and the root risen 5 cm above where it stood), and dock
// both feet before and after.
func TestCaptureJumpsDockNothingInFlight(t *testing.T) {
	for _, name := range []string{"16_01", "16_07"} {
		c, eff := loadCapture(t, name)
		ds, err := Extract(c, eff, c.Trajectory(eff.Hips)[0], DefaultExtractOptions())
		if err != nil {
			t.Fatal(err)
		}
		flight := flightFrames(c, eff)
		count, feet := 0, 0
		for f, up := range flight {
			if !up {
				continue
			}
			count++
			for _, d := range ds {
				if d.Template == "foot" && f >= d.StartFrame && f <= d.EndFrame {
					t.Errorf("%s: %s docked at %.3f s, in flight", name, d.Effector, float64(f)*c.FrameTime)
				}
			}
		}
		for _, d := range ds {
			if d.Template == "foot" {
				feet++
			}
		}
		if count < 10 || feet < 4 {
			t.Errorf("%s: %d frames in flight, %d foot docks", name, count, feet)
		}
		t.Logf("%s: %d frames in flight, %d foot docks", name, count, feet)
	}
}

// flightFrames marks the frames where both feet are more than 0.1 m above
// the lowest any foot goes and the root has risen more than 5 cm above
// its height the last time a foot was that low.
func flightFrames(c *motion.Clip, eff *motion.Effectors) []bool {
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	lowest := func(f int, e motion.Effector) float64 {
		y := math.Inf(1)
		for j := range n {
			if j == e.Joint || c.Skeleton.IsAncestor(e.Joint, j) {
				y = min(y, pos[f*n+j][1])
			}
		}
		return y
	}
	floor := math.Inf(1)
	for f := range c.Frames() {
		for _, e := range eff.Feet {
			floor = min(floor, lowest(f, e))
		}
	}
	out := make([]bool, c.Frames())
	standing := pos[0][1]
	for f := range out {
		if lowest(f, eff.Feet[0]) <= floor+0.1 || lowest(f, eff.Feet[1]) <= floor+0.1 {
			standing = pos[f*n][1]
			continue
		}
		out[f] = pos[f*n][1] > standing+0.05
	}
	return out
}

// hop reports whether the foot on side landed twice with the other never
// standing in between: over frames (a, b) both feet are more than 5 cm
// above the clip's floor (the lowest any foot joint or tip reaches) at
// some frame, and the other foot is never within 3 cm of it with its
// joint or tip slower than 0.5 m/s.
func hop(pos []mgl64.Vec3, n int, dt float64, eff *motion.Effectors, side motion.Side, a, b int) bool {
	low := func(f int, e motion.Effector) float64 { return min(pos[f*n+e.Joint][1], pos[f*n+e.Tip][1]) }
	floor := math.Inf(1)
	for f := range len(pos) / n {
		for _, e := range eff.Feet {
			floor = min(floor, low(f, e))
		}
	}
	flight := false
	for f := a + 1; f < b; f++ {
		up := true
		for _, e := range eff.Feet {
			up = up && low(f, e)-floor > 0.05
			if e.Side == side {
				continue
			}
			v := min(pos[f*n+e.Joint].Sub(pos[(f-1)*n+e.Joint]).Len(), pos[f*n+e.Tip].Sub(pos[(f-1)*n+e.Tip]).Len()) / dt
			if low(f, e)-floor <= 0.03 && v < 0.5 {
				return false
			}
		}
		flight = flight || up
	}
	return flight
}
