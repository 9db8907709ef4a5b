package bake

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
)

// Support gives the support-trees of templates in the scene (mesh m and
// its BVH), each with the reachable tree the runtime plans with
// (supportbake.Bake): read from the cache when it holds them, else built
// now, template by template, and cached. It says where they came from.
func Support(m *scenes.Mesh, bvh *scenes.BVH, lat dock.Lattice, templates []*dock.Template, o Options) (map[*dock.Template]*supportbake.FileTemplate, string, error) {
	scene := supportbake.SceneHash(m)
	parts := [][32]byte{scene, latticeHash(lat)}
	for _, t := range templates {
		parts = append(parts, supportbake.TemplateHash(t))
	}
	path := o.Cache.Path("support", Key(parts...), ".fst")
	f, from, err := cached(path,
		func(path string) (*supportbake.File, error) {
			f, err := supportbake.ReadFile(path)
			if err == nil && f.Lattice != lat {
				err = fmt.Errorf("%s: built on another lattice", path)
			}
			return f, err
		},
		func() (*supportbake.File, error) { return bakeSupport(m, bvh, lat, templates, o) },
		supportbake.WriteFile)
	if err != nil {
		return nil, "", err
	}
	entries, err := f.For(m, templates)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	return entries, from, nil
}

// latticeHash is the lattice's two spacings as a part of a key.
func latticeHash(lat dock.Lattice) [32]byte {
	var b [32]byte
	binary.LittleEndian.PutUint32(b[0:], math.Float32bits(lat.Linear))
	binary.LittleEndian.PutUint32(b[4:], math.Float32bits(lat.Angular))
	return b
}

// bakeSupport builds the file of templates' trees in the scene.
func bakeSupport(m *scenes.Mesh, bvh *scenes.BVH, lat dock.Lattice, templates []*dock.Template, o Options) (*supportbake.File, error) {
	f := &supportbake.File{Lattice: lat, SceneHash: supportbake.SceneHash(m), SceneTriangles: uint32(m.NumTriangles())}
	for _, t := range templates {
		ft, _, err := supportbake.Bake(m, bvh, t, lat, supportbuild.BuildOptions{Workers: o.Workers, Progress: o.progress(t.Name)})
		if err != nil {
			return nil, err
		}
		f.Templates = append(f.Templates, ft)
	}
	return f, nil
}

// SupportFile reads the entries of templates from the support file path
// (preprocess build), made for the scene m.
func SupportFile(path string, m *scenes.Mesh, templates []*dock.Template, friction float64) (map[*dock.Template]*supportbake.FileTemplate, error) {
	f, err := supportbake.ReadFile(path)
	if err != nil {
		return nil, err
	}
	entries, err := f.For(m, templates)
	if errors.Is(err, supportbake.ErrOtherLayout) {
		return nil, fmt.Errorf("%s: %w (rebuild it with preprocess build --friction %v, the friction planned with)", path, err, friction)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return entries, nil
}
