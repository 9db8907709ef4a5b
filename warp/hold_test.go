package warp

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"
)

// A walk whose supports all lie 4 cm to the side of and 5 cm behind where
// it expects them, turned 6° off its heading: warped with Options.Hold the
// root keeps the ground-plane path and heading of the action played
// unwarped at its frame (the warp with no targets), while forward
// kinematics of the warped clip still puts every docked effector on its
// target; warped without it, the root follows the supports by centimetres.
func TestWarpHold(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{Position: mgl64.Vec3{1, 0, 2}, Yaw: 0.3}
	shift := mgl64.Vec3{0.04, 0, -0.05}
	var ts []Target
	for k, d := range a.Docks {
		p := frame.DockPose(d.Pose)
		p.Position[0] += float32(shift[0])
		p.Position[2] += float32(shift[2])
		p.Yaw += float32(6 * math.Pi / 180)
		ts = append(ts, Target{Dock: k, Pose: p})
	}
	plain, err := Warp(a, frame, nil, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	held, err := Warp(a, frame, ts, Carry{}, Options{Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	free, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if held.Turn != 0 || free.Turn == 0 {
		t.Errorf("turn held %g, free %g: want none held, some free", held.Turn, free.Turn)
	}
	n := a.Clip.Skeleton.NumJoints()
	heldOff, freeOff, yawOff := 0.0, 0.0, 0.0
	for f := range a.Clip.Frames() {
		p, h, r := plain.Clip.Trans[f*n], held.Clip.Trans[f*n], free.Clip.Trans[f*n]
		heldOff = math.Max(heldOff, math.Hypot(h[0]-p[0], h[2]-p[2]))
		freeOff = math.Max(freeOff, math.Hypot(r[0]-p[0], r[2]-p[2]))
		fp := plain.Clip.Rot[f*n].Rotate(mgl64.Vec3{0, 0, 1})
		fh := held.Clip.Rot[f*n].Rotate(mgl64.Vec3{0, 0, 1})
		yawOff = math.Max(yawOff, math.Abs(math.Remainder(math.Atan2(fh[0], fh[2])-math.Atan2(fp[0], fp[2]), 2*math.Pi)))
	}
	t.Logf("root off the unwarped path: held %.2g m (heading %.2g rad), free %.3f m", heldOff, yawOff, freeOff)
	if heldOff > 1e-9 || yawOff > 1e-9 {
		t.Errorf("held root leaves the unwarped path by %g m and %g rad", heldOff, yawOff)
	}
	if freeOff < 0.03 {
		t.Errorf("the free root follows the supports by %.3f m only: the case tests nothing", freeOff)
	}
	// Where the clip has each docked effector relative to its dock's
	// expected pose, carried onto the target's pose.
	pos, ref := held.Clip.Positions(), plain.Clip.Positions()
	sk := a.Clip.Skeleton
	worst := 0.0
	for k, d := range a.Docks {
		j := sk.Index(d.Effector)
		exp, tg := frame.DockPose(d.Pose), ts[k].Pose
		for f := int(math.Round(d.Start / a.Clip.FrameTime)); f <= int(math.Round(d.End/a.Clip.FrameTime)); f++ {
			local := turnY(ref[f*n+j].Sub(vec(exp.Position)), -float64(exp.Yaw))
			want := vec(tg.Position).Add(turnY(local, float64(tg.Yaw)))
			worst = math.Max(worst, pos[f*n+j].Sub(want).Len())
		}
	}
	t.Logf("docked effectors held: %.2g m off where the clip has them on their targets at most", worst)
	if worst > 1e-3 {
		t.Errorf("a docked effector lies %.4f m off its target", worst)
	}
	for _, r := range held.Docks {
		if !r.Reached {
			t.Errorf("dock %d not reached (error %.4f m)", r.Dock, r.Error)
		}
	}
}

// turnY turns v by yaw about +Y (yaw 0 faces +Z, π/2 faces +X).
func turnY(v mgl64.Vec3, yaw float64) mgl64.Vec3 {
	s, c := math.Sincos(yaw)
	return mgl64.Vec3{c*v[0] + s*v[2], v[1], -s*v[0] + c*v[2]}
}
