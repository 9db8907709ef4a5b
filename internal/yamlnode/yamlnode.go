// Package yamlnode holds the helpers every Foothold YAML reader shares: a
// document decoded to yaml.Node so that every error names the file and the
// line, mappings that reject unknown and repeated keys, and typed scalars
// that reject NaN and infinities.
package yamlnode

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"gopkg.in/yaml.v3"
)

// ParseError is bad input at a line of a YAML file.
type ParseError struct {
	File string
	Line int // 1-based; 0 when unknown
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Parser reports errors against one file.
type Parser struct{ File string }

// Decode reads one YAML document and returns its top node. An empty input
// is an error saying what the file should hold.
func (p Parser) Decode(r io.Reader, want string) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(r).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &ParseError{File: p.File, Err: fmt.Errorf("empty file: want %s", want)}
		}
		return nil, &ParseError{File: p.File, Err: err}
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	return root, nil
}

// Fail returns a ParseError at n's line.
func (p Parser) Fail(n *yaml.Node, format string, a ...any) error {
	return &ParseError{File: p.File, Line: n.Line, Err: fmt.Errorf(format, a...)}
}

// Mapping returns the values of a mapping node by key, rejecting keys not in
// allowed and keys given twice.
func (p Parser) Mapping(n *yaml.Node, allowed ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.Fail(n, "want a mapping with %s", strings.Join(allowed, ", "))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		ok := false
		for _, a := range allowed {
			ok = ok || k.Value == a
		}
		if !ok {
			return nil, p.Fail(k, "unknown field %q (want %s)", k.Value, strings.Join(allowed, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.Fail(k, "field %q given twice", k.Value)
		}
		out[k.Value] = v
	}
	return out, nil
}

// List returns the items of a sequence node.
func (p Parser) List(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.Fail(n, "%s must be a list", what)
	}
	return n.Content, nil
}

// Str returns a non-empty string scalar.
func (p Parser) Str(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" || n.Value == "" {
		return "", p.Fail(n, "want a non-empty string, got %q", n.Value)
	}
	return n.Value, nil
}

// Strings returns a list of non-empty strings.
func (p Parser) Strings(n *yaml.Node, what string) ([]string, error) {
	items, err := p.List(n, what)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(items))
	for i, it := range items {
		if out[i], err = p.Str(it); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Float returns a finite number.
func (p Parser) Float(n *yaml.Node) (float64, error) {
	var x float64
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!float" && n.Tag != "!!int") || n.Decode(&x) != nil {
		return 0, p.Fail(n, "want a number, got %q", n.Value)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, p.Fail(n, "number %q is not finite", n.Value)
	}
	return x, nil
}

// Number returns a finite number that fits a float32.
func (p Parser) Number(n *yaml.Node) (float32, error) {
	x, err := p.Float(n)
	if err != nil {
		return 0, err
	}
	if math.Abs(x) > math.MaxFloat32 {
		return 0, p.Fail(n, "number %q is not finite", n.Value)
	}
	return float32(x), nil
}

// Int returns an integer.
func (p Parser) Int(n *yaml.Node) (int, error) {
	var x int
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&x) != nil {
		return 0, p.Fail(n, "want an integer, got %q", n.Value)
	}
	return x, nil
}

// Floats returns a list of exactly k finite numbers.
func (p Parser) Floats(n *yaml.Node, k int) ([]float64, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) != k {
		return nil, p.Fail(n, "want a list of %d numbers", k)
	}
	out := make([]float64, k)
	for i := range out {
		x, err := p.Float(n.Content[i])
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}
