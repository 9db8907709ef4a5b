package stategraph

import (
	"fmt"
	"sort"

	"github.com/foothold/foothold/action"
)

// Graph is the state graph over a library: which action may follow which.
// States are library indices; the successors of state s are
// Edges[Offsets[s]:Offsets[s+1]], in the order they were given. Entry
// lists the states a character may start in.
type Graph struct {
	Library *action.Library
	Offsets []int32
	Edges   []int32
	Entry   []int32
}

// Next returns the successors of state s.
func (g *Graph) Next(s int32) []int32 { return g.Edges[g.Offsets[s]:g.Offsets[s+1]] }

// NewGraph builds a graph from successor lists by name and validates it.
func NewGraph(lib *action.Library, next map[string][]string, entry []string) (*Graph, error) {
	g := &Graph{Library: lib, Offsets: make([]int32, len(lib.Actions)+1)}
	for name := range next {
		if lib.Index(name) < 0 {
			return nil, fmt.Errorf("graph: state %q is not an action of the library", name)
		}
	}
	for i, a := range lib.Actions {
		seen := map[string]bool{}
		for _, n := range next[a.Name] {
			j := lib.Index(n)
			if j < 0 {
				return nil, fmt.Errorf("graph: %q may be followed by %q, which is not an action of the library", a.Name, n)
			}
			if seen[n] {
				return nil, fmt.Errorf("graph: %q lists %q twice", a.Name, n)
			}
			seen[n] = true
			g.Edges = append(g.Edges, int32(j))
		}
		g.Offsets[i+1] = int32(len(g.Edges))
	}
	for _, e := range entry {
		j := lib.Index(e)
		if j < 0 {
			return nil, fmt.Errorf("graph: entry %q is not an action of the library", e)
		}
		g.Entry = append(g.Entry, int32(j))
	}
	return g, g.Validate()
}

// Validate checks every state has a successor and every state can be
// reached from an entry.
func (g *Graph) Validate() error {
	n := len(g.Library.Actions)
	if len(g.Offsets) != n+1 {
		return fmt.Errorf("graph: %d offsets for %d states", len(g.Offsets), n)
	}
	if len(g.Entry) == 0 {
		return fmt.Errorf("graph: no entry state")
	}
	var dead []string
	for s := range n {
		if len(g.Next(int32(s))) == 0 {
			dead = append(dead, g.Library.Actions[s].Name)
		}
	}
	if len(dead) > 0 {
		return fmt.Errorf("graph: no action may follow %v (every state needs a successor)", dead)
	}
	seen := make([]bool, n)
	stack := append([]int32(nil), g.Entry...)
	for _, e := range g.Entry {
		seen[e] = true
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range g.Next(s) {
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	var lost []string
	for s, ok := range seen {
		if !ok {
			lost = append(lost, g.Library.Actions[s].Name)
		}
	}
	if len(lost) > 0 {
		sort.Strings(lost)
		return fmt.Errorf("graph: %v cannot be reached from the entry states", lost)
	}
	return nil
}

// Count returns the number of nodes at each level 1..depth of the graph
// unrolled from state s (level sizes, not cumulative).
func (g *Graph) Count(s int32, depth int) []int {
	out := make([]int, depth)
	ways := map[int32]int{s: 1}
	for d := range depth {
		next := map[int32]int{}
		for st, w := range ways {
			for _, t := range g.Next(st) {
				next[t] += w
				out[d] += w
			}
		}
		ways = next
	}
	return out
}

// Bound returns how many nodes and slots a plan of the given depth can
// hold at most: the largest full unroll from any state (every node
// supported), with the root.
func (g *Graph) Bound(depth int) (nodes, slots int) {
	lib := g.Library
	n := len(lib.Actions)
	ways, next := make([]int, n), make([]int, n)
	for s := range n {
		clear(ways)
		ways[s] = 1
		tn, ts := 1, len(lib.Actions[s].Docks)
		for range depth {
			clear(next)
			for st, w := range ways {
				if w == 0 {
					continue
				}
				for _, c := range g.Next(int32(st)) {
					next[c] += w
					tn += w
					ts += w * len(lib.Actions[c].Docks)
				}
			}
			ways, next = next, ways
		}
		nodes, slots = max(nodes, tn), max(slots, ts)
	}
	return nodes, slots
}
