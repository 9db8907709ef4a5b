package geoquery

import (
	"math"
	"sync"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
)

// Probe is the paper's Version I, query-and-probe: at query time it runs
// Algorithm 1 on the window's lattice samples in order of increasing
// distance and returns the first supported one. Safe for concurrent use.
type Probe struct {
	bvh    *scenes.BVH
	params Params
	pool   sync.Pool // *[]candidate scratch
}

var _ Querier = (*Probe)(nil)

// NewProbe returns a Probe over the scene's BVH.
func NewProbe(bvh *scenes.BVH, params Params) (*Probe, error) {
	if err := params.Validate(); err != nil {
		return nil, err
	}
	p := &Probe{bvh: bvh, params: params}
	p.pool.New = func() any { s := make([]candidate, 0, 4096); return &s }
	return p, nil
}

// Params returns the probe's settings.
func (p *Probe) Params() Params { return p.params }

// Nearest implements Querier.
func (p *Probe) Nearest(q Query, out *Result, st *Stats) bool {
	buf := p.pool.Get().(*[]candidate)
	defer p.pool.Put(buf)
	c := p.params.window(q.Expected, (*buf)[:0])
	*buf = c
	heapify(c)
	var rs scenes.Stats
	found := false
	var samples int64
	l := p.params.Lattice
	var sup dock.Support
	*out = Result{}
	for len(c) > 0 {
		var cand candidate
		cand, c = pop(c)
		samples++
		pose := l.Pose(cand.s)
		if dock.Feasible(p.bvh, q.Template, pose, l.Linear, &sup, &rs) {
			out.Sample, out.Pose, out.Distance = cand.s, pose, float32(math.Sqrt(cand.d2))
			if !q.NoSupport {
				out.Support = sup
			}
			found = true
			break
		}
	}
	if st != nil {
		st.Queries++
		st.Samples += samples
		st.Rays += rs.Rays
		st.TriTests += rs.TriTests
		st.Nodes += rs.Nodes
	}
	return found
}
