package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/sceneload"
)

// planner run on builtin:dynamic plays its timeline: the character waits
// at the closed door and walks through once it opens (past the wall by the
// end); a timeline that keeps the door closed keeps it on this side; a bad
// timeline is an error naming the file, and no output is written.
func TestRunTimeline(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "walk.yaml")
	if err := os.WriteFile(in, []byte("start: {x: 2, z: 1.2, yaw_deg: 90}\nduration: 15\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	closed := filepath.Join(dir, "closed.yaml")
	if err := os.WriteFile(closed, []byte("parts:\n  - {name: door, mesh: door, at: [7.1, 0, 1.2]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("parts:\n  - {name: door, mesh: door, at: [7.1, 0]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	end := func(flags ...string) (float64, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"run", "--scene", "builtin:dynamic", "--input", in, "--out", filepath.Join(dir, "out"), "--json"}, flags...)
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errOut.String())
		}
		var sum struct {
			Timeline string `json:"timeline"`
			Files    []string
		}
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatal(err)
		}
		x := lastRootX(t, sum.Files[0])
		return x, sum.Timeline
	}
	x, tl := end()
	if tl == "" || x < sceneload.DynamicPastX {
		t.Errorf("built-in timeline %q: ends at x %.2f, want past %.1f", tl, x, sceneload.DynamicPastX)
	}
	if x, _ := end("--timeline", closed); x > sceneload.DynamicWallX {
		t.Errorf("door kept closed: ends at x %.2f, beyond the wall at %d", x, sceneload.DynamicWallX)
	}
	var out, errOut bytes.Buffer
	o2 := filepath.Join(dir, "out2")
	code := run([]string{"run", "--scene", "builtin:dynamic", "--input", in, "--out", o2, "--timeline", bad}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "bad.yaml:2") {
		t.Errorf("bad timeline: exit %d, stderr %q; want 1 and the file and line", code, errOut.String())
	}
	if _, err := os.Stat(o2); err == nil {
		t.Error("a bad timeline wrote output")
	}
}

// lastRootX is the root's x at the last frame of a BVH file written by a
// run (metres: the run writes the scene's units).
func lastRootX(t *testing.T, path string) float64 {
	t.Helper()
	c := readMotion(t, path)
	return c.Trans[(c.Frames()-1)*c.Skeleton.NumJoints()][0]
}
