package main

import (
	"strings"

	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/geometry"
	"github.com/g3n/engine/graphic"
	"github.com/g3n/engine/material"
	"github.com/g3n/engine/math32"
	"github.com/go-gl/mathgl/mgl64"
)

// characterColour is the character's: a saturated orange nothing else in
// the picture has (the test looks for it).
var characterColour = math32.Color{R: 1, G: 0.45, B: 0.05}

// character draws a skeleton's bones as capsules: a cylinder along each
// bone and a sphere at each joint, a larger one for the head.
type character struct {
	sk     *motion.Skeleton
	node   *core.Node
	bones  []*graphic.Mesh // one per joint with a parent (nil when too short)
	joints []*graphic.Mesh
	pos    []mgl64.Vec3
	world  []mgl64.Quat
}

const boneRadius = 0.04 // [Units: m]

func newCharacter(sk *motion.Skeleton) *character {
	c := &character{sk: sk, node: core.NewNode(), pos: make([]mgl64.Vec3, sk.NumJoints()), world: make([]mgl64.Quat, sk.NumJoints())}
	mat := material.NewStandard(&characterColour)
	mat.SetShininess(20)
	cyl := geometry.NewCylinder(1, 1, 10, 1, false, false) // radius 1, height 1 along Y, centred
	ball := geometry.NewSphere(1, 10, 8)
	for j := range sk.NumJoints() {
		b := graphic.NewMesh(cyl, mat)
		c.bones = append(c.bones, b)
		c.node.Add(b)
		s := graphic.NewMesh(ball, mat)
		r := float32(boneRadius * 1.15)
		if strings.EqualFold(sk.Names[j], "head") {
			r = 0.11
		}
		s.SetScale(r, r, r)
		c.joints = append(c.joints, s)
		c.node.Add(s)
	}
	return c
}

// pose moves the capsules to a pose.
func (c *character) pose(p planner.Pose) {
	c.sk.FK(p.Trans, p.Rot, c.pos, c.world)
	up := math32.Vector3{X: 0, Y: 1, Z: 0}
	for j, par := range c.sk.Parents {
		a := c.pos[j]
		c.joints[j].SetPosition(float32(a[0]), float32(a[1]), float32(a[2]))
		if par < 0 {
			c.bones[j].SetVisible(false)
			continue
		}
		b := c.pos[par]
		d := a.Sub(b)
		l := d.Len()
		if l < 0.02 {
			c.bones[j].SetVisible(false)
			continue
		}
		c.bones[j].SetVisible(true)
		m := b.Add(d.Mul(0.5))
		c.bones[j].SetPosition(float32(m[0]), float32(m[1]), float32(m[2]))
		dir := math32.Vector3{X: float32(d[0] / l), Y: float32(d[1] / l), Z: float32(d[2] / l)}
		var q math32.Quaternion
		q.SetFromUnitVectors(&up, &dir)
		c.bones[j].SetQuaternionQuat(&q)
		c.bones[j].SetScale(boneRadius, float32(l), boneRadius)
	}
}

// root is the root joint's world position after the last pose.
func (c *character) root() mgl64.Vec3 { return c.pos[0] }
