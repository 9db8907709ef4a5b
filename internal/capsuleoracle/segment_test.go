package capsuleoracle

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/go-gl/mathgl/mgl64"
)

// SegmentSegment against sampling both segments at 400 points each: never
// more than the sampled least distance, and within the sampling's step of
// it; parallel and crossing segments included.
func TestSegmentSegment(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	v := func() mgl64.Vec3 { return mgl64.Vec3{r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1} }
	for k := range 300 {
		p1, q1, p2, q2 := v(), v(), v(), v()
		switch k % 3 {
		case 1: // parallel
			q2 = p2.Add(q1.Sub(p1).Mul(0.7))
		case 2: // crossing at a shared point
			m := p1.Add(q1.Sub(p1).Mul(0.4))
			p2 = m.Sub(q2.Sub(m))
		}
		const n = 400
		sampled := math.Inf(1)
		for i := 0; i <= n; i++ {
			a := p1.Add(q1.Sub(p1).Mul(float64(i) / n))
			sampled = math.Min(sampled, PointSegment(a, p2, q2))
		}
		got := SegmentSegment(p1, q1, p2, q2)
		step := q1.Sub(p1).Len() / n
		if got > sampled+1e-12 || got < sampled-step {
			t.Fatalf("case %d: %g, sampled %g (step %g)", k, got, sampled, step)
		}
	}
}

// BodiesOverlap against measuring every pair: the same deepest overlap
// whenever it exceeds the floor, and never more than the floor otherwise.
func TestBodiesOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	v := func(c mgl64.Vec3) mgl64.Vec3 {
		return c.Add(mgl64.Vec3{r.Float64() - 0.5, r.Float64()*2 - 1, r.Float64() - 0.5})
	}
	m := &body.Model{}
	for range 12 {
		m.Capsules = append(m.Capsules, body.Capsule{Radius: 0.03 + 0.1*r.Float64()})
	}
	measured := 0
	for k := range 2000 {
		ca, cb := mgl64.Vec3{}, mgl64.Vec3{r.Float64() * 2, 0, r.Float64() * 2}
		var a, b [][2]mgl64.Vec3
		for range m.Capsules {
			a, b = append(a, [2]mgl64.Vec3{v(ca), v(ca)}), append(b, [2]mgl64.Vec3{v(cb), v(cb)})
		}
		want := math.Inf(-1)
		for i := range a {
			for j := range b {
				want = math.Max(want, m.Capsules[i].Radius+m.Capsules[j].Radius-SegmentSegment(a[i][0], a[i][1], b[j][0], b[j][1]))
			}
		}
		floor := []float64{math.Inf(-1), 0, -0.2, want - 0.01, want + 0.01}[k%5]
		got := BodiesOverlap(m, a, b, floor)
		if want > floor && got != want || want <= floor && got > floor {
			t.Fatalf("case %d: BodiesOverlap(floor %g) = %g, want %g", k, floor, got, want)
		}
		if want > floor {
			measured++
		}
	}
	if measured < 900 {
		t.Fatalf("only %d of 2000 cases exceeded their floor (800 always do)", measured)
	}
}
