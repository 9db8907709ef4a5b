package main

import (
	"encoding/json"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gltfchar "github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
)

// libraryFrames is how many frames TestHeadlessLibrary's walk runs: at
// frame 420 it heads north, its plan ahead of it in view.
const libraryFrames = "420"

// A library built for a glTF character (its idle and two walks on the
// spot) drives the demo: the character sets off east, turns and stops on
// builtin:stepping with the library's actions, its body derived from the
// character's skeleton, and the screenshot shows the level and the body;
// by default the character's own meshes are drawn in the body's place,
// skinned by the same motion.
func TestHeadlessLibrary(t *testing.T) {
	needDisplay(t)
	glb := shareddata.Path(t, "characters/mesh2motion-mannequin.glb")
	ch, err := gltfchar.Load(glb, gltfchar.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(ch.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []librarybuild.Source
	for _, c := range ch.Clips {
		if c.Name == "Idle_Loop" || c.Name == "Walk_Loop" || c.Name == "Walk_Formal_Loop" {
			srcs = append(srcs, librarybuild.Source{Name: c.Name, Ref: librarybuild.ClipRef{GLTF: glb, Animation: c.Name}, Clip: c.Clip, Effectors: eff})
		}
	}
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	libFile := filepath.Join(dir, "lib.yaml")
	f, err := os.Create(libFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := librarybuild.WriteLibrary(f, b, dir); err != nil {
		t.Fatal(err)
	}
	f.Close()
	shot := filepath.Join(dir, "shot.png")
	// The docks alone: with the body, this character stands where the
	// walk starts, 0.25 m from the west wall at the foot of the stairs.
	out, errs, code := demoRun(t, nil, "--library", libFile, "--draw", "body", "--input", "testdata/library-walk.yaml", "--no-body", "--frames", libraryFrames, "--screenshot", shot, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	moved := math.Hypot(sum.End[0]-sum.Start[0], sum.End[2]-sum.Start[2])
	t.Logf("%d actions, %.1f m, moved %.1f m, planning median %.3f ms, max %.2f ms: %s", sum.Actions, sum.DistanceM, moved, sum.MedianPlanMS, sum.MaxPlanMS, strings.Join(sum.Names, " "))
	if sum.Stuck != 0 || moved < 3 {
		t.Errorf("stuck %d frames, moved %.2f m", sum.Stuck, moved)
	}
	for _, n := range sum.Names {
		if b.Library.Index(n) < 0 {
			t.Errorf("action %q is not the library's", n)
		}
	}
	checkScreenshot(t, shot)
	checkSkinned(t, libFile, glb, shot, sum.Actions)
	libraryCrowd(t, libFile, dir)
}

// libraryCrowd fills the level with characters of the library's own: they
// are drawn where they start, around the player's character where the
// camera looks (the player's character is not drawn, so the pale blue is
// theirs), and walk off towards their goals, their occupancy spaces built
// for this library (it has no .fos file beside it) and cached. (Where
// they are 150 frames later is their choice: one may walk out of view.)
func libraryCrowd(t *testing.T, libFile, dir string) {
	shot := filepath.Join(dir, "crowd.png")
	var sum summary
	for _, frames := range []string{"1", "150"} {
		out, errs, code := demoRun(t, nil, "--library", libFile, "--scene", "builtin:level", "--agents", "6", "--frames", frames, "--draw", "none", "--screenshot", shot, "--json")
		if code != 0 {
			t.Fatalf("--library with --agents: exit %d: %s", code, errs)
		}
		if frames == "1" {
			if blue := paleBlue(shareddata.ReadPNG(t, shot)); blue < 1000 {
				t.Errorf("the first frame: %d pale blue pixels", blue)
			} else {
				t.Logf("the first frame: %d pale blue pixels", blue)
			}
			continue
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
	}
	t.Logf("%d of the library's characters moved %.1f m in all", sum.Agents, sum.AgentsMovedM)
	if sum.Agents != 6 || sum.AgentsMovedM < 4 {
		t.Errorf("%+v", sum)
	}
}

// checkSkinned runs the walk again drawing the character's own meshes
// (the default) and drawing no character (--draw none): the summary names
// the character drawn and the motion is the same; where the body's
// capsules were drawn (their orange's bounding box), the skinned picture
// differs from the empty one in a third of as many pixels or more, and
// less than half the capsules' orange is left.
func checkSkinned(t *testing.T, libFile, glb, body string, actions int) {
	t.Helper()
	dir := filepath.Dir(body)
	render := func(draw string) (image.Image, summary) {
		shot := filepath.Join(dir, draw+".png")
		args := []string{"--library", libFile, "--input", "testdata/library-walk.yaml", "--no-body", "--frames", libraryFrames, "--screenshot", shot, "--json"}
		if draw != "" {
			args = append(args, "--draw", draw)
		}
		out, errs, code := demoRun(t, nil, args...)
		if code != 0 {
			t.Fatalf("--draw %q: exit %d: %s", draw, code, errs)
		}
		var sum summary
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return shareddata.ReadPNG(t, shot), sum
	}
	skin, sum := render("")
	empty, _ := render("none")
	if sum.Skin != glb || sum.Actions != actions {
		t.Errorf("skinned: skin %q (want %q), %d actions (with the body: %d)", sum.Skin, glb, sum.Actions, actions)
	}
	caps := shareddata.ReadPNG(t, body)
	orange := func(img image.Image, x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return isCharacter([3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)})
	}
	box := image.Rectangle{}
	was := 0
	r := caps.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if orange(caps, x, y) {
				was++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	drawn, left := 0, 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if skin.At(x, y) != empty.At(x, y) {
				drawn++
			}
			if orange(skin, x, y) {
				left++
			}
		}
	}
	t.Logf("skinned: %d pixels drawn where the body's %d orange ones were (box %v), %d orange left", drawn, was, box, left)
	if 3*drawn < was || 2*left > was {
		t.Errorf("skinned: %d pixels drawn, %d orange left, of the body's %d", drawn, left, was)
	}
}
