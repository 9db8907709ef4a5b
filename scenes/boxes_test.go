package scenes

import (
	"testing"
	"unsafe"
)

// TestRayBoxesLayout pins the offsets that box4_amd64.s reads.
func TestRayBoxesLayout(t *testing.T) {
	var rb rayBoxes
	got := [7]uintptr{unsafe.Offsetof(rb.o), unsafe.Offsetof(rb.inv), unsafe.Offsetof(rb.nearOff), unsafe.Offsetof(rb.farOff),
		unsafe.Offsetof(rb.tmin), unsafe.Offsetof(rb.tmax), unsafe.Offsetof(rb.tn)}
	if want := [7]uintptr{0, 16, 32, 44, 56, 60, 64}; got != want {
		t.Fatalf("rayBoxes offsets = %v, want %v", got, want)
	}
	if s := unsafe.Sizeof(bvhNode{}); s != 256 {
		t.Fatalf("sizeof(bvhNode) = %d, want 256 (four cache lines)", s)
	}
	var n bvhNode
	if o := [2]uintptr{unsafe.Offsetof(n.child), unsafe.Offsetof(n.count)}; o != [2]uintptr{192, 224} {
		t.Fatalf("bvhNode child, count offsets = %v, want [192 224]", o)
	}
	if s := unsafe.Sizeof(triVerts{}); s != 48 {
		t.Fatalf("sizeof(triVerts) = %d, want 48", s)
	}
}

// TestBoxesMatchGo checks the platform box4 (SSE on amd64) against the
// portable box4Go on random boxes and rays, including inverted (empty)
// boxes, axis-parallel rays and rays starting on a box face.
func TestBoxesMatchGo(t *testing.T) {
	rng := NewRNG(3)
	for it := 0; it < 200000; it++ {
		var n bvhNode
		for c := 0; c < bvhWidth; c++ {
			for k := 0; k < 3; k++ {
				a, b := rng.Range(-5, 5), rng.Range(-5, 5)
				lo, hi := min(a, b), max(a, b)
				if rng.Intn(10) == 0 {
					lo, hi = inf32, -inf32
				}
				n.box[0][k][c], n.box[1][k][c] = lo, hi
			}
		}
		d := rng.Dir()
		switch rng.Intn(4) {
		case 0:
			d = [3]float32{0, -1, 0}
		case 1:
			d[rng.Intn(3)] = 0
		}
		o := [3]float32{rng.Range(-6, 6), rng.Range(-6, 6), rng.Range(-6, 6)}
		if rng.Intn(5) == 0 { // start on a face of child 0
			o[1] = n.box[0][1][0]
		}
		r := Ray{Origin: o, Dir: d, TMin: rng.Range(0, 1), TMax: rng.Range(0, 12)}
		var p rayPrep
		p.init(&r)
		m1 := boxes(&n, &p.rayBoxes)
		tn1 := p.tn
		m2 := boxesGo(&n, &p.rayBoxes)
		tn2 := p.tn
		if m1 != m2 {
			t.Fatalf("ray %+v: box4 mask %04b, box4Go %04b (tn %v vs %v)", r, m1, m2, tn1, tn2)
		}
		for c := 0; c < bvhWidth; c++ {
			if m1&(1<<c) != 0 && tn1[c] != tn2[c] {
				t.Fatalf("ray %+v child %d: tn %v, want %v", r, c, tn1[c], tn2[c])
			}
		}
	}
}

// TestDescendMatchesGo checks the platform descend (SSE on amd64) against
// descendGo from every node of a real tree, for random rays.
func TestDescendMatchesGo(t *testing.T) {
	m := randomMesh(3000, 7)
	bvh, err := NewBVH(m, BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range append(GenerateRays(m, ShortRays, 3000, 1), GenerateRays(m, LongRays, 3000, 2)...) {
		var p1, p2 rayPrep
		p1.init(&r)
		p2.init(&r)
		node := int32(i % len(bvh.nodes))
		m1, at1, v1 := descend(bvh.nodes, node, &p1.rayBoxes)
		m2, at2, v2 := descendGo(bvh.nodes, node, &p2.rayBoxes)
		if m1 != m2 || at1 != at2 || v1 != v2 {
			t.Fatalf("ray %d from node %d: descend = (%b, %d, %d), descendGo = (%b, %d, %d)", i, node, m1, at1, v1, m2, at2, v2)
		}
		for c := 0; c < bvhWidth; c++ {
			if m1&(1<<c) != 0 && p1.tn[c] != p2.tn[c] {
				t.Fatalf("ray %d child %d: tn %v vs %v", i, c, p1.tn[c], p2.tn[c])
			}
		}
	}
}
