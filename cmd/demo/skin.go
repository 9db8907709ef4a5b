package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/action"
	gltfchar "github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/gltfdata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/graphic"
	"github.com/g3n/engine/loader/gltf"
	"github.com/g3n/engine/math32"
	"github.com/go-gl/mathgl/mgl64"
	qgltf "github.com/qmuntal/gltf"
)

// skinned draws a glTF character's own meshes, skinned by the planner's
// pose. The library's skeleton is the character's skin joints with its
// rest pose the nodes' rest transforms (package character), every rest
// rotation identity; so a joint posed at position p with world rotation R
// has the node world matrix T(p)·R·L, L the linear part of the node's rest
// world matrix. Each frame the nodes are walked from the scene's root:
// a joint's node gets the local matrix that gives it that world matrix,
// the other nodes keep theirs.
type skinned struct {
	root   *core.Node
	joint  map[*core.Node]int // a joint node's index in the skeleton
	linear []mgl64.Mat4       // per joint: its rest world matrix without translation
	sk     *motion.Skeleton
	pos    []mgl64.Vec3
	world  []mgl64.Quat
	path   string
}

// characterOf is the glTF file a library's clips come from ("" when they
// come from elsewhere or from more than one file).
func characterOf(lib *action.Library) string {
	path := ""
	for _, a := range lib.Actions {
		p, _, ok := strings.Cut(a.Source, "#")
		low := strings.ToLower(p)
		if !ok || !(strings.HasSuffix(low, ".glb") || strings.HasSuffix(low, ".gltf")) || (path != "" && p != path) {
			return ""
		}
		path = p
	}
	return path
}

// drawing sets up how the character is drawn (--draw); path is the glTF
// character the library was built for, or "".
func (d *demo) drawing(path string) error {
	switch d.opt.draw {
	case "":
		if path == "" {
			d.opt.draw = "body"
			return nil
		}
		d.opt.draw = "skin"
	case "skin":
		if path == "" {
			return errors.New("--draw skin: the action library was not built for a glTF character")
		}
	case "body", "none":
		return nil
	default:
		return fmt.Errorf("--draw %q: want skin, body or none", d.opt.draw)
	}
	var err error
	if d.skin, err = loadSkinned(path, d.lib.Actions[0].Clip.Skeleton); err != nil {
		return fmt.Errorf("drawing the character (--draw body draws its body instead): %w", err)
	}
	return nil
}

// loadSkinned reads the character at path for skeleton sk (the library's):
// its default scene's nodes, meshes and materials (g3n's loader), skinned
// meshes made here, one per primitive (g3n's loader takes one).
func loadSkinned(path string, sk *motion.Skeleton) (*skinned, error) {
	ch, err := gltfchar.Load(path, gltfchar.Options{})
	if err != nil {
		return nil, err
	}
	if ch.Skeleton.NumJoints() != sk.NumJoints() {
		return nil, fmt.Errorf("%s: %d joints, the library's skeleton %d", path, ch.Skeleton.NumJoints(), sk.NumJoints())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := gltfdata.Decode(data, os.DirFS(filepath.Dir(path)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var g *gltf.GLTF
	if strings.HasSuffix(strings.ToLower(path), ".glb") {
		g, err = gltf.ParseBin(path)
	} else {
		g, err = gltf.ParseJSON(path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b := &sceneBuilder{doc: doc, g: g, nodes: make([]*core.Node, len(doc.Nodes))}
	root, err := b.build()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := &skinned{root: root, joint: map[*core.Node]int{}, linear: make([]mgl64.Mat4, sk.NumJoints()), sk: sk,
		pos: make([]mgl64.Vec3, sk.NumJoints()), world: make([]mgl64.Quat, sk.NumJoints()), path: path}
	root.UpdateMatrixWorld()
	for k, ni := range ch.Nodes {
		if ch.Skeleton.Names[k] != sk.Names[k] {
			return nil, fmt.Errorf("%s: joint %d is %q, the library's %q", path, k, ch.Skeleton.Names[k], sk.Names[k])
		}
		if ni < 0 {
			continue // a tip found from the skin: it carries no vertices
		}
		n := b.nodes[ni]
		if n == nil {
			return nil, fmt.Errorf("%s: joint %q is not in the default scene", path, sk.Names[k])
		}
		s.joint[n] = k
		m := mat64(n.MatrixWorld())
		m.SetCol(3, mgl64.Vec4{0, 0, 0, 1})
		s.linear[k] = m
	}
	return s, nil
}

// sceneBuilder builds a glTF scene's node tree for g3n.
type sceneBuilder struct {
	doc   *qgltf.Document
	g     *gltf.GLTF
	nodes []*core.Node // per glTF node, once built
}

// build builds the default scene under one root node, then the skins.
func (b *sceneBuilder) build() (*core.Node, error) {
	root := core.NewNode()
	scene := 0
	if b.doc.Scene != nil {
		scene = int(*b.doc.Scene)
	}
	if scene >= len(b.doc.Scenes) {
		return nil, fmt.Errorf("no scene %d", scene)
	}
	var rigged []func() error
	for _, ni := range b.doc.Scenes[scene].Nodes {
		if err := b.node(int(ni), root, &rigged); err != nil {
			return nil, err
		}
	}
	for _, f := range rigged {
		if err := f(); err != nil {
			return nil, err
		}
	}
	return root, nil
}

// node builds glTF node i and its children under parent; a skinned mesh's
// primitives are rigged once every node exists (rigged).
func (b *sceneBuilder) node(i int, parent *core.Node, rigged *[]func() error) error {
	if i < 0 || i >= len(b.doc.Nodes) || b.nodes[i] != nil {
		return fmt.Errorf("node %d: out of range or met twice", i)
	}
	dn := b.doc.Nodes[i]
	n := core.NewNode()
	n.SetName(dn.Name)
	m := mat32(gltfdata.LocalMatrix(dn))
	n.SetMatrix(&m)
	b.nodes[i] = n
	parent.Add(n)
	if dn.Mesh != nil {
		in, err := b.g.LoadMesh(int(*dn.Mesh))
		if err != nil {
			return fmt.Errorf("node %d: %w", i, err)
		}
		prims := []*graphic.Mesh{}
		if mesh, ok := in.(*graphic.Mesh); ok {
			prims = append(prims, mesh)
		} else {
			for _, c := range in.GetNode().Children() {
				if mesh, ok := c.(*graphic.Mesh); ok {
					prims = append(prims, mesh)
				}
			}
		}
		if dn.Skin == nil {
			n.Add(in)
		} else {
			skin := int(*dn.Skin)
			*rigged = append(*rigged, func() error {
				sk, err := b.skeleton(skin)
				if err != nil {
					return err
				}
				for _, mesh := range prims {
					rm := graphic.NewRiggedMesh(mesh)
					rm.SetSkeleton(sk)
					// Its bounds are the rest pose's: the joints carry it away.
					rm.SetCullable(false)
					n.Add(rm)
				}
				return nil
			})
		}
	}
	for _, c := range dn.Children {
		if err := b.node(int(c), n, rigged); err != nil {
			return err
		}
	}
	return nil
}

// skeleton is skin k's bones (the built joint nodes) and inverse bind
// matrices.
func (b *sceneBuilder) skeleton(k int) (*graphic.Skeleton, error) {
	if k < 0 || k >= len(b.doc.Skins) {
		return nil, fmt.Errorf("no skin %d", k)
	}
	skin := b.doc.Skins[k]
	var ibm []float64
	if skin.InverseBindMatrices != nil {
		var err error
		if ibm, err = gltfdata.Floats(b.doc, int(*skin.InverseBindMatrices), qgltf.AccessorMat4); err != nil {
			return nil, fmt.Errorf("skin %d: %w", k, err)
		}
	}
	sk := graphic.NewSkeleton()
	for j, ji := range skin.Joints {
		if int(ji) >= len(b.nodes) || b.nodes[ji] == nil {
			return nil, fmt.Errorf("skin %d: joint node %d is not in the scene", k, ji)
		}
		m := math32.NewMatrix4()
		if len(ibm) >= 16*(j+1) {
			for e := range 16 {
				m[e] = float32(ibm[16*j+e])
			}
		}
		sk.AddBone(b.nodes[ji], m)
	}
	return sk, nil
}

// pose poses the meshes.
func (s *skinned) pose(p planner.Pose) {
	s.sk.FK(p.Trans, p.Rot, s.pos, s.world)
	s.place(s.root, mgl64.Ident4())
	s.root.UpdateMatrixWorld()
}

// place sets node n's local matrix (a joint's, from the pose) below a
// parent whose world matrix is parent, then its children's.
func (s *skinned) place(n *core.Node, parent mgl64.Mat4) {
	n.UpdateMatrix()
	w := parent.Mul4(mat64(n.Matrix()))
	if k, ok := s.joint[n]; ok {
		p := s.pos[k]
		w = mgl64.Translate3D(p[0], p[1], p[2]).Mul4(s.world[k].Mat4()).Mul4(s.linear[k])
		local := parent.Inv().Mul4(w)
		m := mat32(local)
		n.SetMatrix(&m)
	}
	for _, c := range n.Children() {
		s.place(c.GetNode(), w)
	}
}

func mat64(m math32.Matrix4) mgl64.Mat4 {
	var out mgl64.Mat4
	for i := range 16 {
		out[i] = float64(m[i])
	}
	return out
}

func mat32(m mgl64.Mat4) math32.Matrix4 {
	var out math32.Matrix4
	for i := range 16 {
		out[i] = float32(m[i])
	}
	return out
}
