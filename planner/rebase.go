package planner

import (
	"errors"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/scenes"
)

// Rebase moves the planner to s, a Setup over the scene after an edit
// (Setup.WithQuerier), between two Updates; ch says where the edit may
// have changed the supports and the scene. The plan keeps what the edit
// cannot have changed (actiongraph.PlanTree.Changed) and the next Updates
// decide the rest; the choices warped and checked ahead are dropped. The
// current action plays on as it was warped.
func (p *Planner) Rebase(s *Setup, ch actiongraph.Change) error {
	if s == nil || s.graph != p.setup.graph || s.sweeps != p.setup.sweeps {
		return errors.New("planner: Rebase needs a Setup of the same graph and body (Setup.WithQuerier)")
	}
	p.setup = s
	p.finder.q = s.query
	if p.body != nil {
		p.body.SetScene(s.scene)
	}
	p.tree.Changed(s.query, s.query.Params().MaxDisplacement, ch)
	p.resetTrials()
	return nil
}

// Meets bounds where the body of a plan node may go (actiongraph.Bounded).
func (b bodyTest) Meets(a int32, f action.Frame, lift float64, box scenes.AABB) bool {
	return b.c.Meets(a, f, lift, box)
}

// Setup is what the planner plans over now.
func (p *Planner) Setup() *Setup { return p.setup }
