package librarybuild

import (
	"io"
	"os"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/stategraph"
	"gopkg.in/yaml.v3"
)

// ReadGraph reads a state graph over lib:
//
//	entry: [idle, start.l]      # states a character may start in
//	next:                       # which actions may follow which
//	  idle: [idle, start.l, start.r]
//	  start.l: [walk.r, turn-left.r]
//
// Names must be actions of lib (errors name the file and line), every
// state needs a successor, and every state must be reachable from an
// entry.
func ReadGraph(r io.Reader, file string, lib *action.Library) (*stategraph.Graph, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "'entry' and 'next'")
	if err != nil {
		return nil, err
	}
	f, err := p.Mapping(root, "entry", "next")
	if err != nil {
		return nil, err
	}
	return readGraph(p, root, f, lib)
}

// readGraph reads the 'entry' and 'next' fields of a mapping.
func readGraph(p yamlnode.Parser, root *yaml.Node, f map[string]*yaml.Node, lib *action.Library) (*stategraph.Graph, error) {
	if f["entry"] == nil || f["next"] == nil {
		return nil, p.Fail(root, "a graph needs 'entry' and 'next'")
	}
	known := func(n *yaml.Node) (string, error) {
		s, err := p.Str(n)
		if err != nil {
			return "", err
		}
		if lib.Index(s) < 0 {
			return "", p.Fail(n, "%q is not an action of the library", s)
		}
		return s, nil
	}
	entries, err := p.List(f["entry"], "'entry'")
	if err != nil {
		return nil, err
	}
	var entry []string
	for _, e := range entries {
		s, err := known(e)
		if err != nil {
			return nil, err
		}
		entry = append(entry, s)
	}
	nx := f["next"]
	if nx.Kind != yaml.MappingNode {
		return nil, p.Fail(nx, "'next' must map each action to the actions that may follow it")
	}
	next := map[string][]string{}
	for i := 0; i+1 < len(nx.Content); i += 2 {
		k, v := nx.Content[i], nx.Content[i+1]
		from, err := known(k)
		if err != nil {
			return nil, err
		}
		if _, dup := next[from]; dup {
			return nil, p.Fail(k, "%q is listed twice", from)
		}
		items, err := p.List(v, "the actions following "+from)
		if err != nil {
			return nil, err
		}
		next[from] = []string{}
		seen := map[string]bool{}
		for _, it := range items {
			to, err := known(it)
			if err != nil {
				return nil, err
			}
			if seen[to] {
				return nil, p.Fail(it, "%q follows %q twice", to, from)
			}
			seen[to] = true
			next[from] = append(next[from], to)
		}
	}
	g, err := stategraph.NewGraph(lib, next, entry)
	if err != nil {
		return nil, &yamlnode.ParseError{File: p.File, Err: err}
	}
	return g, nil
}

// LoadGraph reads a graph file from disk.
func LoadGraph(path string, lib *action.Library) (*stategraph.Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadGraph(f, path, lib)
}

// WriteGraph writes a graph in the format ReadGraph reads, states in
// library order.
func WriteGraph(w io.Writer, g *stategraph.Graph) error {
	return encodeYAML(w, &yaml.Node{Kind: yaml.MappingNode, Content: graphFields(g)})
}

// graphFields are a graph's 'entry' and 'next' as mapping keys and values.
func graphFields(g *stategraph.Graph) []*yaml.Node {
	names := g.Library.Names()
	flow := func(list []int32) *yaml.Node {
		n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, s := range list {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: names[s]})
		}
		return n
	}
	next := &yaml.Node{Kind: yaml.MappingNode}
	for s := range names {
		next.Content = append(next.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: names[s]}, flow(g.Next(int32(s))))
	}
	return []*yaml.Node{
		{Kind: yaml.ScalarNode, Value: "entry"}, flow(g.Entry),
		{Kind: yaml.ScalarNode, Value: "next"}, next,
	}
}

// encodeYAML writes a document with two-space indents.
func encodeYAML(w io.Writer, doc *yaml.Node) error {
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	return enc.Close()
}
