package bake

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/occupancy"
)

// SpacesFile is where the occupancy spaces of the library file lib are
// stored: beside it, its extension replaced by .fos.
func SpacesFile(lib string) string {
	return strings.TrimSuffix(lib, filepath.Ext(lib)) + ".fos"
}

// SpacesKey is the key occupancy spaces built from sweeps sw of lib are
// stored under: that of the sweeps' measure (ccd.SweepsKey) and the
// spaces' options.
func SpacesKey(lib *action.Library, sw *ccd.Sweeps) [32]byte {
	return occupancy.Key(ccd.SweepsKey(lib, sw.Model(), sw.Options()), occupancy.Options{})
}

// Spaces gives the occupancy spaces of lib's actions for the body of
// sweeps sw: read from file (a library's stored spaces, SpacesFile, or
// empty) when it holds those of this library and body, else from the
// cache, else built now from sw and cached. A file that is there but
// damaged is an error; one made for another library or body is passed
// over, and the answer of where the spaces came from says so.
func Spaces(lib *action.Library, sw *ccd.Sweeps, file string, o Options) (*occupancy.Spaces, string, error) {
	key := SpacesKey(lib, sw)
	other := ""
	if file != "" {
		sp, got, err := occupancy.ReadFile(file)
		switch {
		case err == nil && got == key:
			return sp, file, nil
		case err == nil:
			other = fmt.Sprintf(" (%s holds another library's or body's)", file)
		case !errors.Is(err, fs.ErrNotExist):
			return nil, "", fmt.Errorf("%w (build the library again, or remove the file to have the spaces built now)", err)
		}
	}
	sp, from, err := cached(o.Cache.Path("spaces", key, ".fos"),
		func(path string) (*occupancy.Spaces, error) {
			sp, got, err := occupancy.ReadFile(path)
			if err == nil && got != key {
				err = fmt.Errorf("%s: another library's or body's spaces", path)
			}
			return sp, err
		},
		func() (*occupancy.Spaces, error) {
			return occupancy.Build(sw, occupancy.Options{Progress: o.progress("spaces")})
		},
		func(path string, sp *occupancy.Spaces) error { return occupancy.WriteFile(path, sp, key) })
	return sp, from + other, err
}

// StoreSpaces measures lib's sweeps for body m, builds their occupancy
// spaces and writes them, under their key, to path (through a temporary
// file and a rename), telling o.Progress how the bake goes.
func StoreSpaces(path string, lib *action.Library, m *body.Model, o Options) (*occupancy.Spaces, error) {
	sw, err := MeasureSweeps(lib, m, ccd.Options{}, o)
	if err != nil {
		return nil, err
	}
	sp, err := occupancy.Build(sw, occupancy.Options{Progress: o.progress("spaces")})
	if err != nil {
		return nil, err
	}
	return sp, occupancy.WriteFile(path, sp, SpacesKey(lib, sw))
}
