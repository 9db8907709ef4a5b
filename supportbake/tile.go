package supportbake

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/binfile"
	"github.com/foothold/foothold/supporttree"
)

// Format of a tile file (.fht), version 1 (little-endian): one tile of a
// scene's support data, the trees of its templates restricted to the
// tile's positions.
//
//	magic "FHSPTILE" | version u32 | linear f32 | angular f32 |
//	tile size u32 (lattice positions across) | tile i i32 | tile k i32 |
//	scene hash [32] | scene triangles u32 | templates u32 |
//	per template: as in an .fst file |
//	SHA-256 of everything before it [32]
const (
	TileMagic   = "FHSPTILE"
	TileVersion = 1
)

// ErrNotTile is a file that is not a tile file.
var ErrNotTile = errors.New("not a support tile file (bad magic)")

// Tile is the content of a tile file: the support data of the positions
// x in [I·Size, I·Size+Size-1], z in [K·Size, K·Size+Size-1], every
// height, of one scene.
type Tile struct {
	File       // the lattice, the scene and the templates' trees
	Size int32 // lattice positions across a tile
	I, K int32 // the tile's place in the grid
}

// EncodeTile returns a tile file's bytes.
func EncodeTile(t *Tile) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	b.WriteString(TileMagic)
	binary.Write(&b, le, uint32(TileVersion))
	binary.Write(&b, le, [2]float32{t.Lattice.Linear, t.Lattice.Angular})
	binary.Write(&b, le, [3]int32{t.Size, t.I, t.K})
	b.Write(t.SceneHash[:])
	binary.Write(&b, le, t.SceneTriangles)
	appendTemplates(&b, t.Templates)
	return binfile.Seal(b.Bytes())
}

// DecodeTile parses a tile file's bytes, with the checks of Decode, and
// checks that every tree holds only positions of the tile.
func DecodeTile(data []byte) (*Tile, error) {
	body, err := binfile.Open(data, TileMagic, TileVersion, ErrNotTile)
	if err != nil {
		return nil, err
	}
	r := reader{b: body, off: len(TileMagic) + 4}
	t := &Tile{}
	t.Lattice.Linear, t.Lattice.Angular = r.f32(), r.f32()
	t.Size, t.I, t.K = int32(r.u32()), int32(r.u32()), int32(r.u32())
	copy(t.SceneHash[:], r.bytes(32))
	t.SceneTriangles = r.u32()
	if r.err != nil {
		return nil, r.err
	}
	if err := checkLattice(t.Lattice); err != nil {
		return nil, err
	}
	if t.Size < 1 || t.Size > 1<<16 {
		return nil, fmt.Errorf("tile size %d: want 1 to 65536 positions", t.Size)
	}
	if t.Templates, err = r.templates(t.Lattice); err != nil {
		return nil, err
	}
	for i := range t.Templates {
		if err := t.holds(&t.Templates[i]); err != nil {
			return nil, fmt.Errorf("template %q: %w", t.Templates[i].Name, err)
		}
	}
	return t, nil
}

// holds checks that ft's trees hold only positions of the tile.
func (t *Tile) holds(ft *FileTemplate) error {
	x0, z0 := int64(t.I)*int64(t.Size), int64(t.K)*int64(t.Size)
	x1, z1 := x0+int64(t.Size)-1, z0+int64(t.Size)-1
	var bad error
	for _, tree := range []*supporttree.Tree{ft.Tree, ft.Reachable} {
		if tree == nil {
			continue
		}
		tree.EachRun(func(a, b, y, z int32, _ uint64) {
			if bad == nil && (int64(a) < x0 || int64(b)-1 > x1 || int64(z) < z0 || int64(z) > z1) {
				bad = fmt.Errorf("positions x %d..%d, z %d outside tile (%d, %d)", a, b-1, z, t.I, t.K)
			}
		})
	}
	return bad
}

// WriteTile writes t to path through a temporary file and a rename.
func WriteTile(path string, t *Tile) error {
	data := EncodeTile(t)
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// ReadTile reads and checks a tile file.
func ReadTile(path string) (*Tile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("support tile: %w", err)
	}
	t, err := DecodeTile(data)
	if err != nil {
		return nil, fmt.Errorf("support tile %s: %w", path, err)
	}
	return t, nil
}
