package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
)

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
	}
	return out.String()
}

func TestViewStepping(t *testing.T) {
	dir := t.TempDir()
	fst := filepath.Join(dir, "stepping.fst")
	runOK(t, "build", "--scene", "builtin:stepping", "--out", fst)
	png, glb := filepath.Join(dir, "foot.png"), filepath.Join(dir, "foot.glb")
	out := runOK(t, "view", "--scene", "builtin:stepping", "--fst", fst, "--template", "foot", "--png", png, "--glb", glb, "--json")
	var r viewReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Positions == 0 || len(r.Storeys) != 1 || r.GLBBytes == 0 || r.Markers != int(r.Positions) {
		t.Fatalf("%+v", r)
	}
	for _, f := range []string{png, glb} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
	// Refusals: another scene, a template the file lacks; nothing written.
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"view", "--scene", "builtin:climbing", "--fst", fst, "--template", "foot", "--png", filepath.Join(dir, "x.png")}, "built for another scene"},
		{[]string{"view", "--scene", "builtin:stepping", "--fst", fst, "--template", "foot8", "--png", filepath.Join(dir, "x.png")}, `has no template "foot8" (it has foot, hand)`},
		{[]string{"view", "--scene", "builtin:stepping", "--fst", filepath.Join(dir, "none.fst"), "--template", "foot", "--png", filepath.Join(dir, "x.png")}, "none.fst"},
		{[]string{"view", "--scene", "builtin:stepping", "--fst", fst, "--template", "foot"}, "--png"},
		{[]string{"view", "--scene", "builtin:stepping", "--fst", fst, "--template", "foot", "--png", filepath.Join(dir, "x.png"), "--storeys", "zero"}, "--storeys"},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), tc.msg) {
			t.Errorf("%v: exit %d, %q, want %q", tc.args[1:], code, errOut.String(), tc.msg)
		}
		if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
			t.Fatalf("%v wrote a picture", tc.args)
		}
	}
}

// zdm2 at 1/8 scale: the glb stays under 30 MB.
func TestViewZdm2Size(t *testing.T) {
	if tier.Short() {
		t.Skip("builds zdm2's support (about 10 s) (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	mesh := shareddata.Path(t, "meshes/zdm2.obj")
	dir := t.TempDir()
	fst := filepath.Join(dir, "zdm2.fst")
	runOK(t, "build", "--scene", mesh, "--scale", "0.125", "--templates", "builtin:foot", "--out", fst)
	glb := filepath.Join(dir, "zdm2.glb")
	out := runOK(t, "view", "--scene", mesh, "--scale", "0.125", "--fst", fst, "--template", "foot", "--glb", glb, "--json")
	var r viewReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.GLBBytes <= 0 || r.GLBBytes >= 30e6 || len(r.Storeys) < 2 {
		t.Fatalf("%+v", r)
	}
	t.Logf("zdm2 foot glb: %.1f MB, %d storeys", float64(r.GLBBytes)/1e6, len(r.Storeys))
}
