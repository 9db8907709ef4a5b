package geoquery

import (
	"sort"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
)

// Params returns the querier's settings.
func (t *Tree) Params() Params { return t.params }

// BVH returns the scene the hits are recomputed in.
func (t *Tree) BVH() *scenes.BVH { return t.bvh }

// Templates lists the templates the querier has support-trees for, by
// name.
func (t *Tree) Templates() []*dock.Template {
	out := make([]*dock.Template, 0, len(t.trees))
	for tp := range t.trees {
		out = append(out, tp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Within reports whether sample s lies in the window of a query at e, and
// its distance from e, exactly as Nearest measures it. A supported sample
// within the window proves that Nearest at e finds support (maybe a nearer
// one) without searching. It allocates nothing.
func (t *Tree) Within(e dock.Pose, s dock.Sample) (float32, bool) {
	return t.win.within(t.params.Lattice, e, s)
}

// Hits fills out with where each contact point of template tp, placed at a
// supported sample's pose, finds its face (Algorithm 1 at one pose: a few
// rays, no search), and reports whether every point is supported.
func (t *Tree) Hits(tp *dock.Template, pose dock.Pose, out *dock.Support, st *Stats) bool {
	var rs scenes.Stats
	ok := dock.Feasible(t.bvh, tp, pose, t.params.Lattice.Linear, out, &rs)
	if st != nil {
		st.Rays += rs.Rays
		st.TriTests += rs.TriTests
	}
	return ok
}

// Holds reports whether sample s is a support of template tp (in its
// support-tree or tiles), without a search.
func (t *Tree) Holds(tp *dock.Template, s dock.Sample) bool {
	var m uint64
	if t.tiles != nil {
		if td := t.tiles[tp]; td != nil {
			m = td.YawMask(s.X, s.Y, s.Z)
		}
	} else if tr := t.trees[tp]; tr != nil {
		m = tr.YawMask(s.X, s.Y, s.Z)
	}
	return s.Yaw >= 0 && s.Yaw < 64 && m&(1<<s.Yaw) != 0
}
