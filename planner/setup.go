package planner

import (
	"fmt"
	"math/bits"
	"sort"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// Setup is what planners plan over: an action library with its state
// graph, and a scene's support-trees with their querier. NewSetup checks
// that the parts agree (every dock's template has a support-tree, under the
// querier's own pointer; the lattice is the querier's), so a planner cannot
// be given parts that disagree. A Setup is immutable and safe for
// concurrent use by any number of planners.
type Setup struct {
	graph     *actiongraph.Graph
	query     *geoquery.Tree
	templates map[string]*dock.Template // the querier's, by name
	docks     [][]*dock.Template        // per action, per dock
	tags      []Tags                    // per action
	tagNames  []string                  // bit i of a Tags is tagNames[i]
	athletic  Tags                      // climb, vault and hop: only when asked for
}

// Tags is a set of action tags ("climb", "vault", "hop", "step"), made by
// Setup.Tags; the zero value is the empty set.
type Tags uint64

// NewSetup makes a Setup of graph g (over its library) and querier q.
func NewSetup(g *actiongraph.Graph, q *geoquery.Tree) (*Setup, error) {
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
	s.athletic = s.known("climb", "vault", "hop")
	return s, nil
}

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
func (s *Setup) Graph() *actiongraph.Graph { return s.graph }

// Querier is the geo-querier planned with.
func (s *Setup) Querier() *geoquery.Tree { return s.query }
