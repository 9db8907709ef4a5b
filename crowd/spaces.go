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
			return nil, "", err
		}
	}
	dir := world.CacheDir(opt.CacheDir)
	path := filepath.Join(dir, "spaces-"+hex.EncodeToString(key[:12])+".fos")
	if sp, got, err := occupancy.ReadFile(path); err == nil && got == key {
		return sp, path + " (cached)" + other, nil
	}
	sp, err := SpacesFor(setup, m)
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
// adult's capsules on the skeleton of its actions.
func Body(lib *action.Library) (*body.Model, error) {
	a := lib.Actions[0]
	return body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
}

// StoreSpaces builds the occupancy spaces of lib for body m and writes
// them, under their key, to path (through a temporary file and a rename).
func StoreSpaces(path string, lib *action.Library, m *body.Model) (*occupancy.Spaces, error) {
	sw, err := ccd.NewSweeps(lib, m, ccd.Options{})
	if err != nil {
		return nil, err
	}
	sp, err := occupancy.Build(sw, occupancy.Options{})
	if err != nil {
		return nil, err
	}
	key := occupancy.Key(ccd.SweepsKey(lib, m, ccd.Options{}), occupancy.Options{})
	return sp, occupancy.WriteFile(path, sp, key)
}
