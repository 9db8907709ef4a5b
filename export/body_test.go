package export

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// TestWriteGLBBody: a body of one capsule per bone of a walk capture,
// skinned in the glb: at several frames, every vertex skinned the glTF way
// (the node hierarchy's matrices from the file's own rest offsets and
// animation keys, times the inverse bind matrix) lies at the capsule's
// radius from its axis posed by the clip's forward kinematics. The
// validator finds no error.
func TestWriteGLBBody(t *testing.T) {
	c := walkFrames(t, 41)
	sk := c.Skeleton
	var caps []Capsule
	for j, p := range sk.Parents {
		if p >= 0 && sk.Offsets[j].Len() > 0.02 {
			caps = append(caps, Capsule{Joint: p, B: sk.Offsets[j], Radius: 0.03 + 0.001*float64(j)})
		}
	}
	var buf bytes.Buffer
	if err := WriteGLBWith(&buf, c, GLBOptions{Body: caps}); err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.Bytes()...)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(&buf).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Skins) != 1 || len(doc.Meshes) != 1 {
		t.Fatalf("%d skins, %d meshes", len(doc.Skins), len(doc.Meshes))
	}
	prim := doc.Meshes[0].Primitives[0]
	pos, err := modeler.ReadPosition(doc, doc.Accessors[prim.Attributes[gltf.POSITION]], nil)
	if err != nil {
		t.Fatal(err)
	}
	joints, err := modeler.ReadJoints(doc, doc.Accessors[prim.Attributes[gltf.JOINTS_0]], nil)
	if err != nil {
		t.Fatal(err)
	}
	ibm, err := modeler.ReadInverseBindMatrices(doc, doc.Accessors[*doc.Skins[0].InverseBindMatrices], nil)
	if err != nil {
		t.Fatal(err)
	}
	capOf := map[int][]Capsule{}
	for _, cp := range caps {
		capOf[cp.Joint] = append(capOf[cp.Joint], cp)
	}
	n := sk.NumJoints()
	fk, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	for _, f := range []int{0, 13, 39} {
		global := globals(t, doc, n, f)
		c.FrameFK(f, fk, world)
		worst := 0.0
		for v, p := range pos {
			j := int(joints[v][0])
			m := global[j].Mul4(mat(ibm[j]))
			q := m.Mul4x1(mgl64.Vec4{float64(p[0]), float64(p[1]), float64(p[2]), 1}).Vec3()
			best := math.Inf(1)
			for _, cp := range capOf[j] {
				a, b := fk[j].Add(world[j].Rotate(cp.A)), fk[j].Add(world[j].Rotate(cp.B))
				best = min(best, math.Abs(pointSegment(q, a, b)-cp.Radius))
			}
			worst = max(worst, best)
		}
		if worst > 2e-4 {
			t.Errorf("frame %d: a skinned vertex is %.5f m off its capsule's surface", f, worst)
		}
	}
	path := filepath.Join(t.TempDir(), "body.glb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shareddata.ValidateGLTF(t, path)
}

// globals are the nodes' world matrices at frame f, from the document's
// rest translations and animation keys.
func globals(t *testing.T, doc *gltf.Document, n, f int) []mgl64.Mat4 {
	trans := make([]mgl64.Vec3, n)
	rot := make([]mgl64.Quat, n)
	for j := range n {
		tr := doc.Nodes[j].Translation
		trans[j], rot[j] = mgl64.Vec3{tr[0], tr[1], tr[2]}, mgl64.QuatIdent()
	}
	a := doc.Animations[0]
	for _, ch := range a.Channels {
		out, err := modeler.ReadAccessor(doc, doc.Accessors[a.Samplers[ch.Sampler].Output], nil)
		if err != nil {
			t.Fatal(err)
		}
		j := *ch.Target.Node
		switch ch.Target.Path {
		case gltf.TRSTranslation:
			k := out.([][3]float32)[f]
			trans[j] = mgl64.Vec3{float64(k[0]), float64(k[1]), float64(k[2])}
		case gltf.TRSRotation:
			k := out.([][4]float32)[f]
			rot[j] = mgl64.Quat{W: float64(k[3]), V: mgl64.Vec3{float64(k[0]), float64(k[1]), float64(k[2])}}.Normalize()
		}
	}
	g := make([]mgl64.Mat4, n)
	var visit func(j int, parent mgl64.Mat4)
	visit = func(j int, parent mgl64.Mat4) {
		g[j] = parent.Mul4(mgl64.Translate3D(trans[j][0], trans[j][1], trans[j][2])).Mul4(rot[j].Mat4())
		for _, c := range doc.Nodes[j].Children {
			visit(c, g[j])
		}
	}
	visit(0, mgl64.Ident4())
	return g
}

// mat is a glTF [row][column] float32 matrix.
func mat(m [4][4]float32) mgl64.Mat4 {
	var out mgl64.Mat4
	for r := range 4 {
		for c := range 4 {
			out.Set(r, c, float64(m[r][c]))
		}
	}
	return out
}

func pointSegment(p, a, b mgl64.Vec3) float64 {
	ab := b.Sub(a)
	s := 0.0
	if l := ab.Dot(ab); l > 0 {
		s = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l))
	}
	return p.Sub(a.Add(ab.Mul(s))).Len()
}
