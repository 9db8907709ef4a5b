package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/supporttile"
)

// planner run --tiles streams the support data of a tiled bake around the
// character: the main job's walk, holding the tiles within 3 m, moves
// exactly as over the whole support data, and the summary says what was
// held and let go of; a large built-in scene without tiles is
// refused with a message saying how to bake it.
func TestRunTiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "walk.yaml")
	if err := os.WriteFile(in, []byte(script.SteppingWalk), 0o644); err != nil {
		t.Fatal(err)
	}
	tiles := filepath.Join(dir, "tiles")
	m, err := sceneload.Builtin("stepping")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ts []*dock.Template
	for _, n := range []string{"foot", "hand"} {
		tp, _ := dock.Builtin(n)
		tp.ToleranceDeg = dock.FrictionCone(dock.DefaultFriction)
		ts = append(ts, tp)
	}
	l, err := supporttile.NewLayout(m, ts, dock.DefaultLattice(), 32)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.BuildShare(m, bvh, 0, 1, tiles, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := supporttile.Merge(tiles); err != nil {
		t.Fatal(err)
	}
	type summary struct {
		Hash     string  `json:"motion_hash"`
		Distance float64 `json:"distance_m"`
		Streamed *struct {
			Loaded  int `json:"tiles_loaded"`
			Dropped int `json:"tiles_dropped"`
		} `json:"streamed"`
	}
	summaryOf := func(flags ...string) summary {
		var out, errOut bytes.Buffer
		args := append([]string{"run", "--scene", "builtin:stepping", "--input", in, "--out", filepath.Join(dir, "out"), "--json"}, flags...)
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errOut.String())
		}
		var s summary
		if err := json.Unmarshal(out.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	whole, streamed := summaryOf(), summaryOf("--tiles", tiles, "--radius", "3")
	t.Logf("whole %s, streamed %s, %.1f m; %+v", whole.Hash, streamed.Hash, whole.Distance, *streamed.Streamed)
	if streamed.Hash != whole.Hash || whole.Distance < 3 {
		t.Errorf("streamed motion %s, whole %s (%.1f m walked)", streamed.Hash, whole.Hash, whole.Distance)
	}
	if streamed.Streamed == nil || streamed.Streamed.Loaded == 0 || streamed.Streamed.Dropped == 0 {
		t.Errorf("the summary says nothing of the tiles: %+v", streamed.Streamed)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"run", "--scene", "builtin:world", "--input", in, "--out", filepath.Join(dir, "w")}, &out, &errOut); code != 1 || !bytes.Contains(errOut.Bytes(), []byte("--tiles")) {
		t.Errorf("builtin:world without tiles: exit %d, %q", code, errOut.String())
	}
}
