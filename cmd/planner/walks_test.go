package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
)

// planner walks: random-start walks, each with its reuse and cost; the
// same seed gives the same walks to the bit.
func TestWalksJSON(t *testing.T) {
	var sums [2]walksSummary
	for i := range sums {
		var out, errOut bytes.Buffer
		if code := run([]string{"walks", "--starts", "2", "--seconds", "4", "--seed", "7", "--no-body", "--json"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if err := json.Unmarshal(out.Bytes(), &sums[i]); err != nil {
			t.Fatal(err)
		}
	}
	s := sums[0]
	if len(s.Walks) != 2 || s.Work != defaultWork || s.MaxMS <= 0 || s.Ratio <= 0 {
		t.Fatalf("%+v", s)
	}
	for i, w := range s.Walks {
		if w.Actions < 5 || w.Stuck != 0 || w.MeanKept <= 0 || w.WorkPerAct <= 0 || w.Hash != sums[1].Walks[i].Hash {
			t.Errorf("walk %d: %+v (again: %s)", i, w, sums[1].Walks[i].Hash)
		}
	}
}

// planner walks --starts-by farthest: the starts spread over the level
// (the second at least 10 m from the first on builtin:level), and a
// picture for every walk that goes less than 1 m from its start (all of
// them, in half a second).
func TestWalksFarthestPictures(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := run([]string{"walks", "--scene", "builtin:level", "--starts", "2", "--starts-by", "farthest", "--seconds", "0.5", "--png", dir, "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var s walksSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Walks) != 2 || s.StartsBy != "farthest" || s.Under1M != 1 {
		t.Fatalf("%+v", s)
	}
	a, b := s.Walks[0].Start, s.Walks[1].Start
	if d := math.Hypot(a[0]-b[0], a[2]-b[2]); d < 10 {
		t.Errorf("starts %v and %v only %.1f m apart", a, b, d)
	}
	for _, w := range s.Walks {
		if w.ReachM >= 1 || w.ReachM > w.DistanceM+1e-9 || w.PNG == "" {
			t.Errorf("walk %+v", w)
			continue
		}
		if img := shareddata.ReadPNG(t, w.PNG); img.Bounds().Dx() < 100 {
			t.Errorf("%s: %v", w.PNG, img.Bounds())
		}
	}
}

// Bad planning or scene options exit 1 with a message, writing nothing.
func TestRunBadOptions(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "walk.yaml")
	if err := os.WriteFile(script, []byte("start: {x: 3, z: 2}\nduration: 1\ninputs: [{at: 0, speed: 1.2}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--input", script, "--out", filepath.Join(dir, "a"), "--work", "0"},
		{"run", "--input", script, "--out", filepath.Join(dir, "b"), "--depth", "9"},
		{"run", "--input", script, "--out", filepath.Join(dir, "c"), "--scale", "0"},
		{"run", "--input", script, "--out", filepath.Join(dir, "d"), "--up", "x"},
		{"walks", "--starts", "0"},
		{"walks", "--scale", "-1"},
		{"walks", "--starts-by", "nearest"},
		{"walks", "--friction", "-1"},
		{"bench", "--up", "w"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 1 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
	for _, d := range []string{"a", "b", "c", "d"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("%s was written", d)
		}
	}
}

// A request naming a tag no action has is refused with the script's name.
func TestRunUnknownTag(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "fly.yaml")
	if err := os.WriteFile(script, []byte("start: {x: 3, z: 2}\nduration: 1\ninputs: [{at: 0, speed: 1.2, request: fly}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"run", "--input", script, "--out", filepath.Join(dir, "out")}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), `"fly"`) {
		t.Fatalf("exit %d: %q", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("out was written")
	}
}

// planner walks with libraries whose best choice is sometimes out of the
// legs' reach: KayKit's rig (both its clip files) in the dungeon, whose
// crouching item-use idle cannot reach the supports found on the uneven
// floor from where the warp puts the root, and CMU's run 16_35 alone on
// the level, whose turned copies of a step need the root 10 cm lower at
// their first frame for the landing foot to reach. Such a choice is
// refused like one whose body hits the scene, so every executed dock is
// met within 1 cm (the warp's report) and the root, read from the
// written motion, never jumps 5 cm in a frame.
func TestUnreachableDocksAreRefused(t *testing.T) {
	if tier.Short() {
		t.Skip("builds two libraries and walks them (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	for _, tc := range []struct {
		from, clips, scene, starts string
	}{
		{"conventions", "kaykit", "meshes/dungeon.obj", "4"},
		{"mocap/asf-amc/16_35.amc", "", "", "5"},
	} {
		libFile := filepath.Join(t.TempDir(), "lib.yaml")
		buildLibrary(t, libFile, "--from", shareddata.Path(t, tc.from), "--clips", tc.clips, "--spaces=false")
		scene := "builtin:level"
		if tc.scene != "" {
			scene = shareddata.Path(t, tc.scene)
		}
		var out, errOut bytes.Buffer
		if code := run([]string{"walks", "--scene", scene, "--starts", tc.starts, "--starts-by", "farthest", "--library", libFile, "--json"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		var s walksSummary
		if err := json.Unmarshal(out.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.1f m; %+v", tc.from, s.DistanceM, s.Footwork)
		if fw := s.Footwork; fw.DockError > 0.01 || fw.RootJump > 0.05 {
			t.Errorf("%s: a dock met %.3f m off its support (%s), the root jumps %.3f m (%s)", tc.from, fw.DockError, fw.DockAt, fw.RootJump, fw.JumpAt)
		}
	}
}
