package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/testdata"
)

func TestDocksJSON(t *testing.T) {
	walk := testdata.Path(t, "mocap/cmu-walk.bvh")
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
		f, err := os.Open(a.PNG)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < 900 {
			t.Fatalf("%s: %v", a.PNG, err)
		}
		if st, err := os.Stat(a.BVH); err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v", a.BVH, err)
		}
		if len(a.Next) == 0 || a.Docks == 0 {
			t.Errorf("%s: %d successors, %d docks", a.Name, len(a.Next), a.Docks)
		}
	}
}
