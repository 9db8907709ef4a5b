package supportbake

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
)

// Row and layer summaries against the positions a random tree was made
// from, and again after the tree is written and read back.
func TestSummaryMatchesPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type pos struct{ x, y, z int32 }
	set := map[pos]uint64{}
	for range 2000 {
		p := pos{rng.Int32N(60) - 30, rng.Int32N(5), rng.Int32N(20)}
		set[p] = 1 << rng.IntN(36)
	}
	var keys []uint64
	for p := range set {
		keys = append(keys, supporttree.Key(p.x, p.y, p.z))
	}
	slices.Sort(keys)
	masks := make([]uint64, len(keys))
	for i, k := range keys {
		x, y, z := supporttree.Unkey(k)
		masks[i] = set[pos{x, y, z}]
	}
	made, err := supporttree.New(dock.DefaultLattice(), keys, masks)
	if err != nil {
		t.Fatal(err)
	}
	f := File{Lattice: made.Lattice(), Templates: []FileTemplate{{Tree: made}}}
	read, err := Decode(f.Encode())
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range []*supporttree.Tree{made, read.Templates[0].Tree} {
		type want struct {
			x0, x1 int32
			yaws   uint64
		}
		rows := map[[2]int32]*want{}
		for p, m := range set {
			w := rows[[2]int32{p.y, p.z}]
			if w == nil {
				w = &want{p.x, p.x + 1, 0}
				rows[[2]int32{p.y, p.z}] = w
			}
			w.x0, w.x1, w.yaws = min(w.x0, p.x), max(w.x1, p.x+1), w.yaws|m
		}
		n := 0
		for l, y := range tr.Layers() {
			zs, first := tr.LayerRows(l)
			for j, z := range zs {
				w, got := rows[[2]int32{y, z}], tr.Summary(first+j)
				if w == nil || got.X0 != w.x0 || got.X1 != w.x1 || got.Yaws != w.yaws {
					t.Fatalf("row (%d, %d): summary %+v, want %+v", y, z, got, w)
				}
				n++
			}
		}
		if n != len(rows) {
			t.Fatalf("%d rows summarised, %d in the set", n, len(rows))
		}
		type extent struct {
			x0, x1, z0, z1 int32
			yaws           uint64
		}
		layers := map[int32]*extent{}
		for p, m := range set {
			w := layers[p.y]
			if w == nil {
				w = &extent{p.x, p.x + 1, p.z, p.z, 0}
				layers[p.y] = w
			}
			w.x0, w.x1, w.z0, w.z1, w.yaws = min(w.x0, p.x), max(w.x1, p.x+1), min(w.z0, p.z), max(w.z1, p.z), w.yaws|m
		}
		if len(layers) != len(tr.Layers()) {
			t.Fatalf("%d layers, %d in the set", len(tr.Layers()), len(layers))
		}
		for l, y := range tr.Layers() {
			w := layers[y]
			if w == nil {
				t.Fatalf("layer %d is not in the set", y)
			}
			lo := tr.Lattice().Position(dock.Sample{X: w.x0, Y: y, Z: w.z0})
			hi := tr.Lattice().Position(dock.Sample{X: w.x1 - 1, Y: y, Z: w.z1})
			want := supporttree.LayerBox{Lo: [2]float32{lo[0], lo[2]}, Hi: [2]float32{hi[0], hi[2]}, Yaws: w.yaws}
			if got := *tr.LayerBox(l); got != want {
				t.Fatalf("layer %d: box %+v, want %+v", y, got, want)
			}
		}
	}
}
