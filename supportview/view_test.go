package supportview

import (
	"math/bits"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

func build(t *testing.T, m *scenes.Mesh, template string) *supporttree.Tree {
	t.Helper()
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := dock.Builtin(template)
	if err != nil {
		t.Fatal(err)
	}
	tr, _, err := supportbuild.Build(m, bvh, tp, dock.DefaultLattice(), supportbuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func sum(st []Storey) int64 {
	var n int64
	for _, s := range st {
		n += s.Positions
	}
	return n
}

// A floor half covered by another 3 m above is two storeys; stairs and
// platforms side by side are one; n bands are n.
func TestStoreys(t *testing.T) {
	var b sceneload.Builder
	b.Box(mgl32.Vec3{0, -0.2, 0}, mgl32.Vec3{6, 0, 6})
	b.Box(mgl32.Vec3{0, 2.8, 0}, mgl32.Vec3{6, 3, 3})
	two := build(t, b.Mesh(), "foot")
	st := Storeys(two, 0)
	if len(st) != 2 || st[0].Hi > 2.9 || st[1].Lo < 0.1 || sum(st) != two.Positions() {
		t.Fatalf("stacked floors: %+v", st)
	}
	m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	one := build(t, m, "foot")
	if st := Storeys(one, 0); len(st) != 1 || sum(st) != one.Positions() {
		t.Fatalf("stepping: %+v", st)
	}
	if st := Storeys(one, 3); len(st) != 3 || sum(st) != one.Positions() {
		t.Fatalf("three bands: %+v", st)
	}
}

// The picture paints every supported position's pixel in its yaw colour
// (blended over the level), and leaves the gap unpainted.
func TestPicture(t *testing.T) {
	m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr := build(t, m, "foot")
	c := Picture(m, tr, "foot", PictureOptions{Size: 500, Title: "stepping"})
	img := c.Img
	if img.Rect.Dx() < 500 {
		t.Fatalf("%v", img.Rect)
	}
	// Map world to picture pixels the way Picture lays it out (one panel,
	// 56 pixels of heading, 0.5 m margin).
	b := m.Bounds()
	ppm := 500 / max(float64(b.Max[0]-b.Min[0])+1, float64(b.Max[2]-b.Min[2])+1)
	at := func(x, z float64) (int, int) {
		return int((x - float64(b.Min[0]) + 0.5) * ppm), 56 + int((float64(b.Max[2])+0.5-z)*ppm)
	}
	// The far floor (x 8-9.5, z 1.5-3): every yaw supported, painted green.
	x, y := at(8.9, 2.0)
	p := img.RGBAAt(x, y)
	if !(p.G > 140 && p.R < 110) {
		t.Errorf("far floor pixel %v is not the all-yaws green", p)
	}
	// The gap (x 4.4-4.9) holds no support and no floor.
	x, y = at(4.65, 2.0)
	if p := img.RGBAAt(x, y); p.G > 60 {
		t.Errorf("gap pixel %v is painted", p)
	}
}

// The glb reads back with the level and one marker mesh per storey holding
// one arrow per supported position.
func TestGLBPerPosition(t *testing.T) {
	m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr := build(t, m, "hand")
	path := filepath.Join(t.TempDir(), "hand.glb")
	st, err := SaveGLB(path, m, tr, "hand", nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.PerRun || int64(st.Markers) != tr.Positions() {
		t.Fatalf("%+v for %d positions", st, tr.Positions())
	}
	doc, err := gltf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Nodes) != 2 || len(doc.Meshes) != 2 {
		t.Fatalf("%d nodes, %d meshes", len(doc.Nodes), len(doc.Meshes))
	}
	level := doc.Accessors[doc.Meshes[0].Primitives[0].Attributes[gltf.POSITION]]
	if level.Count != m.NumVertices() {
		t.Fatalf("level has %d vertices, mesh %d", level.Count, m.NumVertices())
	}
	markers := doc.Accessors[doc.Meshes[1].Primitives[0].Attributes[gltf.POSITION]]
	if int64(markers.Count) != 3*tr.Positions() {
		t.Fatalf("%d marker vertices for %d positions", markers.Count, tr.Positions())
	}
	validate(t, path)
}

// Large levels: one strip per run, and the file stays small.
func TestGLBPerRunDungeon(t *testing.T) {
	m, err := sceneload.Load(shareddata.Path(t, "meshes/dungeon.obj"), sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr := build(t, m, "foot")
	path := filepath.Join(t.TempDir(), "dungeon.glb")
	st, err := SaveGLB(path, m, tr, "foot", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !st.PerRun || st.Markers != tr.Runs() {
		t.Fatalf("%+v for %d runs", st, tr.Runs())
	}
	info, _ := os.Stat(path)
	if info.Size() > 30e6 {
		t.Fatalf("%d bytes", info.Size())
	}
	// Every position of every run is inside its strip: count samples by
	// run length against the tree.
	var n int64
	tr.EachRun(func(x0, x1, y, z int32, mask uint64) { n += int64(x1-x0) * int64(bits.OnesCount64(mask)) })
	if n != tr.Samples() {
		t.Fatalf("runs hold %d samples, the tree %d", n, tr.Samples())
	}
	validate(t, path)
}

// validate runs the Khronos glTF validator when CI provides it.
func validate(t *testing.T, path string) { shareddata.ValidateGLTF(t, path) }
