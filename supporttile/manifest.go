package supporttile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/supportbake"
)

// Format names the manifest and share records; Version is their version.
const (
	Format  = "foothold-support-tiles"
	Version = 1
)

// Header is what every tile of a bake shares.
type Header struct {
	Format         string     `json:"format"`
	Version        int        `json:"version"`
	LinearM        float32    `json:"linear_m"`
	AngularRad     float32    `json:"angular_rad"`
	TileSize       int32      `json:"tile_size"`
	Scene          string     `json:"scene_sha256"`
	SceneTriangles uint32     `json:"scene_triangles"`
	Templates      []Template `json:"templates"`
	Tiles          int        `json:"tiles"` // every tile of the layout, empty ones included
}

// Template names a template and the hash of what its support depends on.
type Template struct {
	Name string `json:"name"`
	Hash string `json:"sha256"`
}

// Entry is one tile: its file (empty when the tile holds no support) and
// the SHA-256 of the file's bytes.
type Entry struct {
	I      int32  `json:"i"`
	K      int32  `json:"k"`
	File   string `json:"file,omitempty"`
	SHA256 string `json:"sha256,omitempty"`
}

// Manifest lists every tile of a bake.
type Manifest struct {
	Header
	Entries []Entry `json:"entries"` // sorted by k, then i
}

// ShareRecord is what one share of a bake built.
type ShareRecord struct {
	Header
	Share   int     `json:"share"`
	Shares  int     `json:"shares"`
	Entries []Entry `json:"entries"`
}

// headerOf is the header of layout l's bake of a scene (hash, triangles).
func headerOf(l *Layout, scene [32]byte, triangles uint32) Header {
	h := Header{Format: Format, Version: Version, LinearM: l.Lattice.Linear, AngularRad: l.Lattice.Angular,
		TileSize: l.Size, Scene: hex.EncodeToString(scene[:]), SceneTriangles: triangles, Tiles: len(l.Tiles)}
	for _, t := range l.Templates {
		th := supportbake.TemplateHash(t)
		h.Templates = append(h.Templates, Template{Name: t.Name, Hash: hex.EncodeToString(th[:])})
	}
	return h
}

// TileName is the file name of tile (i, k).
func TileName(i, k int32) string { return fmt.Sprintf("tile_%d_%d.fht", i, k) }

// ShareName is the file name of share i of n's record.
func ShareName(i, n int) string { return fmt.Sprintf("share-%d-of-%d.json", i, n) }

// ManifestName is the manifest's file name.
const ManifestName = "manifest.json"

// encodeJSON is v's bytes: indented, one trailing newline.
func encodeJSON(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err) // the types above always marshal
	}
	return append(b, '\n')
}

// decodeJSON parses data into v, refusing unknown fields and trailing
// data.
func decodeJSON(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return fmt.Errorf("data after the record")
	}
	return nil
}

// check checks a header's fields.
func (h *Header) check() error {
	lat := dock.Lattice{Linear: h.LinearM, Angular: h.AngularRad}
	switch {
	case h.Format != Format:
		return fmt.Errorf("format %q, want %q", h.Format, Format)
	case h.Version != Version:
		return fmt.Errorf("version %d, this program reads version %d", h.Version, Version)
	case lat.Validate() != nil || lat.Yaws() > 64:
		return fmt.Errorf("bad lattice %v m, %v rad", h.LinearM, h.AngularRad)
	case h.TileSize < 1 || h.TileSize > 1<<16:
		return fmt.Errorf("tile size %d", h.TileSize)
	case !isHash(h.Scene):
		return fmt.Errorf("scene hash %q", h.Scene)
	case len(h.Templates) == 0:
		return fmt.Errorf("no templates")
	case h.Tiles < 0:
		return fmt.Errorf("%d tiles", h.Tiles)
	}
	for _, t := range h.Templates {
		if t.Name == "" || !isHash(t.Hash) {
			return fmt.Errorf("template %q, hash %q", t.Name, t.Hash)
		}
	}
	return nil
}

func isHash(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == sha256.Size
}

// ParseManifest parses and checks a manifest's bytes.
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := decodeJSON(data, &m); err != nil {
		return nil, err
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(m.Entries) != m.Tiles {
		return nil, fmt.Errorf("%d entries for %d tiles", len(m.Entries), m.Tiles)
	}
	return &m, checkEntries(m.Entries, true)
}

// ParseShare parses and checks a share record's bytes.
func ParseShare(data []byte) (*ShareRecord, error) {
	var s ShareRecord
	if err := decodeJSON(data, &s); err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	if s.Shares < 1 || s.Share < 0 || s.Share >= s.Shares {
		return nil, fmt.Errorf("share %d of %d", s.Share, s.Shares)
	}
	return &s, checkEntries(s.Entries, false)
}

// checkEntries checks each entry's file and hash, and (sorted) that the
// entries are in the manifest's order with no tile twice.
func checkEntries(es []Entry, sorted bool) error {
	for n, e := range es {
		if (e.File == "") != (e.SHA256 == "") || e.File != "" && (e.File != TileName(e.I, e.K) || !isHash(e.SHA256)) {
			return fmt.Errorf("entry %d (tile %d, %d): file %q, sha256 %q", n, e.I, e.K, e.File, e.SHA256)
		}
		if sorted && n > 0 && !before(es[n-1], e) {
			return fmt.Errorf("entry %d (tile %d, %d) out of order or repeated", n, e.I, e.K)
		}
	}
	return nil
}

// before reports whether a comes before b: by k, then i.
func before(a, b Entry) bool { return a.K < b.K || a.K == b.K && a.I < b.I }

// ReadManifest reads and checks dir's manifest.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("supporttile: %w", err)
	}
	m, err := ParseManifest(data)
	if err != nil {
		return nil, fmt.Errorf("supporttile: %s: %w", path, err)
	}
	return m, nil
}

// writeFile writes data to path through a temporary file and a rename.
func writeFile(path string, data []byte) error {
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
