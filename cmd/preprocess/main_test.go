package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/scenes"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestInspectJSONKeys(t *testing.T) {
	code, out, errOut := runCmd("inspect", "--scene", "builtin:stepping", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"triangles", "degenerate", "bounds_min", "bounds_max", "surface_area_m2", "bounds_volume_m3", "bvh_nodes", "bvh_build_ms"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks key %q", k)
		}
	}
	if a := got["surface_area_m2"].(float64); math.Abs(a/213-1) > 0.05 {
		t.Errorf("stepping area %v, want within 5%% of 213", a)
	}
}

// TestInspectRealMeshes is the check: inspect succeeds on every mesh
// in ../shared/data/meshes with areas within 1% of PROVENANCE.md.
func TestInspectRealMeshes(t *testing.T) {
	for _, rm := range shareddata.Meshes {
		code, out, errOut := runCmd(meshArgs(t, rm, "inspect", "--json")...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", rm.File, code, errOut)
			continue
		}
		var r inspectReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if rm.AreaM2 > 0 && math.Abs(r.SurfaceAreaM2/rm.AreaM2-1) > 0.01 {
			t.Errorf("%s: area %.1f m², PROVENANCE.md %.0f m²", rm.File, r.SurfaceAreaM2, rm.AreaM2)
		}
		if r.BVHNodes == 0 || r.Triangles == 0 {
			t.Errorf("%s: %+v", rm.File, r)
		}
	}
}

// meshArgs returns a command line for a real mesh with its load options.
func meshArgs(t *testing.T, rm shareddata.Mesh, args ...string) []string {
	args = append(args, "--scene", shareddata.Path(t, rm.File))
	if rm.Scale != 0 {
		args = append(args, "--scale", strconv.FormatFloat(float64(rm.Scale), 'g', -1, 32))
	}
	for _, ex := range rm.Exclude {
		args = append(args, "--exclude-node", ex)
	}
	return args
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.obj")
	os.WriteFile(bad, []byte("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 7\n"), 0o644)
	nan := filepath.Join(dir, "nan.obj")
	os.WriteFile(nan, []byte("v 0 0 0\nv NaN 0 0\nv 0 0 1\nf 1 2 3\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"inspect", "--scene", bad}, "broken.obj:4: face index 7 out of range"},
		{[]string{"inspect", "--scene", nan}, "nan.obj:2: vertex coordinate 1"},
		{[]string{"inspect", "--scene", filepath.Join(dir, "absent.obj")}, "absent.obj"},
		{[]string{"inspect"}, "--scene is required"},
		{[]string{"inspect", "--scene", "builtin:stepping", "--up", "x"}, "unknown up axis"},
		{[]string{"inspect", "--scene", "builtin:stepping", "--bogus"}, "flag provided but not defined"},
		{[]string{"inspect", "--scene", "builtin:stepping", "extra"}, "unexpected argument"},
		{[]string{"bench-rays", "--scene", "builtin:stepping", "--kind", "medium"}, "unknown ray kind"},
		{[]string{"bench-rays", "--scene", "builtin:stepping", "--rays", "0"}, "must be positive"},
		{[]string{"frobnicate"}, "unknown command"},
		{nil, "usage"},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(c.args...)
		if code != 1 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q on stderr only", c.args, code, out, errOut, c.want)
		}
	}
}

func TestBenchRaysWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "rays.bin")
	code, out, errOut := runCmd("bench-rays", "--scene", "builtin:climbing", "--kind", "short", "--rays", "3000", "--seed", "9", "--reps", "1", "--write", p, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rays", "closest_rays_per_s", "any_rays_per_s", "hits", "tri_tests_per_ray", "nodes_per_ray", "build_ms"} {
		if _, ok := r[k]; !ok {
			t.Errorf("JSON lacks key %q", k)
		}
	}
	if r["hits"] != r["any_hits"] {
		t.Errorf("closest-hit count %v != any-hit count %v", r["hits"], r["any_hits"])
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rays, err := scenes.ReadRays(f, p)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := sceneload.Builtin("climbing")
	want := scenes.GenerateRays(m, scenes.ShortRays, 3000, 9)
	if len(rays) != len(want) {
		t.Fatalf("%d rays in the file, want %d", len(rays), len(want))
	}
	for i := range want {
		if rays[i] != want[i] {
			t.Fatalf("ray %d in the file is %+v, want %+v", i, rays[i], want[i])
		}
	}
	// A write that cannot happen fails cleanly and leaves nothing behind.
	code, _, errOut = runCmd("bench-rays", "--scene", "builtin:climbing", "--rays", "10", "--reps", "1", "--write", filepath.Join(dir, "no", "such", "dir", "r.bin"))
	if code != 1 || !strings.Contains(errOut, "r.bin") && !strings.Contains(errOut, "no such") {
		t.Errorf("unwritable --write: exit %d, %q", code, errOut)
	}
	entries, _ := os.ReadDir(dir)
	names := []string{}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "rays.bin" {
		t.Errorf("folder holds %v, want only rays.bin", names)
	}
}

// TestAgreesWithEmbree runs bench-rays against Intel Embree (the
// embree_rays program of ../shared/bench, built by .ci/run and named by
// $FOOTHOLD_EMBREE_RAYS) on identical rays: a second, independent ray
// caster. Every ray must agree on hit or miss and distance.
func TestAgreesWithEmbree(t *testing.T) {
	bin := os.Getenv("FOOTHOLD_EMBREE_RAYS")
	if bin == "" {
		t.Skip("FOOTHOLD_EMBREE_RAYS not set: .ci/run builds embree_rays from ../shared/bench and sets it")
	}
	specs := []string{"builtin:stepping", "builtin:climbing", "builtin:level"}
	if d, ok := shareddata.Dir(); ok {
		specs = append(specs, filepath.Join(d, "meshes/dungeon.obj"), filepath.Join(d, "meshes/nav_test.obj"))
	}
	for _, spec := range specs {
		for _, kind := range []string{"short", "long"} {
			code, out, errOut := runCmd("bench-rays", "--scene", spec, "--kind", kind, "--rays", "100000", "--seed", "3", "--reps", "1", "--embree", bin, "--json")
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", spec, kind, code, errOut)
			}
			var r benchReport
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			e := r.Embree
			if e.HitMismatches != 0 || e.DistanceMismatches != 0 || e.BoundaryTies+e.EdgeTies > r.Rays/10000 {
				t.Errorf("%s %s: %d hits vs Embree's %d; %d hit/miss and %d distance mismatches, %d boundary and %d edge ties", spec, kind, r.Hits, e.Hits, e.HitMismatches, e.DistanceMismatches, e.BoundaryTies, e.EdgeTies)
			}
			t.Logf("%s %s: %d hits agree (%d boundary, %d edge ties); %d near-tie triangle differences; speed ratio %.2f closest, %.2f any (one pass, noisy)", filepath.Base(spec), kind, r.Hits, e.BoundaryTies, e.EdgeTies, e.TriangleMismatches, e.ClosestRatio, e.AnyRatio)
		}
	}
}
