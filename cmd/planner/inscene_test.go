package main

import (
	"math"
	"testing"

	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/go-gl/mathgl/mgl64"
)

// A ceiling lowered d into the standing adult's head: measureInScene finds
// the head d deep in every frame (a part that may touch nothing, under a
// face wider than the body), and with the ceiling 1 cm above the head
// nothing in the scene, the clearance 1 cm. The top of the head is found
// from the capsules' ends and radii alone.
func TestMeasureInSceneUnderACeiling(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := planner.DefaultBody(lib, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := lib.Actions[lib.Index("idle")].Clip
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	top := math.Inf(-1)
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		for _, k := range m.Capsules {
			a, b := pos[k.Joint].Add(world[k.Joint].Rotate(k.A)), pos[k.Joint].Add(world[k.Joint].Rotate(k.B))
			top = max(top, a[1]+k.Radius, b[1]+k.Radius)
		}
	}
	ceiling := func(y float64) *scenes.Mesh {
		h := float32(y)
		return &scenes.Mesh{Positions: []float32{-10, h, -10, 10, h, -10, 0, h, 10}, Indices: []uint32{0, 1, 2}}
	}
	for _, d := range []float64{0.05, -0.01} {
		got := measureInScene(capsuleoracle.NewScene(ceiling(top-d)), m, c)
		share := 0.0
		if d > InSceneDepth {
			share = 1
		}
		if math.Abs(got.DeepestM-d) > 2e-3 || got.Share != share || (d > 0 && got.Part != "head") {
			t.Errorf("ceiling %.2f m into the head: %+v, want %.2f m (the head) in a share %g of frames", d, got, d, share)
		}
	}
}

// facingToFit turns a start 45° at a time to the first way the body fits,
// else to the yaw the start was picked with (where the planner may move
// it to fit), even where the body fits no way as it is.
func TestFacingToFit(t *testing.T) {
	s := &script.Script{YawDeg: 100}
	near := func(want float64) func(*script.Script) bool {
		return func(s *script.Script) bool { return math.Abs(math.Remainder(s.YawDeg-want, 360)) < 1 }
	}
	if got := facingToFit(s, near(235), 0).YawDeg; math.Abs(math.Remainder(got-235, 360)) > 1e-9 {
		t.Errorf("turned to %g°, want 235°", got)
	}
	s.YawDeg = 100
	if got := facingToFit(s, near(-17), -17).YawDeg; got != -17 {
		t.Errorf("turned to %g°, want the picked start's -17°", got)
	}
	s.YawDeg = 100
	if got := facingToFit(s, func(*script.Script) bool { return false }, -17).YawDeg; got != -17 {
		t.Errorf("turned to %g° where nothing fits as it is, want the picked start's -17°", got)
	}
}
