package planner

import (
	"github.com/foothold/foothold/actiongraph"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// DebugKind says what a piece of debug geometry shows.
type DebugKind uint8

const (
	// Root paths.
	DebugCurrent  DebugKind = iota // the action being performed
	DebugFeasible                  // a node known to be supported and alive
	DebugDead                      // unsupported, or every child dead
	DebugUnknown                   // not evaluated yet
	// Docks.
	DebugSupported   // a dock's support found by its geo-query
	DebugUnsupported // a dock's expected pose where no support was found
	DebugTarget      // a support the current action was warped onto
)

// DebugLine is one segment of a root path, on the ground.
type DebugLine struct {
	A, B mgl32.Vec3
	Kind DebugKind
}

// DebugPoint is one dock.
type DebugPoint struct {
	P    mgl32.Vec3
	Kind DebugKind
}

// DebugGeometry is the plan as lines and points, for any renderer: each
// node's root path projected to its frame's ground height (sampled every
// PathStep seconds), and each decided dock once (a contact shared with the
// parent's action is drawn with the parent).
type DebugGeometry struct {
	Lines  []DebugLine
	Points []DebugPoint
	path   []mgl64.Vec3
}

// PathStep is how often root paths are sampled. [Units: s]
const PathStep = 0.1

// Debug fills g with the plan of at most maxNodes nodes (breadth first; 0
// for all) and the current action's targets, reusing g's memory.
func (p *Planner) Debug(g *DebugGeometry, maxNodes int) {
	g.Lines, g.Points = g.Lines[:0], g.Points[:0]
	t := p.tree
	n := len(t.Nodes)
	if maxNodes > 0 {
		n = min(n, maxNodes)
	}
	for i := range n {
		node := &t.Nodes[i]
		kind := DebugUnknown
		switch {
		case node.Parent < 0:
			kind = DebugCurrent
		case node.Status == actiongraph.Unsupported || node.Dead:
			kind = DebugDead
		case node.Status == actiongraph.Supported:
			kind = DebugFeasible
		}
		g.path = t.Path(int32(i), PathStep, g.path[:0])
		for k := 1; k < len(g.path); k++ {
			g.Lines = append(g.Lines, DebugLine{A: vec32(g.path[k-1]), B: vec32(g.path[k]), Kind: kind})
		}
		if node.Parent < 0 {
			continue
		}
		for k := range t.Graph.Library.Actions[node.Action].Docks {
			s := &t.Slots[node.FirstDock+int32(k)]
			switch {
			case s.Shared >= 0:
			case s.State == actiongraph.Supported:
				g.Points = append(g.Points, DebugPoint{P: s.Pose.Position, Kind: DebugSupported})
			case s.State == actiongraph.Unsupported:
				g.Points = append(g.Points, DebugPoint{P: s.Expected.Position, Kind: DebugUnsupported})
			}
		}
	}
	for _, tg := range p.step.Targets {
		g.Points = append(g.Points, DebugPoint{P: tg.Pose.Position, Kind: DebugTarget})
	}
}

func vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
