package character_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// The shared characters, with what PROVENANCE.md says of them.
var characters = []struct {
	file   string
	joints int     // skin joints (end sites come on top)
	height float64 // rough top of the joints in the bind pose [Units: m]
	tipped bool    // the head's tip comes from the skin (the rig has none)
}{
	{"characters/mannequiny-0.3.0.glb", 45, 1.6, true},
	{"characters/mesh2motion-mannequin.glb", 53, 1.6, true},
	{"characters/robot-expressive.glb", 43, 4.1, false},
}

// oracleWorld evaluates a document's node hierarchy at time t with its
// own reading of the key values (qmuntal's modeler, not package
// gltfdata): known is false when some channel falls between two keys of a
// linear or cubic sampler, which it does not interpolate.
func oracleWorld(t *testing.T, doc *gltf.Document, anim *gltf.Animation, at float64) ([]mgl64.Mat4, bool) {
	n := len(doc.Nodes)
	tr := make([][3]float64, n)
	rot := make([][4]float64, n)
	sc := make([][3]float64, n)
	for i, nd := range doc.Nodes {
		tr[i], rot[i], sc[i] = nd.TranslationOrDefault(), nd.RotationOrDefault(), nd.ScaleOrDefault()
	}
	for _, ch := range anim.Channels {
		if ch.Target.Path == gltf.TRSWeights {
			continue
		}
		s := anim.Samplers[ch.Sampler]
		in := readFloats(t, doc, s.Input)
		out := readFloats(t, doc, s.Output)
		nc := len(out) / len(in)
		per := 1
		if s.Interpolation == gltf.InterpolationCubicSpline {
			per = 3
			nc /= 3
		}
		k, exact := 0, at <= in[0]
		if at >= in[len(in)-1] {
			k, exact = len(in)-1, true
		}
		for i, x := range in {
			if math.Abs(x-at) < 1e-6 || (s.Interpolation == gltf.InterpolationStep && x <= at && (i+1 == len(in) || in[i+1] > at+1e-6)) {
				k, exact = i, true
			}
		}
		if !exact {
			return nil, false
		}
		v := out[(k*per+per/2)*nc : (k*per+per/2)*nc+nc]
		node := *ch.Target.Node
		switch ch.Target.Path {
		case gltf.TRSTranslation:
			tr[node] = [3]float64{v[0], v[1], v[2]}
		case gltf.TRSScale:
			sc[node] = [3]float64{v[0], v[1], v[2]}
		case gltf.TRSRotation:
			rot[node] = [4]float64{v[0], v[1], v[2], v[3]}
		}
	}
	world := make([]mgl64.Mat4, n)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = -1
	}
	for i, nd := range doc.Nodes {
		for _, c := range nd.Children {
			parent[c] = i
		}
	}
	var at4 func(i int) mgl64.Mat4
	at4 = func(i int) mgl64.Mat4 {
		q := mgl64.Quat{W: rot[i][3], V: mgl64.Vec3{rot[i][0], rot[i][1], rot[i][2]}}.Normalize()
		m := mgl64.Translate3D(tr[i][0], tr[i][1], tr[i][2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(sc[i][0], sc[i][1], sc[i][2]))
		if parent[i] >= 0 {
			return at4(parent[i]).Mul4(m)
		}
		return m
	}
	for i := range world {
		world[i] = at4(i)
	}
	return world, true
}

func readFloats(t *testing.T, doc *gltf.Document, ai int) []float64 {
	v, err := modeler.ReadAccessor(doc, doc.Accessors[ai], nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []float64
	switch x := v.(type) {
	case []float32:
		for _, f := range x {
			out = append(out, float64(f))
		}
	case [][3]float32:
		for _, f := range x {
			out = append(out, float64(f[0]), float64(f[1]), float64(f[2]))
		}
	case [][4]float32:
		for _, f := range x {
			out = append(out, float64(f[0]), float64(f[1]), float64(f[2]), float64(f[3]))
		}
	default:
		t.Fatalf("accessor %d: unexpected %T", ai, v)
	}
	return out
}

// TestJointsMatchTheNodeHierarchy reads the shared characters and checks
// every joint's (and end site's) world position, at every frame that falls
// on the animation's keys, against the document's node hierarchy evaluated
// directly: matrix products of each node's translation, rotation and
// scale from the scene root, the armature's transform included.
func TestJointsMatchTheNodeHierarchy(t *testing.T) {
	for _, cc := range characters {
		t.Run(cc.file, func(t *testing.T) {
			ch, doc := loadBoth(t, cc.file)
			sk := ch.Skeleton
			if got := sk.NumJoints() - countEnds(sk.EndSite); got != cc.joints {
				t.Errorf("%d joints, want %d", got, cc.joints)
			}
			if len(ch.Clips) != len(doc.Animations) {
				t.Fatalf("%d clips for %d animations", len(ch.Clips), len(doc.Animations))
			}
			rest, ok := oracleWorld(t, doc, &gltf.Animation{}, 0)
			if !ok {
				t.Fatal("no rest pose")
			}
			restPos := sk.RestPositions()
			worst, checked := 0.0, 0
			for ai, anim := range doc.Animations {
				c := ch.Clips[ai].Clip
				pos := c.Positions()
				n := sk.NumJoints()
				t0 := startTime(t, doc, anim)
				for f := range c.Frames() {
					world, ok := oracleWorld(t, doc, anim, t0+float64(f)*c.FrameTime)
					if !ok {
						continue
					}
					checked++
					for j, node := range ch.Nodes {
						if node < 0 {
							// A tip found from the skin: fixed in its
							// parent's node frame, as at rest.
							p := ch.Nodes[sk.Parents[j]]
							local := rest[p].Inv().Mul4x1(restPos[j].Vec4(1))
							node, world = len(world), append(world, world[p].Mul4(mgl64.Translate3D(local[0], local[1], local[2])))
						}
						d := pos[f*n+j].Sub(world[node].Col(3).Vec3()).Len()
						worst = max(worst, d)
						if d > 1e-6*cc.height {
							t.Fatalf("clip %q frame %d joint %q: %.3g m from the node hierarchy's position", ch.Clips[ai].Name, f, sk.Names[j], d)
						}
					}
				}
			}
			if checked < 50 {
				t.Fatalf("only %d frames fall on keys", checked)
			}
			t.Logf("%d joints, %d clips, %d frames on keys checked: worst %.2g m", sk.NumJoints(), len(ch.Clips), checked, worst)
		})
	}
}

func countEnds(e []bool) int {
	k := 0
	for _, x := range e {
		if x {
			k++
		}
	}
	return k
}

func startTime(t *testing.T, doc *gltf.Document, a *gltf.Animation) float64 {
	t0 := math.Inf(1)
	for _, ch := range a.Channels {
		if ch.Target.Path != gltf.TRSWeights {
			t0 = min(t0, readFloats(t, doc, a.Samplers[ch.Sampler].Input)[0])
		}
	}
	return t0
}

// TestTipsReachTheSkin reads the shared characters and checks that a
// skeleton whose rig gives its head no tip reaches as high as its mesh: the
// highest joint (the head's tip found from the skin) is within 1 cm of the
// highest vertex in the bind pose, computed here with qmuntal's modeler and
// the node hierarchy evaluated directly (joint matrices times inverse bind
// matrices, weighted; meshes carried by nodes moved by them). Without
// tips, the mannequins' skeletons stopped at the base of the skull, 22 and
// 26 cm under the tops of their heads. The robot's rig has its own tips
// (its antenna stands 0.37 units over its head's).
func TestTipsReachTheSkin(t *testing.T) {
	for _, cc := range characters {
		t.Run(cc.file, func(t *testing.T) {
			ch, doc := loadBoth(t, cc.file)
			world, _ := oracleWorld(t, doc, &gltf.Animation{}, 0)
			skin := math.Inf(-1)
			for i, nd := range doc.Nodes {
				switch {
				case nd.Mesh != nil && nd.Skin != nil:
					skin = math.Max(skin, skinTop(t, doc, doc.Meshes[*nd.Mesh], doc.Skins[*nd.Skin], world))
				case nd.Mesh != nil:
					// A mesh carried by a node, rigidly.
					for _, p := range doc.Meshes[*nd.Mesh].Primitives {
						pos, err := modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil)
						if err != nil {
							t.Fatal(err)
						}
						for _, v := range pos {
							skin = math.Max(skin, world[i].Mul4x1(mgl64.Vec4{float64(v[0]), float64(v[1]), float64(v[2]), 1})[1])
						}
					}
				}
			}
			top, highest := math.Inf(-1), -1
			for j, p := range ch.Skeleton.RestPositions() {
				if p[1] > top {
					top, highest = p[1], j
				}
			}
			t.Logf("the skeleton's top %.3f m (%s), the mesh's %.3f m", top, ch.Skeleton.Names[highest], skin)
			if cc.tipped && math.Abs(top-skin) > 0.01 {
				t.Errorf("the skeleton's top %.3f m, the skin's %.3f m", top, skin)
			}
		})
	}
}

// skinTop is the highest vertex of a skinned mesh in the bind pose.
func skinTop(t *testing.T, doc *gltf.Document, m *gltf.Mesh, skin *gltf.Skin, world []mgl64.Mat4) float64 {
	ibm := make([][4][4]float32, len(skin.Joints))
	for k := range ibm {
		ibm[k] = [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	}
	if skin.InverseBindMatrices != nil {
		var err error
		if ibm, err = modeler.ReadInverseBindMatrices(doc, doc.Accessors[*skin.InverseBindMatrices], nil); err != nil {
			t.Fatal(err)
		}
	}
	top := math.Inf(-1)
	for _, p := range m.Primitives {
		pos, err := modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := modeler.ReadJoints(doc, doc.Accessors[p.Attributes[gltf.JOINTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		ws, err := modeler.ReadWeights(doc, doc.Accessors[p.Attributes[gltf.WEIGHTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range pos {
			var y, sum float64
			for c := range 4 {
				w := float64(ws[i][c])
				if w == 0 {
					continue
				}
				var b mgl64.Mat4
				for col := range 4 {
					for row := range 4 {
						b[col*4+row] = float64(ibm[js[i][c]][row][col])
					}
				}
				at := world[skin.Joints[js[i][c]]].Mul4(b).Mul4x1(mgl64.Vec4{float64(v[0]), float64(v[1]), float64(v[2]), 1})
				y, sum = y+w*at[1], sum+w
			}
			if sum > 0 {
				top = math.Max(top, y/sum)
			}
		}
	}
	return top
}

// loadBoth reads a shared character with the reader under test and, for
// its oracle, with qmuntal's gltf.Open.
func loadBoth(t *testing.T, file string) (*character.Character, *gltf.Document) {
	t.Helper()
	path := shareddata.Path(t, file)
	ch, err := character.Load(path, character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := gltf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return ch, doc
}
