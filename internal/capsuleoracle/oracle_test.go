package capsuleoracle

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// The unit right triangle in the plane z = 0.
var unit = Tri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}

// Distances against closed forms: above the face, beyond an edge, beyond
// a corner, a segment crossing the face, one parallel to it, one passing
// an edge.
func TestDistancesAnalytic(t *testing.T) {
	for _, c := range []struct {
		name string
		p, q mgl64.Vec3
		want float64
	}{
		{"point above the face", mgl64.Vec3{0.2, 0.2, 0.5}, mgl64.Vec3{0.2, 0.2, 0.5}, 0.5},
		{"point beyond the hypotenuse", mgl64.Vec3{1, 1, 0}, mgl64.Vec3{1, 1, 0}, math.Sqrt(0.5)},
		{"point beyond a corner", mgl64.Vec3{-3, -4, 0}, mgl64.Vec3{-3, -4, 0}, 5},
		{"segment crossing the face", mgl64.Vec3{0.2, 0.2, -1}, mgl64.Vec3{0.2, 0.2, 1}, 0},
		{"segment parallel above it", mgl64.Vec3{-1, 0.3, 0.25}, mgl64.Vec3{2, 0.3, 0.25}, 0.25},
		{"segment passing an edge", mgl64.Vec3{0.5, -1, -1}, mgl64.Vec3{0.5, -1, 1}, 1},
	} {
		var got float64
		if c.p == c.q {
			got = PointTriangle(c.p, unit)
		} else {
			got = SegmentTriangle(c.p, c.q, unit)
		}
		if math.Abs(got-c.want) > 1e-6 {
			t.Errorf("%s: %.7f, want %.7f", c.name, got, c.want)
		}
	}
}

// A segment's distance is never more than any of its points' (sampled
// densely), and equals the least of them to within the sampling step.
func TestSegmentAgainstSampling(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rv := func() mgl64.Vec3 { return mgl64.Vec3{r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1} }
	for range 2000 {
		tr := Tri{rv(), rv(), rv()}
		p, q := rv(), rv()
		got := SegmentTriangle(p, q, tr)
		best := math.Inf(1)
		for k := 0; k <= 2000; k++ {
			best = math.Min(best, PointTriangle(p.Add(q.Sub(p).Mul(float64(k)/2000)), tr))
		}
		if got > best+1e-9 || best-got > q.Sub(p).Len()/2000+1e-9 {
			t.Fatalf("segment %v–%v, triangle %v: %.9f, sampled %.9f", p, q, tr, got, best)
		}
	}
}

// Intrude applies the contact rules: a foot 1 cm into the floor is
// allowed the sink, a head 1 cm into it is not, a hand into a wall is.
func TestIntrudeRules(t *testing.T) {
	m := &scenes.Mesh{Positions: []float32{-5, 0, -5, -5, 0, 5, 5, 0, 5, 5, 0, -5, 1, -5, -5, 1, 5, -5, 1, 5, 5, 1, -5, 5}, Indices: []uint32{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7}}
	s := NewScene(m)
	sk := &motion.Skeleton{Names: []string{"Root"}, Parents: []int{-1}, Offsets: []mgl64.Vec3{{}}, Channels: [][]motion.Channel{nil}, EndSite: []bool{false}}
	pos, world := []mgl64.Vec3{{0, 0.04, 0}}, []mgl64.Quat{mgl64.QuatIdent()}
	for _, c := range []struct {
		part  body.Part
		at    mgl64.Vec3
		depth float64
	}{
		{body.Foot, mgl64.Vec3{0, 0.04, 0}, 0.01 - 0.02}, // 1 cm into the floor, 2 cm allowed
		{body.Head, mgl64.Vec3{0, 0.04, 0}, 0.01},
		{body.Hand, mgl64.Vec3{0.96, 1, 0}, 0.01 - 0.02}, // 1 cm into the wall at x = 1
		{body.Thigh, mgl64.Vec3{0.96, 1, 0}, 0.01},       // legs may touch ground faces only
	} {
		pos[0] = c.at
		mod := &body.Model{Skeleton: sk, Capsules: []body.Capsule{{Joint: 0, Radius: 0.05, Part: c.part, Effector: -1}}}
		if got := s.Intrude(mod, pos, world, 0.02); math.Abs(got.Depth-c.depth) > 1e-6 {
			t.Errorf("%v at %v: depth %.4f, want %.4f", c.part, c.at, got.Depth, c.depth)
		}
	}
}

// Intrude, which skips the triangles a lower bound shows cannot change its
// answer, gives what measuring every triangle of the mesh gives: random
// capsules of every rule (free, leg, contact) among random triangles.
func TestIntrudeMatchesEveryTriangle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rv := func(s float64) mgl64.Vec3 { return mgl64.Vec3{r.Float64() * s, r.Float64() * s, r.Float64() * s} }
	m := &scenes.Mesh{}
	for i := range 300 {
		c := rv(3)
		for range 3 {
			v := c.Add(rv(0.6))
			m.Positions = append(m.Positions, float32(v[0]), float32(v[1]), float32(v[2]))
		}
		m.Indices = append(m.Indices, uint32(3*i), uint32(3*i+1), uint32(3*i+2))
	}
	s := NewScene(m)
	sk := &motion.Skeleton{Names: []string{"Root"}, Parents: []int{-1}, Offsets: []mgl64.Vec3{{}}, Channels: [][]motion.Channel{nil}, EndSite: []bool{false}}
	pos, world := []mgl64.Vec3{{}}, []mgl64.Quat{mgl64.QuatIdent()}
	cosGround := math.Cos(body.GroundCone)
	for k := range 600 {
		part := []body.Part{body.Head, body.Thigh, body.Foot}[k%3]
		c := body.Capsule{Joint: 0, A: rv(3), Radius: 0.02 + 0.1*r.Float64(), Part: part, Effector: -1}
		c.B = c.A.Add(rv(0.8).Sub(mgl64.Vec3{0.4, 0.4, 0.4}))
		got := s.Intrude(&body.Model{Skeleton: sk, Capsules: []body.Capsule{c}}, pos, world, 0.02)
		depth, clear := -Reach, Reach
		for i := range s.NumTriangles() {
			tr := s.Triangle(i)
			gap := SegmentTriangle(c.A, c.B, tr) - c.Radius
			if gap > Reach { // beyond the look-up's reach
				continue
			}
			n := tr[1].Sub(tr[0]).Cross(tr[2].Sub(tr[0]))
			allow := 0.0
			if part.Contact() || part.MayTouchGround() && n.Len() > 0 && n[1]/n.Len() >= cosGround {
				allow = 0.02
			}
			depth = math.Max(depth, -gap-allow)
			if part == body.Head {
				clear = math.Min(clear, gap)
			}
		}
		if math.Abs(got.Depth-depth) > 1e-9 || math.Abs(got.Clearance-clear) > 1e-9 {
			t.Fatalf("capsule %d (%v): depth %.6f clearance %.6f, every triangle: %.6f %.6f", k, part, got.Depth, got.Clearance, depth, clear)
		}
	}
}
