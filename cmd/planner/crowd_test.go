package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
)

// planner crowd: six characters on a circle all arrive without their
// bodies meeting; the run writes one glb (which validates), one BVH per
// character (reading back with a frame per simulated frame) and the
// summary; the same run again writes the same BVH bytes.
func TestCrowdCircle(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the first run builds the spaces
	var sums [2]crowdSummary
	var bvh [2][]byte
	for i := range sums {
		dir := t.TempDir()
		var out, errOut bytes.Buffer
		if code := run([]string{"crowd", "--scenario", "circle", "--agents", "6", "--seconds", "30", "--no-body", "--out", dir, "--json"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if err := json.Unmarshal(out.Bytes(), &sums[i]); err != nil {
			t.Fatal(err)
		}
		var err error
		if bvh[i], err = os.ReadFile(filepath.Join(dir, "bvh", "c003.bvh")); err != nil {
			t.Fatal(err)
		}
		c, err := motionfile.LoadBVH(filepath.Join(dir, "bvh", "c003.bvh"), motion.BVHOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := int(sums[i].SecondsRun*sums[i].FPS+0.5) + 1; c.Frames() != want {
			t.Errorf("the BVH has %d frames, want %d", c.Frames(), want)
		}
		shareddata.ValidateGLTF(t, filepath.Join(dir, "crowd.glb"))
		if _, err := os.Stat(filepath.Join(dir, "paths.png")); err != nil {
			t.Error(err)
		}
	}
	s := sums[0]
	t.Logf("%+v", s)
	if s.Agents != 6 || s.Arrived != 6 || s.Overlaps != 0 || s.Deepest == nil || *s.Deepest >= 0 || s.MeanSpeed <= 0.3 || len(s.Files) != 6+3 {
		t.Errorf("%+v", s)
	}
	// The first run built the spaces and cached them, the second read
	// them: the same motion either way.
	if !strings.HasSuffix(sums[0].Spaces, "(built now)") || !strings.HasSuffix(sums[1].Spaces, "(cached)") {
		t.Errorf("spaces from %q, then %q", sums[0].Spaces, sums[1].Spaces)
	}
	if !bytes.Equal(bvh[0], bvh[1]) {
		t.Error("the same run wrote different motion")
	}
}

// Bad crowd options exit 1 with a message, writing nothing.
func TestCrowdBadOptions(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"crowd", "--scenario", "parade", "--out", dir},
		{"crowd", "--agents", "0", "--out", dir},
		{"crowd", "--scenario", "circle", "--scene", "builtin:level", "--out", dir},
		{"crowd", "--claims", "fences", "--out", dir},
		{"crowd", "--seconds", "-1", "--out", dir},
		{"crowd", "--scenario", "random", "--jitter", "2", "--out", dir},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 1 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("%d files written", len(entries))
	}
}

// planner crowd --jitter runs the scenario from the starts crowd.Jitter
// moves with that seed, and says so: the motion differs from the starts as
// built, and is the same again with the same seed. The runs are too short
// for any two bodies to come near: the summary says so with a null
// deepest overlap (it was -Inf, which JSON cannot hold, and the run failed).
func TestCrowdJitter(t *testing.T) {
	var hashes []string
	for _, seed := range []string{"0", "5", "5"} {
		dir := t.TempDir()
		var out, errOut bytes.Buffer
		if code := run([]string{"crowd", "--scenario", "circle", "--agents", "4", "--seconds", "2", "--jitter", seed, "--out", dir, "--json"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		var s crowdSummary
		if err := json.Unmarshal(out.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(s.Jitter); got != seed {
			t.Errorf("jitter_seed %s, want %s", got, seed)
		}
		if s.Deepest != nil {
			t.Errorf("deepest overlap %g m, though no two roots came within 2.5 m", *s.Deepest)
		}
		b, err := os.ReadFile(filepath.Join(dir, "bvh", "c000.bvh"))
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, string(b))
	}
	if hashes[0] == hashes[1] || hashes[1] != hashes[2] {
		t.Errorf("jittered motion the same as unjittered: %v; the same seed twice the same: %v", hashes[0] == hashes[1], hashes[1] == hashes[2])
	}
}
