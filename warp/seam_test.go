package warp

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// dockChains are the joints (effector, knee or elbow, hip or shoulder) of
// the docks of a held at clip frame f: the IK poses them.
func dockChains(a *action.Action, f int) map[int]bool {
	sk := a.Clip.Skeleton
	out := map[int]bool{}
	for _, d := range a.Docks {
		if f < int(math.Round(d.Start/a.Clip.FrameTime)) || f > int(math.Round(d.End/a.Clip.FrameTime)) {
			continue
		}
		j := sk.Index(d.Effector)
		out[j], out[sk.Parents[j]], out[sk.Parents[sk.Parents[j]]] = true, true, true
	}
	return out
}

// warpBoth warps a at frame onto ts as a first action without options,
// and continuing from from with opt.
func warpBoth(t *testing.T, a *action.Action, frame action.Frame, ts []Target, from Carry, opt Options) (plain, with *Result) {
	t.Helper()
	plain, err := Warp(a, frame, ts, Carry{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	with, err = Warp(a, frame, ts, from, opt)
	if err != nil {
		t.Fatal(err)
	}
	return plain, with
}

// warpPair warps a at frame onto ts with o1 and with o2.
func warpPair(t *testing.T, a *action.Action, frame action.Frame, ts []Target, o1, o2 Options) (*Result, *Result) {
	t.Helper()
	r1, err := Warp(a, frame, ts, Carry{}, o1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Warp(a, frame, ts, Carry{}, o2)
	if err != nil {
		t.Fatal(err)
	}
	return r1, r2
}

// docksMet checks that r met every dock exactly.
func docksMet(t *testing.T, r *Result) {
	t.Helper()
	for _, d := range r.Docks {
		if !d.Reached || d.Error > 1e-6 {
			t.Errorf("dock %d: reached %v, error %g", d.Dock, d.Reached, d.Error)
		}
	}
}

// sameTurn reports whether two unit quaternions turn alike to tol radians.
func sameTurn(p, q mgl64.Quat, tol float64) bool {
	return turnBetween(p, q) <= tol
}

// turnBetween is the angle of the rotation from q to p.
func turnBetween(p, q mgl64.Quat) float64 {
	d := p.Mul(q.Inverse())
	return 2 * math.Atan2(d.V.Len(), math.Abs(d.W))
}

// TestWarpFadesFromTheActionBefore: walk.l warped after the idle
// (Carry.From) starts in the idle's last pose — every joint the IK does
// not pose turned as the idle's last frame has it, the root turned and
// raised relative to the action frame as the idle ends relative to its end
// frame — and is from 0.25 s on exactly the warp without From; every docked
// foot is where that warp puts it in every docked frame.
func TestWarpFadesFromTheActionBefore(t *testing.T) {
	lib := defaultLib(t)
	a, from := lib.Get("walk.l"), lib.Get("idle")
	frame := action.Frame{Position: mgl64.Vec3{1, 0.2, -2}, Yaw: 0.6}
	ts := expectedTargets(a, frame)
	plain, faded := warpBoth(t, a, frame, ts, Carry{From: from}, Options{})
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	pc := from.Clip
	last := pc.Frames() - 1
	posed := dockChains(a, 0)
	moved := 0.0
	for j := 1; j < n; j++ {
		if posed[j] {
			continue
		}
		if !sameTurn(faded.Clip.Rot[j], pc.Rot[last*n+j], 1e-9) {
			t.Errorf("%s at the first frame is not the idle's last: %v vs %v", sk.Names[j], faded.Clip.Rot[j], pc.Rot[last*n+j])
		}
		moved = math.Max(moved, turnBetween(plain.Clip.Rot[j], pc.Rot[last*n+j]))
	}
	if moved < 0.02 {
		t.Fatalf("the idle's last pose and walk.l's first differ by %.3f rad at most: the case tests nothing", moved)
	}
	up := mgl64.Vec3{0, 1, 0}
	end := pc.RootPointAt(last, from.Effectors.Hips)
	wantRoot := mgl64.QuatRotate(-end.Yaw, up).Mul(pc.Rot[last*n])
	if got := mgl64.QuatRotate(-frame.Yaw, up).Mul(faded.Clip.Rot[0]); !sameTurn(got, wantRoot, 1e-9) {
		t.Errorf("the root's first turn %v, want the idle's last %v", got, wantRoot)
	}
	wantY := pc.Trans[last*n][1] - from.Ground - from.Delta.Translation[1]
	if got := faded.Clip.Trans[0][1] - frame.Position[1]; math.Abs(got-wantY) > 1e-9 {
		t.Errorf("the root starts %.4f m up, want the idle's %.4f m", got, wantY)
	}
	pp, fp := plain.Clip.Positions(), faded.Clip.Positions()
	for f := int(math.Ceil(0.25/a.Clip.FrameTime)) + 1; f < a.Clip.Frames(); f++ {
		for j := range n {
			if d := fp[f*n+j].Sub(pp[f*n+j]).Len(); d > 1e-9 {
				t.Fatalf("frame %d: %s %.2g m off the warp without the fade", f, sk.Names[j], d)
			}
		}
	}
	for _, d := range a.Docks {
		j := sk.Index(d.Effector)
		for f := int(math.Round(d.Start / a.Clip.FrameTime)); f <= int(math.Round(d.End/a.Clip.FrameTime)); f++ {
			if e := fp[f*n+j].Sub(pp[f*n+j]).Len(); e > 1e-6 {
				t.Errorf("frame %d: the docked %s moved %.2g m by the fade", f, d.Effector, e)
			}
		}
	}
	docksMet(t, faded)
}

// TestWarpLiftsNoFasterThanLiftSpeed: walk.r's landing foot swings into a
// 0.3 m block that starts right where it lifts off. Its lift over the
// warp without the scene (the ankle's height over that warp's) changes by
// at most liftSpeed a second from frame to frame, and is 0 while it is
// docked; the foot is lifted (the case tests something).
func TestWarpLiftsNoFasterThanLiftSpeed(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.r")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	land := a.Docks[len(a.Docks)-1] // the landing foot's
	if land.Template != "foot" || land.Start < 0.2 {
		t.Fatalf("walk.r's last dock is no landing: %+v", land)
	}
	j := sk.Index(land.Effector)
	p := placedPositions(a, frame)[j]
	// A block's top 0.3 m up, from just ahead of the foot's first frame to
	// 2 m on, over a floor.
	bvh, err := scenes.NewBVH(&scenes.Mesh{Positions: []float32{
		float32(p[0] - 0.4), 0.3, float32(p[2] + 0.12), float32(p[0] + 0.4), 0.3, float32(p[2] + 0.12),
		float32(p[0] + 0.4), 0.3, float32(p[2] + 2.12), float32(p[0] - 0.4), 0.3, float32(p[2] + 2.12),
		-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5},
		Indices: []uint32{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7}}, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	plain, lifted := warpBoth(t, a, frame, ts, Carry{}, Options{Ground: bvh})
	pp, lp := plain.Clip.Positions(), lifted.Clip.Positions()
	ft := a.Clip.FrameTime
	lift := func(f int) float64 { return lp[f*n+j][1] - pp[f*n+j][1] }
	most, fastest := 0.0, 0.0
	for f := 1; f < a.Clip.Frames(); f++ {
		most = math.Max(most, lift(f))
		fastest = math.Max(fastest, math.Abs(lift(f)-lift(f-1))/ft)
		if docked := f >= int(math.Round(land.Start/ft)) && f <= int(math.Round(land.End/ft)); docked && math.Abs(lift(f)) > 1e-9 {
			t.Errorf("frame %d: the docked %s is lifted %.3f m", f, land.Effector, lift(f))
		}
	}
	t.Logf("%s lifted %.3f m at most, changing %.2f m/s at most", land.Effector, most, fastest)
	if most < 0.05 {
		t.Fatalf("the foot is lifted %.3f m: the case tests nothing", most)
	}
	if fastest > liftSpeed+1e-6 {
		t.Errorf("the lift changes %.2f m/s, more than %.1f", fastest, liftSpeed)
	}
}

// TestWarpCarriesTheFoot: a foot the action before left 6 cm off its clip
// (Carry.FootOffset) starts there in walk.l, where it swings, and is
// back on the warp without the offset by carryTime; a foot walk.l docks
// from its first frame is not moved.
func TestWarpCarriesTheFoot(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	off := mgl64.Vec3{0.04, 0.02, -0.04}
	plain, carried := warpBoth(t, a, frame, ts, Carry{FootOffset: [2]mgl64.Vec3{off, off}}, Options{})
	pp, cp := plain.Clip.Positions(), carried.Clip.Positions()
	swings := 0
	for _, e := range a.Effectors.Feet {
		j := e.Joint
		if dockChains(a, 0)[j] {
			for f := range a.Clip.Frames() {
				if d := cp[f*n+j].Sub(pp[f*n+j]).Len(); d > 1e-9 {
					t.Fatalf("frame %d: the docked %s moved %.2g m", f, sk.Names[j], d)
				}
			}
			continue
		}
		swings++
		if d := cp[j].Sub(pp[j]).Sub(off).Len(); d > 1e-6 {
			t.Errorf("the swinging %s starts %.2g m from where it was left", sk.Names[j], d)
		}
		for f := int(math.Ceil(carryTime/a.Clip.FrameTime)) + 1; f < a.Clip.Frames(); f++ {
			if d := cp[f*n+j].Sub(pp[f*n+j]).Len(); d > 1e-9 {
				t.Fatalf("frame %d: %s still %.2g m off", f, sk.Names[j], d)
			}
		}
		for f := 1; f < a.Clip.Frames(); f++ {
			step := cp[f*n+j].Sub(cp[(f-1)*n+j]).Len() - pp[f*n+j].Sub(pp[(f-1)*n+j]).Len()
			if step > 0.01 {
				t.Errorf("frame %d: %s moves %.3f m more than without the offset", f, sk.Names[j], step)
			}
		}
	}
	if swings != 1 {
		t.Fatalf("walk.l swings %d feet from its start, want 1", swings)
	}
}
