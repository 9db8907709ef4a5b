package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// The glb holds one node per joint at its rest offset and an animation
// whose keys reproduce the clip's root translation and rotations.
func TestWriteGLB(t *testing.T) {
	c := walkFrames(t, 61)
	var buf bytes.Buffer
	if err := WriteGLB(&buf, c); err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.Bytes()...)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(&buf).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Nodes) != c.Skeleton.NumJoints() || len(doc.Animations) != 1 {
		t.Fatalf("%d nodes, %d animations", len(doc.Nodes), len(doc.Animations))
	}
	a := doc.Animations[0]
	// Root translation keys equal the clip's root translations.
	out, err := modeler.ReadAccessor(doc, doc.Accessors[a.Samplers[0].Output], nil)
	if err != nil {
		t.Fatal(err)
	}
	keys := out.([][3]float32)
	n := c.Skeleton.NumJoints()
	for f, k := range keys {
		if d := (mgl64.Vec3{float64(k[0]), float64(k[1]), float64(k[2])}).Sub(c.Trans[f*n]).Len(); d > 1e-5 {
			t.Fatalf("frame %d: root key off by %g", f, d)
		}
	}
	if len(keys) != c.Frames() {
		t.Fatalf("%d keys for %d frames", len(keys), c.Frames())
	}
	path := filepath.Join(t.TempDir(), "clip.glb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shareddata.ValidateGLTF(t, path)
}

// walkFrames is frames 1 to end-1 of the shared CMU walk capture.
func walkFrames(t *testing.T, end int) *motion.Clip {
	t.Helper()
	c, err := motionfile.LoadBVH(shareddata.Path(t, "mocap/cmu-walk.bvh"), motion.BVHOptions{Scale: motion.CMUScale})
	if err != nil {
		t.Fatal(err)
	}
	c, err = c.Slice(1, end)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
