package supportbake

import (
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
)

// Bake builds template t's support-tree (supportbuild.Build) and the tree
// the runtime plans with, which leaves out the positions no foot or hand
// can reach (supportbuild.Reachable). It returns both as a file's entry.
func Bake(m *scenes.Mesh, bvh *scenes.BVH, t *dock.Template, lat dock.Lattice, opts supportbuild.BuildOptions) (FileTemplate, supportbuild.BuildStats, error) {
	tree, st, err := supportbuild.Build(m, bvh, t, lat, opts)
	if err != nil {
		return FileTemplate{}, st, err
	}
	start := time.Now()
	ft := FileTemplate{Name: t.Name, Hash: TemplateHash(t), Tree: tree}
	if ft.Reachable, st.Buried, st.Narrow, err = supportbuild.Reachable(bvh, t, tree, opts.Workers); err != nil {
		return FileTemplate{}, st, err
	}
	ft.Buried, ft.Narrow = st.Buried, st.Narrow
	st.Filter = time.Since(start)
	return ft, st, nil
}
