package live_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/sceneload"
)

// builtin:dynamic's timeline, played: each part appears when its time
// comes, the door and the lift follow their keys, the crate falls and
// rests, the trapdoor is taken away.
func TestDynamicTimeline(t *testing.T) {
	tl, ok, err := live.Builtin("builtin:dynamic")
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if _, ok, _ := live.Builtin("builtin:stepping"); ok {
		t.Error("builtin:stepping has a timeline")
	}
	w := newWorld(t)
	if err := w.Play(tl); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"door", "crate", "lift", "platform", "trapdoor"} {
		if _, ok := w.Part(name); !ok {
			t.Errorf("%s is not there at the start", name)
		}
	}
	for range 12 * 60 {
		if _, err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	door, _ := w.Part("door")
	lift, _ := w.Part("lift")
	crate, _ := w.Part("crate")
	if tr, _ := w.At(door); tr.Translation.Sub(v64(sceneload.DynamicDoorOpen)).Len() > 1e-6 {
		t.Errorf("the door at %v at 12 s, open is %v", tr.Translation, sceneload.DynamicDoorOpen)
	}
	if tr, _ := w.At(lift); tr.Translation.Sub(v64(sceneload.DynamicLiftUp)).Len() > 1e-6 {
		t.Errorf("the lift at %v at 12 s, up is %v", tr.Translation, sceneload.DynamicLiftUp)
	}
	if !w.Resting(crate) {
		t.Error("the crate does not rest at 12 s")
	}
	if _, ok := w.Part("trapdoor"); ok {
		t.Error("the trapdoor is still there at 12 s")
	}
}

// Bad timelines are errors naming the file and the line.
func TestBadTimelines(t *testing.T) {
	cases := map[string]string{
		"empty":          "",
		"no parts":       "parts: []\n",
		"unknown field":  "parts:\n  - {name: a, mesh: slab, at: [0, 0, 0], colour: red}\n",
		"no mesh":        "parts:\n  - {name: a, at: [0, 0, 0]}\n",
		"NaN":            "parts:\n  - {name: a, mesh: slab, at: [.nan, 0, 0]}\n",
		"short at":       "parts:\n  - {name: a, mesh: slab, at: [0, 0]}\n",
		"far":            "parts:\n  - {name: a, mesh: slab, at: [1e9, 0, 0]}\n",
		"bad crate":      "parts:\n  - {name: a, mesh: crate 0, at: [0, 0, 0]}\n",
		"no such file":   "parts:\n  - {name: a, mesh: nowhere.obj, at: [0, 0, 0]}\n",
		"twice":          "parts:\n  - {name: a, mesh: slab, at: [0, 0, 0]}\n  - {name: a, mesh: slab, at: [1, 0, 0]}\n",
		"keys backwards": "parts:\n  - name: a\n    mesh: slab\n    at: [0, 0, 0]\n    keys:\n      - {time: 2, at: [0, 0, 0]}\n      - {time: 1, at: [1, 0, 0]}\n",
		"keys and drop":  "parts:\n  - name: a\n    mesh: slab\n    at: [0, 0, 0]\n    drop: 1\n    keys:\n      - {time: 2, at: [0, 0, 0]}\n",
		"negative time":  "parts:\n  - {name: a, mesh: slab, at: [0, 0, 0], remove: -1}\n",
	}
	for name, src := range cases {
		_, err := live.ReadTimeline(strings.NewReader(src), "t.yaml", t.TempDir()+"/")
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "t.yaml") {
			t.Errorf("%s: %v does not name the file and line", name, err)
		}
	}
}

// FuzzReadTimeline: any input is a timeline or an error, never a panic.
func FuzzReadTimeline(f *testing.F) {
	f.Add(live.DynamicTimeline)
	f.Add("parts:\n  - {name: a, mesh: crate 1, at: [0, 2, 0], drop: 1}\n")
	f.Fuzz(func(t *testing.T, src string) {
		tl, err := live.ReadTimeline(strings.NewReader(src), "fuzz.yaml", "/nonexistent/")
		if err == nil && len(tl.Parts) == 0 {
			t.Fatal("a timeline without parts")
		}
	})
}
