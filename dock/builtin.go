package dock

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Adult dimensions, dock frame (+Z forward, y = 0 on the sole or palm).
// The sole runs 0.26 m from the heel (z = -0.06) to the toe tip (z = 0.20)
// and is about 0.09 m wide; the ankle projects to the origin and the ball of
// the foot (the toe joint) is 0.15 m ahead. The hand's middle-finger knuckle
// is 0.10 m from the wrist.
var (
	up   = mgl32.Vec3{0, 1, 0}
	back = mgl32.Vec3{0, 0, -1} // a wall ahead pushes back towards the body

	heelL, heelR = mgl32.Vec3{0.035, 0, -0.04}, mgl32.Vec3{-0.035, 0, -0.04}
	ballL, ballR = mgl32.Vec3{0.045, 0, 0.14}, mgl32.Vec3{-0.045, 0, 0.14}
	midL, midR   = mgl32.Vec3{0.04, 0, 0.05}, mgl32.Vec3{-0.04, 0, 0.05}
	heel, tip    = mgl32.Vec3{0, 0, -0.06}, mgl32.Vec3{0, 0, 0.20}
)

func points(normal mgl32.Vec3, ps ...mgl32.Vec3) []ContactPoint {
	out := make([]ContactPoint, len(ps))
	for i, p := range ps {
		out[i] = ContactPoint{Position: p, Normal: normal}
	}
	return out
}

func builtinTemplates() []*Template {
	return []*Template{
		{Name: "foot", Points: points(up, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 0.15}), ToleranceDeg: DefaultToleranceDeg},
		{Name: "foot4", Points: points(up, heelL, heelR, ballL, ballR), ToleranceDeg: DefaultToleranceDeg},
		{Name: "foot6", Points: points(up, heelL, heelR, midL, midR, ballL, ballR), ToleranceDeg: DefaultToleranceDeg},
		{Name: "foot8", Points: points(up, heel, heelL, heelR, midL, midR, ballL, ballR, tip), ToleranceDeg: DefaultToleranceDeg},
		{Name: "hand", Points: points(up, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 0.10}), ToleranceDeg: DefaultToleranceDeg},
		{Name: "hand-wall", Points: points(back, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0.10, 0}), ToleranceDeg: DefaultToleranceDeg},
	}
}

// Builtin returns a fresh copy of the named built-in template: foot (ankle
// and ball of the foot), foot4, foot6 and foot8 (points around the sole, for
// the paper's Table II), hand (wrist and middle knuckle, palm down on a ledge)
// and hand-wall (the same points up a wall ahead, pushing on it). A name
// with a scale, "foot@2.43" (ScaledName), is the template grown by that
// factor, for characters of another size than the adult (0.1 to 10).
func Builtin(name string) (*Template, error) {
	base, scale := name, float32(1)
	if b, sc, ok := strings.Cut(name, "@"); ok {
		v, err := strconv.ParseFloat(sc, 32)
		if err != nil || !(v >= 0.1 && v <= 10) || ScaledName(b, v) != name {
			return nil, fmt.Errorf("dock: template %q: the scale after @ must be a factor from 0.1 to 10 written as ScaledName writes it", name)
		}
		base, scale = b, float32(v)
	}
	for _, t := range builtinTemplates() {
		if t.Name == base {
			t.Name = name
			for k := range t.Points {
				t.Points[k].Position = t.Points[k].Position.Mul(scale)
			}
			return t, nil
		}
	}
	return nil, fmt.Errorf("dock: no built-in template %q (have %v)", base, BuiltinNames())
}

// PalmDepth is how far below the joints of a hand the palm lies that rests
// on a support, at the adult's size: a hand's joints are its bones' axes,
// and the wrist's capsule (the forearm's, 3.5 cm thick about its axis in
// body.AdultRadii) must clear the surface the palm rests on. [Units: m]
const PalmDepth = 0.04

// palmDepth is PalmDepth for an effector fitted by template name: grown
// by its scale for a scaled built-in hand template, zero for any other
// (a foot's end sites lie on its sole).
func palmDepth(name string) float64 {
	base, sc, scaled := strings.Cut(name, "@")
	if base != "hand" {
		return 0
	}
	scale := 1.0
	if scaled {
		if v, err := strconv.ParseFloat(sc, 64); err == nil {
			scale = v
		}
	}
	return PalmDepth * scale
}

// ScaledName names built-in template base grown by scale ("foot@2.43",
// three significant digits); scale 1 is base itself.
func ScaledName(base string, scale float64) string {
	v := strconv.FormatFloat(scale, 'g', 3, 64)
	if v == "1" {
		return base
	}
	return base + "@" + v
}

// BuiltinNames lists the built-in templates.
func BuiltinNames() []string {
	var names []string
	for _, t := range builtinTemplates() {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return names
}
