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
	cosGround  float32
}

// NewScene prepares the scene of bvh for checking.
func NewScene(bvh *scenes.BVH) (*Scene, error) {
	cos := float32(math.Cos(body.GroundCone))
	walls, err := bvh.Select(func(n mgl32.Vec3) bool { return n[1] < cos }, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	return &Scene{all: bvh, walls: walls, cosGround: cos}, nil
}

// BVH is the scene's BVH.
func (s *Scene) BVH() *scenes.BVH { return s.all }

// ground reports whether a unit face normal is within the ground cone.
func (s *Scene) ground(n mgl32.Vec3) bool { return n[1] >= s.cosGround }
