package main

import (
	"fmt"
	"io"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/world"
)

type bakeReport struct {
	Scene   string  `json:"scene"`
	Library string  `json:"library"`
	Cache   string  `json:"cache"`
	Support string  `json:"support"`
	Sweeps  string  `json:"sweeps"`
	Spaces  string  `json:"spaces"`
	Seconds float64 `json:"seconds"`
}

// bakeAll is the one offline step before a character plans in a scene:
// the support-trees of every template the library docks with, the
// character's body's sweeps of every action and their occupancy spaces,
// each made unless the cache holds it.
func bakeAll(args []string, stdout, stderr io.Writer) error {
	start := time.Now()
	var sf sceneFlags
	fs := newFlagSet("bake", stderr, &sf)
	libFile := fs.String("library", "", "an action library file (planner library); default: the built-in one")
	cache := fs.String("cache", "", "the cache folder (default: the user's cache folder, where planner and the demo look)")
	friction := fs.Float64("friction", dock.DefaultFriction, "friction coefficient of the built-in templates' contacts, as the planner's --friction; 0 keeps the paper's 10° cone")
	if err := parse(fs, args); err != nil {
		return err
	}
	if !(*friction >= 0 && *friction <= 100) {
		return fmt.Errorf("bake: --friction %v: want a coefficient from 0 to 100", *friction)
	}
	lib, err := bakeLibrary(*libFile)
	if err != nil {
		return err
	}
	m, err := sf.load()
	if err != nil {
		return err
	}
	o := bake.Options{Cache: bake.Cache{Dir: *cache}}
	r := bakeReport{Scene: sf.spec, Library: "built-in", Cache: o.Cache.Folder()}
	if *libFile != "" {
		r.Library = *libFile
	}
	bars := progress.NewLabelled("bake ")
	o.Progress = bars.Update
	defer bars.Done()
	w, err := world.New(m, lib, world.Options{CacheDir: *cache, Progress: bars.Update, Friction: *friction})
	if err != nil {
		return err
	}
	r.Support = w.Support
	model, err := planner.DefaultBody(lib, nil)
	if err != nil {
		return fmt.Errorf("bake: %w", err)
	}
	sw, from, err := bake.Sweeps(lib, model, ccd.Options{}, o)
	if err != nil {
		return err
	}
	r.Sweeps = from
	if _, r.Spaces, err = bake.Spaces(lib, sw, spacesFileOf(*libFile), o); err != nil {
		return err
	}
	bars.Done()
	r.Seconds = time.Since(start).Seconds()
	if sf.json {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "scene      %s, library %s, cache %s\n", r.Scene, r.Library, r.Cache)
	fmt.Fprintf(stdout, "support    %s\nsweeps     %s\nspaces     %s\n", r.Support, r.Sweeps, r.Spaces)
	fmt.Fprintf(stdout, "baked in   %.2f s\n", r.Seconds)
	return nil
}

// bakeLibrary is the library file's, or the built-in one (the crowd's,
// as planner runs it by default).
func bakeLibrary(file string) (*action.Library, error) {
	var lib *action.Library
	var err error
	if file != "" {
		lib, _, err = librarybuild.LoadLibrary(file)
	} else {
		lib, _, err = librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	}
	return lib, err
}

// spacesFileOf is the stored spaces beside a library file, or none.
func spacesFileOf(lib string) string {
	if lib == "" {
		return ""
	}
	return bake.SpacesFile(lib)
}
