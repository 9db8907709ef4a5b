package main

import (
	"github.com/foothold/foothold/body"
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

// collisionColour marks the body for a moment when the planner refused a
// choice because the body would have hit the scene.
var collisionColour = math32.Color{R: 0.9, G: 0.05, B: 0.6}

// othersColour is the other characters' (--agents): a pale blue.
var othersColour = math32.Color{R: 0.55, G: 0.7, B: 0.95}

// flashSeconds is how long the body shows a refused collision.
const flashSeconds = 1.0

// character draws the body model's capsules: a cylinder along each
// capsule's axis and a sphere at each end, of the capsule's radius.
type character struct {
	model  *body.Model
	node   *core.Node
	mat    *material.Standard
	shafts []*graphic.Mesh // one per capsule
	ends   [][2]*graphic.Mesh
	pos    []mgl64.Vec3
	world  []mgl64.Quat
	flash  float64 // seconds the collision colour still shows
	colour math32.Color
}

func newCharacter(m *body.Model) *character { return newCharacterIn(m, characterColour) }

// newCharacterIn is a character drawn in colour col.
func newCharacterIn(m *body.Model, col math32.Color) *character {
	n := m.Skeleton.NumJoints()
	c := &character{model: m, node: core.NewNode(), pos: make([]mgl64.Vec3, n), world: make([]mgl64.Quat, n), colour: col}
	c.mat = material.NewStandard(&c.colour)
	c.mat.SetShininess(20)
	cyl := geometry.NewCylinder(1, 1, 12, 1, false, false) // radius 1, height 1 along Y, centred
	ball := geometry.NewSphere(1, 12, 8)
	for _, cp := range m.Capsules {
		s := graphic.NewMesh(cyl, c.mat)
		c.shafts = append(c.shafts, s)
		c.node.Add(s)
		var e [2]*graphic.Mesh
		for k := range e {
			e[k] = graphic.NewMesh(ball, c.mat)
			r := float32(cp.Radius)
			e[k].SetScale(r, r, r)
			c.node.Add(e[k])
		}
		c.ends = append(c.ends, e)
	}
	return c
}

// pose moves the capsules to a pose; dt is the frame's time, refused
// whether the planner has just refused a choice for the body.
func (c *character) pose(p planner.Pose, dt float64, refused bool) {
	if refused {
		c.flash = flashSeconds
	}
	c.flash = max(c.flash-dt, 0)
	if c.flash > 0 {
		c.mat.SetColor(&collisionColour)
	} else {
		c.mat.SetColor(&c.colour)
	}
	c.model.Skeleton.FK(p.Trans, p.Rot, c.pos, c.world)
	up := math32.Vector3{X: 0, Y: 1, Z: 0}
	for i, cp := range c.model.Capsules {
		a, b := c.model.Place(c.pos, c.world, i)
		c.ends[i][0].SetPosition(float32(a[0]), float32(a[1]), float32(a[2]))
		c.ends[i][1].SetPosition(float32(b[0]), float32(b[1]), float32(b[2]))
		d := b.Sub(a)
		l := d.Len()
		if l < 1e-4 {
			c.shafts[i].SetVisible(false)
			continue
		}
		c.shafts[i].SetVisible(true)
		m := a.Add(d.Mul(0.5))
		c.shafts[i].SetPosition(float32(m[0]), float32(m[1]), float32(m[2]))
		dir := math32.Vector3{X: float32(d[0] / l), Y: float32(d[1] / l), Z: float32(d[2] / l)}
		var q math32.Quaternion
		q.SetFromUnitVectors(&up, &dir)
		c.shafts[i].SetQuaternionQuat(&q)
		r := float32(cp.Radius)
		c.shafts[i].SetScale(r, float32(l), r)
	}
}

// root is the root joint's world position after the last pose.
func (c *character) root() mgl64.Vec3 { return c.pos[0] }
