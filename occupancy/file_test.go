package occupancy_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/occupancy"
	"github.com/go-gl/mathgl/mgl64"
)

// TestFileRoundTrip writes the adult's spaces and reads them back: the
// same key, options, times and circles, the same answer from Intersect at
// random transforms, and the same bytes when written again.
func TestFileRoundTrip(t *testing.T) {
	w := adultSpaces(t)
	key := occupancy.Key(ccd.SweepsKey(w.lib, w.model, ccd.Options{}), occupancy.Options{})
	path := filepath.Join(t.TempDir(), "adult.fos")
	if err := occupancy.WriteFile(path, w.spaces, key); err != nil {
		t.Fatal(err)
	}
	got, gotKey, err := occupancy.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if o, wo := got.Options(), w.spaces.Options(); gotKey != key || o.Threshold != wo.Threshold || o.Window != wo.Window || got.Len() != w.spaces.Len() {
		t.Fatalf("key, options or actions differ: %+v, %d actions", got.Options(), got.Len())
	}
	for a := range got.Len() {
		sa, sb := w.spaces.Action(a), got.Action(a)
		if len(sa) != len(sb) {
			t.Fatalf("action %d: %d spaces, read back %d", a, len(sa), len(sb))
		}
		for k := range sa {
			if sa[k].T0 != sb[k].T0 || sa[k].T1 != sb[k].T1 || sa[k].BCH.Nodes() != sb[k].BCH.Nodes() || sa[k].BCH.Root() != sb[k].BCH.Root() {
				t.Fatalf("action %d space %d differs", a, k)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		a, b := r.IntN(got.Len()), r.IntN(got.Len())
		i, j := r.IntN(len(got.Action(a))), r.IntN(len(got.Action(b)))
		fb := action.Frame{Position: mgl64.Vec3{r.Float64()*2 - 1, 0, r.Float64()*2 - 1}, Yaw: r.Float64() * 2 * math.Pi}
		tr := occupancy.Relative(action.Frame{}, fb)
		if occupancy.Intersect(w.spaces.Action(a)[i].BCH, w.spaces.Action(b)[j].BCH, tr) != occupancy.Intersect(got.Action(a)[i].BCH, got.Action(b)[j].BCH, tr) {
			t.Fatalf("actions %d and %d: Intersect differs once read back", a, b)
		}
	}
	data, _ := os.ReadFile(path)
	if !bytes.Equal(got.Encode(key), data) {
		t.Fatal("read back and written again, the bytes differ")
	}
	// Another body, another key.
	if other := occupancy.Key(ccd.SweepsKey(w.lib, w.model, ccd.Options{Substeps: 2}), occupancy.Options{}); other == key {
		t.Error("other substeps give the same key")
	}
	if other := occupancy.Key(ccd.SweepsKey(w.lib, w.model, ccd.Options{}), occupancy.Options{Threshold: 0.02}); other == key {
		t.Error("another threshold gives the same key")
	}
}

// TestFileBadInput feeds Decode damaged files: each is an error saying
// what is wrong, never a panic or spaces.
func TestFileBadInput(t *testing.T) {
	w := adultSpaces(t)
	good := w.spaces.Encode([32]byte{1})
	resum := func(b []byte) []byte {
		b = bytes.Clone(b)
		s := sha256.Sum256(b[:len(b)-sha256.Size])
		copy(b[len(b)-sha256.Size:], s[:])
		return b
	}
	patch := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return resum(b)
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 1
	const counts = 8 + 4 + 16 + 32
	nodesAt := len(good) - sha256.Size - 16*int(binary.LittleEndian.Uint32(good[counts+8:]))
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "bad magic"},
		{"other magic", append([]byte("FHSUPPRT"), good[8:]...), "bad magic"},
		{"version 9", patch(8, 9), "format version 9"},
		{"truncated", good[:len(good)-100], "checksum"},
		{"a flipped bit", flipped, "checksum"},
		{"more actions than bytes", patch(counts, 1<<30), "take"},
		{"a root with its child before it", patch(nodesAt+12, 0), "children"},
		{"a child past the end", patch(nodesAt+12, 1<<20), "children"},
		{"a NaN radius", patch(nodesAt+8, math.Float32bits(float32(math.NaN()))), "radius"},
		{"a negative child", patch(nodesAt+12, uint32(0xfffffff0)), "child"},
	}
	for _, c := range cases {
		s, _, err := occupancy.Decode(c.data)
		if err == nil || s != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
	var ve *occupancy.VersionError
	if _, _, err := occupancy.Decode(patch(8, 9)); !errors.As(err, &ve) {
		t.Errorf("version 9: %v is not a VersionError", err)
	}
	if _, _, err := occupancy.ReadFile(filepath.Join(t.TempDir(), "none.fos")); err == nil || !strings.Contains(err.Error(), "none.fos") {
		t.Errorf("a missing file: %v", err)
	}
}

// tinyFile is an .fos file of two actions: one space of a root and two
// leaves, and one of a single circle.
func tinyFile() []byte {
	var b bytes.Buffer
	put := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString(occupancy.Magic)
	put(uint32(occupancy.Version))
	put([2]float64{0.01, 0.25})
	b.Write(make([]byte, 32))
	put([3]uint32{2, 2, 4})
	put([2]uint32{1, 1})
	put([2]float64{0, 0.25})
	put(uint32(3))
	put([2]float64{0, 0.5})
	put(uint32(1))
	put([3]float32{0, 0, 0.3})
	put(int32(1))
	for _, x := range []float32{-0.1, 0.1} {
		put([3]float32{x, 0, 0.2})
		put(int32(-1))
	}
	put([3]float32{0, 0, 0.25})
	put(int32(-1))
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

func FuzzDecode(f *testing.F) {
	if _, _, err := occupancy.Decode(tinyFile()); err != nil {
		f.Fatal(err)
	}
	f.Add(tinyFile())
	f.Fuzz(func(t *testing.T, data []byte) {
		// As given, and with its checksum made right, so the fuzzer
		// reaches the structure checks behind it.
		fixed := bytes.Clone(data)
		if len(fixed) >= sha256.Size {
			s := sha256.Sum256(fixed[:len(fixed)-sha256.Size])
			copy(fixed[len(fixed)-sha256.Size:], s[:])
		}
		for _, d := range [][]byte{data, fixed} {
			s, key, err := occupancy.Decode(d)
			if err != nil {
				continue
			}
			if !bytes.Equal(s.Encode(key), d) {
				t.Fatal("a decoded file re-encodes to other bytes")
			}
			for a := range s.Len() {
				for _, p := range s.Action(a) {
					occupancy.Intersect(p.BCH, p.BCH, occupancy.Identity)
				}
			}
		}
	})
}
