package geoquery

import (
	"testing"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// The search's lower bounds allow for float32 rounding of lattice
// positions far from the origin: stepping moved 3 km away still answers
// exactly what Probe answers.
func TestTreeFarFromOrigin(t *testing.T) {
	m, _ := scenes.Builtin("stepping")
	moved := *m
	moved.Positions = append([]float32(nil), m.Positions...)
	for i := 0; i < len(moved.Positions); i += 3 {
		moved.Positions[i] += 3000
		moved.Positions[i+2] -= 2000
	}
	f := newFixture(t, "stepping+3km", &moved, "foot")
	n := 2000
	if testing.Short() {
		n = 300
	}
	checkTreeAgainstProbe(t, f, sharedQueries(t, &moved, n, 5, "foot"))
}

// Platforms far apart in height and along z (layers and rows with long gaps
// between them, rows whose summaries span a gap): the search still answers
// what Probe answers.
func TestTreeFarApartPlatforms(t *testing.T) {
	var b scenes.Builder
	b.Box(mgl32.Vec3{0, -0.2, 0}, mgl32.Vec3{2, 0, 2})        // a platform at the origin
	b.Box(mgl32.Vec3{0, -0.2, 500}, mgl32.Vec3{2, 0, 502})    // the same height, 500 m along z
	b.Box(mgl32.Vec3{0, 299.8, 0}, mgl32.Vec3{1, 300, 1})     // 300 m up
	b.Box(mgl32.Vec3{0.5, 0, 0.5}, mgl32.Vec3{1.5, 0.3, 1.5}) // a step on the first
	m := b.Mesh()
	f := newFixture(t, "far-apart", m, "foot")
	checkTreeAgainstProbe(t, f, sharedQueries(t, m, 3000, 9, "foot"))
}
