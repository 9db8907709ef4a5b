package ccd_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// A scene whose second layer holds crates (Scene.With: only the crates
// prepared) answers every plan check and every clip check as the scene of
// the whole mesh does: the same verdicts and contacts (capsule, time,
// triangle of the whole mesh, gap).
func TestWithEqualsWhole(t *testing.T) {
	s := steppingStage(t)
	static, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var crates sceneload.Builder
	r := rand.New(rand.NewPCG(4, 4))
	b := static.Bounds()
	for range 6 {
		x := b.Min[0] + r.Float32()*(b.Max[0]-b.Min[0])
		z := b.Min[2] + r.Float32()*(b.Max[2]-b.Min[2])
		h := 0.2 + r.Float32()*0.6
		crates.Box(mgl32.Vec3{x - h, 0, z - h}, mgl32.Vec3{x + h, 2 * h, z + h})
	}
	whole := &scenes.Mesh{Positions: append([]float32(nil), static.Positions...), Indices: append([]uint32(nil), static.Indices...)}
	nv := uint32(static.NumVertices())
	whole.Positions = append(whole.Positions, crates.Mesh().Positions...)
	for _, i := range crates.Mesh().Indices {
		whole.Indices = append(whole.Indices, i+nv)
	}
	base, _ := scenes.NewBVH(static, scenes.BVHOptions{})
	extra, _ := scenes.NewBVH(crates.Mesh(), scenes.BVHOptions{})
	sc, err := ccd.NewScene(base)
	if err != nil {
		t.Fatal(err)
	}
	layered, err := sc.With(base.With(extra, int32(static.NumTriangles())))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc.With(base); err == nil {
		t.Error("a BVH without a second layer was taken")
	}
	c1, c2 := ccd.NewChecker(s.sweeps, layered), ccd.NewChecker(s.sweeps, checkScene(t, whole))
	hits := 0
	for i, f := range s.frames {
		a := int32(i % len(s.lib.Actions))
		var ct1, ct2 ccd.Contact
		ok1, ok2 := c1.Action(a, f, 0, &ct1), c2.Action(a, f, 0, &ct2)
		if ok1 != ok2 {
			t.Fatalf("frame %d action %d: layered %v %+v, whole %v %+v", i, a, ok1, ct1, ok2, ct2)
		}
		if !ok1 {
			hits++
		}
		if ok1 || i%4 != 0 {
			continue
		}
		// The executed clip: the earliest contact, the same in both.
		clip := placedClip(t, s.lib.Actions[a], f, 0)
		ok1, ok2 = c1.Clip(clip, &ct1), c2.Clip(clip, &ct2)
		if ok1 != ok2 || ct1.Time != ct2.Time {
			t.Fatalf("frame %d action %d clip: layered %v %+v, whole %v %+v", i, a, ok1, ct1, ok2, ct2)
		}
	}
	t.Logf("%d of %d plan checks in contact", hits, len(s.frames))
	if hits == 0 {
		t.Error("no check met the scene")
	}
}
