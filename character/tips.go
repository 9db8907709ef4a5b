package character

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/internal/gltfdata"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// addTips gives a bone tip to every last joint of a chain outside the
// recognised hands and feet that has none (glTF joints are bone heads: a rig's head
// joint sits at the base of the skull, and without its tip the body
// derived from the skeleton stops there): an end site at the farthest of
// the skin's vertices it carries most, in the bind pose. It reports
// whether it added any (the skeleton must then be built again). Hands and
// feet keep the joints they have, so their docks do not change. A skin's
// vertex data that cannot be read is an error.
func (rd *reader) addTips(sk *motion.Skeleton) (bool, error) {
	byNode := rd.tipless(sk)
	if len(byNode) == 0 {
		return false, nil
	}
	n := sk.NumJoints()
	rest := sk.RestPositions()
	world := rd.restWorld()
	far := make([]mgl64.Vec3, n)
	reach := make([]float64, n)
	err := rd.skinVertices(world, func(node int, v mgl64.Vec3) {
		if j, ok := byNode[node]; ok {
			d := v.Mul(rd.opt.Scale).Sub(rest[j])
			if l := d.Len(); l > reach[j] {
				far[j], reach[j] = d, l
			}
		}
	})
	if err != nil {
		return false, err
	}
	added := false
	for j := n - 1; j >= 0; j-- { // from the end: each tip goes in after its joint, depth first
		if reach[j] >= 1e-4*rd.opt.Scale {
			tip := rest[j].Add(far[j]).Mul(1 / rd.opt.Scale)
			rd.insertTip(j, world[rd.joints[j]].Inv().Mul4x1(tip.Vec4(1)).Vec3())
			added = true
		}
	}
	return added, nil
}

// tipless maps, by node, the joints of sk that end a chain outside the
// hands and feet (DefaultEffectors) with no end site. A foot or hand
// with no joint below it is no effector yet (it has no tip) and ends a
// chain: it gets its tip here, from the skin, and is recognised after.
func (rd *reader) tipless(sk *motion.Skeleton) map[int]int {
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		eff = &motion.Effectors{}
	}
	n := sk.NumJoints()
	leaf := make([]bool, n)
	for j := range leaf {
		leaf[j] = !sk.EndSite[j] && sk.Parents[j] >= 0
	}
	for j := range n {
		if p := sk.Parents[j]; p >= 0 {
			leaf[p] = false
		}
		for _, e := range eff.All() {
			if j == e.Joint || sk.IsAncestor(e.Joint, j) {
				leaf[j] = false
			}
		}
	}
	out := map[int]int{}
	for j, is := range leaf {
		if is {
			out[rd.joints[j]] = j
		}
	}
	return out
}

// insertTip adds an end site after joint j: a node of its own below j's
// node, at local in that node's frame.
func (rd *reader) insertTip(j int, local mgl64.Vec3) {
	node := rd.joints[j]
	rd.rest = append(rd.rest, trs{t: local, r: mgl64.QuatIdent(), s: mgl64.Vec3{1, 1, 1}})
	rd.parent = append(rd.parent, node)
	v := len(rd.rest) - 1
	rd.joints, rd.chains = slices.Insert(rd.joints, j+1, v), slices.Insert(rd.chains, j+1, []int{v})
	rd.endSite = slices.Insert(rd.endSite, j+1, true)
	rd.skelParent, rd.matrixParent = slices.Insert(rd.skelParent, j+1, node), slices.Insert(rd.matrixParent, j+1, node)
}

// skinVertices calls visit with every skinned vertex in the bind pose (in
// the scene's units, before Options.Scale) and the node of the joint
// that weighs most on it.
func (rd *reader) skinVertices(world []mgl64.Mat4, visit func(node int, v mgl64.Vec3)) error {
	d := rd.doc
	for ni, n := range d.Nodes {
		if n.Mesh == nil || n.Skin == nil {
			continue
		}
		if *n.Mesh < 0 || *n.Mesh >= len(d.Meshes) || *n.Skin < 0 || *n.Skin >= len(d.Skins) {
			return rd.fail(rd.nodePlace(ni), "mesh %d or skin %d does not exist", *n.Mesh, *n.Skin)
		}
		skin := d.Skins[*n.Skin]
		bind, err := rd.bindMatrices(skin, world)
		if err != nil {
			return rd.fail(fmt.Sprintf("skin %d", *n.Skin), "inverse bind matrices: %v", err)
		}
		for pi, p := range d.Meshes[*n.Mesh].Primitives {
			place := fmt.Sprintf("mesh %d primitive %d", *n.Mesh, pi)
			if err := rd.primitiveVertices(p, skin, bind, place, visit); err != nil {
				return err
			}
		}
	}
	return nil
}

// bindMatrices is, per joint of skin, its rest world matrix times its
// inverse bind matrix: the map of a bind-pose vertex to the rest pose.
func (rd *reader) bindMatrices(skin *gltf.Skin, world []mgl64.Mat4) ([]mgl64.Mat4, error) {
	out := make([]mgl64.Mat4, len(skin.Joints))
	for k, j := range skin.Joints {
		out[k] = world[j]
	}
	if skin.InverseBindMatrices == nil {
		return out, nil
	}
	m, err := gltfdata.Floats(rd.doc, *skin.InverseBindMatrices, gltf.AccessorMat4)
	if err != nil {
		return nil, err
	}
	if len(m) != 16*len(skin.Joints) {
		return nil, fmt.Errorf("%d matrices for %d joints", len(m)/16, len(skin.Joints))
	}
	for k := range out {
		var ibm mgl64.Mat4
		copy(ibm[:], m[16*k:16*k+16])
		out[k] = out[k].Mul4(ibm)
	}
	return out, nil
}

// primitiveVertices visits the skinned vertices of one primitive; one
// without positions, joints or weights has none.
func (rd *reader) primitiveVertices(p *gltf.Primitive, skin *gltf.Skin, bind []mgl64.Mat4, place string, visit func(node int, v mgl64.Vec3)) error {
	pa, ok1 := p.Attributes[gltf.POSITION]
	ja, ok2 := p.Attributes[gltf.JOINTS_0]
	wa, ok3 := p.Attributes[gltf.WEIGHTS_0]
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	pos, err := gltfdata.Floats(rd.doc, pa, gltf.AccessorVec3)
	if err != nil {
		return rd.fail(place, "POSITION: %v", err)
	}
	joints, err := gltfdata.Uints(rd.doc, ja, gltf.AccessorVec4)
	if err != nil {
		return rd.fail(place, "JOINTS_0: %v", err)
	}
	weights, err := gltfdata.Floats(rd.doc, wa, gltf.AccessorVec4)
	if err != nil {
		return rd.fail(place, "WEIGHTS_0: %v", err)
	}
	nv := len(pos) / 3
	if len(joints) != 4*nv || len(weights) != 4*nv {
		return rd.fail(place, "%d positions, %d joint sets, %d weight sets", nv, len(joints)/4, len(weights)/4)
	}
	for i := range nv {
		v := mgl64.Vec4{pos[3*i], pos[3*i+1], pos[3*i+2], 1}
		var at mgl64.Vec4
		sum, best, top := 0.0, -1, 0.0
		for c := range 4 {
			w, k := weights[4*i+c], int(joints[4*i+c])
			if !(w > 0) || math.IsInf(w, 0) {
				continue
			}
			if k >= len(skin.Joints) {
				return rd.fail(place, "vertex %d: joint %d of a skin of %d", i, k, len(skin.Joints))
			}
			at, sum = at.Add(bind[k].Mul4x1(v).Mul(w)), sum+w
			if w > top {
				best, top = k, w
			}
		}
		if best < 0 || math.IsNaN(at[0]+at[1]+at[2]) || math.IsInf(at[0]+at[1]+at[2], 0) {
			continue
		}
		visit(skin.Joints[best], at.Vec3().Mul(1/sum))
	}
	return nil
}
