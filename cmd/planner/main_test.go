package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestProfile(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"profile"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if s := out.String(); !strings.Contains(s, "builtin:stepping") || !strings.Contains(s, "#") {
		t.Errorf("main job output lacks the scene or the profile:\n%s", s)
	}
}

func TestProfileJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"profile", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var r report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Profile) != 101 {
		t.Fatalf("%d profile points over the 10.1 m from wall to wall, want 101", len(r.Profile))
	}
	// Along z = 3.5: the 0.45 m treads span x 0.4-0.7 and 0.7-1.0, the gap
	// x 4.4-4.9, the bench x 8.0-9.8. A foot (ankle, and ball 0.15 m ahead)
	// is supported on the floor but not where its ball would overhang an edge.
	for _, c := range []struct {
		x         float32
		height    float32
		ground    bool
		supported bool
	}{
		{0.45, 0.45, true, true},  // ankle at 0.4 (tread start), ball at 0.55
		{0.65, 0.45, true, false}, // ball at 0.8: over the next riser
		{3.05, 0, true, true},     // hall floor
		{4.35, 0, true, false},    // ankle at 4.3, ball at 4.45: over the gap
		{4.65, 0, false, false},   // the gap
		{8.95, 0.45, true, true},  // the bench
	} {
		i := slices.IndexFunc(r.Profile, func(p profilePoint) bool { return abs(p.X-c.x) < 0.01 })
		if i < 0 {
			t.Fatalf("no profile point at x = %v", c.x)
		}
		p := r.Profile[i]
		if (p.Height != nil) != c.ground || (c.ground && (abs(*p.Height-c.height) > 1e-4 || p.FootSupported != c.supported)) {
			t.Errorf("x = %v: profile point %+v, want ground %v at %v, foot supported %v", c.x, p, c.ground, c.height, c.supported)
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
	if code := run([]string{"profile", "--scene", "builtin:moon"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "builtin:moon") {
		t.Errorf("exit %d, stderr %q; want 1 and a message naming the scene", code, errOut.String())
	}
}
