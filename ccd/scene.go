package ccd

import (
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
	faces      [2][]local // per BVH (all, walls), its leaves in world coordinates
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
	s.faces = [2][]local{s.leaves(bvh), s.leaves(walls)}
	return s, nil
}

// leaves is every leaf triangle of bvh in world coordinates, with its
// normal, its edges' outward normals and its box.
func (s *Scene) leaves(bvh *scenes.BVH) []local {
	out := make([]local, bvh.NumTriangles())
	for t := range out {
		a, b, c, n, mesh := bvh.LeafTriangle(int32(t))
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

// faces is bvh's leaves in world coordinates (bvh is s.all or s.walls).
func (s *Scene) facesOf(bvh *scenes.BVH) []local {
	if bvh == s.walls {
		return s.faces[1]
	}
	return s.faces[0]
}

// BVH is the scene's BVH.
func (s *Scene) BVH() *scenes.BVH { return s.all }

// ground reports whether a unit face normal is within the ground cone.
func (s *Scene) ground(n mgl32.Vec3) bool { return n[1] >= s.cosGround }
