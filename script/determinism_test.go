package script_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// mainJobHash is the motion hash of the main job (script.SteppingWalk on
// builtin:stepping with the library planner run plans with, its moves for
// crowds included, the body checked, depth 4, the default 900 units of work
// per frame) on amd64.
const mainJobHash = 0xb222e49b981f847d

// The main job's motion is the same to the bit whatever the number of
// processors and however often it runs: planning with a work budget reads
// no clock. On amd64 it also equals a constant; other architectures may
// fuse multiplies and adds differently, so there only the repeats must
// agree.
func TestMainJobDeterministic(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "SteppingWalk")
	if err != nil {
		t.Fatal(err)
	}
	var hashes []uint64
	for _, procs := range []int{1, 2, 1, 4} {
		prev := runtime.GOMAXPROCS(procs)
		w, err := world.Load(s.Scene, lib, world.Options{CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		setup, err := planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library))
		if err != nil {
			t.Fatal(err)
		}
		res, err := script.Run(setup, planner.Config{Depth: 4, Work: 1000}, s, 60, w.BVH)
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		h := script.MotionHash(res.Clip)
		t.Logf("GOMAXPROCS %d: %d actions, hash %#016x", procs, len(res.Steps), h)
		hashes = append(hashes, h)
	}
	for i, h := range hashes {
		if h != hashes[0] {
			t.Errorf("run %d: hash %#016x, run 0: %#016x", i, h, hashes[0])
		}
	}
	if runtime.GOARCH == "amd64" && hashes[0] != mainJobHash {
		t.Errorf("hash %#016x, want %#016x", hashes[0], uint64(mainJobHash))
	}
}
