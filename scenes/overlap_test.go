package scenes_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// clipOverlap is an independent triangle-box test: the triangle clipped by
// the box's six planes (Sutherland-Hodgman) keeps a point exactly when the
// two meet.
func clipOverlap(t *scenes.TriVerts, q scenes.AABB) bool {
	poly := [][3]float64{}
	for i := 0; i < 3; i++ {
		poly = append(poly, [3]float64{float64(t[i][0]), float64(t[i][1]), float64(t[i][2])})
	}
	for k := 0; k < 3; k++ {
		for side := 0; side < 2; side++ {
			inside := func(p [3]float64) float64 { // >= 0 inside
				if side == 0 {
					return p[k] - float64(q.Min[k])
				}
				return float64(q.Max[k]) - p[k]
			}
			var out [][3]float64
			for i := range poly {
				a, b := poly[i], poly[(i+1)%len(poly)]
				da, db := inside(a), inside(b)
				if da >= 0 {
					out = append(out, a)
				}
				if (da >= 0) != (db >= 0) {
					s := da / (da - db)
					out = append(out, [3]float64{a[0] + s*(b[0]-a[0]), a[1] + s*(b[1]-a[1]), a[2] + s*(b[2]-a[2])})
				}
			}
			poly = out
			if len(poly) == 0 {
				return false
			}
		}
	}
	return true
}

// TestTriBoxOverlapMatchesClipping compares the separating-axis test with
// polygon clipping on 200,000 random triangles and boxes; they may differ
// only where the two shapes touch within rounding (checked by growing and
// shrinking the box by 1e-5 m).
func TestTriBoxOverlapMatchesClipping(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	hits := 0
	for i := 0; i < 200000; i++ {
		var tv scenes.TriVerts
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				tv[j][k] = float32(r.Float64()*4 - 2)
			}
		}
		var lo, hi mgl32.Vec3
		for k := 0; k < 3; k++ {
			a, b := float32(r.Float64()*3-1.5), float32(r.Float64()*3-1.5)
			lo[k], hi[k] = min(a, b), max(a, b)
		}
		q := scenes.AABB{Min: lo, Max: hi}
		got, want := scenes.TriBoxOverlap(&tv, &q), clipOverlap(&tv, q)
		if got == want {
			if got {
				hits++
			}
			continue
		}
		e := mgl32.Vec3{1e-5, 1e-5, 1e-5}
		grown, shrunk := scenes.AABB{Min: lo.Sub(e), Max: hi.Add(e)}, scenes.AABB{Min: lo.Add(e), Max: hi.Sub(e)}
		if clipOverlap(&tv, grown) == clipOverlap(&tv, shrunk) {
			t.Fatalf("case %d: SAT %v, clipping %v, and not a touching case: %v %v", i, got, want, tv, q)
		}
	}
	if hits < 20000 || hits > 180000 {
		t.Errorf("%d of 200000 overlap: the cases do not test both answers", hits)
	}
}

// TestOverlapMatchesBruteForce checks BVH.Overlap against the test applied
// to every triangle, for boxes of several sizes around the scenes.
func TestOverlapMatchesBruteForce(t *testing.T) {
	n := 3000
	if tier.Short() {
		n = 300
	}
	for _, sc := range allScenes(t) {
		t.Run(sc.name, func(t *testing.T) {
			bvh, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tris := scenes.MeshTris(sc.mesh)
			b := sc.mesh.Bounds()
			r := rand.New(rand.NewPCG(3, 4))
			var got []int32
			found := 0
			for i := 0; i < n; i++ {
				var c mgl32.Vec3
				for k := 0; k < 3; k++ {
					c[k] = b.Min[k] + float32(r.Float64())*(b.Max[k]-b.Min[k])
				}
				h := float32([]float64{0.05, 0.3, 1, 3}[i%4])
				q := scenes.AABB{Min: c.Sub(mgl32.Vec3{h, h, h}), Max: c.Add(mgl32.Vec3{h, h, h})}
				var st scenes.Stats
				got = bvh.Overlap(q, got[:0], &st)
				var want []int32
				for j := range tris {
					if scenes.TriBoxOverlap(&tris[j], &q) {
						want = append(want, int32(j))
					}
				}
				var mesh []int32
				for _, l := range got {
					_, _, _, _, m := bvh.LeafTriangle(l)
					mesh = append(mesh, m)
				}
				slices.Sort(mesh)
				if !slices.Equal(mesh, want) {
					t.Fatalf("box %v: BVH lists mesh triangles %v, brute force %v", q, mesh, want)
				}
				found += len(want)
			}
			if found == 0 {
				t.Errorf("no box met any triangle")
			}
		})
	}
}

// TestSelectMatchesBruteForce: a BVH of the steep faces lists, for random
// boxes, exactly the mesh triangles the box meets whose normal is steep,
// with the mesh's normals.
func TestSelectMatchesBruteForce(t *testing.T) {
	steep := func(n mgl32.Vec3) bool { return n[1] < 0.5 }
	for _, sc := range allScenes(t) {
		t.Run(sc.name, func(t *testing.T) {
			bvh, err := scenes.NewBVH(sc.mesh, scenes.BVHOptions{})
			if err != nil {
				t.Fatal(err)
			}
			walls, err := bvh.Select(steep, scenes.BVHOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tris := scenes.MeshTris(sc.mesh)
			b := sc.mesh.Bounds()
			r := rand.New(rand.NewPCG(5, 6))
			var got []int32
			found := 0
			for i := 0; i < 300; i++ {
				var c mgl32.Vec3
				for k := 0; k < 3; k++ {
					c[k] = b.Min[k] + float32(r.Float64())*(b.Max[k]-b.Min[k])
				}
				h := float32([]float64{0.3, 1, 3}[i%3])
				q := scenes.AABB{Min: c.Sub(mgl32.Vec3{h, h, h}), Max: c.Add(mgl32.Vec3{h, h, h})}
				got = walls.Overlap(q, got[:0], nil)
				var want, mesh []int32
				for j := range tris {
					if scenes.TriBoxOverlap(&tris[j], &q) && steep(sc.mesh.TriangleNormal(j)) {
						want = append(want, int32(j))
					}
				}
				for _, l := range got {
					_, _, _, n, m := walls.LeafTriangle(l)
					if n != sc.mesh.TriangleNormal(int(m)) {
						t.Fatalf("triangle %d: normal %v, mesh says %v", m, n, sc.mesh.TriangleNormal(int(m)))
					}
					mesh = append(mesh, m)
				}
				slices.Sort(mesh)
				if !slices.Equal(mesh, want) {
					t.Fatalf("box %v: the selection lists %v, brute force %v", q, mesh, want)
				}
				found += len(want)
			}
			if found == 0 {
				t.Errorf("no box met a steep triangle")
			}
		})
	}
	none, err := scenes.NewBVH(allScenes(t)[0].mesh, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	empty, err := none.Select(func(mgl32.Vec3) bool { return false }, scenes.BVHOptions{})
	if err != nil || len(empty.Overlap(none.Bounds(), nil, nil)) != 0 {
		t.Fatalf("an empty selection: %v, %v", err, empty)
	}
}
