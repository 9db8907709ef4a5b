package main

import (
	"math"
	"math/bits"

	"github.com/foothold/foothold/action"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/g3n/engine/math32"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Colours by debug kind: docks pure green where supported and pure red
// where pruned (unlit, so the picture holds exactly these colours), the
// current action's targets yellow; root paths white where feasible, dark
// red where dead, grey while unknown, yellow for the current action.
var kindColour = [...]math32.Color{
	planner.DebugCurrent:     {R: 1, G: 0.9, B: 0.2},
	planner.DebugFeasible:    {R: 0.95, G: 0.95, B: 0.95},
	planner.DebugDead:        {R: 0.55, G: 0.1, B: 0.1},
	planner.DebugUnknown:     {R: 0.45, G: 0.45, B: 0.5},
	planner.DebugSupported:   {R: 0, G: 1, B: 0},
	planner.DebugUnsupported: {R: 1, G: 0, B: 0},
	planner.DebugTarget:      {R: 1, G: 0.9, B: 0.2},
}

const (
	lift      = 0.02 // markers float this far above their surface [Units: m]
	dockSize  = 0.07 // half the dock markers' diagonal [Units: m]
	maxDrawn  = 6000 // plan nodes drawn at most (breadth first)
	nearby    = 3.0  // support samples shown within this distance of the character [Units: m]
	sampleMax = 30000
)

// planOverlay draws the planner's debug geometry: root paths as lines,
// docks as diamonds.
type planOverlay struct {
	paths, docks *dynamic
	geom         planner.DebugGeometry
	drawn        planKey
}

// planKey tells whether a plan changed since it was drawn.
type planKey struct {
	root            action.Frame
	action          int32
	nodes           int
	evaluated, made int64
}

// update redraws the plan when it has changed.
func (o *planOverlay) update(p *planner.Planner) {
	t := p.Plan()
	st := t.Stats()
	key := planKey{t.Nodes[0].Frame, t.Nodes[0].Action, len(t.Nodes), st.Evaluated, st.Made}
	if key == o.drawn {
		return
	}
	o.drawn = key
	p.Debug(&o.geom, maxDrawn)
	o.paths.reset()
	o.docks.reset()
	for _, l := range o.geom.Lines {
		c := kindColour[l.Kind]
		o.paths.vertex(l.A[0], l.A[1]+lift, l.A[2], c)
		o.paths.vertex(l.B[0], l.B[1]+lift, l.B[2], c)
	}
	for _, q := range o.geom.Points {
		size := float32(dockSize)
		if q.Kind == planner.DebugTarget {
			size *= 1.4
		}
		o.docks.quad(q.P[0], q.P[1]+lift, q.P[2], size, kindColour[q.Kind])
	}
	o.paths.upload()
	o.docks.upload()
}

// sampleOverlay draws one template's supported positions near the
// character as small diamonds, blue where few yaws are supported and cyan
// where all are.
type sampleOverlay struct {
	mesh   *dynamic
	bvh    *scenes.BVH
	runs   map[*supporttree.Tree][]sampleRun
	tree   *supporttree.Tree
	centre mgl64.Vec3
}

type sampleRun struct{ x0, x1, y, z int32 }

// update shows tree's samples around c (nil tree: none); it redraws only
// when the tree changes or the character has moved 0.25 m.
func (o *sampleOverlay) update(tree *supporttree.Tree, c mgl64.Vec3) {
	if tree == o.tree && (tree == nil || c.Sub(o.centre).Len() < 0.25) {
		return
	}
	o.tree, o.centre = tree, c
	o.mesh.reset()
	defer o.mesh.upload()
	if tree == nil {
		return
	}
	if o.runs == nil {
		o.runs = map[*supporttree.Tree][]sampleRun{}
	}
	runs, ok := o.runs[tree]
	if !ok {
		tree.EachRun(func(x0, x1, y, z int32, _ uint64) { runs = append(runs, sampleRun{x0, x1, y, z}) })
		o.runs[tree] = runs
	}
	lat := tree.Lattice()
	step := float64(lat.Linear)
	yaws := float32(lat.Yaws())
	n := 0
	for _, r := range runs {
		z := float64(r.z) * step
		y := float64(r.y) * step
		if math.Abs(z-c[2]) > nearby || math.Abs(y-c[1]) > 2.5 {
			continue
		}
		for x := max(r.x0, int32(math.Floor((c[0]-nearby)/step))); x < r.x1 && float64(x)*step <= c[0]+nearby; x++ {
			if math.Hypot(float64(x)*step-c[0], z-c[2]) > nearby || n >= sampleMax {
				continue
			}
			f := float32(bits.OnesCount64(tree.YawMask(x, r.y, r.z))) / yaws
			p := lat.Position(dock.Sample{X: x, Y: r.y, Z: r.z})
			// A sample lies within one increment of its surface, above or
			// below: drawn on the surface under it, so no tread hides it.
			ray := scenes.Ray{Origin: p.Add(mgl32.Vec3{0, lat.Linear, 0}), Dir: mgl32.Vec3{0, -1, 0}, TMax: 2.5 * lat.Linear}
			if h, ok := o.bvh.ClosestHit(ray, nil); ok {
				p[1] = ray.At(h.T)[1]
			}
			o.mesh.quad(p[0], p[1]+lift/2, p[2], float32(step)*0.3, math32.Color{R: 0.1, G: 0.3 + 0.6*f, B: 1})
			n++
		}
	}
}
