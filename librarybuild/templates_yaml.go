package librarybuild

import (
	"io"
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/go-gl/mathgl/mgl32"
	"gopkg.in/yaml.v3"
)

// ParseError is bad input at a line of an authoring file (templates,
// effectors, actions, graphs).
type ParseError = yamlnode.ParseError

// ReadTemplates reads a template file:
//
//	templates:
//	  - name: foot
//	    group: foot          # optional; templates of a group share support data
//	    tolerance_deg: 10    # optional; default 10 (the paper's)
//	    friction: 0.8        # optional instead: the cone of this coefficient
//	    points:
//	      - {position: [0, 0, 0], normal: [0, 1, 0]}
//	      - {position: [0, 0, 0.15], normal: [0, 1, 0]}
//
// Unknown fields, missing fields, wrong types, duplicate names and templates
// that fail Validate are errors naming the file and line. Normals are
// normalised.
func ReadTemplates(r io.Reader, name string) ([]*dock.Template, error) {
	p := templateParser{yamlnode.Parser{File: name}}
	root, err := p.Decode(r, "a 'templates' list")
	if err != nil {
		return nil, err
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
	var out []*dock.Template
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

type templateParser struct{ yamlnode.Parser }

func (p templateParser) fail(n *yaml.Node, format string, a ...any) error {
	return p.Fail(n, format, a...)
}

func (p templateParser) mapping(n *yaml.Node, allowed ...string) (map[string]*yaml.Node, error) {
	return p.Mapping(n, allowed...)
}

func (p templateParser) template(n *yaml.Node) (*dock.Template, error) {
	f, err := p.mapping(n, "name", "group", "tolerance_deg", "friction", "points")
	if err != nil {
		return nil, err
	}
	t := &dock.Template{ToleranceDeg: dock.DefaultToleranceDeg}
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
	if fr := f["friction"]; fr != nil {
		if f["tolerance_deg"] != nil {
			return nil, p.fail(fr, "template %q: give 'tolerance_deg' or 'friction', not both", t.Name)
		}
		mu, err := p.number(fr)
		if err != nil {
			return nil, err
		}
		if !(mu > 0) || math.IsInf(float64(mu), 0) {
			return nil, p.fail(fr, "template %q: friction %v, want a positive number", t.Name, mu)
		}
		t.ToleranceDeg = dock.FrictionCone(float64(mu))
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
		var cp dock.ContactPoint
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

func (p templateParser) str(n *yaml.Node) (string, error)     { return p.Str(n) }
func (p templateParser) number(n *yaml.Node) (float32, error) { return p.Number(n) }

func (p templateParser) vec3(n *yaml.Node) (mgl32.Vec3, error) {
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
func WriteTemplates(w io.Writer, ts []*dock.Template) error {
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
