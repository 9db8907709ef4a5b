package ccd_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

type stage struct {
	lib    *action.Library
	sweeps *ccd.Sweeps
	scene  *ccd.Scene
	frames []action.Frame
}

// steppingStage is the adult's library swept on builtin:stepping, with
// 512 random frames on its floor area.
func steppingStage(tb testing.TB) *stage {
	tb.Helper()
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	a := lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		tb.Fatal(err)
	}
	sw, err := bake.MeasureSweeps(lib, m, ccd.Options{}, bake.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	mesh, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	sc := checkScene(tb, mesh)
	r := rand.New(rand.NewPCG(1, 1))
	b := mesh.Bounds()
	var fs []action.Frame
	for range 512 {
		x := float64(b.Min[0]) + r.Float64()*float64(b.Max[0]-b.Min[0])
		z := float64(b.Min[2]) + r.Float64()*float64(b.Max[2]-b.Min[2])
		fs = append(fs, action.Frame{Position: mgl64.Vec3{x, 0, z}, Yaw: r.Float64() * 2 * math.Pi})
	}
	return &stage{lib, sw, sc, fs}
}

// checkScene is mesh as a body checker's scene.
func checkScene(tb testing.TB, mesh *scenes.Mesh) *ccd.Scene {
	tb.Helper()
	bvh, err := scenes.NewBVH(mesh, scenes.BVHOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := ccd.NewScene(bvh)
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// TestActionAllocatesNothing: the per-node clearance test allocates
// nothing once its checker is made.
func TestActionAllocatesNothing(t *testing.T) {
	s := steppingStage(t)
	c := ccd.NewChecker(s.sweeps, s.scene)
	for i, f := range s.frames { // warm up: the candidate buffer grows
		c.Action(int32(i%len(s.lib.Actions)), f, 0, nil)
	}
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		var ct ccd.Contact
		c.Action(int32(i%len(s.lib.Actions)), s.frames[i%len(s.frames)], 0, &ct)
		i++
	})
	if allocs != 0 {
		t.Errorf("Checker.Action allocates %.1f objects per call", allocs)
	}
	t.Logf("%d checks: %d hit; BVH nodes %d, pairs %d, steps %d", c.Stats.Checks, c.Stats.Hits, c.Stats.BVH.Nodes, c.Stats.Pairs, c.Stats.Steps)
}

// BenchmarkAction is the per-plan-node clearance test on stepping: every
// action of the library at random frames over the room (a third of them
// near walls, steps or boxes). It reports µs per action and BVH nodes
// visited per action.
func BenchmarkAction(b *testing.B) {
	s := steppingStage(b)
	c := ccd.NewChecker(s.sweeps, s.scene)
	b.ReportAllocs()
	b.ResetTimer()
	every := len(s.lib.Actions) * len(s.frames) // then the questions repeat
	for i := range b.N {
		if i%every == 0 {
			c.Forget() // answer every question anew
		}
		c.Action(int32(i%len(s.lib.Actions)), s.frames[i%len(s.frames)], 0, nil)
	}
	b.ReportMetric(float64(c.Stats.BVH.Nodes)/float64(b.N), "bvh-nodes/op")
	b.ReportMetric(float64(c.Stats.Hits)/float64(b.N), "hits/op")
}

// BenchmarkClip is the check of an executed clip (as the planner checks
// each warped action before it starts): the library's actions performed
// at random frames on stepping, measured at one instant per frame
// interval (the default) and at four.
func BenchmarkClip(b *testing.B) {
	s := steppingStage(b)
	var clips []*motion.Clip
	for k := range 64 {
		a := s.lib.Actions[k%len(s.lib.Actions)]
		clips = append(clips, placedClip(b, a, s.frames[k], 0))
	}
	for _, k := range []int{1, 4} {
		b.Run(fmt.Sprint("substeps=", k), func(b *testing.B) {
			sw, err := bake.MeasureSweeps(s.lib, s.sweeps.Model(), ccd.Options{ClipSubsteps: k}, bake.Options{})
			if err != nil {
				b.Fatal(err)
			}
			c := ccd.NewChecker(sw, s.scene)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c.Clip(clips[i%len(clips)], nil)
				i++
			}
			b.ReportMetric(float64(c.Stats.Hits)/float64(c.Stats.Checks), "hits/op")
		})
	}
}

// A warped clip checked in parts (ClipPart over frames 0–k, k–2k, …) is
// clear exactly when the whole clip is (Clip), and a contact a part
// reports, timed from the clip's start, is no earlier than the whole
// clip's earliest: every action of the library at 64 frames of stepping,
// in parts of 7 and of 20 frames.
func TestClipInParts(t *testing.T) {
	s := steppingStage(t)
	c := ccd.NewChecker(s.sweeps, s.scene)
	hits := 0
	for k := range 64 {
		a := s.lib.Actions[k%len(s.lib.Actions)]
		clip := placedClip(t, a, s.frames[k], 0)
		var whole ccd.Contact
		clear := c.Clip(clip, &whole)
		if !clear {
			hits++
		}
		for _, part := range []int{7, 20} {
			inParts, first := true, ccd.Contact{}
			for from := 0; from < clip.Frames()-1 && inParts; from += part {
				inParts = c.ClipPart(clip, from, min(from+part, clip.Frames()-1), &first)
			}
			if inParts != clear {
				t.Fatalf("%s at %v: whole clip clear %v, in parts of %d %v", a.Name, s.frames[k], clear, part, inParts)
			}
			if !clear && first.Time < whole.Time-1e-9 {
				t.Errorf("%s: a part's contact at %.4f s, before the whole clip's earliest %.4f s", a.Name, first.Time, whole.Time)
			}
		}
	}
	if hits == 0 || hits == 64 {
		t.Fatalf("%d of 64 clips hit: want both outcomes", hits)
	}
}
