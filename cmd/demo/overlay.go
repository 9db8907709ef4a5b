package main

import (
	"math"
	"math/bits"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/g3n/engine/math32"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Marker colours: docks pure green where supported and pure red where
// pruned (unlit, so the picture holds exactly these colours); root paths
// white where feasible, dark red where dead, grey while unknown.
var (
	supportedColour   = math32.Color{R: 0, G: 1, B: 0}
	unsupportedColour = math32.Color{R: 1, G: 0, B: 0}
	aliveColour       = math32.Color{R: 0.95, G: 0.95, B: 0.95}
	deadColour        = math32.Color{R: 0.55, G: 0.1, B: 0.1}
	unknownColour     = math32.Color{R: 0.45, G: 0.45, B: 0.5}
	currentColour     = math32.Color{R: 1, G: 0.9, B: 0.2}
)

const (
	lift      = 0.02 // markers float this far above their surface [Units: m]
	dockSize  = 0.07 // half the dock markers' diagonal [Units: m]
	pathStep  = 0.1  // root paths are sampled this often [Units: s]
	maxDrawn  = 6000 // plan nodes drawn at most (breadth first)
	nearby    = 3.0  // support samples shown within this distance of the character [Units: m]
	sampleMax = 30000
)

// planOverlay draws a plan tree: each node's root path, lowered from the
// hips to the ground, and its docks.
type planOverlay struct {
	paths, docks *dynamic
	buf          []mgl64.Vec3
	drawn        planKey
}

// planKey tells whether a plan changed since it was drawn.
type planKey struct {
	root            actiongraph.Frame
	action          int32
	nodes           int
	evaluated, made int64
}

// update redraws the plan when it has changed.
func (o *planOverlay) update(t *actiongraph.PlanTree) {
	st := t.Stats()
	key := planKey{t.Nodes[0].Frame, t.Nodes[0].Action, len(t.Nodes), st.Evaluated, st.Made}
	if key == o.drawn {
		return
	}
	o.drawn = key
	o.paths.reset()
	o.docks.reset()
	for i := range min(len(t.Nodes), maxDrawn) {
		n := &t.Nodes[i]
		colour := unknownColour
		switch {
		case n.Parent < 0:
			colour = currentColour
		case n.Status == actiongraph.Unsupported || n.Dead:
			colour = deadColour
		case n.Status == actiongraph.Supported:
			colour = aliveColour
		}
		o.buf = t.Path(int32(i), pathStep, o.buf[:0])
		if len(o.buf) > 1 {
			h := o.buf[0][1] - n.Frame.Position[1] // hip height at the start
			for k := 1; k < len(o.buf); k++ {
				a, b := o.buf[k-1], o.buf[k]
				o.paths.vertex(float32(a[0]), float32(a[1]-h+lift), float32(a[2]), colour)
				o.paths.vertex(float32(b[0]), float32(b[1]-h+lift), float32(b[2]), colour)
			}
		}
		if n.Parent < 0 {
			continue
		}
		a := t.Graph.Library.Actions[n.Action]
		for k := range a.Docks {
			s := &t.Slots[n.FirstDock+int32(k)]
			if s.Shared >= 0 {
				continue // drawn with the parent
			}
			switch s.State {
			case actiongraph.Supported:
				p := s.Pose.Position
				o.docks.quad(p[0], p[1]+lift, p[2], dockSize, supportedColour)
			case actiongraph.Unsupported:
				p := s.Expected.Position
				o.docks.quad(p[0], p[1]+lift, p[2], dockSize, unsupportedColour)
			}
		}
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
