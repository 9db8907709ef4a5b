package dynamic

import (
	"slices"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// tileSize is the side of a tile, in lattice positions: an edit splices
// the few tiles it meets, not the whole level's tree.
const tileSize = 32

// tiles are a template's support data cut into world-anchored columns of
// tileSize × tileSize positions (every height), each a tree.
type tiles struct {
	lat  dock.Lattice
	tree map[[2]int32]*supporttree.Tree
}

// tileOf is the tile of lattice x (or z).
func tileOf(v int32) int32 {
	if v >= 0 {
		return v / tileSize
	}
	return -((-v + tileSize - 1) / tileSize)
}

// tileBox is the box of tile (i, k) within box b's heights.
func tileBox(i, k int32, b supporttree.Box) supporttree.Box {
	return supporttree.Box{Min: [3]int32{i * tileSize, b.Min[1], k * tileSize}, Max: [3]int32{i*tileSize + tileSize - 1, b.Max[1], k*tileSize + tileSize - 1}}
}

// cut is tree t in tiles.
func cut(t *supporttree.Tree) (*tiles, error) {
	keys := map[[2]int32][]uint64{}
	masks := map[[2]int32][]uint64{}
	t.Each(func(x, y, z int32, m uint64) {
		k := [2]int32{tileOf(x), tileOf(z)}
		keys[k], masks[k] = append(keys[k], supporttree.Key(x, y, z)), append(masks[k], m)
	})
	td := &tiles{lat: t.Lattice(), tree: map[[2]int32]*supporttree.Tree{}}
	for k := range keys {
		tr, err := supporttree.New(td.lat, keys[k], masks[k])
		if err != nil {
			return nil, err
		}
		td.tree[k] = tr
	}
	return td, nil
}

// YawMask is the yaw set of a position.
func (td *tiles) YawMask(x, y, z int32) uint64 {
	if t := td.tree[[2]int32{tileOf(x), tileOf(z)}]; t != nil {
		return t.YawMask(x, y, z)
	}
	return 0
}

// EachIn calls f for every supported position in box with its yaw set,
// tile by tile.
func (td *tiles) EachIn(box supporttree.Box, f func(x, y, z int32, mask uint64)) {
	for k := tileOf(box.Min[2]); k <= tileOf(box.Max[2]); k++ {
		for i := tileOf(box.Min[0]); i <= tileOf(box.Max[0]); i++ {
			if t := td.tree[[2]int32{i, k}]; t != nil {
				t.EachIn(box, f)
			}
		}
	}
}

// splice puts region r into the tiles it meets.
func (td *tiles) splice(r supportbuild.Region) error {
	b := r.Box
	for k := tileOf(b.Min[2]); k <= tileOf(b.Max[2]); k++ {
		for i := tileOf(b.Min[0]); i <= tileOf(b.Max[0]); i++ {
			tb := tileBox(i, k, b)
			part := supporttree.Box{Min: [3]int32{max(b.Min[0], tb.Min[0]), b.Min[1], max(b.Min[2], tb.Min[2])}, Max: [3]int32{min(b.Max[0], tb.Max[0]), b.Max[1], min(b.Max[2], tb.Max[2])}}
			var keys, masks []uint64
			for j, key := range r.Keys {
				if x, y, z := supporttree.Unkey(key); part.Contains(x, y, z) {
					keys, masks = append(keys, key), append(masks, r.Masks[j])
				}
			}
			t := td.tree[[2]int32{i, k}]
			if t == nil {
				if len(keys) == 0 {
					continue
				}
				var err error
				if t, err = supporttree.New(td.lat, nil, nil); err != nil {
					return err
				}
			}
			nt, err := t.Splice(part, keys, masks)
			if err != nil {
				return err
			}
			if nt.Positions() == 0 {
				delete(td.tree, [2]int32{i, k})
			} else {
				td.tree[[2]int32{i, k}] = nt
			}
		}
	}
	return nil
}

// whole is the tiles put together as one tree.
func (td *tiles) whole() (*supporttree.Tree, error) {
	var keys, masks []uint64
	for _, t := range td.tree {
		t.Each(func(x, y, z int32, m uint64) {
			keys, masks = append(keys, supporttree.Key(x, y, z)), append(masks, m)
		})
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case keys[a] < keys[b]:
			return -1
		case keys[a] > keys[b]:
			return 1
		}
		return 0
	})
	k2, m2 := make([]uint64, len(keys)), make([]uint64, len(keys))
	for i, o := range order {
		k2[i], m2[i] = keys[o], masks[o]
	}
	return supporttree.New(td.lat, k2, m2)
}
