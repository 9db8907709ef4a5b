package dynamic

import (
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// splice puts region r into the tiles of td it meets.
func splice(td *supporttree.Tiles, r supportbuild.Region) error {
	b := r.Box
	for k := supporttree.TileOf(b.Min[2]); k <= supporttree.TileOf(b.Max[2]); k++ {
		for i := supporttree.TileOf(b.Min[0]); i <= supporttree.TileOf(b.Max[0]); i++ {
			tb := supporttree.TileBox(i, k, b.Min[1], b.Max[1])
			part := supporttree.Box{Min: [3]int32{max(b.Min[0], tb.Min[0]), b.Min[1], max(b.Min[2], tb.Min[2])}, Max: [3]int32{min(b.Max[0], tb.Max[0]), b.Max[1], min(b.Max[2], tb.Max[2])}}
			var keys, masks []uint64
			for j, key := range r.Keys {
				if x, y, z := supporttree.Unkey(key); part.Contains(x, y, z) {
					keys, masks = append(keys, key), append(masks, r.Masks[j])
				}
			}
			t := td.Tile(i, k)
			if t == nil {
				if len(keys) == 0 {
					continue
				}
				var err error
				if t, err = supporttree.New(td.Lattice(), nil, nil); err != nil {
					return err
				}
			}
			nt, err := t.Splice(part, keys, masks)
			if err != nil {
				return err
			}
			td.Set(i, k, nt)
		}
	}
	return nil
}
