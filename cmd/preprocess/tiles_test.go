package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTilesShareAndMerge: two shares of a tiled build and their merge,
// joined with --fst, give the whole build's file byte for byte; a bad
// share is refused.
func TestTilesShareAndMerge(t *testing.T) {
	dir := t.TempDir()
	tiles, whole, joined := filepath.Join(dir, "tiles"), filepath.Join(dir, "whole.fst"), filepath.Join(dir, "joined.fst")
	for _, share := range []string{"0/2", "1/2"} {
		if code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--tiles", share, "--tile-size", "32", "--out", tiles); code != 0 {
			t.Fatalf("build --tiles %s: exit %d: %s", share, code, stderr)
		}
	}
	if code, stdout, stderr := runCmd("merge", "--dir", tiles, "--fst", joined); code != 0 || !strings.Contains(stdout, "merged") {
		t.Fatalf("merge: exit %d: %s%s", code, stdout, stderr)
	}
	if code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--out", whole); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(joined)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the joined tiles (%d bytes) are not the whole build (%d bytes)", len(b), len(a))
	}
	for _, bad := range []string{"2/2", "-1/2", "1", "a/b", "0/0"} {
		code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--tiles", bad, "--out", filepath.Join(dir, "bad"))
		if code != 1 || !strings.Contains(stderr, "--tiles") {
			t.Errorf("--tiles %s: exit %d, %q", bad, code, stderr)
		}
	}
	if code, _, stderr := runCmd("merge", "--dir", filepath.Join(dir, "none")); code != 1 || !strings.Contains(stderr, "no share records") {
		t.Errorf("merge of an empty folder: exit %d, %q", code, stderr)
	}
}
