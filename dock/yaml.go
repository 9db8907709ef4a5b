package dock

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"gopkg.in/yaml.v3"
)

// ParseError is bad input at a line of a template file.
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

// ReadTemplates reads a template file:
//
//	templates:
//	  - name: foot
//	    group: foot          # optional; templates of a group share support data
//	    tolerance_deg: 10    # optional; default 10
//	    points:
//	      - {position: [0, 0, 0], normal: [0, 1, 0]}
//	      - {position: [0, 0, 0.15], normal: [0, 1, 0]}
//
// Unknown fields, missing fields, wrong types, duplicate names and templates
// that fail Validate are errors naming the file and line. Normals are
// normalised.
func ReadTemplates(r io.Reader, name string) ([]*Template, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(r).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &ParseError{File: name, Err: errors.New("empty file: want a 'templates' list")}
		}
		return nil, &ParseError{File: name, Err: err}
	}
	p := parser{file: name}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	fields, err := p.mapping(root, "templates")
	if err != nil {
		return nil, err
	}
	list := fields["templates"]
	if list == nil {
		return nil, p.fail(root, "missing 'templates'")
	}
	if list.Kind != yaml.SequenceNode {
		return nil, p.fail(list, "'templates' must be a list")
	}
	var out []*Template
	seen := map[string]int{}
	for _, n := range list.Content {
		t, err := p.template(n)
		if err != nil {
			return nil, err
		}
		if line, ok := seen[t.Name]; ok {
			return nil, p.fail(n, "template %q is defined twice (first at line %d)", t.Name, line)
		}
		seen[t.Name] = n.Line
		out = append(out, t)
	}
	return out, nil
}

type parser struct{ file string }

func (p parser) fail(n *yaml.Node, format string, a ...any) error {
	return &ParseError{File: p.file, Line: n.Line, Err: fmt.Errorf(format, a...)}
}

// mapping returns the values of a mapping node by key, rejecting keys not in
// allowed and keys given twice.
func (p parser) mapping(n *yaml.Node, allowed ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.fail(n, "want a mapping with %s", strings.Join(allowed, ", "))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		ok := false
		for _, a := range allowed {
			ok = ok || k.Value == a
		}
		if !ok {
			return nil, p.fail(k, "unknown field %q (want %s)", k.Value, strings.Join(allowed, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.fail(k, "field %q given twice", k.Value)
		}
		out[k.Value] = v
	}
	return out, nil
}

func (p parser) template(n *yaml.Node) (*Template, error) {
	f, err := p.mapping(n, "name", "group", "tolerance_deg", "points")
	if err != nil {
		return nil, err
	}
	t := &Template{ToleranceDeg: DefaultToleranceDeg}
	if f["name"] == nil {
		return nil, p.fail(n, "template without a name")
	}
	if t.Name, err = p.str(f["name"]); err != nil {
		return nil, err
	}
	if g := f["group"]; g != nil {
		if t.Group, err = p.str(g); err != nil {
			return nil, err
		}
	}
	if tol := f["tolerance_deg"]; tol != nil {
		if t.ToleranceDeg, err = p.number(tol); err != nil {
			return nil, err
		}
	}
	pts := f["points"]
	if pts == nil || pts.Kind != yaml.SequenceNode {
		return nil, p.fail(n, "template %q needs a 'points' list", t.Name)
	}
	for _, pn := range pts.Content {
		pf, err := p.mapping(pn, "position", "normal")
		if err != nil {
			return nil, err
		}
		var cp ContactPoint
		for _, key := range []string{"position", "normal"} {
			v := pf[key]
			if v == nil {
				return nil, p.fail(pn, "contact point without %q", key)
			}
			vec, err := p.vec3(v)
			if err != nil {
				return nil, err
			}
			if key == "position" {
				cp.Position = vec
			} else {
				cp.Normal = vec
			}
		}
		t.Points = append(t.Points, cp)
	}
	if err := t.Validate(); err != nil {
		return nil, p.fail(n, "%v", err)
	}
	t.Normalize()
	return t, nil
}

func (p parser) str(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" || n.Value == "" {
		return "", p.fail(n, "want a non-empty string, got %q", n.Value)
	}
	return n.Value, nil
}

func (p parser) number(n *yaml.Node) (float32, error) {
	var x float64
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!float" && n.Tag != "!!int") || n.Decode(&x) != nil {
		return 0, p.fail(n, "want a number, got %q", n.Value)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > math.MaxFloat32 {
		return 0, p.fail(n, "number %q is not finite", n.Value)
	}
	return float32(x), nil
}

func (p parser) vec3(n *yaml.Node) (mgl32.Vec3, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) != 3 {
		return mgl32.Vec3{}, p.fail(n, "want a list of 3 numbers [x, y, z]")
	}
	var v mgl32.Vec3
	for k := 0; k < 3; k++ {
		x, err := p.number(n.Content[k])
		if err != nil {
			return v, err
		}
		v[k] = x
	}
	return v, nil
}

// WriteTemplates writes templates in the format ReadTemplates reads; the
// numbers are written so that they read back to the same float32 values.
func WriteTemplates(w io.Writer, ts []*Template) error {
	type point struct {
		Position []float32 `yaml:"position,flow"`
		Normal   []float32 `yaml:"normal,flow"`
	}
	type tmpl struct {
		Name         string  `yaml:"name"`
		Group        string  `yaml:"group,omitempty"`
		ToleranceDeg float32 `yaml:"tolerance_deg"`
		Points       []point `yaml:"points"`
	}
	var doc struct {
		Templates []tmpl `yaml:"templates"`
	}
	for _, t := range ts {
		o := tmpl{Name: t.Name, Group: t.Group, ToleranceDeg: t.ToleranceDeg}
		for _, p := range t.Points {
			o.Points = append(o.Points, point{Position: p.Position[:], Normal: p.Normal[:]})
		}
		doc.Templates = append(doc.Templates, o)
	}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return err
	}
	return enc.Close()
}
