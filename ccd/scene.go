package ccd

import (
	"errors"
	"math"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Scene is a static scene as the checker sees it: its BVH, and a second
// BVH of its faces outside the ground cone (body.GroundCone), which the
// parts that may touch the ground are tested against at plan time. Built
// once per scene; immutable and shared by every character's Checker.
type Scene struct {
	all, walls *scenes.BVH
	faces      [2][]local // per BVH (all, walls), its first layer's leaves in world coordinates
	extra      [2][]local // and its second layer's (scenes.BVH.With)
	base       *Scene     // the scene of the first layer alone (nil: s itself)
	cosGround  float32
}

// NewScene prepares the scene of bvh for checking.
func NewScene(bvh *scenes.BVH) (*Scene, error) {
	cos := float32(math.Cos(body.GroundCone))
	walls, err := bvh.Select(func(n mgl32.Vec3) bool { return n[1] < cos }, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	s := &Scene{all: bvh, walls: walls, cosGround: cos}
	s.faces = [2][]local{s.leaves(bvh, 0, bvh.NumTriangles()), s.leaves(walls, 0, walls.NumTriangles())}
	return s, nil
}

// With is the scene of bvh, a layered BVH (scenes.BVH.With) whose first
// layer is s's (which has no second layer): only the second layer's
// triangles are prepared, so a world whose instances move prepares them
// alone at each change.
func (s *Scene) With(bvh *scenes.BVH) (*Scene, error) {
	extra, off := bvh.Extra()
	if bvh.Base() != s.all || s.all.Base() != s.all || extra == nil {
		return nil, errors.New("ccd: Scene.With needs a BVH layered over the scene's own")
	}
	walls, err := extra.Select(func(n mgl32.Vec3) bool { return n[1] < s.cosGround }, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	w := s.walls.With(walls, off)
	n := [2]int{len(s.faces[0]), len(s.faces[1])}
	x := &Scene{all: bvh, walls: w, faces: s.faces, base: s, cosGround: s.cosGround}
	x.extra = [2][]local{x.leaves(bvh, n[0], bvh.NumTriangles()), x.leaves(w, n[1], w.NumTriangles())}
	return x, nil
}

// Base is the scene of s's BVH's first layer alone (s when it has one
// layer).
func (s *Scene) Base() *Scene {
	if s.base != nil {
		return s.base
	}
	return s
}

// leaves is leaf triangles from to to of bvh in world coordinates, with
// their normals, their edges' outward normals and their boxes.
func (s *Scene) leaves(bvh *scenes.BVH, from, to int) []local {
	out := make([]local, to-from)
	for t := range out {
		a, b, c, n, mesh := bvh.LeafTriangle(int32(from + t))
		l := local{tri: tri3{of32(a), of32(b), of32(c)}, n: of32(n), ground: s.ground(n), mesh: mesh}
		for e := range 3 {
			m := l.tri[(e+1)%3].sub(l.tri[e]).cross(l.n)
			if a := m.len2(); a > 0 {
				l.edge[e] = m.mul(1 / math.Sqrt(a))
			}
		}
		out[t] = l
	}
	return out
}

// face is leaf t of bvh (s.all or s.walls) in world coordinates.
func (s *Scene) face(bvh *scenes.BVH, t int32) *local {
	k := 0
	if bvh == s.walls {
		k = 1
	}
	if n := int32(len(s.faces[k])); t >= n {
		return &s.extra[k][t-n]
	}
	return &s.faces[k][t]
}

// BVH is the scene's BVH.
func (s *Scene) BVH() *scenes.BVH { return s.all }

// ground reports whether a unit face normal is within the ground cone.
func (s *Scene) ground(n mgl32.Vec3) bool { return n[1] >= s.cosGround }
