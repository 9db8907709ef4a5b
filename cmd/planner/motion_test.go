package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
)

func TestDocksJSON(t *testing.T) {
	walk := shareddata.Path(t, "mocap/cmu-walk.bvh")
	var out, errOut bytes.Buffer
	if code := run([]string{"docks", "--bvh", walk, "--scale", "0.056444", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var raw []map[string]any
	if err := json.Unmarshal(out.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw) < 4 {
		t.Fatalf("%d docks", len(raw))
	}
	var keys []string
	for k := range raw[0] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if want := []string{"effector", "end", "position", "start", "template", "yaw"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("keys %v, want %v", keys, want)
	}
	var ds []dockJSON
	if err := json.Unmarshal(out.Bytes(), &ds); err != nil {
		t.Fatal(err)
	}
	for i, d := range ds {
		if d.Template != "foot" || d.End <= d.Start || (i > 0 && d.Effector == ds[i-1].Effector) {
			t.Errorf("dock %d: %+v", i, d)
		}
	}
}

// Without --scale the units are guessed from the legs (and said on
// stderr): the CMU walk gives the docks it gives at the CMU scale. A scale
// that makes the legs no adult's is warned about; a clip without docks says
// why, effector by effector.
func TestDocksScaleAndWhy(t *testing.T) {
	walk := shareddata.Path(t, "mocap/cmu-walk.bvh")
	docks := func(args ...string) (string, string) {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := run(append([]string{"docks", "--bvh"}, args...), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		return out.String(), errOut.String()
	}
	given, _ := docks(walk, "--scale", "0.056444", "--json")
	guessed, note := docks(walk, "--json")
	if given != guessed || !strings.Contains(note, "guessed scale 0.05644 (CMU units") {
		t.Errorf("guessed: %q, %s; given the scale: %s", note, guessed, given)
	}
	if _, warn := docks(walk, "--scale", "1"); !strings.Contains(warn, "the legs suggest scale 0.05644") {
		t.Errorf("--scale 1 on a CMU file: stderr %q", warn)
	}
	// mesh2motion's swim kicks its feet in the water: no docks, and it
	// says why, foot by foot.
	why, _ := docks(shareddata.Path(t, "characters/mesh2motion-mannequin.glb"), "--clip", "Swim_Fwd_Loop")
	for _, e := range []string{"DEF-foot.L", "DEF-foot.R"} {
		if !strings.Contains(why, e) {
			t.Errorf("no reason given for %s: %s", e, why)
		}
	}
	if !strings.Contains(why, "never still") || !strings.Contains(why, "once trimmed") {
		t.Errorf("the swim's reasons: %s", why)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"docks", "--bvh", walk, "--scale", "-1"}, &out, &errOut); code != 1 || out.Len() != 0 {
		t.Errorf("--scale -1: exit %d, stdout %q", code, out.String())
	}
}

// An Acclaim capture (CMU 16_17, a walk turning 90° left) docks its feet
// in turn, its skeleton found beside it or named; a missing skeleton is an
// error.
func TestDocksAMC(t *testing.T) {
	amc := shareddata.Path(t, "mocap/asf-amc/16_17.amc")
	for _, args := range [][]string{{"--bvh", amc, "--json"}, {"--bvh", amc, "--asf", filepath.Join(filepath.Dir(amc), "16.asf"), "--json"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"docks"}, args...), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		var ds []dockJSON
		if err := json.Unmarshal(out.Bytes(), &ds); err != nil {
			t.Fatal(err)
		}
		if len(ds) < 6 {
			t.Fatalf("%v: %d docks", args, len(ds))
		}
		for i, d := range ds {
			if d.Template != "foot" || (i > 0 && d.Effector == ds[i-1].Effector) {
				t.Errorf("dock %d: %+v", i, d)
			}
		}
		if last := ds[len(ds)-1].Yaw; last < 70 || last > 110 {
			t.Errorf("the last dock faces %.0f°, not 90° left", last)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"docks", "--bvh", amc, "--asf", amc + ".missing.asf"}, &out, &errOut); code != 1 || out.Len() != 0 {
		t.Errorf("missing skeleton: exit %d, %q", code, out.String())
	}
}

// A glTF character's walk on the spot gets root motion (said on stderr)
// and docks its feet in turn; without --clip, or with an unknown one, the
// error lists the clips.
func TestDocksCharacter(t *testing.T) {
	glb := shareddata.Path(t, "characters/robot-expressive.glb")
	var out, errOut bytes.Buffer
	if code := run([]string{"docks", "--bvh", glb, "--clip", "Walking", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "root motion added") {
		t.Errorf("stderr %q does not say root motion was added", errOut.String())
	}
	var ds []dockJSON
	if err := json.Unmarshal(out.Bytes(), &ds); err != nil {
		t.Fatal(err)
	}
	if len(ds) != 2 || ds[0].Effector != "Foot.L" || ds[1].Effector != "Foot.R" {
		t.Errorf("docks %+v, want Foot.L then Foot.R", ds)
	}
	for _, clip := range []string{"", "Moonwalk"} {
		out.Reset()
		errOut.Reset()
		if code := run([]string{"docks", "--bvh", glb, "--clip", clip}, &out, &errOut); code != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), "Walking, WalkJump") {
			t.Errorf("--clip %q: exit %d, stdout %q, stderr %q", clip, code, out.String(), errOut.String())
		}
	}
}

func TestDocksBadFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.bvh")
	if err := os.WriteFile(bad, []byte("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 zero\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"docks", "--bvh", bad}, {"docks"}, {"docks", "--bvh", bad + ".missing"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 1 {
			t.Errorf("%v: exit %d, want 1", args, code)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q to stdout", args, out.String())
		}
		if len(args) == 3 && !strings.HasSuffix(args[2], ".missing") && !strings.Contains(errOut.String(), bad+":4:") {
			t.Errorf("%v: %q does not name the file and line", args, errOut.String())
		}
	}
}

func TestActionsPictures(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := run([]string{"actions", "--png", dir, "--bvh", dir, "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var as []actionJSON
	if err := json.Unmarshal(out.Bytes(), &as); err != nil {
		t.Fatal(err)
	}
	if len(as) < 20 {
		t.Fatalf("%d actions", len(as))
	}
	for _, a := range as {
		if img := shareddata.ReadPNG(t, a.PNG); img.Bounds().Dx() < 900 {
			t.Fatalf("%s: %d pixels wide", a.PNG, img.Bounds().Dx())
		}
		if st, err := os.Stat(a.BVH); err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v", a.BVH, err)
		}
		if len(a.Next) == 0 || a.Docks == 0 {
			t.Errorf("%s: %d successors, %d docks", a.Name, len(a.Next), a.Docks)
		}
	}
}

// planner bench: Version I and II agree (the command fails otherwise) and
// the JSON has the keys the issue names.
func TestBenchJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bench", "--depth", "2", "--reps", "1", "--no-body", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var raw []map[string]any
	if err := json.Unmarshal(out.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw) != 2 {
		t.Fatalf("%d rows", len(raw))
	}
	var keys []string
	for k := range raw[1] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"animations", "depth", "feasible", "paper_tree_seconds", "probe_seconds", "tree_seconds", "tree_us_per_animation"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("keys %v, want %v", keys, want)
	}
	var rows []benchRow
	json.Unmarshal(out.Bytes(), &rows)
	if rows[0].Animations != 5 || rows[1].ProbeSeconds == nil || rows[1].Feasible == 0 || rows[1].Feasible > rows[1].Animations {
		t.Fatalf("%+v", rows)
	}
	out.Reset()
	if code := run([]string{"bench", "--depth", "1", "--versions", "tree", "--json"}, &out, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	if !strings.Contains(out.String(), `"probe_seconds": null`) {
		t.Fatalf("--versions tree: %s", out.String())
	}
	for _, bad := range [][]string{{"bench", "--depth", "0"}, {"bench", "--versions", "probe"}, {"bench", "--scene", "nope.obj"}} {
		if code := run(bad, &out, &errOut); code != 1 {
			t.Errorf("%v: exit %d", bad, code)
		}
	}
}

func TestPlanPicture(t *testing.T) {
	png1 := filepath.Join(t.TempDir(), "plan.png")
	var out, errOut bytes.Buffer
	if code := run([]string{"plan", "--depth", "2", "--png", png1, "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var r planJSON
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Animations != 39 || len(r.FeasibleNow) == 0 {
		t.Fatalf("%+v", r)
	}
	img := shareddata.ReadPNG(t, png1)
	// Green dock markers are drawn.
	green := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if g>>8 > 140 && r>>8 < 60 && bl>>8 < 100 {
				green++
			}
		}
	}
	if green < 50 {
		t.Errorf("%d green pixels", green)
	}
	if code := run([]string{"plan", "--x", "500", "--z", "500"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "no floor") {
		t.Errorf("off the map: exit %d, %q", code, errOut.String())
	}
}
