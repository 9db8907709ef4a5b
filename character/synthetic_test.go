package character_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// rig builds a two-joint leg under a rotated, scaled, moved armature node,
// with an end node below the knee, and one animation: the hips' position
// by steps, their scale linearly, the knee's rotation by a cubic spline
// with zero tangents from rest to 90° about Z.
func rig() *gltf.Document {
	doc := gltf.NewDocument()
	s45 := math.Sqrt(0.5)
	doc.Nodes = []*gltf.Node{
		{Name: "Armature", Translation: [3]float64{1, 0, 0}, Rotation: [4]float64{s45, 0, 0, s45}, Scale: [3]float64{2, 2, 2}, Children: []int{1}},
		{Name: "Hips", Translation: [3]float64{0, 1, 0}, Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}, Children: []int{2}},
		{Name: "Knee", Translation: [3]float64{0, 0.5, 0}, Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}, Children: []int{3}},
		{Name: "Knee_end", Translation: [3]float64{0, 0.25, 0}, Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}},
		{Name: "Body", Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}, Skin: gltf.Index(0)},
	}
	doc.Scenes[0].Nodes = []int{0, 4}
	doc.Skins = []*gltf.Skin{{Joints: []int{1, 2}}}
	times := modeler.WriteAccessor(doc, gltf.TargetNone, []float32{0, 1})
	steps := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{0, 1, 0}, {0, 2, 0}})
	scales := modeler.WriteAccessor(doc, gltf.TargetNone, [][3]float32{{1, 1, 1}, {2, 2, 2}})
	z := float32(s45)
	spline := modeler.WriteAccessor(doc, gltf.TargetNone, [][4]float32{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, z, z}, {0, 0, 0, 0}})
	doc.Animations = []*gltf.Animation{{
		Name: "move",
		Samplers: []*gltf.AnimationSampler{
			{Input: times, Output: steps, Interpolation: gltf.InterpolationStep},
			{Input: times, Output: spline, Interpolation: gltf.InterpolationCubicSpline},
			{Input: times, Output: scales, Interpolation: gltf.InterpolationLinear},
		},
		Channels: []*gltf.AnimationChannel{
			{Sampler: 0, Target: gltf.AnimationChannelTarget{Node: gltf.Index(1), Path: gltf.TRSTranslation}},
			{Sampler: 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(2), Path: gltf.TRSRotation}},
			{Sampler: 2, Target: gltf.AnimationChannelTarget{Node: gltf.Index(1), Path: gltf.TRSScale}},
		},
	}}
	return doc
}

func encode(t testing.TB, doc *gltf.Document, binary bool) []byte {
	var b bytes.Buffer
	enc := gltf.NewEncoder(&b)
	enc.AsBinary = binary
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSyntheticRig checks a rig against positions worked out by hand: the
// armature's rotation, scale and offset carried into the root, a step, a
// linear scale carried into the joints below, and a cubic spline.
func TestSyntheticRig(t *testing.T) {
	for _, binary := range []bool{true, false} {
		ch, err := character.Read(bytes.NewReader(encode(t, rig(), binary)), nil, "rig.glb", character.Options{FrameRate: 4})
		if err != nil {
			t.Fatal(err)
		}
		sk := ch.Skeleton
		if got := strings.Join(sk.Names, " "); got != "Hips Knee Knee_end" || !sk.EndSite[2] {
			t.Fatalf("joints %q, end sites %v", got, sk.EndSite)
		}
		c := ch.Clip("move")
		if c == nil || c.Frames() != 5 {
			t.Fatalf("clip %v", c)
		}
		pos := c.Positions()
		for f := range 5 {
			tm := float64(f) / 4
			y := 1.0 // steps hold the first key until the second
			if f == 4 {
				y = 2
			}
			s := 1 + tm
			h := 3*tm*tm - 2*tm*tm*tm // Hermite weight of the second key, zero tangents
			phi := 2 * math.Atan2(h*math.Sin(math.Pi/4), (1-h)+h*math.Cos(math.Pi/4))
			hips := mgl64.Vec3{1, 0, 2 * y}
			knee := hips.Add(mgl64.Vec3{0, 0, s})
			end := knee.Add(mgl64.Vec3{-0.5 * s * math.Sin(phi), 0, 0.5 * s * math.Cos(phi)})
			for j, want := range []mgl64.Vec3{hips, knee, end} {
				if d := pos[f*3+j].Sub(want).Len(); d > 1e-6 {
					t.Errorf("binary %v frame %d %s at %v, want %v", binary, f, sk.Names[j], pos[f*3+j], want)
				}
			}
		}
		// The rest pose is the bind pose: all rotations identity.
		rest := sk.RestPositions()
		if d := rest[2].Sub(mgl64.Vec3{1, 0, 2 + 1 + 0.5}).Len(); d > 1e-9 {
			t.Errorf("rest end site at %v", rest[2])
		}
	}
}

// TestBadCharacters: malformed documents give an error naming the file and
// the place, never a panic.
func TestBadCharacters(t *testing.T) {
	cases := []struct {
		name, want string
		edit       func(d *gltf.Document)
	}{
		{"no skin", "no skin", func(d *gltf.Document) { d.Skins = nil; d.Nodes[4].Skin = nil }},
		{"joint out of range", "skin 0", func(d *gltf.Document) { d.Skins[0].Joints = []int{1, 9} }},
		{"child out of range", "node 2", func(d *gltf.Document) { d.Nodes[2].Children = []int{7} }},
		{"two parents", "two parents", func(d *gltf.Document) { d.Nodes[4].Children = []int{2} }},
		{"sampler out of range", "animation 0 (\"move\") channel 1", func(d *gltf.Document) { d.Animations[0].Channels[1].Sampler = 5 }},
		{"target missing", "channel 0", func(d *gltf.Document) { d.Animations[0].Channels[0].Target.Node = nil }},
		{"output count", "output values", func(d *gltf.Document) { d.Animations[0].Samplers[1].Interpolation = gltf.InterpolationLinear }},
		{"times go back", "go back", func(d *gltf.Document) {
			d.Animations[0].Samplers[0].Input = modeler.WriteAccessor(d, gltf.TargetNone, []float32{1, 0})
		}},
		{"not finite", "finite", func(d *gltf.Document) {
			d.Animations[0].Samplers[0].Output = modeler.WriteAccessor(d, gltf.TargetNone, [][3]float32{{0, float32(math.NaN()), 0}, {0, 2, 0}})
		}},
		{"too long", "spans", func(d *gltf.Document) {
			d.Animations[0].Samplers[0].Input = modeler.WriteAccessor(d, gltf.TargetNone, []float32{0, 1e9})
		}},
		{"singular", "singular", func(d *gltf.Document) { d.Nodes[0].Scale = [3]float64{0, 1, 1} }},
		{"mirror", "mirrors", func(d *gltf.Document) { d.Nodes[0].Scale = [3]float64{-1, 1, 1} }},
	}
	for _, tc := range cases {
		d := rig()
		tc.edit(d)
		_, err := character.Read(bytes.NewReader(encode(t, d, true)), nil, "rig.glb", character.Options{})
		if err == nil || !strings.Contains(err.Error(), "rig.glb") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one naming rig.glb and %q", tc.name, err, tc.want)
		}
	}
	good := encode(t, rig(), true)
	for _, n := range []int{0, 11, 20, len(good) / 2, len(good) - 1} {
		if _, err := character.Read(bytes.NewReader(good[:n]), nil, "rig.glb", character.Options{}); err == nil || !strings.Contains(err.Error(), "rig.glb") {
			t.Errorf("truncated to %d bytes: error %v", n, err)
		}
	}
	if _, err := character.Read(bytes.NewReader(good), nil, "rig.glb", character.Options{FrameRate: -1}); err == nil {
		t.Error("a negative frame rate was accepted")
	}
}

// FuzzRead: no input makes the reader panic, and what it accepts is a
// valid skeleton with valid clips.
func FuzzRead(f *testing.F) {
	f.Add(encode(f, rig(), true))
	f.Add(encode(f, rig(), false))
	f.Add(encode(f, headRig(), true))
	f.Fuzz(func(t *testing.T, data []byte) {
		ch, err := character.Read(bytes.NewReader(data), nil, "fuzz.glb", character.Options{FrameRate: 10})
		if err != nil {
			return
		}
		for _, c := range ch.Clips {
			if err := c.Clip.Validate(); err != nil {
				t.Fatalf("clip %q: %v", c.Name, err)
			}
		}
	})
}

func newEncoder(b *bytes.Buffer) *gltf.Encoder {
	enc := gltf.NewEncoder(b)
	enc.AsBinary = true
	return enc
}

// headRig builds a one-legged rig with a spine and a head joint that has
// no node below it, and a mesh skinned in the bind pose (inverse bind
// matrices undo each joint's rest translation): three vertices carried by
// the head, one by the toe.
func headRig() *gltf.Document {
	doc := gltf.NewDocument()
	n := func(name string, y, z float64, children ...int) *gltf.Node {
		return &gltf.Node{Name: name, Translation: [3]float64{0, y, z}, Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}, Children: children}
	}
	doc.Nodes = []*gltf.Node{
		n("Hips", 1, 0, 1, 5), n("LeftUpLeg", -0.1, 0, 2), n("LeftLeg", -0.4, 0, 3), n("LeftFoot", -0.4, 0, 4), n("LeftToeBase", -0.05, 0.1),
		n("Spine", 0.3, 0, 6), n("Head", 0.3, 0),
		{Name: "Body", Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}, Mesh: gltf.Index(0), Skin: gltf.Index(0)},
	}
	doc.Scenes[0].Nodes = []int{0, 7}
	rest := [][3]float32{{0, 1, 0}, {0, 0.9, 0}, {0, 0.5, 0}, {0, 0.1, 0}, {0, 0.05, 0.1}, {0, 1.3, 0}, {0, 1.6, 0}}
	ibm := make([][4][4]float32, len(rest))
	for k, p := range rest {
		ibm[k] = [4][4]float32{{1, 0, 0, -p[0]}, {0, 1, 0, -p[1]}, {0, 0, 1, -p[2]}, {0, 0, 0, 1}} // rows
	}
	doc.Skins = []*gltf.Skin{{Joints: []int{0, 1, 2, 3, 4, 5, 6}, InverseBindMatrices: gltf.Index(modeler.WriteAccessor(doc, gltf.TargetNone, ibm))}}
	pos := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]float32{{0, 1.8, 0}, {0.05, 1.7, 0}, {0, 1.6, 0.1}, {0, 0.05, 0.3}})
	joints := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][4]uint8{{6, 5, 0, 0}, {6, 0, 0, 0}, {6, 0, 0, 0}, {4, 0, 0, 0}})
	weights := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][4]float32{{0.75, 0.25, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos, gltf.JOINTS_0: joints, gltf.WEIGHTS_0: weights}}}}}
	return doc
}

// TestHeadTipFromTheSkin: the head joint, which has no node below it, gets
// an end site at the farthest vertex it carries most (worked out by hand:
// the one 0.2 m straight up), at the reading's scale; the toe, which
// belongs to a foot, gets none; a skin naming a joint it does not have is
// an error naming the mesh.
func TestHeadTipFromTheSkin(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		ch, err := character.Read(bytes.NewReader(encode(t, headRig(), true)), nil, "head.glb", character.Options{Scale: scale})
		if err != nil {
			t.Fatal(err)
		}
		sk := ch.Skeleton
		tip := sk.Index("Head_tip")
		if tip < 0 || !sk.EndSite[tip] || sk.Parents[tip] != sk.Index("Head") || ch.Nodes[tip] != -1 || sk.NumJoints() != 8 {
			t.Fatalf("joints %q, end sites %v, nodes %v", sk.Names, sk.EndSite, ch.Nodes)
		}
		if got, want := sk.RestPositions()[tip], (mgl64.Vec3{0, 1.8, 0}).Mul(scale); got.Sub(want).Len() > 1e-6 {
			t.Errorf("scale %g: the head's tip at %v, want %v", scale, got, want)
		}
	}
	bad := headRig()
	bad.Meshes[0].Primitives[0].Attributes[gltf.JOINTS_0] = modeler.WriteAccessor(bad, gltf.TargetArrayBuffer, [][4]uint8{{9, 0, 0, 0}, {6, 0, 0, 0}, {6, 0, 0, 0}, {4, 0, 0, 0}})
	_, err := character.Read(bytes.NewReader(encode(t, bad, true)), nil, "head.glb", character.Options{})
	if err == nil || !strings.Contains(err.Error(), "head.glb: mesh 0 primitive 0: vertex 0: joint 9") {
		t.Errorf("a vertex on joint 9 of 7: %v", err)
	}
}

// TestSkipsAnimationWithoutPose: an animation that scales a joint to zero
// (a character spawning from a point) is left out and named, with the
// place; the file's other animations are read.
func TestSkipsAnimationWithoutPose(t *testing.T) {
	d := rig()
	spawn := *d.Animations[0]
	spawn.Name = "spawn"
	zero := modeler.WriteAccessor(d, gltf.TargetNone, [][3]float32{{0, 0, 0}, {1, 1, 1}})
	spawn.Samplers = append(append([]*gltf.AnimationSampler(nil), spawn.Samplers...), &gltf.AnimationSampler{Input: spawn.Samplers[0].Input, Output: zero, Interpolation: gltf.InterpolationLinear})
	spawn.Channels = []*gltf.AnimationChannel{{Sampler: 3, Target: gltf.AnimationChannelTarget{Node: gltf.Index(1), Path: gltf.TRSScale}}}
	d.Animations = append(d.Animations, &spawn)
	ch, err := character.Read(bytes.NewReader(encode(t, d, true)), nil, "rig.glb", character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.Clips) != 1 || ch.Clips[0].Name != "move" {
		t.Fatalf("clips %v, want move alone", ch.Clips)
	}
	if len(ch.Skipped) != 1 || ch.Skipped[0].Name != "spawn" || !strings.Contains(ch.Skipped[0].Why, "singular") || !strings.Contains(ch.Skipped[0].Why, "node 1") {
		t.Fatalf("skipped %+v, want spawn, singular at node 1", ch.Skipped)
	}
}

// TestFootWithoutToeFromTheSkin: a game rig whose legs end at "l-foot"
// with no toe joint and no node below it gets the foot's tip from the
// skin, at the farthest vertex the foot carries most (by hand: the toe of
// the shoe, 0.25 m ahead of the ankle on the ground), and the foot is
// then recognised with that tip.
func TestFootWithoutToeFromTheSkin(t *testing.T) {
	doc := headRig()
	doc.Nodes[1].Name, doc.Nodes[2].Name, doc.Nodes[3].Name = "l-thigh", "l-shin", "l-foot"
	doc.Nodes[3].Children = nil // no toe: its node hangs from the hips, a prop
	doc.Nodes[0].Children = append(doc.Nodes[0].Children, 4)
	doc.Nodes[4].Name = "prop"
	pos := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]float32{{0, 1.8, 0}, {0.05, 1.7, 0}, {0, 1.6, 0.1}, {0, 0, 0.25}, {0, 0.02, -0.05}})
	joints := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][4]uint8{{6, 5, 0, 0}, {6, 0, 0, 0}, {6, 0, 0, 0}, {3, 0, 0, 0}, {3, 0, 0, 0}})
	weights := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][4]float32{{0.75, 0.25, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})
	doc.Meshes[0].Primitives[0].Attributes = gltf.PrimitiveAttributes{gltf.POSITION: pos, gltf.JOINTS_0: joints, gltf.WEIGHTS_0: weights}
	ch, err := character.Read(bytes.NewReader(encode(t, doc, true)), nil, "game.glb", character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sk := ch.Skeleton
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		t.Fatalf("joints %q: %v", sk.Names, err)
	}
	if len(eff.Feet) != 1 || sk.Names[eff.Feet[0].Joint] != "l-foot" || eff.Feet[0].Side != motion.Left {
		t.Fatalf("feet %+v of %q", eff.Feet, sk.Names)
	}
	tip := eff.Feet[0].Tip
	if got, want := sk.RestPositions()[tip], (mgl64.Vec3{0, 0, 0.25}); !sk.EndSite[tip] || got.Sub(want).Len() > 1e-6 {
		t.Errorf("the foot's tip %s at %v, want an end site at %v", sk.Names[tip], got, want)
	}
}
