package supporttree

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/foothold/foothold/dock"
)

// TileSize is the side of a tile across the ground, in lattice positions.
const TileSize = 32

// Tiles is a support-tree cut into world-anchored tiles: columns of
// TileSize × TileSize positions across the ground (x, z), every height,
// each a Tree. A world that changes replaces the few tiles an edit meets
// (Set), and hands out copies (Clone) that later edits leave as they are.
type Tiles struct {
	lat  dock.Lattice
	tree map[[2]int32]*Tree
}

// TileOf is the tile of lattice index x (or z).
func TileOf(v int32) int32 {
	if v >= 0 {
		return v / TileSize
	}
	return -((-v + TileSize - 1) / TileSize)
}

// TileBox is the box of tile (i, k) within heights lo to hi.
func TileBox(i, k, lo, hi int32) Box {
	return Box{Min: [3]int32{i * TileSize, lo, k * TileSize}, Max: [3]int32{i*TileSize + TileSize - 1, hi, k*TileSize + TileSize - 1}}
}

// NewTiles is tiles on lattice lat holding no support yet.
func NewTiles(lat dock.Lattice) *Tiles { return &Tiles{lat: lat, tree: map[[2]int32]*Tree{}} }

// Cut is t in tiles.
func Cut(t *Tree) (*Tiles, error) {
	keys := map[[2]int32][]uint64{}
	masks := map[[2]int32][]uint64{}
	t.Each(func(x, y, z int32, m uint64) {
		k := [2]int32{TileOf(x), TileOf(z)}
		keys[k], masks[k] = append(keys[k], Key(x, y, z)), append(masks[k], m)
	})
	td := &Tiles{lat: t.Lattice(), tree: map[[2]int32]*Tree{}}
	for k := range keys {
		tr, err := New(td.lat, keys[k], masks[k])
		if err != nil {
			return nil, err
		}
		td.tree[k] = tr
	}
	return td, nil
}

// Lattice is the lattice the tiles are built on.
func (td *Tiles) Lattice() dock.Lattice { return td.lat }

// Tile is tile (i, k), or nil when it holds no support.
func (td *Tiles) Tile(i, k int32) *Tree { return td.tree[[2]int32{i, k}] }

// Set makes tr tile (i, k) (nil or empty: the tile holds nothing). tr must
// hold only positions of that tile.
func (td *Tiles) Set(i, k int32, tr *Tree) {
	if tr == nil || tr.Positions() == 0 {
		delete(td.tree, [2]int32{i, k})
		return
	}
	td.tree[[2]int32{i, k}] = tr
}

// Clone is a copy of td that Set on either leaves the other as it is (the
// trees, immutable, are shared).
func (td *Tiles) Clone() *Tiles { return &Tiles{lat: td.lat, tree: maps.Clone(td.tree)} }

// YawMask is the yaw set of a position.
func (td *Tiles) YawMask(x, y, z int32) uint64 {
	if t := td.Tile(TileOf(x), TileOf(z)); t != nil {
		return t.YawMask(x, y, z)
	}
	return 0
}

// EachIn calls f for every supported position in box with its yaw set,
// tile by tile.
func (td *Tiles) EachIn(box Box, f func(x, y, z int32, mask uint64)) {
	for k := TileOf(box.Min[2]); k <= TileOf(box.Max[2]); k++ {
		for i := TileOf(box.Min[0]); i <= TileOf(box.Max[0]); i++ {
			if t := td.Tile(i, k); t != nil {
				t.EachIn(box, f)
			}
		}
	}
}

// Whole is the tiles put together as one tree.
func (td *Tiles) Whole() (*Tree, error) {
	var keys, masks []uint64
	for _, t := range td.tree {
		t.Each(func(x, y, z int32, m uint64) {
			keys, masks = append(keys, Key(x, y, z)), append(masks, m)
		})
	}
	return NewUnsorted(td.lat, keys, masks)
}

// NewUnsorted is New of positions in any order (each once).
func NewUnsorted(lat dock.Lattice, keys, masks []uint64) (*Tree, error) {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	k2, m2 := make([]uint64, len(keys)), make([]uint64, len(keys))
	for i, o := range order {
		if i > 0 && keys[o] == k2[i-1] {
			x, y, z := Unkey(keys[o])
			return nil, fmt.Errorf("supporttree: position (%d, %d, %d) given twice", x, y, z)
		}
		k2[i], m2[i] = keys[o], masks[o]
	}
	return New(lat, k2, m2)
}
