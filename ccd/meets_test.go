package ccd

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// A box the triangle meets always may meet it (the exact test is the
// scene BVH's own separating-axis test, another implementation), and the
// plane tests turn away most boxes whose bounds only overlap.
func TestMeetsBoxNeverMisses(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var meet, boundsOnly, turnedAway int
	for trial := range 20000 {
		m := &scenes.Mesh{Indices: []uint32{0, 1, 2}}
		for range 9 {
			m.Positions = append(m.Positions, float32(r.Float64()*4-2))
		}
		bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
		if err != nil {
			continue // degenerate
		}
		sc := &Scene{}
		l := sc.leaves(bvh, 0, 1)[0]
		l.bound()
		for range 20 {
			b := box{c: mgl64.Vec3{r.Float64()*5 - 2.5, r.Float64()*5 - 2.5, r.Float64()*5 - 2.5},
				h: mgl64.Vec3{r.Float64() * 0.6, r.Float64() * 0.6, r.Float64() * 0.6}}
			var q scenes.AABB // b rounded inwards: what q meets, b meets
			for k := range 3 {
				q.Min[k] = math.Nextafter32(float32(b.c[k]-b.h[k]), math.MaxFloat32)
				q.Max[k] = math.Nextafter32(float32(b.c[k]+b.h[k]), -math.MaxFloat32)
			}
			exact := len(bvh.Overlap(q, nil, nil)) > 0
			bounds := len(bvh.OverlapBounds(q, nil, nil)) > 0
			got := l.meetsBox(&b)
			switch {
			case exact && !got:
				t.Fatalf("trial %d: box %v meets triangle %v, meetsBox says not", trial, b, l.tri)
			case exact:
				meet++
			case bounds && got:
				boundsOnly++
			case bounds:
				turnedAway++
			}
		}
	}
	t.Logf("%d boxes meet their triangle; of those whose bounds only overlap, %d turned away, %d kept", meet, turnedAway, boundsOnly)
	if turnedAway < 2*boundsOnly {
		t.Errorf("the plane tests turn away only %d of %d boxes that miss their triangle", turnedAway, turnedAway+boundsOnly)
	}
}
