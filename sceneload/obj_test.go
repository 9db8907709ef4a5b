package sceneload

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/scenes"
)

func TestReadOBJForms(t *testing.T) {
	cases := []struct {
		name    string
		src     string
		verts   int
		indices []uint32
	}{
		{"triangle", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n", 3, []uint32{0, 1, 2}},
		{"quad fan", "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3 4\n", 4, []uint32{0, 1, 2, 0, 2, 3}},
		{"pentagon fan", "v 0 0 0\nv 1 0 0\nv 2 0 1\nv 1 0 2\nv 0 0 1\nf 1 2 3 4 5\n", 5, []uint32{0, 1, 2, 0, 2, 3, 0, 3, 4}},
		{"v/vt/vn", "v 0 0 0\nv 1 0 0\nv 0 0 1\nvt 0 0\nvn 0 1 0\nf 1/1/1 2/1/1 3/1/1\n", 3, []uint32{0, 1, 2}},
		{"v//vn", "v 0 0 0\nv 1 0 0\nv 0 0 1\nvn 0 1 0\nf 1//1 2//1 3//1\n", 3, []uint32{0, 1, 2}},
		{"v/vt", "v 0 0 0\nv 1 0 0\nv 0 0 1\nvt 0 0\nf 1/1 2/1 3/1\n", 3, []uint32{0, 1, 2}},
		{"negative indices", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf -3 -2 -1\nv 5 5 5\nf -4 -1 -2\n", 4, []uint32{0, 1, 2, 0, 3, 2}},
		{"CRLF, comments, blanks, ignored statements", "# a level\r\nmtllib level.mtl\r\no Room\r\ng floor\r\ns off\r\nusemtl stone\r\n\r\nv 0 0 0 # origin\r\nv 1 0 0\r\n\tv 0 0 1\r\nf 1 2 3\r\nl 1 2\r\n", 3, []uint32{0, 1, 2}},
		{"vertex colours and w", "v 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv 0 0 1\nf 1 2 3\n", 3, []uint32{0, 1, 2}},
		{"no final newline", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3", 3, []uint32{0, 1, 2}},
	}
	for _, c := range cases {
		m, err := ReadOBJ(strings.NewReader(c.src), c.name+".obj")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if m.NumVertices() != c.verts || !equalU32(m.Indices, c.indices) {
			t.Errorf("%s: %d vertices, indices %v; want %d, %v", c.name, m.NumVertices(), m.Indices, c.verts, c.indices)
		}
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestLoadOBJMalformed: each bad input is an error naming the file and line,
// and no mesh.
func TestLoadOBJMalformed(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"truncated vertex", "v 0 0 0\nv 1 0 0\nv 0 0", "bad.obj:3: vertex has 2 coordinates"},
		{"truncated face", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2", "bad.obj:4: face has 2 vertices"},
		{"face with two vertices", "v 0 0 0\nv 1 0 0\nf 1 2\n", "bad.obj:3: face has 2 vertices"},
		{"NaN", "v 0 0 0\nv nan 0 0\nv 0 0 1\nf 1 2 3\n", "bad.obj:2: vertex coordinate 1 \"nan\""},
		{"infinity", "v 0 0 0\nv 1 0 0\nv 0 inf 1\nf 1 2 3\n", "bad.obj:3: vertex coordinate 2"},
		{"overflowing coordinate", "v 0 0 0\nv 1e39 0 0\nv 0 0 1\nf 1 2 3\n", "bad.obj:2: vertex coordinate 1"},
		{"not a number", "v 0 0 0\nv 1 zero 0\n", "bad.obj:2: vertex coordinate 2 \"zero\""},
		{"index out of range", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 4\n", "bad.obj:4: face index 4 out of range: the file has 3 vertices"},
		{"relative index out of range", "v 0 0 0\nv 1 0 0\nf -1 -2 -3\n", "bad.obj:3: relative face index -3"},
		{"index zero", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 0 1 2\n", "bad.obj:4: face index 0"},
		{"index not an integer", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 x\n", "bad.obj:4: face index \"x\""},
		{"empty file", "", "bad.obj: mesh has no triangles"},
		{"only vertices", "v 0 0 0\nv 1 0 0\nv 0 0 1\n", "bad.obj: mesh has no triangles"},
		{"all degenerate", "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n", "all 1 triangles are degenerate"},
		{"binary junk", "\x00\x01\x02PNG\n", "bad.obj:1: unknown statement"},
		{"line too long", "v 0 0 0 " + strings.Repeat("1", objMaxLine+10) + "\n", "bad.obj:1: line longer than"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		p := filepath.Join(dir, "bad.obj")
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := Load(p, LoadOptions{})
		if err == nil || m != nil {
			t.Errorf("%s: Load succeeded", c.name)
			continue
		}
		if got := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""); !strings.Contains(got, c.want) {
			t.Errorf("%s: error %q, want it to contain %q", c.name, got, c.want)
		}
		var pe *scenes.ParseError
		if !errors.As(err, &pe) || pe.File != p {
			t.Errorf("%s: error %v is not a *scenes.ParseError naming %s", c.name, err, p)
		}
	}
}

func TestLoadMissingAndUnknown(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope.obj"), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "nope.obj") {
		t.Errorf("missing file: error %v, want one naming the file", err)
	}
	if _, err := Load("level.fbx", LoadOptions{}); err == nil || !strings.Contains(err.Error(), "unknown scene format") {
		t.Errorf("unknown extension: error %v", err)
	}
	if _, err := Load("builtin:nowhere", LoadOptions{}); err == nil || !strings.Contains(err.Error(), "no such built-in scene") {
		t.Errorf("unknown built-in: error %v", err)
	}
	if _, err := Load("builtin:stepping", LoadOptions{Scale: -1}); err == nil {
		t.Errorf("negative scale accepted")
	}
}

func TestWriteOBJRoundTrip(t *testing.T) {
	for _, name := range []string{"stepping", "level"} {
		m, _ := Builtin(name)
		m.Transform(0.37, scenes.UpZ) // awkward float32 values
		var buf bytes.Buffer
		if err := WriteOBJ(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := ReadOBJ(&buf, name+".obj")
		if err != nil {
			t.Fatal(err)
		}
		if !equalU32(back.Indices, m.Indices) || len(back.Positions) != len(m.Positions) {
			t.Fatalf("%s: round trip changed the triangles", name)
		}
		for i := range m.Positions {
			if back.Positions[i] != m.Positions[i] {
				t.Fatalf("%s: coordinate %d: %v after round trip, want %v", name, i, back.Positions[i], m.Positions[i])
			}
		}
	}
}

func FuzzReadOBJ(f *testing.F) {
	f.Add("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n")
	f.Add("v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1/1/1 2//2 -2 4\n")
	f.Add("# c\r\no x\nv 1e30 -1e-30 0\nf -1 -1 -1\n")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := ReadOBJ(strings.NewReader(src), "fuzz.obj")
		if err != nil {
			var pe *scenes.ParseError
			if !errors.As(err, &pe) || pe.File != "fuzz.obj" {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		if err := finish(m, "fuzz.obj", LoadOptions{}); err != nil {
			return
		}
		// A mesh that loads must be usable.
		if _, err := scenes.NewBVH(m, scenes.BVHOptions{Workers: 1}); err != nil {
			t.Fatalf("loaded mesh fails to build: %v", err)
		}
	})
}
