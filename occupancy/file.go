package occupancy

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/binfile"
)

// Format of an .fos file, version 1 (little-endian):
//
//	magic "FHOCCUPY" | version u32 | threshold f64 | window f64 |
//	key [32] | actions u32 | spaces u32 | nodes u32 |
//	per action: its spaces u32 |
//	per space: t0 f64, t1 f64, its nodes u32 |
//	per node: x f32, z f32, r f32, child i32 (from its space's root) |
//	SHA-256 of everything before it [32]
const (
	Magic   = "FHOCCUPY"
	Version = 1
)

// Errors callers can test for.
var (
	ErrBadMagic = errors.New("not an occupancy-space file (bad magic)")
	ErrChecksum = binfile.ErrChecksum
)

// VersionError is a file of a format version this code does not read.
type VersionError = binfile.VersionError

// Key names what a library's spaces were built from: the key of the
// sweeps they were measured on (ccd.SweepsKey) and the options.
func Key(sweeps [32]byte, opt Options) [32]byte {
	opt = opt.withDefaults()
	h := sha256.New()
	h.Write(sweeps[:])
	binary.Write(h, binary.LittleEndian, [2]float64{opt.Threshold, opt.Window})
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Encode returns the bytes of an .fos file holding s under key.
func (s *Spaces) Encode(key [32]byte) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	put := func(v any) { binary.Write(&b, le, v) }
	b.WriteString(Magic)
	put(uint32(Version))
	put([2]float64{s.opt.Threshold, s.opt.Window})
	b.Write(key[:])
	put([3]uint32{uint32(s.Len()), uint32(len(s.spaces)), uint32(len(s.nodes))})
	for a := range s.Len() {
		put(uint32(s.first[a+1] - s.first[a]))
	}
	for _, sp := range s.spaces {
		put([2]float64{sp.T0, sp.T1})
		put(uint32(len(sp.BCH.nodes)))
	}
	for _, n := range s.nodes {
		put([3]float32{n.x, n.z, n.r})
		put(n.child)
	}
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// WriteFile writes s under key to path through a temporary file and a
// rename, so a failure never leaves a partial file where a good one was.
func WriteFile(path string, s *Spaces, key [32]byte) error {
	data := s.Encode(key)
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// ReadFile reads and checks an .fos file: its spaces and the key they were
// stored under.
func ReadFile(path string) (*Spaces, [32]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, [32]byte{}, fmt.Errorf("occupancy: %w", err)
	}
	s, key, err := Decode(data)
	if err != nil {
		return nil, key, fmt.Errorf("occupancy: %s: %w", path, err)
	}
	return s, key, nil
}

// Decode parses an .fos file's bytes. It checks the magic, the version
// and the checksum, then the counts against the file's length before
// allocating, then every hierarchy's structure (finite circles, children
// after their parent and inside their space, no deeper than Intersect
// descends), so Intersect on decoded spaces never reads out of range.
func Decode(data []byte) (*Spaces, [32]byte, error) {
	var key [32]byte
	const head = len(Magic) + 4
	const fixed = head + 16 + 32 + 12
	body, err := binfile.Open(data, Magic, Version, ErrBadMagic)
	if err != nil {
		return nil, key, err
	}
	if len(body) < fixed {
		return nil, key, fmt.Errorf("truncated: %d bytes", len(data))
	}
	r := reader{b: body, off: head}
	opt := Options{Threshold: r.f64(), Window: r.f64()}
	copy(key[:], r.take(32))
	na, ns, nn := uint64(r.u32()), uint64(r.u32()), uint64(r.u32())
	if !(opt.Threshold > 0 && opt.Window > 0) || math.IsInf(opt.Threshold, 0) || math.IsInf(opt.Window, 0) {
		return nil, key, fmt.Errorf("header: threshold %v, window %v", opt.Threshold, opt.Window)
	}
	if want := uint64(fixed) + 4*na + 20*ns + 16*nn; want != uint64(len(body)) {
		return nil, key, fmt.Errorf("header: %d actions, %d spaces and %d nodes take %d bytes, the file holds %d", na, ns, nn, want, len(body))
	}
	s := &Spaces{opt: opt, first: make([]int32, 0, na+1), spaces: make([]Space, ns), nodes: make([]node, nn)}
	if err := s.readCounts(&r, int(na)); err != nil {
		return nil, key, err
	}
	if err := s.readSpaces(&r); err != nil {
		return nil, key, err
	}
	if r.overrun || r.off != len(body) {
		return nil, key, fmt.Errorf("read %d of %d bytes", r.off, len(body))
	}
	return s, key, nil
}

// readCounts reads how many spaces each action has into s.first.
func (s *Spaces) readCounts(r *reader, na int) error {
	at := uint64(0)
	for a := range na {
		s.first = append(s.first, int32(at))
		at += uint64(r.u32())
		if at > uint64(len(s.spaces)) {
			return fmt.Errorf("action %d: its spaces run past the %d in the file", a, len(s.spaces))
		}
	}
	if at != uint64(len(s.spaces)) {
		return fmt.Errorf("the actions hold %d spaces, the file %d", at, len(s.spaces))
	}
	s.first = append(s.first, int32(at))
	return nil
}

// readSpaces reads the spaces' times and hierarchies, checking each.
func (s *Spaces) readSpaces(r *reader) error {
	sizes := make([]uint32, len(s.spaces))
	for k := range s.spaces {
		s.spaces[k].T0, s.spaces[k].T1 = r.f64(), r.f64()
		sizes[k] = r.u32()
		if t0, t1 := s.spaces[k].T0, s.spaces[k].T1; !(t0 >= 0 && t1 >= t0) || math.IsInf(t1, 0) {
			return fmt.Errorf("space %d: times %v to %v", k, t0, t1)
		}
	}
	for k := range s.nodes {
		n := &s.nodes[k]
		n.x, n.z, n.r = r.f32(), r.f32(), r.f32()
		n.child = int32(r.u32())
	}
	at := uint64(0)
	for k, size := range sizes {
		if size == 0 || at+uint64(size) > uint64(len(s.nodes)) {
			return fmt.Errorf("space %d: %d nodes from node %d, of %d", k, size, at, len(s.nodes))
		}
		s.spaces[k].BCH = BCH{nodes: s.nodes[at : at+uint64(size) : at+uint64(size)]}
		if err := s.spaces[k].BCH.check(); err != nil {
			return fmt.Errorf("space %d: %w", k, err)
		}
		at += uint64(size)
	}
	if at != uint64(len(s.nodes)) {
		return fmt.Errorf("the spaces hold %d nodes, the file %d", at, len(s.nodes))
	}
	return nil
}

// check verifies a hierarchy's structure: finite circles, each child pair
// after its parent and inside the hierarchy, no deeper than maxDepth.
func (b BCH) check() error {
	depth := make([]int8, len(b.nodes))
	for i, n := range b.nodes {
		if !finite(point{float64(n.x), float64(n.z)}) || !(n.r >= 0) || math.IsInf(float64(n.r), 0) {
			return fmt.Errorf("node %d: circle (%v, %v) radius %v", i, n.x, n.z, n.r)
		}
		if n.child < 0 {
			if n.child != -1 {
				return fmt.Errorf("node %d: child %d", i, n.child)
			}
			continue
		}
		if int(n.child) <= i || int(n.child)+1 >= len(b.nodes) {
			return fmt.Errorf("node %d: children %d and %d of %d nodes", i, n.child, n.child+1, len(b.nodes))
		}
		if depth[i]+1 >= maxDepth {
			return fmt.Errorf("node %d: deeper than %d", i, maxDepth)
		}
		// A parent comes before its children, so depth[i] is final here.
		for _, c := range []int32{n.child, n.child + 1} {
			depth[c] = max(depth[c], depth[i]+1)
		}
	}
	return nil
}

// reader reads little-endian values; past the end it reads zeros and
// remembers the overrun (Decode checks the length first, so it is none).
type reader struct {
	b       []byte
	off     int
	overrun bool
}

func (r *reader) take(n int) []byte {
	if r.off+n > len(r.b) {
		r.overrun = true
		return make([]byte, n)
	}
	p := r.b[r.off : r.off+n]
	r.off += n
	return p
}

func (r *reader) u32() uint32  { return binary.LittleEndian.Uint32(r.take(4)) }
func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }
func (r *reader) f64() float64 { return math.Float64frombits(binary.LittleEndian.Uint64(r.take(8))) }
