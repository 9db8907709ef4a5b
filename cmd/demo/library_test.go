package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gltfchar "github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/motion"
)

// A library built for a glTF character (its idle and two walks on the
// spot) drives the demo: the character sets off east, turns and stops on
// builtin:stepping with the library's actions, its body derived from the
// character's skeleton, and the screenshot shows the level and the body.
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
	var srcs []library.Source
	for _, c := range ch.Clips {
		if c.Name == "Idle_Loop" || c.Name == "Walk_Loop" || c.Name == "Walk_Formal_Loop" {
			srcs = append(srcs, library.Source{Name: c.Name, Ref: library.ClipRef{GLTF: glb, Animation: c.Name}, Clip: c.Clip, Effectors: eff})
		}
	}
	b, err := library.Build(srcs, library.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	libFile := filepath.Join(dir, "lib.yaml")
	f, err := os.Create(libFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := library.WriteLibrary(f, b, dir); err != nil {
		t.Fatal(err)
	}
	f.Close()
	shot := filepath.Join(dir, "shot.png")
	out, errs, code := demoRun(t, nil, "--library", libFile, "--input", "testdata/library-walk.yaml", "--frames", "500", "--screenshot", shot, "--json")
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
	// With the crowd it is refused before any window opens.
	if _, errs, code := demoRun(t, nil, "--library", libFile, "--agents", "2", "--frames", "3"); code != 1 || !strings.Contains(errs, "--library") {
		t.Errorf("--library with --agents: exit %d, %q", code, errs)
	}
}
