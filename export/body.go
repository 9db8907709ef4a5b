package export

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Capsule is a part of a body, drawn skinned rigidly to a joint: the
// capsule about segment A–B (in the joint's frame) of radius Radius.
type Capsule struct {
	Joint  int
	A, B   mgl64.Vec3 // [Units: m]
	Radius float64    // [Units: m]
}

// GLBOptions say what a glb holds besides the skeleton and its motion.
type GLBOptions struct {
	// Body, when not empty, is written as one mesh skinned to the
	// skeleton, each capsule bound to its joint, so that a viewer shows a
	// body moving, not an empty skeleton.
	Body []Capsule
}

// The capsules' tessellation: segments around the axis, rings per
// hemisphere besides the pole.
const (
	capsuleSegments = 12
	capsuleRings    = 4
)

// addBody adds a mesh of the capsules in the skeleton's rest pose, and for
// each skeleton whose root node is in roots a skin binding it to that
// skeleton's nodes (root .. root+joints-1) and a node of its own showing
// the mesh with that skin.
func addBody(doc *gltf.Document, sk *motion.Skeleton, caps []Capsule, roots []int) {
	rest := sk.RestPositions()
	var pos, nrm [][3]float32
	var joints [][4]uint16
	var weights [][4]float32
	var idx []uint16
	for _, c := range caps {
		base := uint16(len(pos))
		vs, ns, tris := capsuleMesh(c.A, c.B, c.Radius)
		for k, v := range vs {
			p := rest[c.Joint].Add(v)
			pos = append(pos, [3]float32{float32(p[0]), float32(p[1]), float32(p[2])})
			nrm = append(nrm, [3]float32{float32(ns[k][0]), float32(ns[k][1]), float32(ns[k][2])})
			joints = append(joints, [4]uint16{uint16(c.Joint)})
			weights = append(weights, [4]float32{1})
		}
		for _, t := range tris {
			idx = append(idx, base+t)
		}
	}
	ibm := make([][4][4]float32, sk.NumJoints())
	for j, p := range rest {
		ibm[j] = [4][4]float32{{1, 0, 0, float32(-p[0])}, {0, 1, 0, float32(-p[1])}, {0, 0, 1, float32(-p[2])}, {0, 0, 0, 1}} // [row][column]
	}
	ibmAcc := modeler.WriteAccessor(doc, gltf.TargetNone, ibm)
	prim := &gltf.Primitive{
		Attributes: gltf.PrimitiveAttributes{
			gltf.POSITION: modeler.WritePosition(doc, pos), gltf.NORMAL: modeler.WriteNormal(doc, nrm),
			gltf.JOINTS_0: modeler.WriteJoints(doc, joints), gltf.WEIGHTS_0: modeler.WriteWeights(doc, weights),
		},
		Indices: gltf.Index(modeler.WriteIndices(doc, idx)),
	}
	doc.Meshes = []*gltf.Mesh{{Name: "body", Primitives: []*gltf.Primitive{prim}}}
	for i, root := range roots {
		joints := make([]int, sk.NumJoints())
		for j := range joints {
			joints[j] = root + j
		}
		skin, node := "skeleton", "body"
		if len(roots) > 1 {
			skin, node = fmt.Sprintf("c%03d/skeleton", i), fmt.Sprintf("c%03d/body", i)
		}
		doc.Skins = append(doc.Skins, &gltf.Skin{Name: skin, Joints: joints, InverseBindMatrices: gltf.Index(ibmAcc), Skeleton: gltf.Index(root)})
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: node, Mesh: gltf.Index(0), Skin: gltf.Index(i)})
		doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
	}
}

// capsuleMesh tessellates the capsule about a–b of radius r: vertices,
// their unit normals and counter-clockwise triangles (seen from outside).
func capsuleMesh(a, b mgl64.Vec3, r float64) ([]mgl64.Vec3, []mgl64.Vec3, []uint16) {
	d := b.Sub(a)
	if d.Len() < 1e-9 {
		d = mgl64.Vec3{0, 1, 0}
	}
	d = d.Normalize()
	u := d.Cross(mgl64.Vec3{1, 0, 0})
	if u.Len() < 0.1 {
		u = d.Cross(mgl64.Vec3{0, 0, 1})
	}
	u = u.Normalize()
	v := d.Cross(u)
	var vs, ns []mgl64.Vec3
	add := func(c, n mgl64.Vec3) {
		vs, ns = append(vs, c.Add(n.Mul(r))), append(ns, n)
	}
	add(a, d.Mul(-1)) // the pole at a
	for h := 0; h < 2; h++ {
		c := [2]mgl64.Vec3{a, b}[h]
		for k := 0; k < capsuleRings; k++ {
			phi := math.Pi / 2 * float64(k+h) / capsuleRings // a's rings rise to the equator, b's from it
			if h == 0 {
				phi = -math.Pi/2 + math.Pi/2*float64(k+1)/capsuleRings
			}
			for s := range capsuleSegments {
				th := 2 * math.Pi * float64(s) / capsuleSegments
				n := u.Mul(math.Cos(phi) * math.Cos(th)).Add(v.Mul(math.Cos(phi) * math.Sin(th))).Add(d.Mul(math.Sin(phi)))
				add(c, n)
			}
		}
	}
	add(b, d) // the pole at b
	var tris []uint16
	rings := 2 * capsuleRings
	ring := func(k, s int) uint16 { return uint16(1 + k*capsuleSegments + (s % capsuleSegments)) }
	last := uint16(len(vs) - 1)
	for s := range capsuleSegments {
		tris = append(tris, 0, ring(0, s+1), ring(0, s))
		for k := 0; k+1 < rings; k++ {
			tris = append(tris, ring(k, s), ring(k, s+1), ring(k+1, s+1), ring(k, s), ring(k+1, s+1), ring(k+1, s))
		}
		tris = append(tris, ring(rings-1, s), ring(rings-1, s+1), last)
	}
	return vs, ns, tris
}
