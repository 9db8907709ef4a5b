package live_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
)

// A crate dropped from 2 m in builtin:dynamic's crate lane falls for
// about the free-fall time and comes to rest on the floor; a game steps
// the world, then its characters, every frame.
func Example() {
	lib, g, _ := librarybuild.Default(librarybuild.DefaultOptions{})
	lv, err := world.Load("builtin:dynamic", lib, world.Options{CacheDir: filepath.Join(os.TempDir(), "foothold-example")})
	if err != nil {
		fmt.Println(err)
		return
	}
	setup, _ := planner.NewSetup(g, lv.Querier, nil) // the docks alone: no body
	w, _ := live.FromWorld(lv, setup)
	crate, _ := w.Add(sceneload.DynamicCrate(1), dynamic.Transform{Translation: mgl64.Vec3{6, 2, sceneload.DynamicCrateZ}})
	w.Drop(crate)
	steps := 0
	for !w.Resting(crate) {
		w.Step(1.0 / 60)
		steps++
	}
	at, _ := w.At(crate)
	fmt.Printf("at rest after %d steps of 1/60 s, its bottom %.3f m up\n", steps, at.Translation[1])
	// Output:
	// at rest after 39 steps of 1/60 s, its bottom 0.000 m up
}
