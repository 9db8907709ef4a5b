package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Three characters (a capture moved 2 m apart), the last leaving at 0.2 s:
// each has its own hierarchy, skin and body node; every character's root
// keys are its own clip's; the one leaving is scaled to nothing from then
// on, and the file validates.
func TestWriteCrowdGLB(t *testing.T) {
	c := walkFrames(t, 41)
	sk := c.Skeleton
	n := sk.NumJoints()
	var chars []Character
	for k := range 3 {
		ck := motion.NewClip(sk, c.Frames(), c.FrameTime)
		copy(ck.Rot, c.Rot)
		copy(ck.Trans, c.Trans)
		for f := range ck.Frames() {
			ck.Trans[f*n] = ck.Trans[f*n].Add(mgl64.Vec3{2 * float64(k), 0, 0})
		}
		chars = append(chars, Character{Clip: ck, Leaves: -1})
	}
	chars[2].Leaves = 0.2
	caps := []Capsule{{Joint: 0, B: mgl64.Vec3{0, 0.3, 0}, Radius: 0.1}}
	var buf bytes.Buffer
	if err := WriteCrowdGLB(&buf, chars, GLBOptions{Body: caps}); err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.Bytes()...)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(&buf).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Nodes) != 3*n+3 || len(doc.Skins) != 3 || len(doc.Meshes) != 1 || len(doc.Scenes[0].Nodes) != 6 {
		t.Fatalf("%d nodes, %d skins, %d meshes, %d scene roots", len(doc.Nodes), len(doc.Skins), len(doc.Meshes), len(doc.Scenes[0].Nodes))
	}
	a := doc.Animations[0]
	scales := 0
	for _, ch := range a.Channels {
		node := int(*ch.Target.Node)
		k := node / n
		out, err := modeler.ReadAccessor(doc, doc.Accessors[a.Samplers[ch.Sampler].Output], nil)
		if err != nil {
			t.Fatal(err)
		}
		switch ch.Target.Path {
		case gltf.TRSTranslation:
			if node%n != 0 {
				t.Fatalf("translation of node %d, not a root", node)
			}
			for f, key := range out.([][3]float32) {
				if d := (mgl64.Vec3{float64(key[0]), float64(key[1]), float64(key[2])}).Sub(chars[k].Clip.Trans[f*n]).Len(); d > 1e-5 {
					t.Fatalf("character %d frame %d: root key off by %g", k, f, d)
				}
			}
		case gltf.TRSScale:
			scales++
			in, _ := modeler.ReadAccessor(doc, doc.Accessors[a.Samplers[ch.Sampler].Input], nil)
			keys, vals := in.([]float32), out.([][3]float32)
			if node != 2*n || len(keys) != 2 || keys[1] != 0.2 || vals[0] != [3]float32{1, 1, 1} || vals[1] != [3]float32{} {
				t.Fatalf("scale channel on node %d: keys %v values %v", node, keys, vals)
			}
		}
	}
	if scales != 1 {
		t.Fatalf("%d scale channels, want 1 (the character leaving)", scales)
	}
	for k, s := range doc.Skins {
		if s.Joints[0] != k*n || *s.Skeleton != k*n {
			t.Fatalf("skin %d binds from node %d", k, s.Joints[0])
		}
	}
	path := filepath.Join(t.TempDir(), "crowd.glb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shareddata.ValidateGLTF(t, path)
	if err := WriteCrowdGLB(&buf, []Character{chars[0], {Clip: motion.NewClip(sk, 3, c.FrameTime)}}, GLBOptions{}); err == nil {
		t.Error("clips sampled differently were written")
	}
}
