package supporttile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
)

// BuildShare builds share i of n of layout l's tiles of mesh m (with its
// BVH) into dir: a tile file per tile that holds a support, then the
// share's record, written last, so that a record means a finished share.
// It makes dir when there is none.
// done, when not nil, is called after each tile.
func (l *Layout) BuildShare(m *scenes.Mesh, bvh *scenes.BVH, i, n int, dir string, workers int, done func(tile [2]int32)) (*ShareRecord, error) {
	tiles, err := l.Share(i, n)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("supporttile: %w", err)
	}
	scene := supportbake.SceneHash(m)
	rec := &ShareRecord{Header: headerOf(l, scene, uint32(m.NumTriangles())), Share: i, Shares: n}
	for _, ik := range tiles {
		t, err := l.build(m, bvh, scene, ik[0], ik[1], workers)
		if err != nil {
			return nil, err
		}
		e, err := WriteTile(dir, t)
		if err != nil {
			return nil, err
		}
		rec.Entries = append(rec.Entries, e)
		if done != nil {
			done(ik)
		}
	}
	if err := writeFile(filepath.Join(dir, ShareName(i, n)), encodeJSON(rec)); err != nil {
		return nil, fmt.Errorf("supporttile: %w", err)
	}
	return rec, nil
}

// WriteTile writes tile t's file into dir, unless it holds no support,
// and returns its entry.
func WriteTile(dir string, t *supportbake.Tile) (Entry, error) {
	e, data := TileFile(t)
	if data == nil {
		return e, nil
	}
	if err := writeFile(filepath.Join(dir, e.File), data); err != nil {
		return e, fmt.Errorf("supporttile: %w", err)
	}
	return e, nil
}

// TileFile is tile t's entry and its file's bytes (nil when it holds no
// support: no file), for a writer of its own (a pipeline's file system).
func TileFile(t *supportbake.Tile) (Entry, []byte) {
	e := Entry{I: t.I, K: t.K}
	if empty(t) {
		return e, nil
	}
	data := supportbake.EncodeTile(t)
	sum := sha256.Sum256(data)
	e.File, e.SHA256 = TileName(e.I, e.K), hex.EncodeToString(sum[:])
	return e, data
}

// Manifest is the manifest of layout l's bake of a scene (its hash and
// triangle count) whose tiles built so far have entries: every tile of
// the layout, those without an entry empty.
func (l *Layout) Manifest(scene [32]byte, triangles uint32, entries []Entry) (*Manifest, error) {
	man := &Manifest{Header: headerOf(l, scene, triangles)}
	got := map[[2]int32]Entry{}
	for _, e := range entries {
		if _, twice := got[[2]int32{e.I, e.K}]; twice {
			return nil, fmt.Errorf("supporttile: tile (%d, %d) built twice", e.I, e.K)
		}
		got[[2]int32{e.I, e.K}] = e
	}
	for _, ik := range l.Tiles {
		e, ok := got[ik]
		if !ok {
			e = Entry{I: ik[0], K: ik[1]}
		}
		man.Entries = append(man.Entries, e)
		delete(got, ik)
	}
	if len(got) > 0 {
		return nil, fmt.Errorf("supporttile: %d entries of tiles outside the layout", len(got))
	}
	return man, nil
}

// WriteManifest writes man into dir.
func WriteManifest(dir string, man *Manifest) error {
	if err := writeFile(filepath.Join(dir, ManifestName), man.Encode()); err != nil {
		return fmt.Errorf("supporttile: %w", err)
	}
	return nil
}

// Encode is the manifest file's bytes.
func (m *Manifest) Encode() []byte { return encodeJSON(m) }

// empty reports whether no template of t holds a support.
func empty(t *supportbake.Tile) bool {
	for _, ft := range t.Templates {
		if ft.Tree.Positions() > 0 {
			return false
		}
	}
	return true
}

// Merge checks the share records in dir — one bake's, every share there
// once — and every tile file they list (its bytes' SHA-256, its format,
// and that it is the tile of that bake it claims to be), then writes the
// manifest, whose bytes do not depend on the number of shares.
func Merge(dir string) (*Manifest, error) {
	recs, err := shares(dir)
	if err != nil {
		return nil, err
	}
	man := &Manifest{Header: recs[0].Header}
	for _, r := range recs {
		man.Entries = append(man.Entries, r.Entries...)
	}
	slices.SortFunc(man.Entries, func(a, b Entry) int {
		if before(a, b) {
			return -1
		}
		if before(b, a) {
			return 1
		}
		return 0
	})
	if err := checkEntries(man.Entries, true); err != nil {
		return nil, fmt.Errorf("supporttile: %s: %w", dir, err)
	}
	if len(man.Entries) != man.Tiles {
		return nil, fmt.Errorf("supporttile: %s: the shares list %d tiles of the bake's %d", dir, len(man.Entries), man.Tiles)
	}
	for _, e := range man.Entries {
		if _, err := ReadTile(dir, &man.Header, e); err != nil {
			return nil, err
		}
	}
	if err := WriteManifest(dir, man); err != nil {
		return nil, err
	}
	return man, nil
}

// shares reads dir's share records: every share of one bake, in order.
func shares(dir string) ([]*ShareRecord, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "share-*-of-*.json"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("supporttile: %s: no share records (share-I-of-N.json)", dir)
	}
	var recs []*ShareRecord
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("supporttile: %w", err)
		}
		r, err := ParseShare(data)
		if err != nil {
			return nil, fmt.Errorf("supporttile: %s: %w", p, err)
		}
		if filepath.Base(p) != ShareName(r.Share, r.Shares) {
			return nil, fmt.Errorf("supporttile: %s: holds share %d of %d", p, r.Share, r.Shares)
		}
		recs = append(recs, r)
	}
	slices.SortFunc(recs, func(a, b *ShareRecord) int { return a.Share - b.Share })
	n := recs[0].Shares
	for j, r := range recs {
		switch {
		case r.Shares != n:
			return nil, fmt.Errorf("supporttile: %s: records of %d and of %d shares: two bakes in one folder", dir, n, r.Shares)
		case r.Share != j:
			return nil, fmt.Errorf("supporttile: %s: share %d of %d is missing", dir, j, n)
		case !sameHeader(&r.Header, &recs[0].Header):
			return nil, fmt.Errorf("supporttile: %s: share %d was baked with other parameters than share 0 (scene, lattice, tile size or templates)", dir, j)
		}
	}
	if len(recs) != n {
		return nil, fmt.Errorf("supporttile: %s: share %d of %d is missing", dir, len(recs), n)
	}
	return recs, nil
}

func sameHeader(a, b *Header) bool {
	return a.Format == b.Format && a.Version == b.Version && a.LinearM == b.LinearM && a.AngularRad == b.AngularRad &&
		a.TileSize == b.TileSize && a.Scene == b.Scene && a.SceneTriangles == b.SceneTriangles && a.Tiles == b.Tiles &&
		slices.Equal(a.Templates, b.Templates)
}

// readTile reads entry e's tile file from dir and checks it against the
// entry and the bake's header; nil for an empty tile.
func ReadTile(dir string, h *Header, e Entry) (*supportbake.Tile, error) {
	if e.File == "" {
		return nil, nil
	}
	path := filepath.Join(dir, e.File)
	where := fmt.Sprintf("supporttile: tile (%d, %d), %s", e.I, e.K, path)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != e.SHA256 {
		return nil, fmt.Errorf("%s: its bytes do not match the SHA-256 listed for it (corrupted or from another bake)", where)
	}
	t, err := supportbake.DecodeTile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	got := Header{Format: h.Format, Version: h.Version, LinearM: t.Lattice.Linear, AngularRad: t.Lattice.Angular, TileSize: t.Size,
		Scene: hex.EncodeToString(t.SceneHash[:]), SceneTriangles: t.SceneTriangles, Tiles: h.Tiles}
	for _, ft := range t.Templates {
		got.Templates = append(got.Templates, Template{Name: ft.Name, Hash: hex.EncodeToString(ft.Hash[:])})
	}
	if !sameHeader(&got, h) || t.I != e.I || t.K != e.K {
		return nil, fmt.Errorf("%s: holds tile (%d, %d) of another bake (scene, lattice, tile size or templates differ)", where, t.I, t.K)
	}
	return t, nil
}

// Load reads dir's manifest and every tile file it lists, checked as
// Merge checks them: the non-empty tiles, in the manifest's order.
func Load(dir string) (*Manifest, []*supportbake.Tile, error) {
	man, err := ReadManifest(dir)
	if err != nil {
		return nil, nil, err
	}
	var tiles []*supportbake.Tile
	for _, e := range man.Entries {
		t, err := ReadTile(dir, &man.Header, e)
		if err != nil {
			return nil, nil, err
		}
		if t != nil {
			tiles = append(tiles, t)
		}
	}
	return man, tiles, nil
}
