package capsuleoracle

import (
	"math"
	"math/rand/v2"
	"testing"

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
