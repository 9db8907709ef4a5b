package crowd

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/world"
)

// SpacesFile is where the occupancy spaces of the library file lib are
// stored: beside it, its extension replaced by .fos.
func SpacesFile(lib string) string {
	return strings.TrimSuffix(lib, filepath.Ext(lib)) + ".fos"
}

// SpacesOptions say where occupancy spaces are read from and cached.
type SpacesOptions struct {
	// File is the library's stored spaces (SpacesFile), or empty. A file
	// that is there but damaged is an error; one built for another library
	// or body is passed over.
	File string
	// CacheDir holds spaces built for libraries that have no file
	// (world.CacheDir: empty means the user's cache).
	CacheDir string
	// Progress, when set, is told how a build goes (stage "sweeps", then
	// "spaces"), from the goroutine that called LoadSpaces.
	Progress func(stage string, done, total int)
}

// LoadSpaces gives the occupancy spaces of setup's library for body m:
// read from opt.File when it holds the spaces of this library and body,
// else from the cache, else built now (SpacesFor) and cached. It says
// where they came from.
func LoadSpaces(setup *planner.Setup, m *body.Model, opt SpacesOptions) (*occupancy.Spaces, string, error) {
	var measured ccd.Options
	if sw := setup.Sweeps(); sw != nil {
		measured = sw.Options()
	}
	key := occupancy.Key(ccd.SweepsKey(setup.Library(), m, measured), occupancy.Options{})
	other := ""
	if opt.File != "" {
		sp, got, err := occupancy.ReadFile(opt.File)
		switch {
		case err == nil && got == key:
			return sp, opt.File, nil
		case err == nil:
			other = fmt.Sprintf(" (%s holds another library's or body's)", opt.File)
		case !errors.Is(err, fs.ErrNotExist):
			return nil, "", fmt.Errorf("%w (build the library again, or remove the file to have the spaces built now)", err)
		}
	}
	dir := world.CacheDir(opt.CacheDir)
	path := filepath.Join(dir, "spaces-"+hex.EncodeToString(key[:12])+".fos")
	if sp, got, err := occupancy.ReadFile(path); err == nil && got == key {
		return sp, path + " (cached)" + other, nil
	}
	sp, err := buildSpaces(setup.Library(), setup.Sweeps(), m, opt.Progress)
	if err != nil {
		return nil, "", err
	}
	from := "built now (the cache is not writable)"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if err := occupancy.WriteFile(path, sp, key); err == nil {
			from = path + " (built now)"
		}
	}
	return sp, from + other, nil
}

// Body is the body a crowd of lib's characters is checked with: the
// character's own (planner.DefaultBody).
func Body(lib *action.Library) (*body.Model, error) {
	return planner.DefaultBody(lib, nil)
}

// StoreSpaces builds the occupancy spaces of lib for body m and writes
// them, under their key, to path (through a temporary file and a rename),
// telling progress (when set) how the build goes.
func StoreSpaces(path string, lib *action.Library, m *body.Model, progress func(stage string, done, total int)) (*occupancy.Spaces, error) {
	sp, err := buildSpaces(lib, nil, m, progress)
	if err != nil {
		return nil, err
	}
	key := occupancy.Key(ccd.SweepsKey(lib, m, ccd.Options{}), occupancy.Options{})
	return sp, occupancy.WriteFile(path, sp, key)
}

// buildSpaces bounds the spaces of lib's actions for body m, from sw or,
// when it is nil, from sweeps measured now.
func buildSpaces(lib *action.Library, sw *ccd.Sweeps, m *body.Model, progress func(stage string, done, total int)) (*occupancy.Spaces, error) {
	stage := func(name string) func(done, total int) {
		if progress == nil {
			return nil
		}
		return func(done, total int) { progress(name, done, total) }
	}
	if sw == nil {
		var err error
		if sw, err = ccd.NewSweeps(lib, m, ccd.Options{Progress: stage("sweeps")}); err != nil {
			return nil, err
		}
	}
	return occupancy.Build(sw, occupancy.Options{Progress: stage("spaces")})
}
