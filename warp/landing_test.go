package warp

import (
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/internal/legoracle"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// A walk up a 25° slope, every dock on the slope and tilted onto it as the
// planner's targets are: the landing foot comes down onto the slope
// without going into it. Its ankle, toe base and toes' tip, measured
// against the plane itself in the written positions, never lie deeper
// under it than 2 mm (the flat clip's own toes dip 1–2 mm below where
// they stand as they land); the docks are met exactly, and no knee or
// ankle moves 0.25 m further in a frame than in the one before
// (legoracle.Snap, the bound of the walks).
func TestWarpLandsOnASlope(t *testing.T) {
	lib := defaultLib(t)
	a := lib.Get("walk.l")
	frame := action.Frame{}
	sk := a.Clip.Skeleton
	n := sk.NumJoints()
	slope := 25 * math.Pi / 180
	normal := mgl64.Vec3{0, math.Cos(slope), -math.Sin(slope)} // rising along +Z
	height := func(p mgl64.Vec3) float64 { return p[2] * math.Tan(slope) }
	m := &scenes.Mesh{Positions: []float32{-5, float32(height(mgl64.Vec3{0, 0, -5})), -5, 5, float32(height(mgl64.Vec3{0, 0, -5})), -5,
		5, float32(height(mgl64.Vec3{0, 0, 5})), 5, -5, float32(height(mgl64.Vec3{0, 0, 5})), 5},
		Indices: []uint32{0, 2, 1, 0, 3, 2}}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tilt := ik.FromTo(mgl64.Vec3{0, 1, 0}, normal)
	var ts []Target
	var foot string
	land := 0.0
	for k, d := range a.Docks {
		p := frame.DockPose(d.Pose)
		p.Position[1] = float32(height(vec(p.Position)))
		ts = append(ts, Target{Dock: k, Pose: p, Tilt: tilt})
		if d.Template == "foot" && d.Start > 0.2 {
			foot, land = d.Effector, d.Start
		}
	}
	if foot == "" {
		t.Fatal("no landing foot")
	}
	j := sk.Index(foot)
	if !strings.HasSuffix(sk.Names[j+2], "_End") {
		t.Fatalf("%s's chain is %v", foot, sk.Names[j:j+3])
	}
	w, err := Warp(a, frame, ts, Carry{}, Options{Ground: bvh})
	if err != nil {
		t.Fatal(err)
	}
	pos := w.Clip.Positions()
	docked := int(math.Round(land / a.Clip.FrameTime))
	deepest, at, where := 0.0, 0, ""
	for f := max(docked-int(0.15/a.Clip.FrameTime), 0); f < docked; f++ {
		for _, k := range []int{j, j + 1, j + 2} {
			p := pos[f*n+k]
			if d := height(p) - p[1]; d > deepest {
				deepest, at, where = d, f, sk.Names[k]
			}
		}
	}
	t.Logf("%s landing on a 25° slope: %.1f mm under it at most (%s, frame %d; docked from frame %d)", foot, deepest*1000, where, at, docked)
	if deepest > 0.002 {
		t.Errorf("%s goes %.1f mm into the slope at frame %d, before it docks at frame %d", where, deepest*1000, at, docked)
	}
	for _, r := range w.Docks {
		if !r.Reached || r.Error > 1e-6 {
			t.Errorf("dock %d: reached %v, error %g", r.Dock, r.Reached, r.Error)
		}
	}
	snap, at2, err := legoracle.Snap(w.Clip)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("legs: the largest second difference %.3f m (%s)", snap, at2)
	if snap > 0.25 {
		t.Errorf("the legs snap %.3f m (%s)", snap, at2)
	}
}
