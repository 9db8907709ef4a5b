package bake

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/binfile"
	"github.com/foothold/foothold/internal/parallel"
)

// Format of an .fsw file (the body's sweeps of a library), version 1
// (little-endian):
//
//	magic "FHSWEEPS" | version u32 | key [32] (ccd.SweepsKey) | actions u32 |
//	per action: axis numbers u32 | steps u32 |
//	    axes f64 × axis numbers | travel, speed, sag f64 × steps each |
//	SHA-256 of everything before it [32]
const (
	SweepsMagic   = "FHSWEEPS"
	SweepsVersion = 1
)

// Errors callers can test for.
var (
	ErrNotSweeps = errors.New("not a sweeps file (bad magic)")
	ErrChecksum  = binfile.ErrChecksum
)

// Options say where a bake is kept and how it runs.
type Options struct {
	Cache Cache
	// Workers bounds the goroutines a build runs on; the result is the
	// same for any number. [Limit: >= 0; 0 means GOMAXPROCS]
	Workers int
	// Progress, when set, is told how a build goes (its stage: "sweeps",
	// "spaces" or a template's name), from the goroutine that called the
	// bake.
	Progress func(stage string, done, total int)
}

// progress is o.Progress for one stage, or nil.
func (o Options) progress(stage string) func(done, total int) {
	if o.Progress == nil {
		return nil
	}
	return func(done, total int) { o.Progress(stage, done, total) }
}

// MeasureSweeps measures every action of lib for body m (ccd.Measure) on
// o.Workers goroutines and assembles their sweeps with opt.
func MeasureSweeps(lib *action.Library, m *body.Model, opt ccd.Options, o Options) (*ccd.Sweeps, error) {
	ms, err := measureAll(lib, m, opt, o)
	if err != nil {
		return nil, err
	}
	return ccd.NewSweeps(lib, m, opt, ms)
}

func measureAll(lib *action.Library, m *body.Model, opt ccd.Options, o Options) ([]ccd.Measured, error) {
	ms := make([]ccd.Measured, len(lib.Actions))
	errs := make([]error, len(lib.Actions))
	parallel.For(len(lib.Actions), o.Workers, func(_, i int) {
		ms[i], errs[i] = ccd.Measure(lib, i, m, opt)
	}, o.progress("sweeps"))
	return ms, errors.Join(errs...)
}

// MaxCachedSweeps bounds the sweeps file Sweeps caches: a library's sweeps
// take about 48 bytes per capsule per measured instant (a 39-action
// library, 12.7 MB; 827 actions of every shared capture, 707 MB), and
// those of larger libraries are measured each time rather than fill the
// user's disk. [Units: bytes]
const MaxCachedSweeps = 256 << 20

// Sweeps gives the body m's sweeps of every action of lib: read from the
// cache when it holds them (under ccd.SweepsKey), else measured now and
// cached when they take at most MaxCachedSweeps. It says where they came
// from.
func Sweeps(lib *action.Library, m *body.Model, opt ccd.Options, o Options) (*ccd.Sweeps, string, error) {
	key := ccd.SweepsKey(lib, m, opt)
	ms, from, err := cached(o.Cache.Path("sweeps", key, ".fsw"),
		func(path string) ([]ccd.Measured, error) { return ReadSweeps(path, key) },
		func() ([]ccd.Measured, error) { return measureAll(lib, m, opt, o) },
		func(path string, ms []ccd.Measured) error {
			if n := sweepsBytes(ms); n > MaxCachedSweeps {
				return fmt.Errorf("%d MB of sweeps, more than bake.MaxCachedSweeps", n>>20)
			}
			return WriteSweeps(path, key, ms)
		})
	if err != nil {
		return nil, "", err
	}
	sw, err := ccd.NewSweeps(lib, m, opt, ms)
	return sw, from, err
}

// sweepsBytes is the size of the .fsw file of ms.
func sweepsBytes(ms []ccd.Measured) int {
	n := len(SweepsMagic) + 4 + 36 + 32
	for _, m := range ms {
		n += 8 + 8*(len(m.Axes)+len(m.Travel)+len(m.Speed)+len(m.Sag))
	}
	return n
}

// EncodeSweeps is the .fsw file of measured sweeps under key.
func EncodeSweeps(key [32]byte, ms []ccd.Measured) []byte {
	le := binary.LittleEndian
	b := append([]byte(SweepsMagic), 0, 0, 0, 0)
	le.PutUint32(b[len(SweepsMagic):], SweepsVersion)
	b = append(b, key[:]...)
	b = le.AppendUint32(b, uint32(len(ms)))
	for _, m := range ms {
		b = le.AppendUint32(b, uint32(len(m.Axes)))
		b = le.AppendUint32(b, uint32(len(m.Travel)))
		for _, v := range [][]float64{m.Axes, m.Travel, m.Speed, m.Sag} {
			for _, x := range v {
				b = le.AppendUint64(b, math.Float64bits(x))
			}
		}
	}
	return binfile.Seal(b)
}

// WriteSweeps writes measured sweeps under key to path, through a
// temporary file and a rename.
func WriteSweeps(path string, key [32]byte, ms []ccd.Measured) error {
	data := EncodeSweeps(key, ms)
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// ReadSweeps reads the measured sweeps in path, which must be stored
// under key (else an error saying so).
func ReadSweeps(path string, key [32]byte) ([]ccd.Measured, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("bake: %w", err)
	}
	ms, got, err := DecodeSweeps(data)
	if err != nil {
		return nil, fmt.Errorf("bake: %s: %w", path, err)
	}
	if got != key {
		return nil, fmt.Errorf("bake: %s: the sweeps of another library or body", path)
	}
	return ms, nil
}

// DecodeSweeps parses an .fsw file's bytes: its measured sweeps and their
// key. It checks the magic, version and checksum, and every count against
// the file's length before allocating.
func DecodeSweeps(data []byte) ([]ccd.Measured, [32]byte, error) {
	var key [32]byte
	body, err := binfile.Open(data, SweepsMagic, SweepsVersion, ErrNotSweeps)
	if err != nil {
		return nil, key, err
	}
	le := binary.LittleEndian
	off := len(SweepsMagic) + 4
	if len(body) < off+36 {
		return nil, key, fmt.Errorf("truncated: %d bytes", len(data))
	}
	copy(key[:], body[off:])
	n := uint64(le.Uint32(body[off+32:]))
	off += 36
	if n > uint64(len(body)-off)/8 {
		return nil, key, fmt.Errorf("header: %d actions in %d bytes", n, len(body)-off)
	}
	ms := make([]ccd.Measured, n)
	for i := range ms {
		if len(body)-off < 8 {
			return nil, key, fmt.Errorf("action %d: truncated at byte %d", i, off)
		}
		na, ns := uint64(le.Uint32(body[off:])), uint64(le.Uint32(body[off+4:]))
		off += 8
		if (na+3*ns)*8 > uint64(len(body)-off) {
			return nil, key, fmt.Errorf("action %d: %d axis numbers and %d steps overrun the file at byte %d", i, na, ns, off)
		}
		take := func(k uint64) []float64 {
			v := make([]float64, k)
			for j := range v {
				v[j] = math.Float64frombits(le.Uint64(body[off:]))
				off += 8
			}
			return v
		}
		ms[i] = ccd.Measured{Axes: take(na), Travel: take(ns), Speed: take(ns), Sag: take(ns)}
	}
	if off != len(body) {
		return nil, key, fmt.Errorf("%d bytes after the last action", len(body)-off)
	}
	return ms, key, nil
}
