package librarybuild

import (
	"io"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/yamlnode"
)

// MaxRadius bounds a body part's radius in a radii file. [Units: m]
const MaxRadius = 1.0

// ReadRadii reads the body's capsule radii per part, in metres, over base
// (parts the file leaves out keep base's radius):
//
//	torso: 0.13      # pelvis, torso, neck, head, clavicle, upper-arm,
//	head: 0.10       # forearm, hand, thigh, shin, foot, toes
//
// An unknown part, a radius that is not a number in (0, MaxRadius], or a
// repeated part is an error naming the file and line.
func ReadRadii(r io.Reader, file string, base body.Radii) (body.Radii, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "a radius per body part")
	if err != nil {
		return base, err
	}
	var names []string
	for i := range body.NumParts {
		names = append(names, body.Part(i).String())
	}
	f, err := p.Mapping(root, names...)
	if err != nil {
		return base, err
	}
	out := base
	for i, name := range names {
		n := f[name]
		if n == nil {
			continue
		}
		x, err := p.Float(n)
		if err != nil {
			return base, err
		}
		if !(x > 0) || x > MaxRadius {
			return base, p.Fail(n, "radius of the %s is %g m; want more than 0 and at most %g", name, x, MaxRadius)
		}
		out[i] = x
	}
	return out, nil
}
