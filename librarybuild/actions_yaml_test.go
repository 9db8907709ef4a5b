package librarybuild

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/stategraph"
)

// The default graph written out reads back to the same graph.
func TestGraphRoundTrip(t *testing.T) {
	lib, g, err := Default(DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGraph(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := ReadGraph(bytes.NewReader(buf.Bytes()), "graph.yaml", lib)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Offsets, g.Offsets) || !reflect.DeepEqual(back.Edges, g.Edges) || !reflect.DeepEqual(back.Entry, g.Entry) {
		t.Fatal("round trip changed the graph")
	}
}

func TestGraphErrors(t *testing.T) {
	lib, _, err := Default(DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src  string
		line int
		msg  string
	}{
		{"entry: [idle]\nnext:\n  idle: [idle, nope]\n", 3, `"nope" is not an action`},
		{"entry: [nope]\nnext: {}\n", 1, `"nope" is not an action`},
		{"entry: [idle]\nnext:\n  idle: [idle, idle]\n", 3, "twice"},
		{"entry: [idle]\nnext:\n  idle: [idle]\n  idle: [idle]\n", 4, "listed twice"},
		{"entry: [idle]\nnext: [idle]\n", 2, "must map"},
		{"entry: [idle]\nnext:\n  idle: [idle]\nlayout: x\n", 4, "unknown field"},
		{"entry: [idle]\n", 1, "needs 'entry' and 'next'"},
		{"entry: [idle]\nnext:\n  idle: [idle]\n", 0, "no action may follow"},
	} {
		_, err := ReadGraph(strings.NewReader(tc.src), "g.yaml", lib)
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || pe.File != "g.yaml" || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want line %d %q", tc.src, err, tc.line, tc.msg)
		}
	}
	// A state nobody reaches.
	next := map[string][]string{}
	for _, n := range lib.Names() {
		next[n] = []string{n}
	}
	if _, err := stategraph.NewGraph(lib, next, []string{"idle"}); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("unreachable states: %v", err)
	}
}

func TestReadActions(t *testing.T) {
	dir := t.TempDir()
	src := `actions:
  - name: w
    clip: {builtin: walk.l}
    tags: [walk]
  - name: listed
    clip: {builtin: idle, frames: [0, 30]}
    docks:
      - {effector: LeftFoot, template: foot, start: 0, end: 0.5, position: [0.1, 0, 0], yaw_deg: 90}
`
	as, err := ReadActions(strings.NewReader(src), "a.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	lib, _, _ := Default(DefaultOptions{})
	want := lib.Get("walk.l")
	if len(as) != 2 || !reflect.DeepEqual(as[0].Docks, want.Docks) || as[0].Delta != want.Delta || as[0].Tags[0] != "walk" {
		t.Fatalf("a built-in clip read from YAML differs from the library's: %+v", as[0].Docks)
	}
	if as[1].Clip.Frames() != 31 || len(as[1].Docks) != 1 || as[1].Docks[0].Side != motion.Left || as[1].Docks[0].Pose.Yaw < 1.57 {
		t.Fatalf("listed docks: %+v", as[1])
	}
	for _, tc := range []struct {
		src  string
		line int
		msg  string
	}{
		{"actions:\n  - name: a\n    clip: {builtin: nope}\n", 3, "no built-in clip"},
		{"actions:\n  - name: a\n    clip: {bvh: missing.bvh}\n", 3, "no such file"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, frames: [0, 900]}\n", 3, "within the clip"},
		{"actions:\n  - name: a\n    clip: {builtin: idle}\n    speed: 2\n", 4, "unknown field"},
		{"actions:\n  - name: a\n    clip: {builtin: idle}\n    docks:\n      - {effector: Tail, template: foot, start: 0, end: 1, position: [0, 0, 0]}\n", 5, `no joint named "Tail"`},
		{"actions:\n  - name: a\n    clip: {builtin: idle}\n    docks:\n      - {effector: LeftFoot, template: foot, start: 0, end: 9, position: [0, 0, 0]}\n", 5, "outside the clip"},
		{"actions:\n  - name: a\n    clip: {builtin: idle}\n  - name: a\n    clip: {builtin: idle}\n", 4, "defined twice"},
		{"actions:\n  - clip: {builtin: idle}\n", 2, "without a name"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, loop: maybe}\n", 3, "true or false"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, root_motion: true}\n", 3, "does not walk on the spot"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, blend_from: b, blend_seconds: 0.2}\n", 3, "no such action before this one"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, blend_from: b}\n", 3, "go together"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, carry_on: true}\n", 3, "'carry_on' goes with 'blend_from'"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, blend_from: b, blend_seconds: 0.2, carry_on: yes}\n", 3, "'carry_on' is true or false"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, period: 20}\n", 3, "'period' goes with 'cycle' only"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], period: 2.5}\n", 3, "want a whole number of frames"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], period: 90}\n", 3, "four times the cycle's 20"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], period: fast}\n", 3, "fast"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, mirror: true}\n", 3, "'mirror' goes with 'cycle' only"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], mirror: yes}\n", 3, "want true or false"},
		{"actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], mirror: true, period: 200}\n", 3, "four times the cycle's 40"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, turn: {deg: 30}}\n", 3, "a turn needs"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, turn: {deg: 30, pivot: [0, 0], from: 0.5, to: 9}}\n", 3, "from <= to"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, pivot: 0}\n", 3, "at most 90°"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, pivot: 120}\n", 3, "at most 90°"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, pivot: left}\n", 3, "left"},
		{"actions:\n  - name: a\n    clip: {builtin: idle, pivot: 45, turn: {deg: 30, pivot: [0, 0], from: 0, to: 0.5}}\n", 3, "does not go with 'pivot'"},
		{"actions:\n  - name: a\n    clip: {amc: a.amc}\n", 3, "'amc' goes with 'asf'"},
		{"actions:\n  - name: a\n    clip: {bvh: a.bvh, gltf: b.glb}\n", 3, "needs one of"},
	} {
		_, err := ReadActions(strings.NewReader(tc.src), "a.yaml", dir)
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || pe.File != "a.yaml" || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want line %d %q", tc.src, err, tc.line, tc.msg)
		}
	}
}

// A clip shaped by a turn and a blend reads back as the two functions
// make it: the turn turns the path by its angle, and the blend starts the
// clip in the pose it blends from.
func TestReadActionsShaped(t *testing.T) {
	src := `actions:
  - name: stand
    clip: {builtin: idle, frames: [0, 30]}
  - name: w
    clip: {builtin: walk.l, turn: {deg: 30, pivot: [0, 0], from: 0.2, to: 0.4}, blend_from: stand, blend_seconds: 0.2}
`
	as, err := ReadActions(strings.NewReader(src), "a.yaml", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	lib, _, _ := Default(DefaultOptions{})
	plain := lib.Get("walk.l")
	if d := (as[1].Delta.Yaw - plain.Delta.Yaw) * 180 / math.Pi; math.Abs(d-30) > 0.5 {
		t.Errorf("the turned walk turns %.2f° more than the walk", d)
	}
	n := as[1].Clip.Skeleton.NumJoints()
	stand := as[0].Clip
	last := (stand.Frames() - 1) * n
	for j := 1; j < n; j++ {
		if math.Abs(math.Abs(as[1].Clip.Rot[j].Dot(stand.Rot[last+j]))-1) > 1e-9 {
			t.Fatalf("joint %d does not start in the standing pose", j)
		}
	}
}

// A pivot in an action file is motion.Pivot of the first of the clip's
// frames: the adult's idle turned 90° on the spot, frame for frame.
func TestReadActionsPivot(t *testing.T) {
	src := "actions:\n  - name: p\n    clip: {builtin: idle, frames: [0, 1], pivot: 90}\n"
	as, err := ReadActions(strings.NewReader(src), "a.yaml", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var idle *motion.Clip
	for _, hc := range humanoid.Clips() {
		if hc.Name == "idle" {
			idle = hc.Clip
		}
	}
	first, err := idle.Slice(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(idle.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	want, err := motion.Pivot(first, eff, math.Pi/2)
	if err != nil {
		t.Fatal(err)
	}
	got := as[0].Clip
	if got.Frames() != want.Frames() {
		t.Fatalf("%d frames, want %d", got.Frames(), want.Frames())
	}
	for i := range want.Rot {
		if got.Trans[i].Sub(want.Trans[i]).Len() > 1e-12 || math.Abs(math.Abs(got.Rot[i].Dot(want.Rot[i]))-1) > 1e-12 {
			t.Fatalf("differs from motion.Pivot at %d", i)
		}
	}
	if deg := as[0].Delta.Yaw * 180 / math.Pi; math.Abs(deg-90) > 0.5 {
		t.Errorf("turns %.2f°", deg)
	}
}

// A BVH clip named in an action file, sliced to a frame range: the
// file's errors name the BVH file and its line.
func TestReadActionsBVH(t *testing.T) {
	walk := shareddata.Path(t, "mocap/cmu-walk.bvh")
	dir := t.TempDir()
	src := "actions:\n  - name: cmu\n    clip: {bvh: " + walk + ", scale: 0.056444, frames: [100, 240]}\n"
	as, err := ReadActions(strings.NewReader(src), "a.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	if as[0].Clip.Frames() != 141 || len(as[0].Docks) < 2 || as[0].Delta.Translation[2] < 1.0 {
		t.Fatalf("%d frames, %d docks, delta %+v", as[0].Clip.Frames(), len(as[0].Docks), as[0].Delta)
	}
	bad := filepath.Join(dir, "bad.bvh")
	if err := os.WriteFile(bad, []byte("HIERARCHY\nROOT a\n{\n OFFSET 0 0 x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadActions(strings.NewReader("actions:\n  - name: b\n    clip: {bvh: bad.bvh}\n"), "a.yaml", dir)
	var be *motion.BVHError
	if !errors.As(err, &be) || be.File != bad || be.Line != 4 {
		t.Fatalf("err = %v", err)
	}
}

func FuzzReadGraph(f *testing.F) {
	lib, _, err := Default(DefaultOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add("entry: [idle]\nnext:\n  idle: [idle, start.l]\n")
	f.Fuzz(func(t *testing.T, src string) {
		g, err := ReadGraph(strings.NewReader(src), "fuzz.yaml", lib)
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("accepted an invalid graph: %v", err)
		}
	})
}

func FuzzReadLibrary(f *testing.F) {
	f.Add("actions:\n  - name: a\n    clip: {builtin: idle, frames: [0, 30]}\n  - name: b\n    clip: {builtin: idle, blend_from: a, blend_seconds: 0.2, turn: {deg: 10, pivot: [0, 0], from: 0, to: 0.5}}\nentry: [a]\nnext:\n  a: [b]\n  b: [a, b]\n")
	f.Add("actions:\n  - name: a\n    clip: {builtin: walk.l}\n  - name: b\n    clip: {builtin: walk.r, blend_from: a, blend_seconds: 0.2, carry_on: true}\nentry: [a]\nnext:\n  a: [b]\n  b: [a]\n")
	f.Add("actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], period: 14, frames: [0, 14]}\nentry: [a]\nnext:\n  a: [a]\nroles: {stand: a, leaps: [b]}\n")
	f.Add("actions:\n  - name: a\n    clip: {builtin: walk.l, cycle: [0, 20], mirror: true, period: 30, frames: [0, 30]}\nentry: [a]\nnext:\n  a: [a]\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "bvh") || strings.Contains(src, "amc") || strings.Contains(src, "gltf") {
			return // the file parsers have their own fuzz targets
		}
		lib, g, err := ReadLibrary(strings.NewReader(src), "fuzz.yaml", dir)
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		for _, a := range lib.Actions {
			if err := a.Validate(); err != nil {
				t.Fatalf("accepted an invalid action: %v", err)
			}
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("accepted an invalid graph: %v", err)
		}
	})
}

func FuzzReadActions(f *testing.F) {
	f.Add("actions:\n  - name: a\n    clip: {builtin: idle, frames: [0, 30]}\n    docks:\n      - {effector: LeftFoot, template: foot, start: 0, end: 0.5, position: [0.1, 0, 0]}\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "bvh") {
			return // the BVH parser has its own fuzz target
		}
		as, err := ReadActions(strings.NewReader(src), "fuzz.yaml", dir)
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		for _, a := range as {
			if err := a.Validate(); err != nil {
				t.Fatalf("accepted an invalid action: %v", err)
			}
		}
	})
}
