package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestMainJob(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if s := out.String(); !strings.Contains(s, "builtin:stepping") || !strings.Contains(s, "#") {
		t.Errorf("main job output lacks the scene or the profile:\n%s", s)
	}
}

func TestProfileJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var r report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Profile) != 100 {
		t.Fatalf("%d profile points over 10 m, want 100", len(r.Profile))
	}
	// Along z = 3.5: the first 0.45 m tread spans x 0.4-0.7, the gap x 4.4-4.9.
	for _, c := range []struct {
		x      float32
		height float32
		ground bool
	}{{0.55, 0.45, true}, {0.85, 0.9, true}, {3.05, 0, true}, {4.65, 0, false}, {8.95, 0.45, true}} {
		p := r.Profile[int(c.x/0.1)]
		if (p.Height != nil) != c.ground || (c.ground && (abs(*p.Height-c.height) > 1e-4 || !p.Flat)) {
			t.Errorf("x = %v: profile point %+v, want ground %v at %v, flat", c.x, p, c.ground, c.height)
		}
	}
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestBadScene(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--scene", "builtin:moon"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "builtin:moon") {
		t.Errorf("exit %d, stderr %q; want 1 and a message naming the scene", code, errOut.String())
	}
}
