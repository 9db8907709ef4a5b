package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/planner"
)

// runRoomsLane runs 10 s east down the 0.9 m doorway's lane of
// builtin:rooms with extra flags and returns the summary.
func runRoomsLane(t *testing.T, flags ...string) runSummary {
	t.Helper()
	dir := t.TempDir()
	in := doorScript(t)
	var out, errOut bytes.Buffer
	args := append([]string{"run", "--input", in, "--out", filepath.Join(dir, "out"), "--json"}, flags...)
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var s runSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// doorScript writes the script of a 10 s walk east down the 0.9 m
// doorway's lane.
func doorScript(t *testing.T) string {
	in := filepath.Join(t.TempDir(), "door.yaml")
	src := "scene: builtin:rooms\nstart: {x: 1.5, z: 26.4, yaw_deg: 90}\nduration: 10\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.4}\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}

// TestRadiiFile: the adult walks through the 0.9 m doorway of
// builtin:rooms, its smallest clearance in the summary; given a radii file
// that makes its torso 1.2 m wide, it stops before it; a bad radii file is
// an error naming the file and line, and writes nothing.
func TestRadiiFile(t *testing.T) {
	adult := runRoomsLane(t, "--body")
	if adult.Body == nil || adult.Body.Clearance <= 0 || adult.Body.Clearance > 0.5 || adult.Body.ClearancePart == "" {
		t.Fatalf("adult: body summary %+v; want a clearance above 0 (the doorway's jambs within 0.5 m)", adult.Body)
	}
	t.Logf("adult through the 0.9 m doorway: smallest clearance %.3f m (%s at %.2f s), %.1f m walked", adult.Body.Clearance, adult.Body.ClearancePart, adult.Body.ClearanceTime, adult.DistanceM)
	radii := filepath.Join(t.TempDir(), "wide.yaml")
	if err := os.WriteFile(radii, []byte("# a wide torso\ntorso: 0.6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wide := runRoomsLane(t, "--radii", radii)
	t.Logf("with a 1.2 m torso: %.1f m walked, %d plan nodes blocked", wide.DistanceM, wide.Body.Blocked)
	if adult.DistanceM < 8 || wide.DistanceM > 3.6 {
		t.Errorf("walked %.1f m as an adult and %.1f m with a 1.2 m torso; want through the doorway (5 m on) and stopped before it", adult.DistanceM, wide.DistanceM)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("torso: 0.13\nbelly: 0.2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--input", doorScript(t), "--radii", bad, "--out", out}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "bad.yaml:2") {
		t.Errorf("exit %d, stderr %q; want 1 and bad.yaml:2", code, stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed run wrote %s", out)
	}
}

// TestPlanBody: the Table I plan at depth 4 (with the body, by default)
// has nodes blocked for the body, each a node the docks alone
// (--no-body) call supported, and the picture draws them orange.
func TestPlanBody(t *testing.T) {
	plan := func(flags ...string) planJSON {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"plan", "--depth", "4", "--json"}, flags...), &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		var r planJSON
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	pic := filepath.Join(t.TempDir(), "plan.png")
	docks, withBody := plan("--no-body"), plan("--png", pic)
	if docks.Blocked != nil || withBody.Blocked == nil || *withBody.Blocked == 0 {
		t.Fatalf("blocked: docks alone %v, with the body %v", docks.Blocked, withBody.Blocked)
	}
	if withBody.Supported+*withBody.Blocked != docks.Supported {
		t.Errorf("with the body %d supported + %d blocked; the docks alone support %d", withBody.Supported, *withBody.Blocked, docks.Supported)
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	orange := 0
	b := img.Bounds()
	for y := b.Min.Y + 60; y < b.Max.Y; y++ { // below the legend
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r>>8 == 255 && g>>8 == 150 && bl>>8 == 0 {
				orange++
			}
		}
	}
	t.Logf("%d supported, %d blocked; %d orange pixels", withBody.Supported, *withBody.Blocked, orange)
	if orange == 0 {
		t.Errorf("no blocked path drawn in orange")
	}
}

// TestRunStartInScene: planner run --body from 0.1 m before stepping's
// west wall, where the standing body does not fit, moves
// the start to where it fits, no farther than planner.DefaultFit, and
// reports how far and what was in the scene.
func TestRunStartInScene(t *testing.T) {
	in := filepath.Join(t.TempDir(), "wall.yaml")
	src := "scene: builtin:stepping\nstart: {x: 0.1, z: 1.5, yaw_deg: 90}\nduration: 2\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.2}\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"run", "--input", in, "--out", filepath.Join(t.TempDir(), "out"), "--json", "--body"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var s runSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if b := s.Body; b == nil || b.StartInScene || b.StartPart == "" || b.StartMoved <= 0 || b.StartMoved > planner.DefaultFit {
		t.Errorf("body summary %+v: want the start moved and the part named", s.Body)
	}
	if !strings.Contains(out.String(), "start_moved_m") {
		t.Errorf("the JSON report does not say how far the start moved")
	}
}
