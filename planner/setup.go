package planner

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/warp"
	"github.com/go-gl/mathgl/mgl64"
)

// Setup is what planners plan over: an action library with its state
// graph, and a scene's support-trees with their querier. NewSetup checks
// that the parts agree (every dock's template has a support-tree, under the
// querier's own pointer; the lattice is the querier's), so a planner cannot
// be given parts that disagree. A Setup is immutable and safe for
// concurrent use by any number of planners.
type Setup struct {
	graph     *stategraph.Graph
	query     *geoquery.Tree
	templates map[string]*dock.Template // the querier's, by name
	docks     [][]*dock.Template        // per action, per dock
	tags      []Tags                    // per action
	tagNames  []string                  // bit i of a Tags is tagNames[i]
	athletic  Tags                      // climb, vault, hop, jump, back: only when asked for
	leaps     Tags                      // climb, vault, hop, jump: no way to stop, though some end standing
	cruise    float64                   // the slowest a library that only runs keeps up (0: it walks) [Units: m/s]
	brake     [][]int32                 // per action: the shortest way from its end to standing still
	sweeps    *ccd.Sweeps               // the body's sweeps of every action; nil: docks only
	scene     *ccd.Scene                // the scene as the body's checker sees it
	knees     [2]mgl64.Vec3             // the way each foot's knee bends (warp.Hinges)
	reach     float64                   // no point of the body is farther from the root [Units: m]
	movers    []ccd.Mover               // triangles on known paths (WithMovers)
	moversAt  float64                   // the movers' clock when the setup was made [Units: s]
	footClear float64                   // warp.Options.FootClearance: the body's feet beyond their sink [Units: m]
}

// Tags is a set of action tags ("climb", "vault", "hop", "step"), made by
// Setup.Tags; the zero value is the empty set.
type Tags uint64

// NewSetup makes a Setup of graph g (over its library) and querier q. With
// sw, the body's sweeps of every action of the library (package bake
// measures and caches them; DefaultBody is the character's own body), it
// checks the body against the scene: plan nodes whose body would hit it
// are pruned like unsupported ones, and a choice whose warped motion would
// is refused (Step.Refused). With sw nil it checks the docks alone, as the
// paper does: the body may pass through the scene (for the paper's Table I
// like for like, and for comparison).
func NewSetup(g *stategraph.Graph, q *geoquery.Tree, sw *ccd.Sweeps) (*Setup, error) {
	if g == nil || q == nil {
		return nil, fmt.Errorf("planner: NewSetup needs a graph and a querier")
	}
	s := &Setup{graph: g, query: q, templates: map[string]*dock.Template{}}
	for _, t := range q.Templates() {
		s.templates[t.Name] = t
	}
	lib := g.Library
	names := map[string]bool{}
	for _, a := range lib.Actions {
		var ts []*dock.Template
		for _, d := range a.Docks {
			t := s.templates[d.Template]
			if t == nil {
				return nil, fmt.Errorf("planner: action %q docks with template %q, which has no support-tree", a.Name, d.Template)
			}
			ts = append(ts, t)
		}
		s.docks = append(s.docks, ts)
		for _, tag := range a.Tags {
			names[tag] = true
		}
	}
	for n := range names {
		s.tagNames = append(s.tagNames, n)
	}
	sort.Strings(s.tagNames)
	if len(s.tagNames) > 64 {
		return nil, fmt.Errorf("planner: %d action tags; at most 64", len(s.tagNames))
	}
	for _, a := range lib.Actions {
		m, _ := s.Tags(a.Tags...)
		s.tags = append(s.tags, m)
	}
	r := lib.Roles
	s.athletic = s.known(r.Athletic...)
	s.leaps = s.known(r.Leaps...)
	s.brake = brakes(g, s.tags, s.known(r.Stand))
	s.cruise = cruising(lib, s.tags, s.known(r.Walk), s.known(r.Run), s.known(append(slices.Clone(r.Starts), r.Stops...)...))
	s.knees = warp.Hinges(lib)
	if sw != nil {
		if err := s.withBody(sw); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// cruising is, for a library that runs but never walks steadily, the
// slowest speed of its steady runs (tagged run, not start or stop); 0 for
// any other library.
func cruising(lib *action.Library, tags []Tags, walk, run, ends Tags) float64 {
	slowest := math.Inf(1)
	for i, a := range lib.Actions {
		if tags[i]&ends != 0 {
			continue
		}
		if tags[i]&walk != 0 {
			return 0 // it walks: the speeds asked are its own
		}
		if tags[i]&run == 0 {
			continue
		}
		d := a.Delta.Translation
		slowest = min(slowest, math.Hypot(d[0], d[2])/a.Duration())
	}
	if math.IsInf(slowest, 1) {
		return 0
	}
	return slowest
}

// withBody takes the body's sweeps sw and the scene as its checker sees
// it.
func (s *Setup) withBody(sw *ccd.Sweeps) error {
	if n := len(s.graph.Library.Actions); sw.NumActions() != n || n == 0 {
		return fmt.Errorf("planner: the body's sweeps measure %d actions; the library has %d", sw.NumActions(), n)
	}
	k := sw.Options().Substeps
	for i, a := range s.graph.Library.Actions {
		if n, _ := sw.Instants(i); n != (a.Clip.Frames()-1)*k+1 {
			return fmt.Errorf("planner: the body's sweeps measure action %d (%q) at %d instants, not %d: they are another library's", i, a.Name, n, (a.Clip.Frames()-1)*k+1)
		}
	}
	sc, err := ccd.NewScene(s.query.BVH())
	if err != nil {
		return fmt.Errorf("planner: %w", err)
	}
	s.sweeps, s.scene = sw, sc
	s.footClear = footClearance(sw.Model(), sw.Options())
	s.reach = bodyReach(sw.Model())
	return nil
}

// bodyReach bounds how far any point of body m lies from its root, in any
// pose: the longest chain of bones from the root to a capsule's joint,
// plus the capsule's farther end and its radius.
func bodyReach(m *body.Model) float64 {
	sk := m.Skeleton
	chain := make([]float64, sk.NumJoints())
	for j := 1; j < sk.NumJoints(); j++ {
		chain[j] = chain[sk.Parents[j]] + sk.Offsets[j].Len()
	}
	r := 0.0
	for _, c := range m.Capsules {
		r = max(r, chain[c.Joint]+max(c.A.Len(), c.B.Len())+c.Radius)
	}
	return r
}

// footClearance is how far a swinging foot of body m keeps from the ground
// around it (warp.Options.FootClearance): its feet's and toes' largest
// radius beyond what they may sink into a face, and the checker's
// resolution.
func footClearance(m *body.Model, o ccd.Options) float64 {
	r := 0.0
	for _, c := range m.Capsules {
		if c.Part == body.Foot || c.Part == body.Toes {
			r = max(r, c.Radius)
		}
	}
	return max(r-o.Sink, 0) + 2*o.Epsilon
}

// Sweeps are the body's measured sweeps (nil when the Setup plans with the
// docks alone).
func (s *Setup) Sweeps() *ccd.Sweeps { return s.sweeps }

// BodyScene is the scene as the body's checker sees it (nil when the Setup
// plans with the docks alone).
func (s *Setup) BodyScene() *ccd.Scene { return s.scene }

// Tags returns the set of the named tags; a name no action carries is an
// error.
func (s *Setup) Tags(names ...string) (Tags, error) {
	var m Tags
	for _, n := range names {
		i := sort.SearchStrings(s.tagNames, n)
		if i == len(s.tagNames) || s.tagNames[i] != n {
			return 0, fmt.Errorf("planner: no action has the tag %q (tags: %v)", n, s.tagNames)
		}
		m |= 1 << uint(i)
	}
	return m, nil
}

// known is Tags without the names no action carries.
func (s *Setup) known(names ...string) Tags {
	var m Tags
	for _, n := range names {
		if t, err := s.Tags(n); err == nil {
			m |= t
		}
	}
	return m
}

// TagNames lists the tags of m.
func (s *Setup) TagNames(m Tags) []string {
	var out []string
	for m != 0 {
		i := bits.TrailingZeros64(uint64(m))
		out = append(out, s.tagNames[i])
		m &^= 1 << uint(i)
	}
	return out
}

// Library is the action library planned with.
func (s *Setup) Library() *action.Library { return s.graph.Library }

// Graph is the state graph planned with.
func (s *Setup) Graph() *stategraph.Graph { return s.graph }

// Querier is the geo-querier planned with.
func (s *Setup) Querier() *geoquery.Tree { return s.query }

// maxBrake is the most actions a brake takes.
const maxBrake = 3

// brakes finds, for every action, the shortest way from its end to
// standing still: an action that may be followed by one tagged idle ends
// standing, and its brake is that idle action (an idle action's is itself);
// any other's is the successors (at most two) leading to such an action
// that travel least, then the idle. An action with no such way has none.
func brakes(g *stategraph.Graph, tags []Tags, idle Tags) [][]int32 {
	lib := g.Library
	idleAfter := func(a int32) int32 {
		for _, b := range g.Next(a) {
			if tags[b]&idle != 0 {
				return b
			}
		}
		return -1
	}
	travel := func(a int32) float64 {
		d := lib.Actions[a].Delta.Translation
		return math.Hypot(d[0], d[2])
	}
	out := make([][]int32, len(lib.Actions))
	for a := range lib.Actions {
		switch {
		case idle == 0:
			continue
		case tags[a]&idle != 0:
			// Standing still goes on standing still.
			if slices.Contains(g.Next(int32(a)), int32(a)) {
				out[a] = []int32{int32(a)}
			}
			continue
		case idleAfter(int32(a)) >= 0:
			out[a] = []int32{idleAfter(int32(a))}
			continue
		}
		best := math.Inf(1)
		for _, b := range g.Next(int32(a)) {
			if i := idleAfter(b); i >= 0 && travel(b) < best {
				best, out[a] = travel(b), []int32{b, i}
			}
		}
		if out[a] != nil {
			continue
		}
		for _, b := range g.Next(int32(a)) {
			for _, c := range g.Next(b) {
				if i := idleAfter(c); i >= 0 && travel(b)+travel(c) < best {
					best, out[a] = travel(b)+travel(c), []int32{b, c, i}
				}
			}
		}
	}
	return out
}

// StandingState is the action a character starts in when none is named
// (or the Stand role's tag is, and the library has no action of that
// name): the action named as that tag when the library has it, else the
// first entry of the graph that stands (Library.Stands), else the first
// entry.
func (s *Setup) StandingState() string {
	lib := s.Library()
	stand := lib.Roles.Stand
	if lib.Index(stand) >= 0 {
		return stand
	}
	for _, e := range s.graph.Entry {
		if a := lib.Actions[e]; lib.Stands(a) {
			return a.Name
		}
	}
	if len(s.graph.Entry) > 0 {
		return lib.Actions[s.graph.Entry[0]].Name
	}
	return stand
}

// WithQuerier is s over q, the support-trees of the scene after an edit
// (package dynamic keeps them): the same graph and body, the same
// templates (by pointer) and search settings; the body is checked against
// q's scene. Planners move to it with Planner.Rebase.
func (s *Setup) WithQuerier(q *geoquery.Tree) (*Setup, error) {
	if q == nil {
		return nil, fmt.Errorf("planner: WithQuerier needs a querier")
	}
	if q.Params() != s.query.Params() {
		return nil, fmt.Errorf("planner: the new querier searches with %+v, the setup's with %+v", q.Params(), s.query.Params())
	}
	ts := q.Templates()
	if len(ts) != len(s.templates) {
		return nil, fmt.Errorf("planner: the new querier has %d templates, the setup %d", len(ts), len(s.templates))
	}
	for _, t := range ts {
		if s.templates[t.Name] != t {
			return nil, fmt.Errorf("planner: the new querier's template %q is not the setup's", t.Name)
		}
	}
	c := *s
	c.query = q
	if s.sweeps != nil {
		sc, err := s.sceneOf(q.BVH())
		if err != nil {
			return nil, fmt.Errorf("planner: %w", err)
		}
		c.scene = sc
	}
	return &c, nil
}

// sceneOf is the body checker's scene of bvh: when bvh is the setup's
// static level with a second layer (scenes.BVH.With), only that layer is
// prepared.
func (s *Setup) sceneOf(bvh *scenes.BVH) (*ccd.Scene, error) {
	base := s.scene.Base()
	switch {
	case bvh == base.BVH():
		return base, nil
	case bvh.Base() == base.BVH():
		return base.With(bvh)
	}
	return ccd.NewScene(bvh)
}

// WithMovers is s with the scene's movers: triangles moving by translation
// on known paths (doors, lifts, platforms: package live), their times on
// a clock that reads now as the setup is made. Every warped choice is then
// checked against them as they move over its time too
// (ccd.Checker.ClipMoving), besides against the scene as it stands.
func (s *Setup) WithMovers(ms []ccd.Mover, now float64) *Setup {
	c := *s
	c.movers, c.moversAt = ms, now
	return &c
}
