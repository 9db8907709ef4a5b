package geoquery

import (
	"math"
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/tier"
	"github.com/go-gl/mathgl/mgl32"
)

// The search's lower bounds allow for float32 rounding of lattice
// positions far from the origin: stepping moved 3 km away still answers
// exactly what Probe answers.
func TestTreeFarFromOrigin(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	moved := *m
	moved.Positions = append([]float32(nil), m.Positions...)
	for i := 0; i < len(moved.Positions); i += 3 {
		moved.Positions[i] += 3000
		moved.Positions[i+2] -= 2000
	}
	f := newFixture(t, "stepping+3km", &moved, "foot")
	n := 2000
	if tier.Short() {
		n = 300
	}
	checkTreeAgainstProbe(t, f, sharedQueries(t, &moved, n, 5, "foot"))
}

// Platforms far apart in height and along z (layers and rows with long gaps
// between them, rows whose summaries span a gap): the search still answers
// what Probe answers.
func TestTreeFarApartPlatforms(t *testing.T) {
	var b sceneload.Builder
	b.Box(mgl32.Vec3{0, -0.2, 0}, mgl32.Vec3{2, 0, 2})        // a platform at the origin
	b.Box(mgl32.Vec3{0, -0.2, 500}, mgl32.Vec3{2, 0, 502})    // the same height, 500 m along z
	b.Box(mgl32.Vec3{0, 299.8, 0}, mgl32.Vec3{1, 300, 1})     // 300 m up
	b.Box(mgl32.Vec3{0.5, 0, 0.5}, mgl32.Vec3{1.5, 0.3, 1.5}) // a step on the first
	m := b.Mesh()
	f := newFixture(t, "far-apart", m, "foot")
	checkTreeAgainstProbe(t, f, sharedQueries(t, m, 3000, 9, "foot"))
}

// An expected pose that is NaN, infinite or absurdly far is never
// supported, by either querier, and costs the search nothing.
func TestNonFiniteQueries(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	f := newFixture(t, "stepping", m, "foot")
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, e := range []dock.Pose{
		{Position: mgl32.Vec3{nan, 0, 1}},
		{Position: mgl32.Vec3{3, nan, 2}},
		{Position: mgl32.Vec3{3, 0, inf}},
		{Position: mgl32.Vec3{-inf, 0, 2}},
		{Position: mgl32.Vec3{3, 0, 2}, Yaw: nan},
		{Position: mgl32.Vec3{3e9, 0, 2}},
	} {
		q := Query{Template: builtinTemplate("foot"), Expected: e}
		var r Result
		var st Stats
		if f.tree.Nearest(q, &r, &st) || f.probe.Nearest(q, &r, nil) {
			t.Errorf("%+v supported", e)
		}
		if st.Nodes != 0 {
			t.Errorf("%+v: the search examined %d runs", e, st.Nodes)
		}
	}
	// The same pose made finite is supported: the test can fail.
	if !f.tree.Nearest(Query{Template: builtinTemplate("foot"), Expected: dock.Pose{Position: mgl32.Vec3{3, 0, 2}}}, new(Result), nil) {
		t.Fatal("the finite pose is not supported")
	}
}
