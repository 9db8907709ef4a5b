package supportbake

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/binfile"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// Format of an .fst file, version 3 (little-endian):
//
//	magic "FHSUPPRT" | version u32 | linear f32 | angular f32 |
//	scene hash [32] | scene triangles u32 | templates u32 |
//	per template: name length u16, name | template hash [32] |
//	    the tree, as encode.go describes | buried u64 | narrow u64 |
//	    reachable u8: 1 when the reachable tree follows, as encode.go
//	    describes; 0 when it is the tree itself |
//	SHA-256 of everything before it [32]
const (
	Magic   = "FHSUPPRT"
	Version = 3
)

// Errors callers can test for.
var (
	ErrBadMagic    = errors.New("not a support-tree file (bad magic)")
	ErrChecksum    = binfile.ErrChecksum
	ErrWrongScene  = errors.New("built for another scene")
	ErrNoTemplate  = errors.New("no support-tree for this template")
	ErrOtherLayout = errors.New("built for a different template")
)

// VersionError is a file of a format version this code does not read.
type VersionError = binfile.VersionError

// File is the content of an .fst file: one scene's support-trees.
type File struct {
	Lattice        dock.Lattice
	SceneHash      [32]byte
	SceneTriangles uint32
	Templates      []FileTemplate
}

// FileTemplate is one template's trees in a File: every support
// Algorithm 1 finds (what Version I's probing finds), and the reachable
// ones the runtime plans with (Bake).
type FileTemplate struct {
	Name      string
	Hash      [32]byte
	Tree      *supporttree.Tree // every support
	Reachable *supporttree.Tree // Tree less the buried and narrow positions; nil or Tree when none is dropped
	Buried    int64             // positions dropped as buried inside solids
	Narrow    int64             // a foot's positions dropped as in slots too narrow to stand in
}

// Planned is the tree the runtime plans with: Reachable, or Tree when
// nothing was dropped.
func (ft *FileTemplate) Planned() *supporttree.Tree {
	if ft.Reachable != nil {
		return ft.Reachable
	}
	return ft.Tree
}

// SceneHash hashes a mesh's triangles (positions and indices as stored).
func SceneHash(m *scenes.Mesh) [32]byte {
	h := sha256.New()
	binary.Write(h, binary.LittleEndian, m.Positions)
	binary.Write(h, binary.LittleEndian, m.Indices)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// TemplateHash hashes what a template's support depends on: its tolerance
// and its contact points (not its name or group).
func TemplateHash(t *dock.Template) [32]byte {
	h := sha256.New()
	binary.Write(h, binary.LittleEndian, t.ToleranceDeg)
	for _, p := range t.Points {
		binary.Write(h, binary.LittleEndian, p.Position)
		binary.Write(h, binary.LittleEndian, p.Normal)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Encode returns the file's bytes.
func (f *File) Encode() []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	b.WriteString(Magic)
	binary.Write(&b, le, uint32(Version))
	binary.Write(&b, le, f.Lattice.Linear)
	binary.Write(&b, le, f.Lattice.Angular)
	b.Write(f.SceneHash[:])
	binary.Write(&b, le, f.SceneTriangles)
	appendTemplates(&b, f.Templates)
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// appendTemplates appends the templates' entries, after their count.
func appendTemplates(b *bytes.Buffer, fts []FileTemplate) {
	le := binary.LittleEndian
	binary.Write(b, le, uint32(len(fts)))
	for _, ft := range fts {
		t := ft.Tree
		binary.Write(b, le, uint16(len(ft.Name)))
		b.WriteString(ft.Name)
		b.Write(ft.Hash[:])
		b.Write(appendEncoded(nil, t))
		binary.Write(b, le, [2]uint64{uint64(ft.Buried), uint64(ft.Narrow)})
		if r := ft.Reachable; r != nil && r != t {
			b.WriteByte(1)
			b.Write(appendEncoded(nil, r))
		} else {
			b.WriteByte(0)
		}
	}
}

// WriteFile writes f to path through a temporary file and a rename, so a
// failure never leaves a partial file where a good one was.
func WriteFile(path string, f *File) error {
	data := f.Encode()
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// ReadFile reads and checks an .fst file.
func ReadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("supporttree: %w", err)
	}
	f, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("supporttree: %s: %w", path, err)
	}
	return f, nil
}

// Decode parses an .fst file's bytes. It checks the magic, the version and
// the checksum first, then every count against the bytes that remain before
// allocating, then the trees' structure, so a query on a decoded tree never
// reads out of range.
func Decode(data []byte) (*File, error) {
	body, err := binfile.Open(data, Magic, Version, ErrBadMagic)
	if err != nil {
		return nil, err
	}
	r := reader{b: body, off: len(Magic) + 4}
	f := &File{}
	f.Lattice.Linear = r.f32()
	f.Lattice.Angular = r.f32()
	copy(f.SceneHash[:], r.bytes(32))
	f.SceneTriangles = r.u32()
	if r.err != nil {
		return nil, r.err
	}
	if err := checkLattice(f.Lattice); err != nil {
		return nil, err
	}
	if f.Templates, err = r.templates(f.Lattice); err != nil {
		return nil, err
	}
	return f, nil
}

// checkLattice checks a header's lattice.
func checkLattice(lat dock.Lattice) error {
	if err := lat.Validate(); err != nil || lat.Yaws() > 64 || lat.Yaws() < 1 {
		return fmt.Errorf("bad lattice %+v in the header", lat)
	}
	return nil
}

// templates reads the templates' entries (after their count) to the end
// of the body.
func (r *reader) templates(lat dock.Lattice) ([]FileTemplate, error) {
	nt := r.u32()
	var out []FileTemplate
	for i := uint32(0); i < nt && r.err == nil; i++ {
		var ft FileTemplate
		ft.Name = string(r.bytes(int(r.u16())))
		copy(ft.Hash[:], r.bytes(32))
		ft.Tree = r.tree(lat)
		ft.Buried, ft.Narrow = int64(r.u64()), int64(r.u64())
		switch flag := r.bytes(1); {
		case r.err != nil:
		case flag[0] == 1:
			ft.Reachable = r.tree(lat)
		case flag[0] != 0:
			r.err = fmt.Errorf("reachable flag %d at byte %d", flag[0], r.off-1)
		}
		if r.err == nil && (ft.Buried < 0 || ft.Narrow < 0) {
			r.err = fmt.Errorf("dropped counts %d, %d", ft.Buried, ft.Narrow)
		}
		if r.err != nil {
			return nil, fmt.Errorf("template %d (%q): %w", i, ft.Name, r.err)
		}
		out = append(out, ft)
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.off != len(r.b) {
		return nil, fmt.Errorf("%d bytes left after the last template", len(r.b)-r.off)
	}
	return out, nil
}

// For returns the entries of the given templates, after checking that the
// file was built for this scene and for these very templates.
func (f *File) For(m *scenes.Mesh, templates []*dock.Template) (map[*dock.Template]*FileTemplate, error) {
	if SceneHash(m) != f.SceneHash {
		return nil, fmt.Errorf("%w (the file's scene has %d triangles, this one %d)", ErrWrongScene, f.SceneTriangles, m.NumTriangles())
	}
	out := map[*dock.Template]*FileTemplate{}
	for _, t := range templates {
		var ft *FileTemplate
		for i := range f.Templates {
			if f.Templates[i].Name == t.Name {
				ft = &f.Templates[i]
			}
		}
		if ft == nil {
			var names []string
			for _, x := range f.Templates {
				names = append(names, x.Name)
			}
			return nil, fmt.Errorf("%w %q (the file has %s)", ErrNoTemplate, t.Name, strings.Join(names, ", "))
		}
		if TemplateHash(t) != ft.Hash {
			return nil, fmt.Errorf("%w: template %q has changed since the file was built", ErrOtherLayout, t.Name)
		}
		out[t] = ft
	}
	return out, nil
}

// reader reads little-endian values, remembering the first error.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.off {
		if r.err == nil {
			r.err = fmt.Errorf("truncated at byte %d: %d more bytes needed", r.off, n)
		}
		return nil
	}
	out := r.b[r.off : r.off+n]
	r.off += n
	return out
}

func (r *reader) u16() uint16 {
	if b := r.bytes(2); len(b) == 2 {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); len(b) == 4 {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }

func (r *reader) u64() uint64 {
	if b := r.bytes(8); len(b) == 8 {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// u64s reads n little-endian uint64s.
func (r *reader) u64s(n int) []uint64 {
	b := r.bytes(8 * n)
	if r.err != nil {
		return nil
	}
	out := make([]uint64, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return out
}
