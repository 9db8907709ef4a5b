package planner_test

import (
	"math"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/planner"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Debug draws every node's root path and every decided dock once, counted
// against the plan tree itself; a node cap limits it; a warm call
// allocates nothing.
func TestDebugGeometry(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	p := newRecorded(t, w, planner.Config{Start: action.Frame{Position: mgl64.Vec3{3.6, 0, 2.0}, Yaw: math.Pi / 2}, Budget: time.Hour})
	for range 90 {
		p.Update(1.0/60, planner.Input{Heading: math.Pi / 2, Speed: 1.2})
	}
	var g planner.DebugGeometry
	p.Debug(&g, 0)
	tr := p.Plan()
	lines, points := 0, 0
	kinds := map[planner.DebugKind]int{}
	var buf []mgl64.Vec3
	for i, n := range tr.Nodes {
		buf = tr.Path(int32(i), planner.PathStep, buf[:0])
		first := lines
		lines += len(buf) - 1
		if d := g.Lines[first].A.Sub(v32(n.Frame.Position)).Len(); d > 1e-5 {
			t.Fatalf("node %d's path starts %.3f m from its frame", i, d)
		}
		if n.Parent < 0 {
			continue
		}
		for k := range w.lib.Actions[n.Action].Docks {
			s := tr.Slots[n.FirstDock+int32(k)]
			if s.Shared < 0 && s.State != actiongraph.Unknown {
				if want := map[actiongraph.Status]planner.DebugKind{actiongraph.Supported: planner.DebugSupported, actiongraph.Unsupported: planner.DebugUnsupported}[s.State]; g.Points[points].Kind != want {
					t.Fatalf("point %d: kind %d, want %d", points, g.Points[points].Kind, want)
				}
				points++
			}
		}
	}
	targets := len(p.steps[len(p.steps)-1].Targets)
	if len(g.Lines) != lines || len(g.Points) != points+targets {
		t.Fatalf("%d lines, %d points; the tree says %d and %d+%d", len(g.Lines), len(g.Points), lines, points, targets)
	}
	for _, l := range g.Lines {
		kinds[l.Kind]++
	}
	for _, q := range g.Points {
		kinds[q.Kind]++
	}
	t.Logf("%d nodes: %d lines, %d points; by kind %v", len(tr.Nodes), len(g.Lines), len(g.Points), kinds)
	if kinds[planner.DebugCurrent] == 0 || kinds[planner.DebugFeasible] == 0 || kinds[planner.DebugSupported] == 0 || kinds[planner.DebugTarget] != targets {
		t.Errorf("kinds %v", kinds)
	}
	// A cap of one node draws the current action's path only.
	p.Debug(&g, 1)
	for _, l := range g.Lines {
		if l.Kind != planner.DebugCurrent {
			t.Fatalf("capped at one node, drew a %d line", l.Kind)
		}
	}
	if allocs := testing.AllocsPerRun(20, func() { p.Debug(&g, 0) }); allocs != 0 {
		t.Errorf("Debug allocates %v times when warm", allocs)
	}
}

func v32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
