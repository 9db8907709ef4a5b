package scenes

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/go-gl/mathgl/mgl32"
)

// bruteClosest is the oracle: every triangle of the mesh, in mesh order,
// nearest T wins, ties to the lowest index.
func bruteClosest(tris []triVerts, r Ray) (Hit, bool) {
	var p rayPrep
	p.init(&r)
	best, tmax := -1, r.TMax
	for i := range tris {
		if t, _, ok := p.intersect(&tris[i], r.TMin, tmax); ok && (t < tmax || best < 0) {
			best, tmax = i, t
		}
	}
	if best < 0 {
		return Hit{}, false
	}
	return Hit{T: tmax, Triangle: int32(best)}, true
}

func meshTris(m *Mesh) []triVerts {
	tris := make([]triVerts, m.NumTriangles())
	for t := range tris {
		a, b, c := m.Triangle(t)
		tris[t] = triVerts{{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {c[0], c[1], c[2]}}
	}
	return tris
}

// bvhHash hashes everything a query reads.
func bvhHash(b *BVH) uint64 {
	h := fnv.New64a()
	for _, n := range b.nodes {
		binary.Write(h, binary.LittleEndian, n)
	}
	binary.Write(h, binary.LittleEndian, b.tris)
	binary.Write(h, binary.LittleEndian, b.triIndex)
	return h.Sum64()
}

func maxStack(b *BVH) int {
	var walk func(i int32) int
	walk = func(i int32) int {
		n := &b.nodes[i]
		inner, deepest := 0, 0
		for c := 0; c < bvhWidth; c++ {
			if n.count[c] == 0 && n.child[c] > 0 {
				inner++
				deepest = max(deepest, walk(n.child[c]))
			}
		}
		return max(inner-1, 0) + deepest
	}
	return walk(0)
}

func checkRaysQuiet(bvh *BVH, tris []triVerts, rays []Ray) int {
	bad := 0
	for _, r := range rays {
		want, wok := bruteClosest(tris, r)
		got, gok := bvh.ClosestHit(r, nil)
		if wok != gok || bvh.AnyHit(r, nil) != wok || (wok && (got.Triangle != want.Triangle || got.T != want.T)) {
			bad++
		}
	}
	return bad
}

// randomMesh is n random triangles, 0.1 to 2 m across, in a 40 m box.
func randomMesh(n int, seed uint64) *Mesh {
	r := NewRNG(seed)
	m := &Mesh{}
	for t := 0; t < n; t++ {
		c := [3]float32{float32(r.Range(0, 40)), float32(r.Range(0, 10)), float32(r.Range(0, 40))}
		s := float32(r.Range(0.1, 2))
		for k := 0; k < 3; k++ {
			d := r.Dir()
			m.Positions = append(m.Positions, c[0]+s*d[0], c[1]+s*d[1], c[2]+s*d[2])
		}
		m.Indices = append(m.Indices, uint32(3*t), uint32(3*t+1), uint32(3*t+2))
	}
	return m
}

// addTriangle appends triangle abc to m.
func addTriangle(m *Mesh, a, b, c mgl32.Vec3) {
	i := uint32(len(m.Positions) / 3)
	m.Positions = append(m.Positions, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2])
	m.Indices = append(m.Indices, i, i+1, i+2)
}
