package main

import (
	"github.com/foothold/foothold/scenes"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/geometry"
	"github.com/g3n/engine/gls"
	"github.com/g3n/engine/graphic"
	"github.com/g3n/engine/material"
	"github.com/g3n/engine/math32"
)

// The scene's colours: floors (faces looking up) warm, the rest cool, both
// pale so the character and the markers stand out.
var (
	floorColour = math32.Color{R: 0.50, G: 0.47, B: 0.42}
	wallColour  = math32.Color{R: 0.40, G: 0.44, B: 0.50}
)

// The moving parts' colour (doors, lifts, crates): teal, apart from the
// level's greys and the character's orange.
var (
	partColour     = math32.Color{R: 0.22, G: 0.55, B: 0.55}
	partSideColour = math32.Color{R: 0.18, G: 0.44, B: 0.46}
)

// sceneNode turns the level into two flat-shaded meshes (floors and the
// rest), each triangle with its own face normal, drawn from both sides.
func sceneNode(m *scenes.Mesh) *core.Node { return sceneNodeIn(m, floorColour, wallColour) }

// sceneNodeIn is sceneNode with the floors and the rest in the colours
// given.
func sceneNodeIn(m *scenes.Mesh, floorColour, wallColour math32.Color) *core.Node {
	node := core.NewNode()
	var floor, wall [2]math32.ArrayF32 // positions, normals
	for t := range m.NumTriangles() {
		if m.IsDegenerate(t) {
			continue
		}
		a, b, c := m.Triangle(t)
		n, up := shading(m.TriangleNormal(t))
		dst := &wall
		if up {
			dst = &floor
		}
		for _, v := range [3][3]float32{a, b, c} {
			dst[0].Append(v[0], v[1], v[2])
			dst[1].Append(n[0], n[1], n[2])
		}
	}
	for i, part := range [2][2]math32.ArrayF32{floor, wall} {
		if len(part[0]) == 0 {
			continue
		}
		g := geometry.NewGeometry()
		g.AddVBO(gls.NewVBO(part[0]).AddAttrib(gls.VertexPosition))
		g.AddVBO(gls.NewVBO(part[1]).AddAttrib(gls.VertexNormal))
		colour := floorColour
		if i == 1 {
			colour = wallColour
		}
		mat := material.NewStandard(&colour)
		mat.SetSide(material.SideDouble)
		mat.SetShininess(4)
		mat.SetSpecularColor(&math32.Color{R: 0.08, G: 0.08, B: 0.08})
		node.Add(graphic.NewMesh(g, mat))
	}
	return node
}

// shading is the normal a face is lit with and whether it is drawn as
// floor: a face within 45° of horizontal whichever way it is wound
// (levels whose triangles wind the other way have normals pointing down),
// its normal then turned to face up.
func shading(n [3]float32) ([3]float32, bool) {
	if n[1] < 0 {
		if -n[1] <= floorCos {
			return n, false
		}
		return [3]float32{-n[0], -n[1], -n[2]}, true
	}
	return n, n[1] > floorCos
}

// floorCos is the cosine of the steepest face drawn as floor, 45°.
const floorCos = 0.7071

// dynamic is a mesh or line set whose vertices (position and colour) are
// rewritten every frame, drawn unlit in its vertex colours.
type dynamic struct {
	geom *geometry.Geometry
	pos  *gls.VBO
	col  *gls.VBO
	p, c math32.ArrayF32
}

func newDynamic(lines bool) (*dynamic, core.INode) {
	d := &dynamic{geom: geometry.NewGeometry()}
	d.pos = gls.NewVBO(math32.NewArrayF32(0, 0)).AddAttrib(gls.VertexPosition)
	d.col = gls.NewVBO(math32.NewArrayF32(0, 0)).AddAttrib(gls.VertexColor)
	d.pos.SetUsage(gls.DYNAMIC_DRAW)
	d.col.SetUsage(gls.DYNAMIC_DRAW)
	d.geom.AddVBO(d.pos)
	d.geom.AddVBO(d.col)
	mat := material.NewBasic()
	mat.SetSide(material.SideDouble)
	if lines {
		g := graphic.NewLines(d.geom, mat)
		g.SetCullable(false) // its bounds change every frame
		return d, g
	}
	g := graphic.NewMesh(d.geom, mat)
	g.SetCullable(false)
	return d, g
}

// reset empties the vertex lists (keeping their memory).
func (d *dynamic) reset() { d.p, d.c = d.p[:0], d.c[:0] }

// vertex adds one vertex.
func (d *dynamic) vertex(x, y, z float32, c math32.Color) {
	d.p = append(d.p, x, y, z)
	d.c = append(d.c, c.R, c.G, c.B)
}

// quad adds a flat horizontal square of half-size h centred at x, y, z,
// turned by 45° (a diamond), as two triangles.
func (d *dynamic) quad(x, y, z, h float32, c math32.Color) {
	d.vertex(x-h, y, z, c)
	d.vertex(x, y, z-h, c)
	d.vertex(x+h, y, z, c)
	d.vertex(x-h, y, z, c)
	d.vertex(x+h, y, z, c)
	d.vertex(x, y, z+h, c)
}

// upload hands the new vertices to the GPU at the next draw.
func (d *dynamic) upload() {
	d.pos.SetBuffer(d.p)
	d.col.SetBuffer(d.c)
}
