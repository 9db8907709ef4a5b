package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/world"
)

func TestBuildJSONAndFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "stepping.fst")
	code, stdout, stderr := runCmd("build", "--scene", "builtin:stepping", "--templates", "builtin:foot,hand", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"scene_triangles", "surface_area_m2", "total_bytes", "total_seconds", "templates"} {
		if _, ok := r[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	ts := r["templates"].([]any)
	if len(ts) != 2 {
		t.Fatalf("%d templates in the JSON, want 2", len(ts))
	}
	for _, x := range ts {
		m := x.(map[string]any)
		for _, k := range []string{"template", "points", "samples_tested", "rays", "ray_triangle_tests", "supported_samples", "nodes", "bytes", "bytes_per_node", "build_seconds"} {
			if _, ok := m[k]; !ok {
				t.Errorf("template JSON lacks %q", k)
			}
		}
		if m["supported_samples"].(float64) == 0 {
			t.Errorf("%v: no supported samples on the stepping scene", m["template"])
		}
	}
	f, err := supportbake.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Templates) != 2 || f.Templates[0].Name != "foot" {
		t.Errorf("file holds %+v", f.Templates)
	}
	if st, _ := os.Stat(out); float64(st.Size()) != r["total_bytes"].(float64) {
		t.Errorf("total_bytes %v, file is %d bytes", r["total_bytes"], st.Size())
	}
}

// TestBuildIndependentOfWorkers: the file is byte-identical for 1 and 2
// workers.
func TestBuildIndependentOfWorkers(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for i, w := range []string{"1", "2"} {
		out := filepath.Join(dir, "w"+w+".fst")
		if code, _, stderr := runCmd("build", "--scene", "builtin:climbing", "--templates", "builtin:foot,hand-wall", "--workers", w, "--out", out); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		files[i], _ = os.ReadFile(out)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("1 and 2 workers wrote different files")
	}
}

func TestBuildTemplatesFromYAML(t *testing.T) {
	dir := t.TempDir()
	yml := filepath.Join(dir, "t.yaml")
	os.WriteFile(yml, []byte("templates:\n  - name: toe\n    points:\n      - {position: [0, 0, 0], normal: [0, 1, 0]}\n"), 0o644)
	out := filepath.Join(dir, "x.fst")
	if code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--templates", yml, "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := supportbake.ReadFile(out)
	if err != nil || f.Templates[0].Name != "toe" {
		t.Fatalf("%v %+v", err, f)
	}
}

// TestBuildFailureKeepsFile: a build that fails leaves the existing .fst as
// it was.
func TestBuildFailureKeepsFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "scene.fst")
	if code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--templates", "builtin:foot", "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	before, _ := os.ReadFile(out)
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("templates:\n  - name: x\n    points: []\n"), 0o644)
	cases := [][]string{
		{"build", "--scene", "builtin:stepping", "--templates", bad, "--out", out},
		{"build", "--scene", "builtin:stepping", "--templates", "builtin:paw", "--out", out},
		{"build", "--scene", "builtin:stepping", "--yaw-step", "7", "--out", out},
		{"build", "--scene", filepath.Join(dir, "none.obj"), "--out", out},
		{"build", "--scene", "builtin:stepping"},
	}
	for _, c := range cases {
		code, stdout, stderr := runCmd(c...)
		if code != 1 || stdout != "" || stderr == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and a message", c, code, stdout, stderr)
		}
	}
	after, _ := os.ReadFile(out)
	if !bytes.Equal(before, after) {
		t.Fatal("a failed build changed the existing file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestBuildRealMeshes: build with foot and hand succeeds on every mesh in
// ../shared/data/meshes.
func TestBuildRealMeshes(t *testing.T) {
	if tier.Short() {
		t.Skip("builds every real level (about a minute) (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	dir := t.TempDir()
	for _, rm := range shareddata.Meshes {
		code, stdout, stderr := runCmd(meshArgs(t, rm, "build", "--templates", "builtin:foot,hand", "--out", filepath.Join(dir, "x.fst"), "--json")...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", rm.File, code, stderr)
			continue
		}
		var r buildReport
		json.Unmarshal([]byte(stdout), &r)
		t.Logf("%s: %.0f m², %.2f s, %.3f MB, %.4f MB per 1,000 m²", rm.File, r.SurfaceAreaM2, r.TotalSeconds, float64(r.TotalBytes)/1e6, float64(r.TotalBytes)/1e6/(r.SurfaceAreaM2/1000))
		if r.Templates[0].SupportedSamples == 0 {
			t.Errorf("%s: no foot support anywhere", rm.File)
		}
	}
}

// TestBuildFrictionMatchesPlanner: a file built with the default friction is
// the one the planner's default friction asks for (world.Load accepts it), a
// file built with --friction 0 the paper's; the other pairings are refused
// with the flag to rebuild with. A bad --friction writes nothing.
func TestBuildFrictionMatchesPlanner(t *testing.T) {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[float64]string{}
	for _, mu := range []float64{dock.DefaultFriction, 0} {
		out := filepath.Join(dir, fmt.Sprintf("stepping-%v.fst", mu))
		code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--templates", "builtin:foot,hand", "--friction", fmt.Sprint(mu), "--out", out)
		if code != 0 {
			t.Fatalf("--friction %v: exit %d: %s", mu, code, stderr)
		}
		files[mu] = out
	}
	for built, path := range files {
		for _, planned := range []float64{dock.DefaultFriction, 0} {
			_, err := world.Load("builtin:stepping", lib, world.Options{FST: path, Friction: planned})
			switch {
			case built == planned && err != nil:
				t.Errorf("built and planned with friction %v: %v", built, err)
			case built != planned && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("--friction %v", planned))):
				t.Errorf("built with %v, planned with %v: error %v, want one naming --friction %v", built, planned, err, planned)
			}
		}
	}
	bad := filepath.Join(dir, "bad.fst")
	for _, v := range []string{"-1", "NaN", "1e9"} {
		if code, _, stderr := runCmd("build", "--scene", "builtin:stepping", "--friction", v, "--out", bad); code != 1 || !strings.Contains(stderr, "--friction") {
			t.Errorf("--friction %s: exit %d, %q", v, code, stderr)
		}
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a refused build wrote its file")
	}
}
