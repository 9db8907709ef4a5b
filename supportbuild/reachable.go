package supportbuild

import (
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// Reachable is template t's tree less the positions no foot or hand can
// reach: faces hidden inside solids, which Algorithm 1 supports since it
// looks only at surfaces (DropBuried), and for a foot the positions in
// slots too narrow to stand in (DropNarrow). It returns how many of each
// it dropped. The positions are tested on workers goroutines (0 means
// GOMAXPROCS); the result does not depend on how many.
func Reachable(bvh *scenes.BVH, t *dock.Template, tree *supporttree.Tree, workers int) (out *supporttree.Tree, buried, narrow int64, err error) {
	if out, buried, err = DropBuried(bvh, tree, workers); err != nil {
		return nil, 0, 0, err
	}
	if stance, ok := FootStance(t); ok {
		if out, narrow, err = DropNarrow(bvh, out, stance, workers); err != nil {
			return nil, 0, 0, err
		}
	}
	return out, buried, narrow, nil
}
