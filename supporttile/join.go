package supporttile

import (
	"fmt"

	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttree"
)

// Join puts tiles of one scene back together: the .fst file a whole build
// of the scene gives (supportbake.Bake of each template), when the tiles
// are every non-empty tile of its layout. The tiles must share the
// lattice, the scene and the templates, in the same order.
func Join(tiles []*supportbake.Tile) (*supportbake.File, error) {
	if len(tiles) == 0 {
		return nil, fmt.Errorf("supporttile: no tiles to join")
	}
	first := tiles[0]
	f := &supportbake.File{Lattice: first.Lattice, SceneHash: first.SceneHash, SceneTriangles: first.SceneTriangles}
	for n, ft := range first.Templates {
		var all, reach runs
		out := supportbake.FileTemplate{Name: ft.Name, Hash: ft.Hash}
		for _, t := range tiles {
			if err := same(first, t); err != nil {
				return nil, err
			}
			tt := &t.Templates[n]
			all.add(tt.Tree)
			reach.add(tt.Planned())
			out.Buried, out.Narrow = out.Buried+tt.Buried, out.Narrow+tt.Narrow
		}
		var err error
		if out.Tree, err = all.tree(f); err != nil {
			return nil, err
		}
		if out.Buried+out.Narrow > 0 {
			if out.Reachable, err = reach.tree(f); err != nil {
				return nil, err
			}
		}
		f.Templates = append(f.Templates, out)
	}
	return f, nil
}

// same checks that tile t is of a's scene, lattice and templates.
func same(a, t *supportbake.Tile) error {
	where := fmt.Sprintf("tile (%d, %d)", t.I, t.K)
	switch {
	case t.Lattice != a.Lattice || t.Size != a.Size:
		return fmt.Errorf("supporttile: %s: lattice %+v, size %d; the others' %+v, %d", where, t.Lattice, t.Size, a.Lattice, a.Size)
	case t.SceneHash != a.SceneHash || t.SceneTriangles != a.SceneTriangles:
		return fmt.Errorf("supporttile: %s: built for another scene (%d triangles; the others' %d)", where, t.SceneTriangles, a.SceneTriangles)
	case len(t.Templates) != len(a.Templates):
		return fmt.Errorf("supporttile: %s: %d templates; the others have %d", where, len(t.Templates), len(a.Templates))
	}
	for n := range t.Templates {
		if t.Templates[n].Name != a.Templates[n].Name || t.Templates[n].Hash != a.Templates[n].Hash {
			return fmt.Errorf("supporttile: %s: template %d is %q, another's is %q (or built differently)", where, n, t.Templates[n].Name, a.Templates[n].Name)
		}
	}
	return nil
}

// runs gathers positions and yaw sets from trees.
type runs struct{ keys, masks []uint64 }

func (r *runs) add(t *supporttree.Tree) {
	t.Each(func(x, y, z int32, m uint64) {
		r.keys, r.masks = append(r.keys, supporttree.Key(x, y, z)), append(r.masks, m)
	})
}

// tree is the gathered positions as one tree.
func (r *runs) tree(f *supportbake.File) (*supporttree.Tree, error) {
	t, err := supporttree.NewUnsorted(f.Lattice, r.keys, r.masks)
	if err != nil {
		return nil, fmt.Errorf("supporttile: %w (in two tiles)", err)
	}
	return t, nil
}
