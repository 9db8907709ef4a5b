package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
)

// builtin:dynamic in the demo plays its timeline, and the screenshots show
// it: before the door opens (at 8 s) the teal door closes the doorway
// ahead of the character, which has not gone through; after it opens the
// character is past the wall. A crate is in the air before it is dropped
// (at 2 s) and on the floor ahead of the character after it lands, which
// stops short of it.
func TestMovingWorld(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	if d := os.Getenv("FOOTHOLD_DEMO_SHOTS"); d != "" {
		dir = d // keep the screenshots (docs/dynamic.md shows them)
	}
	for _, c := range []struct {
		name, script string
		frames       int
		part         bool // a moving part is in view
		check        func(sum summary) string
	}{
		{"door-closed", "testdata/dynamic-door.yaml", 300, true, func(s summary) string {
			return cond(s.End[0] < sceneload.DynamicWallX, "went through the closed door")
		}},
		{"door-open", "testdata/dynamic-door.yaml", 780, false, func(s summary) string {
			return cond(s.End[0] > sceneload.DynamicWallX+0.5, "not through the door once open")
		}},
		{"crate-falling", "testdata/dynamic-crate.yaml", 145, true, nil},
		{"crate-landed", "testdata/dynamic-crate.yaml", 300, true, func(s summary) string {
			return cond(s.End[0] < 6, "walked into the crate")
		}},
	} {
		shot := filepath.Join(dir, c.name+".png")
		out, errs, code := demoRun(t, nil, "--scene", "builtin:dynamic", "--input", c.script, "--frames", itoa(c.frames), "--screenshot", shot, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		var sum summary
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("%s: %v: %s", c.name, err, out)
		}
		teal := partPixels(t, shot)
		t.Logf("%s: ends at x %.2f; world step median %.3f ms, max %.2f ms; planning max %.2f ms; %d pixels of the moving parts' teal",
			c.name, sum.End[0], sum.MedianWorldMS, sum.MaxWorldMS, sum.MaxPlanMS, teal)
		if !sum.Moving {
			t.Errorf("%s: the world does not move", c.name)
		}
		if c.part && teal < 2000 {
			t.Errorf("%s: only %d pixels of the moving parts' teal", c.name, teal)
		}
		if c.check != nil {
			if msg := c.check(sum); msg != "" {
				t.Errorf("%s: %s (ends at x %.2f)", c.name, msg, sum.End[0])
			}
		}
	}
}

func cond(ok bool, msg string) string {
	if ok {
		return ""
	}
	return msg
}

// partPixels counts the screenshot's pixels of the moving parts' teal
// (partColour under any light): green and blue alike, well above red.
func partPixels(t *testing.T, path string) int {
	img := shareddata.ReadPNG(t, path)
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if float64(g) > 1.6*float64(r) && float64(bl) > 1.6*float64(r) && absDiff(g, bl) < g/5 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func itoa(i int) string { return strconv.Itoa(i) }

// The moving world's keys, sent as real X events (xdotool): on
// builtin:dynamic, C drops a crate (one more instance) and O opens the
// closed door (it slides into the wall within a second).
func TestMovingWorldKeys(t *testing.T) {
	sum := withKeys(t, []string{"--scene", "builtin:dynamic"}, func(xdotool func(...string) string) {
		xdotool("key", "c")
		xdotool("sleep", "0.3")
		xdotool("key", "o")
		xdotool("sleep", "2")
	})
	t.Logf("%d frames; %d instances at the end; the door at %v", sum.Frames, sum.Instances, sum.Door)
	if sum.Instances != 6 {
		t.Errorf("%d instances: want the timeline's 5 and the dropped crate", sum.Instances)
	}
	if len(sum.Door) != 3 || math.Abs(sum.Door[2]-float64(sceneload.DynamicDoorOpen[2])) > 1e-3 {
		t.Errorf("the door at %v: want it open (z %.1f)", sum.Door, sceneload.DynamicDoorOpen[2])
	}
}
