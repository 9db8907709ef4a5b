package supportbake

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

var update = flag.Bool("update", false, "rewrite testdata/golden-v3.fst")

// goldenFile builds the file the golden copy holds: builtin:climbing with
// the foot and hand templates on the default lattice.
func goldenFile(t testing.TB) (*File, *scenes.Mesh, []*dock.Template) {
	m, _ := sceneload.Builtin("climbing")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	lat := dock.DefaultLattice()
	f := &File{Lattice: lat, SceneHash: SceneHash(m), SceneTriangles: uint32(m.NumTriangles())}
	var ts []*dock.Template
	for _, n := range []string{"foot", "hand"} {
		tm, _ := dock.Builtin(n)
		ft, _, err := Bake(m, bvh, tm, lat, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		f.Templates = append(f.Templates, ft)
		ts = append(ts, tm)
	}
	return f, m, ts
}

// TestGoldenFile: a fresh build encodes to exactly the bytes of the golden
// file of the current format version, and the golden file decodes to trees
// that answer like the fresh ones.
func TestGoldenFile(t *testing.T) {
	f, m, ts := goldenFile(t)
	data := f.Encode()
	path := filepath.Join("testdata", "golden-v3.fst")
	if *update {
		if err := WriteFile(path, f); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update ./supportbake to create it)", err)
	}
	if !bytes.Equal(golden, data) {
		t.Fatalf("a fresh build encodes to %d bytes that differ from %s (%d bytes): the build or the format changed", len(data), path, len(golden))
	}
	g, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := g.For(m, ts)
	if err != nil {
		t.Fatal(err)
	}
	for i, tm := range ts {
		fresh, gold := f.Templates[i], entries[tm]
		sameTree(t, tm.Name+" (every support)", fresh.Tree, gold.Tree)
		sameTree(t, tm.Name+" (reachable)", fresh.Planned(), gold.Planned())
		if fresh.Buried != gold.Buried || fresh.Narrow != gold.Narrow {
			t.Errorf("%s: dropped %d buried and %d narrow, the golden file %d and %d", tm.Name, fresh.Buried, fresh.Narrow, gold.Buried, gold.Narrow)
		}
	}
}

// sameTree fails unless trees a and b hold the same positions and masks.
func sameTree(t *testing.T, what string, fresh, golden *supporttree.Tree) {
	t.Helper()
	a, b := treeSet(fresh), treeSet(golden)
	if len(a) != len(b) {
		t.Fatalf("%s: golden tree has %d positions, fresh %d", what, len(b), len(a))
	}
	for k, v := range a {
		if b[k] != v {
			t.Fatalf("%s: position %v differs", what, k)
		}
	}
}

func TestFileRefusals(t *testing.T) {
	f, m, ts := goldenFile(t)
	data := f.Encode()
	// Every truncation is refused.
	for n := 0; n < len(data); n += 1 + n/7 {
		if _, err := Decode(data[:n]); err == nil {
			t.Fatalf("a file truncated to %d of %d bytes was accepted", n, len(data))
		}
	}
	// A flipped byte anywhere is refused.
	for i := 0; i < len(data); i += 1 + i/97 {
		c := bytes.Clone(data)
		c[i] ^= 0x5a
		if _, err := Decode(c); err == nil {
			t.Fatalf("a file with byte %d flipped was accepted", i)
		}
	}
	// A wrong version is refused as such, before anything else is read.
	c := bytes.Clone(data)
	c[len(Magic)] = 9
	var ve *VersionError
	if _, err := Decode(c); !errors.As(err, &ve) || ve.Got != 9 {
		t.Fatalf("version 9: error %v, want a *VersionError", err)
	}
	if _, err := Decode([]byte("PNG\x00garbage")); !errors.Is(err, ErrBadMagic) {
		t.Fatalf("not an .fst: error %v, want ErrBadMagic", err)
	}
	c = bytes.Clone(data)
	c[len(c)-40] ^= 1
	if _, err := Decode(c); !errors.Is(err, ErrChecksum) {
		t.Fatalf("flipped body byte: error %v, want ErrChecksum", err)
	}
	// A lattice whose yaw count overflows, behind a right checksum.
	c = bytes.Clone(data)
	binary.LittleEndian.PutUint32(c[len(Magic)+8:], math.Float32bits(1e-30))
	sum := sha256.Sum256(c[:len(c)-sha256.Size])
	copy(c[len(c)-sha256.Size:], sum[:])
	if _, err := Decode(c); err == nil || !strings.Contains(err.Error(), "lattice") {
		t.Fatalf("angular increment 1e-30: error %v, want a bad lattice", err)
	}
	// Another scene, a missing template, a changed template.
	good, _ := Decode(data)
	other, _ := sceneload.Builtin("stepping")
	if _, err := good.For(other, ts); !errors.Is(err, ErrWrongScene) {
		t.Errorf("other scene: error %v, want ErrWrongScene", err)
	}
	wall, _ := dock.Builtin("hand-wall")
	if _, err := good.For(m, []*dock.Template{wall}); !errors.Is(err, ErrNoTemplate) || !strings.Contains(err.Error(), "foot, hand") {
		t.Errorf("missing template: error %v, want ErrNoTemplate listing foot, hand", err)
	}
	wide, _ := dock.Builtin("foot")
	wide.ToleranceDeg = 20
	if _, err := good.For(m, []*dock.Template{wide}); !errors.Is(err, ErrOtherLayout) {
		t.Errorf("changed template: error %v, want ErrOtherLayout", err)
	}
}

func TestWriteFileKeepsOldOnFailure(t *testing.T) {
	f, _, _ := goldenFile(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "scene.fst")
	if err := WriteFile(p, f); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(p)
	if err := WriteFile(filepath.Join(dir, "missing", "x.fst"), f); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
	after, _ := os.ReadFile(p)
	if !bytes.Equal(before, after) {
		t.Fatal("the existing file changed")
	}
}

func FuzzDecode(f *testing.F) {
	file, _, _ := goldenFile(f)
	f.Add(file.Encode())
	small := &File{Lattice: dock.DefaultLattice(), SceneTriangles: 1}
	f.Add(small.Encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		// As given, and with its checksum made right, so the fuzzer
		// reaches the varints and the structure checks behind it.
		fixed := bytes.Clone(data)
		if len(fixed) >= sha256.Size {
			body := fixed[:len(fixed)-sha256.Size]
			sum := sha256.Sum256(body)
			copy(fixed[len(body):], sum[:])
		}
		for _, d := range [][]byte{data, fixed} {
			file, err := Decode(d)
			if err != nil {
				continue
			}
			// Another deflate encoder may have written the streams, so
			// the bytes need not come back; the trees must.
			again, err := Decode(file.Encode())
			if err != nil {
				t.Fatalf("a decoded file re-encodes to one that does not decode: %v", err)
			}
			if !bytes.Equal(again.Encode(), file.Encode()) {
				t.Fatal("a decoded file re-encodes to different trees")
			}
			for _, ft := range file.Templates {
				ft.Tree.Each(func(x, y, z int32, m uint64) {})
				ft.Tree.YawMask(0, 0, 0)
			}
		}
	})
}

// treeSet is tree t's positions and their yaw masks.
func treeSet(t *supporttree.Tree) map[[3]int32]uint64 {
	out := map[[3]int32]uint64{}
	t.Each(func(x, y, z int32, m uint64) { out[[3]int32{x, y, z}] = m })
	return out
}
