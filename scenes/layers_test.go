package scenes

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// A BVH with a second layer (With) answers as one BVH of the whole mesh:
// the same closest hits (ties to the lowest index) and any-hits on short
// and long rays, the same triangles meeting random boxes (by mesh index),
// the same walls selected; duplicated triangles across the layers check
// the tie-break.
func TestWithEqualsWhole(t *testing.T) {
	whole := randomMesh(3000, 5)
	// A few triangles of the first part again in the second: exact ties.
	for k := range 40 {
		i := whole.Indices[3*k : 3*k+3]
		addTriangle(whole, whole.Vertex(i[0]), whole.Vertex(i[1]), whole.Vertex(i[2]))
	}
	const split = 2200
	first := &Mesh{Positions: whole.Positions, Indices: whole.Indices[:3*split]}
	second := &Mesh{Positions: whole.Positions, Indices: whole.Indices[3*split:]}
	all, err := NewBVH(whole, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewBVH(first, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBVH(second, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := a.With(b, split)
	if l.NumTriangles() != all.NumTriangles() || l.Bounds() != all.Bounds() {
		t.Fatalf("%d triangles in %v, whole %d in %v", l.NumTriangles(), l.Bounds(), all.NumTriangles(), all.Bounds())
	}
	if base, extra, off := l.Base(), l.extra, l.offset; base != a || extra != b || off != split {
		t.Fatal("the layers are not the ones given")
	}
	hits := 0
	for _, kind := range []RayKind{ShortRays, LongRays} {
		for i, r := range GenerateRays(whole, kind, 4000, 9) {
			h1, ok1 := l.ClosestHit(r, nil)
			h2, ok2 := all.ClosestHit(r, nil)
			if ok1 != ok2 || h1 != h2 {
				t.Fatalf("%v ray %d: layered %+v %v, whole %+v %v", kind, i, h1, ok1, h2, ok2)
			}
			if l.AnyHit(r, nil) != ok2 {
				t.Fatalf("%v ray %d: any-hit disagrees", kind, i)
			}
			if ok1 {
				hits++
			}
		}
	}
	rng := NewRNG(3)
	for i := range 500 {
		c := [3]float32{float32(rng.Range(0, 40)), float32(rng.Range(0, 10)), float32(rng.Range(0, 40))}
		h := float32(rng.Range(0.1, 4))
		box := AABB{Min: [3]float32{c[0] - h, c[1] - h, c[2] - h}, Max: [3]float32{c[0] + h, c[1] + h, c[2] + h}}
		for _, exact := range []bool{true, false} {
			if got, want := meshIndices(l, l.overlap(box, nil, nil, exact)), meshIndices(all, all.overlap(box, nil, nil, exact)); !slices.Equal(got, want) {
				t.Fatalf("box %d (exact %v): layered %v, whole %v", i, exact, got, want)
			}
		}
	}
	up := func(n mgl32.Vec3) bool { return n[1] > 0.5 }
	ls, err := l.Select(up, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ws, _ := all.Select(up, BVHOptions{})
	big := AABB{Min: [3]float32{-10, -10, -10}, Max: [3]float32{50, 50, 50}}
	if got, want := meshIndices(ls, ls.Overlap(big, nil, nil)), meshIndices(ws, ws.Overlap(big, nil, nil)); !slices.Equal(got, want) {
		t.Fatalf("selected: layered %d triangles, whole %d", len(got), len(want))
	}
	t.Logf("%d rays hit; overlaps and selection equal", hits)
}

// meshIndices is the sorted mesh indices of leaf-order triangles leaves.
func meshIndices(b *BVH, leaves []int32) []int32 {
	out := make([]int32, len(leaves))
	for i, t := range leaves {
		_, _, _, _, out[i] = b.LeafTriangle(t)
	}
	slices.Sort(out)
	return out
}
