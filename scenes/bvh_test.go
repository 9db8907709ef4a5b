package scenes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestQueriesAllocateNothing(t *testing.T) {
	m := randomMesh(2000, 5)
	bvh, err := NewBVH(m, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rays := GenerateRays(m, ShortRays, 256, 1)
	var st Stats
	i := 0
	if a := testing.AllocsPerRun(1000, func() { bvh.ClosestHit(rays[i%256], &st); i++ }); a != 0 {
		t.Errorf("ClosestHit allocates %v times per call, want 0", a)
	}
	if a := testing.AllocsPerRun(1000, func() { bvh.AnyHit(rays[i%256], &st); i++ }); a != 0 {
		t.Errorf("AnyHit allocates %v times per call, want 0", a)
	}
}

// TestDeepTreeStackBound builds a tree that SAH makes very deep (triangles
// at exponentially growing distances, so every split peels one off) and
// checks the stack bound and the answers.
func TestDeepTreeStackBound(t *testing.T) {
	m := &Mesh{}
	x := float32(0.001)
	for i := 0; i < 120; i++ {
		addTriangle(m, mgl32.Vec3{x, 0, 0}, mgl32.Vec3{x, 0, 0.001 * x}, mgl32.Vec3{x * 1.01, 0.001 * x, 0})
		addTriangle(m, mgl32.Vec3{x, 1, 0}, mgl32.Vec3{x, 1, 0.5}, mgl32.Vec3{x + 0.5, 1, 0})
		x *= 1.3
	}
	bvh, err := NewBVH(m, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := bvh.Stats()
	if got := maxStack(bvh); got > bvhStackSize {
		t.Fatalf("worst-case stack %d > bvhStackSize %d", got, bvhStackSize)
	}
	t.Logf("deep tree: %d nodes, depth %d, worst-case stack %d", s.Nodes, s.MaxDepth, maxStack(bvh))
	tris := meshTris(m)
	rays := append(GenerateRays(m, LongRays, 5000, 3), GenerateRays(m, ShortRays, 5000, 4)...)
	if bad := checkRaysQuiet(bvh, tris, rays); bad > 0 {
		t.Fatalf("%d of %d rays disagree with brute force on the deep tree", bad, len(rays))
	}
}

func TestSingleTriangle(t *testing.T) {
	m := &Mesh{Positions: []float32{0, 0, 0, 0, 0, 1, 1, 0, 0}, Indices: []uint32{0, 1, 2}}
	bvh, err := NewBVH(m, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := bvh.ClosestHit(Ray{Origin: mgl32.Vec3{0.2, 1, 0.2}, Dir: mgl32.Vec3{0, -1, 0}, TMax: 2}, nil)
	if !ok || h.T != 1 || h.Triangle != 0 || h.Normal != (mgl32.Vec3{0, 1, 0}) || h.Back {
		t.Errorf("ClosestHit = %+v, %v; want T 1, triangle 0, normal +Y, front", h, ok)
	}
	if bvh.AnyHit(Ray{Origin: mgl32.Vec3{0.9, 1, 0.9}, Dir: mgl32.Vec3{0, -1, 0}, TMax: 2}, nil) {
		t.Errorf("AnyHit outside the triangle = true")
	}
}

func TestNewBVHRejectsInvalidMesh(t *testing.T) {
	if _, err := NewBVH(&Mesh{}, BVHOptions{}); err == nil {
		t.Error("NewBVH(empty mesh) succeeded")
	}
	bad := &Mesh{Positions: []float32{0, 0, 0, float32(math.NaN()), 0, 0, 0, 0, 1}, Indices: []uint32{0, 1, 2}}
	if _, err := NewBVH(bad, BVHOptions{}); err == nil {
		t.Error("NewBVH(mesh with NaN) succeeded")
	}
}

// TestHitNormal checks that the normal a hit returns is the hit triangle's.
func TestHitNormal(t *testing.T) {
	m := randomMesh(2000, 6)
	bvh, _ := NewBVH(m, BVHOptions{})
	for _, r := range GenerateRays(m, ShortRays, 5000, 9) {
		h, ok := bvh.ClosestHit(r, nil)
		if !ok {
			continue
		}
		want := m.TriangleNormal(int(h.Triangle))
		if h.Normal.Sub(want).Len() > 1e-6 {
			t.Fatalf("hit on triangle %d: normal %v, want %v", h.Triangle, h.Normal, want)
		}
		if back := h.Normal.Dot(r.Dir) > 0; back != h.Back {
			t.Fatalf("hit on triangle %d: Back = %v, but normal·dir = %v", h.Triangle, h.Back, h.Normal.Dot(r.Dir))
		}
	}
}
