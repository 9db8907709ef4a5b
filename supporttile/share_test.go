package supporttile_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
)

// bake builds every share of n of stepping's tiles of size into a new
// folder and merges them.
func bake(t *testing.T, m *scenes.Mesh, bvh *scenes.BVH, size int32, n int) string {
	t.Helper()
	l, err := supporttile.NewLayout(m, templates(t), dock.DefaultLattice(), size)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i := range n {
		if _, err := l.BuildShare(m, bvh, i, n, dir, 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := supporttile.Merge(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// outputs is every file of dir but the share records, by name.
func outputs(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "share-") {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = b
		}
	}
	return out
}

func stepping(t *testing.T) (*scenes.Mesh, *scenes.BVH) {
	m, err := sceneload.Builtin("stepping")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m, bvh
}

// TestMergeOfSharesIsTheSame: 1, 2, 4 and 7 shares merge to the same
// manifest and tile files, byte for byte, which load and join to the
// whole build's file.
func TestMergeOfSharesIsTheSame(t *testing.T) {
	m, bvh := stepping(t)
	var want map[string][]byte
	for _, n := range []int{1, 2, 4, 7} {
		got := outputs(t, bake(t, m, bvh, 32, n))
		if want == nil {
			want = got
			if len(want) < 8 {
				t.Fatalf("%d files: too few tiles for 7 shares to mean much", len(want))
			}
			continue
		}
		if len(got) != len(want) {
			t.Fatalf("%d shares: %d files, 1 share %d", n, len(got), len(want))
		}
		for name, b := range want {
			if !bytes.Equal(got[name], b) {
				t.Errorf("%d shares: %s differs from one share's", n, name)
			}
		}
	}
	dir := bake(t, m, bvh, 32, 3)
	_, tiles, err := supporttile.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	joined, err := supporttile.Join(tiles)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(joined.Encode(), whole(t, m, bvh, templates(t))) {
		t.Error("the loaded tiles do not join to the whole build")
	}
}

// TestBadTiles: a corrupted, missing or foreign tile file, a missing or
// foreign share record, an unknown field: a clear error naming the tile or
// the record.
func TestBadTiles(t *testing.T) {
	m, bvh := stepping(t)
	good := bake(t, m, bvh, 32, 2)
	other := bake(t, m, bvh, 64, 1)
	man, err := supporttile.ReadManifest(good)
	if err != nil {
		t.Fatal(err)
	}
	var tile supporttile.Entry
	for _, e := range man.Entries {
		if e.File != "" {
			tile = e
			break
		}
	}
	otherMan, _ := supporttile.ReadManifest(other)
	var foreign string
	for _, e := range otherMan.Entries {
		if e.File != "" {
			foreign = e.File
		}
	}
	name := supporttile.TileName(tile.I, tile.K)
	for _, c := range []struct {
		what string
		edit func(dir string)
		want string
	}{
		{"a flipped byte", func(dir string) { flip(t, filepath.Join(dir, name)) }, name},
		{"a missing tile", func(dir string) { os.Remove(filepath.Join(dir, name)) }, name},
		{"another bake's tile", func(dir string) { copyFile(t, filepath.Join(other, foreign), filepath.Join(dir, name)) }, name},
		{"a missing share", func(dir string) { os.Remove(filepath.Join(dir, supporttile.ShareName(1, 2))) }, "share 1 of 2 is missing"},
		{"another bake's share", func(dir string) {
			copyFile(t, filepath.Join(other, supporttile.ShareName(0, 1)), filepath.Join(dir, supporttile.ShareName(0, 1)))
		}, "two bakes"},
		{"an unknown field", func(dir string) {
			p := filepath.Join(dir, supporttile.ShareName(0, 2))
			b, _ := os.ReadFile(p)
			os.WriteFile(p, bytes.Replace(b, []byte(`"share":`), []byte(`"colour": 1, "share":`), 1), 0o644)
		}, `unknown field "colour"`},
	} {
		t.Run(c.what, func(t *testing.T) {
			dir := t.TempDir()
			for n := range outputs(t, good) {
				copyFile(t, filepath.Join(good, n), filepath.Join(dir, n))
			}
			for i := range 2 {
				copyFile(t, filepath.Join(good, supporttile.ShareName(i, 2)), filepath.Join(dir, supporttile.ShareName(i, 2)))
			}
			os.Remove(filepath.Join(dir, supporttile.ManifestName))
			c.edit(dir)
			_, err := supporttile.Merge(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("merge: %v; want an error naming %q", err, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, supporttile.ManifestName)); err == nil {
				t.Error("a manifest was written")
			}
		})
	}
	// Loading a merged bake whose tile is then corrupted names the tile.
	flip(t, filepath.Join(good, name))
	if _, _, err := supporttile.Load(good); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("load: %v; want an error naming %s", err, name)
	}
}

func flip(t *testing.T, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x40
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzParseManifest: any bytes parse or are refused; never a panic, and a
// manifest that parses writes back to bytes that parse to the same.
func FuzzParseManifest(f *testing.F) {
	seed := []byte(`{"format":"foothold-support-tiles","version":1,"linear_m":0.1,"angular_rad":0.17453292,"tile_size":64,"scene_sha256":"` + strings.Repeat("ab", 32) + `","scene_triangles":4,"templates":[{"name":"foot","sha256":"` + strings.Repeat("cd", 32) + `"}],"tiles":1,"entries":[{"i":0,"k":-1,"file":"tile_0_-1.fht","sha256":"` + strings.Repeat("01", 32) + `"}]}`)
	f.Add(seed)
	f.Add([]byte(`{}`))
	if _, err := supporttile.ParseManifest(seed); err != nil {
		f.Fatalf("the seed manifest: %v", err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if m, err := supporttile.ParseManifest(data); err == nil {
			if _, err := supporttile.ParseShare(data); err == nil {
				t.Fatal("a manifest parses as a share record")
			}
			b, _ := json.Marshal(m)
			again, err := supporttile.ParseManifest(b)
			if err != nil || !reflect.DeepEqual(again, m) {
				t.Fatalf("a parsed manifest writes back to one that parses to %v, %v", again, err)
			}
		}
		supporttile.ParseShare(data)
	})
}

// FuzzDecodeTile: any bytes decode or are refused; never a panic.
func FuzzDecodeTile(f *testing.F) {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	foot, _ := dock.Builtin("foot")
	l, _ := supporttile.NewLayout(m, []*dock.Template{foot}, dock.DefaultLattice(), 32)
	t, _ := l.Build(m, bvh, l.Tiles[len(l.Tiles)/2][0], l.Tiles[len(l.Tiles)/2][1], 1)
	f.Add(supportbake.EncodeTile(t))
	f.Fuzz(func(t *testing.T, data []byte) {
		if tile, err := supportbake.DecodeTile(data); err == nil {
			if _, err := supportbake.DecodeTile(supportbake.EncodeTile(tile)); err != nil {
				t.Fatalf("a decoded tile re-encodes to one that does not decode: %v", err)
			}
		}
	})
}
