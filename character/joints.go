package character

import (
	"fmt"
	"slices"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// skeletonJoints collects the joints of every skin, adds the nearest
// common ancestor when they have several roots, and orders them parents
// first; each joint's chain runs from below its parent joint down to it.
func (rd *reader) skeletonJoints() error {
	d := rd.doc
	if len(d.Skins) == 0 {
		return rd.fail("", "no skin: not a rigged character")
	}
	isJoint := make([]bool, len(d.Nodes))
	for si, s := range d.Skins {
		if len(s.Joints) == 0 {
			return rd.fail(fmt.Sprintf("skin %d", si), "has no joints")
		}
		for _, j := range s.Joints {
			if j < 0 || j >= len(d.Nodes) {
				return rd.fail(fmt.Sprintf("skin %d", si), "joint node %d does not exist (%d nodes)", j, len(d.Nodes))
			}
			isJoint[j] = true
		}
	}
	roots := rd.jointRoots(isJoint)
	if len(roots) > 1 {
		top, err := rd.commonAncestor(roots)
		if err != nil {
			return err
		}
		isJoint[top] = true
		roots = []int{top}
	}
	rd.order(roots[0], isJoint)
	return nil
}

// jointParent is the nearest ancestor of node i that is a joint, or -1.
func (rd *reader) jointParent(i int, isJoint []bool) int {
	for p := rd.parent[i]; p >= 0; p = rd.parent[p] {
		if isJoint[p] {
			return p
		}
	}
	return -1
}

func (rd *reader) jointRoots(isJoint []bool) []int {
	var roots []int
	for i, j := range isJoint {
		if j && rd.jointParent(i, isJoint) < 0 {
			roots = append(roots, i)
		}
	}
	return roots
}

// commonAncestor is the deepest node above (or at) every root.
func (rd *reader) commonAncestor(roots []int) (int, error) {
	path := func(i int) []int {
		var p []int
		for ; i >= 0; i = rd.parent[i] {
			p = append(p, i)
		}
		slices.Reverse(p)
		return p
	}
	common := path(roots[0])
	for _, r := range roots[1:] {
		p := path(r)
		k := 0
		for k < len(common) && k < len(p) && common[k] == p[k] {
			k++
		}
		common = common[:k]
	}
	if len(common) == 0 {
		return 0, rd.fail("skins", "joints form separate trees (roots %s and %s)", rd.nodePlace(roots[0]), rd.nodePlace(roots[1]))
	}
	return common[len(common)-1], nil
}

// order lists the joints depth first from root in the nodes' child order
// (a foot moved below its leg by footOf counts as the leg's child), each
// followed by its chain. A joint with no joint below it gets an end site
// when it has an empty child node (exporters write bone tips so).
func (rd *reader) order(root int, isJoint []bool) {
	var top []int
	for i := root; i >= 0; i = rd.parent[i] {
		top = append(top, i)
	}
	slices.Reverse(top)
	moved := rd.feetOf(root, isJoint)
	rd.joints, rd.chains, rd.endSite = []int{root}, [][]int{top}, []bool{false}
	rd.skelParent, rd.matrixParent = []int{-1}, []int{-1}
	add := func(node int, chain []int, end bool, parent, from int) {
		rd.joints = append(rd.joints, node)
		rd.chains = append(rd.chains, chain)
		rd.endSite = append(rd.endSite, end)
		rd.skelParent = append(rd.skelParent, parent)
		rd.matrixParent = append(rd.matrixParent, from)
	}
	var walk func(i int, chain []int, owner int)
	visit := func(c int, chain []int, owner int) {
		if !isJoint[c] {
			walk(c, append(slices.Clone(chain), c), owner)
			return
		}
		add(c, append(slices.Clone(chain), c), false, owner, owner)
		n := len(rd.joints)
		walk(c, nil, c)
		for _, f := range moved[c] {
			var real []int
			for k := f; k != root; k = rd.parent[k] {
				real = append(real, k)
			}
			slices.Reverse(real)
			add(f, real, false, c, root)
			m := len(rd.joints)
			walk(f, nil, f)
			if e := rd.endNode(f); e >= 0 && len(rd.joints) == m {
				add(e, []int{e}, true, f, f)
			}
		}
		if len(rd.joints) == n {
			if e := rd.endNode(c); e >= 0 {
				add(e, []int{e}, true, c, c)
			}
		}
	}
	walk = func(i int, chain []int, owner int) {
		for _, c := range rd.doc.Nodes[i].Children {
			if _, gone := rd.movedFrom[c]; !gone {
				visit(c, chain, owner)
			}
		}
	}
	walk(root, nil, root)
}

// endNode is a joint's first child node that is empty (no mesh, skin,
// camera or children) and not a joint, or -1.
func (rd *reader) endNode(i int) int {
	for _, c := range rd.doc.Nodes[i].Children {
		n := rd.doc.Nodes[c]
		if n.Mesh == nil && n.Skin == nil && n.Camera == nil && len(n.Children) == 0 && !rd.isJoint[c] {
			return c
		}
	}
	return -1
}

// feetOf finds IK-rigged limbs: a joint hanging from the root whose rest
// position is the end node of another limb's last joint (within 1% of the
// rig's size) is moved below that joint, so the leg above it carries it as
// a leg carries a foot. It returns the moved joints by their new parent
// and records their real parents.
func (rd *reader) feetOf(root int, isJoint []bool) map[int][]int {
	rd.isJoint = isJoint
	rd.movedFrom = map[int]int{}
	world := rd.restWorld()
	lo, hi := world[root].Col(3).Vec3(), world[root].Col(3).Vec3()
	var leaves []int
	for i, j := range isJoint {
		if !j {
			continue
		}
		p := world[i].Col(3).Vec3()
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
		if rd.endNode(i) >= 0 && !rd.hasJointBelow(i) {
			leaves = append(leaves, i)
		}
	}
	tol := 0.01 * hi.Sub(lo).Len()
	out := map[int][]int{}
	for i, j := range isJoint {
		if !j || i == root || rd.jointParent(i, isJoint) != root {
			continue
		}
		for _, l := range leaves {
			e := rd.endNode(l)
			if l != i && !rd.isBelow(l, i) && world[e].Col(3).Vec3().Sub(world[i].Col(3).Vec3()).Len() <= tol {
				out[l] = append(out[l], i)
				rd.movedFrom[i] = rd.parent[i]
				break
			}
		}
	}
	return out
}

// restWorld is every node's world matrix at rest.
func (rd *reader) restWorld() []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(rd.rest))
	done := make([]bool, len(rd.rest))
	var at func(i int) mgl64.Mat4
	at = func(i int) mgl64.Mat4 {
		if !done[i] {
			m := rd.rest[i].mat4()
			if p := rd.parent[i]; p >= 0 {
				m = at(p).Mul4(m)
			}
			out[i], done[i] = m, true
		}
		return out[i]
	}
	for i := range out {
		at(i)
	}
	return out
}

// hasJointBelow reports whether a joint lies below node i.
func (rd *reader) hasJointBelow(i int) bool {
	for _, c := range rd.doc.Nodes[i].Children {
		if rd.isJoint[c] || rd.hasJointBelow(c) {
			return true
		}
	}
	return false
}

// isBelow reports whether node a is node b or below it.
func (rd *reader) isBelow(a, b int) bool {
	for ; a >= 0; a = rd.parent[a] {
		if a == b {
			return true
		}
	}
	return false
}

// skeleton builds the skeleton from the joints' rest transforms: unique
// names (a missing one is the node's number, a repeated one gets it
// appended) and rest offsets with the scales above them carried in.
func (rd *reader) skeleton() (*motion.Skeleton, error) {
	n := len(rd.joints)
	sk := &motion.Skeleton{
		Names: make([]string, n), Parents: make([]int, n), Offsets: make([]mgl64.Vec3, n),
		Channels: make([][]motion.Channel, n), EndSite: make([]bool, n),
	}
	index := map[int]int{}
	rd.matrixIndex = make([]int, n)
	used := map[string]bool{}
	for k, node := range rd.joints {
		index[node] = k
		var name string
		if node < len(rd.doc.Nodes) {
			name = rd.doc.Nodes[node].Name
		} else if k > 0 {
			name = sk.Names[index[rd.skelParent[k]]] + "_tip"
		}
		if name == "" || used[name] {
			name = fmt.Sprintf("%snode%d", name, node)
		}
		used[name] = true
		sk.Names[k] = name
		sk.Parents[k], rd.matrixIndex[k] = -1, -1
		if k > 0 {
			sk.Parents[k], rd.matrixIndex[k] = index[rd.skelParent[k]], index[rd.matrixParent[k]]
		}
		sk.EndSite[k] = rd.endSite[k]
	}
	rd.parentIndex = sk.Parents
	world := make([]mgl64.Mat4, n)
	rd.pose(rd.rest, world)
	rot := make([]mgl64.Quat, n)
	if err := rd.jointsOf(world, sk.Offsets, rot, make([]mgl64.Quat, n)); err != nil {
		return nil, err
	}
	if err := sk.Validate(); err != nil {
		return nil, rd.fail("skins", "%v", err)
	}
	return sk, nil
}
