package supporttile_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttile"
)

func templates(t testing.TB) []*dock.Template {
	var out []*dock.Template
	for _, n := range []string{"foot", "hand"} {
		tm, err := dock.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		tm.ToleranceDeg = dock.FrictionCone(dock.DefaultFriction)
		out = append(out, tm)
	}
	return out
}

// whole is the .fst a whole build of m gives: supportbake.Bake of every
// template over the whole scene, sharing no code with the tiles' layout,
// gathering or joining.
func whole(t testing.TB, m *scenes.Mesh, bvh *scenes.BVH, ts []*dock.Template) []byte {
	f := &supportbake.File{Lattice: dock.DefaultLattice(), SceneHash: supportbake.SceneHash(m), SceneTriangles: uint32(m.NumTriangles())}
	for _, tm := range ts {
		ft, _, err := supportbake.Bake(m, bvh, tm, f.Lattice, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		f.Templates = append(f.Templates, ft)
	}
	return f.Encode()
}

// tiled is the tiles of size across, built alone with workers and joined.
func tiled(t testing.TB, m *scenes.Mesh, bvh *scenes.BVH, ts []*dock.Template, size int32, workers int) []byte {
	l, err := supporttile.NewLayout(m, ts, dock.DefaultLattice(), size)
	if err != nil {
		t.Fatal(err)
	}
	var tiles []*supportbake.Tile
	for _, ik := range l.Tiles {
		tile, err := l.Build(m, bvh, ik[0], ik[1], workers)
		if err != nil {
			t.Fatal(err)
		}
		// Through the file format and back, as a farm hands them on.
		if tile, err = supportbake.DecodeTile(supportbake.EncodeTile(tile)); err != nil {
			t.Fatal(err)
		}
		tiles = append(tiles, tile)
	}
	f, err := supporttile.Join(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return f.Encode()
}

type level struct {
	name string
	load func(testing.TB) *scenes.Mesh
}

func levels(long bool) []level {
	out := []level{{"builtin:level", func(t testing.TB) *scenes.Mesh {
		m, err := sceneload.Builtin("level")
		if err != nil {
			t.Fatal(err)
		}
		return m
	}}}
	if !long {
		return out
	}
	for _, lv := range shareddata.Meshes {
		out = append(out, level{lv.File, func(t testing.TB) *scenes.Mesh {
			m, err := sceneload.Load(shareddata.Path(t, lv.File), sceneload.LoadOptions{Scale: lv.Scale, ExcludeNodes: lv.Exclude})
			if err != nil {
				t.Fatal(err)
			}
			return m
		}})
	}
	return out
}

// TestTilesEqualWholeBuild: the tiles built alone and joined give the
// whole build's file, byte for byte, for tile sizes of 32, 64 and 128
// positions and 1, 2 and 4 workers: on builtin:level (the default tier,
// each size with one worker count), and on every shared level (the long
// tier: every size and worker count on builtin:level, each size with one
// worker count on the others).
func TestTilesEqualWholeBuild(t *testing.T) {
	ts := templates(t)
	sizes, workers := []int32{32, 64, 128}, []int{1, 2, 4}
	for n, lv := range levels(tier.Long()) {
		t.Run(lv.name, func(t *testing.T) {
			m := lv.load(t)
			bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := whole(t, m, bvh, ts)
			for i, size := range sizes {
				for j, w := range workers {
					if !(tier.Long() && n == 0) && i != j {
						continue
					}
					if got := tiled(t, m, bvh, ts, size, w); !bytes.Equal(got, want) {
						t.Errorf("tiles of %d, %d workers: %d bytes, the whole build %d bytes, not the same", size, w, len(got), len(want))
					}
				}
			}
		})
	}
}

func Example() {
	m, _ := sceneload.Builtin("stepping")
	foot, _ := dock.Builtin("foot")
	l, _ := supporttile.NewLayout(m, []*dock.Template{foot}, dock.DefaultLattice(), 64)
	fmt.Println(len(l.Tiles), "tiles of 6.4 m")
	// Output: 6 tiles of 6.4 m
}

// TestReachesGivesWhatBuildGathers: triangles dealt to the tiles they
// reach (Reaches, one at a time, as a pipeline deals them) build every
// tile to the same bytes as Build, which gathers them from the BVH.
func TestReachesGivesWhatBuildGathers(t *testing.T) {
	m, err := sceneload.Builtin("level")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := supporttile.NewLayout(m, templates(t), dock.DefaultLattice(), 128)
	if err != nil {
		t.Fatal(err)
	}
	locals := map[[2]int32]*scenes.Mesh{}
	var reached [][2]int32
	for tr := range m.NumTriangles() {
		a, b, c := m.Triangle(tr)
		reached = l.Reaches(a, b, c, reached[:0])
		for _, ik := range reached {
			if locals[ik] == nil {
				locals[ik] = &scenes.Mesh{}
			}
			supporttile.AppendTriangle(locals[ik], a, b, c)
		}
	}
	for _, ik := range l.Tiles {
		want, err := l.Build(m, bvh, ik[0], ik[1], 2)
		if err != nil {
			t.Fatal(err)
		}
		local := locals[ik]
		if local == nil {
			local = &scenes.Mesh{}
		}
		got, err := l.BuildFrom(local, supportbake.SceneHash(m), uint32(m.NumTriangles()), ik[0], ik[1], 1)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(supportbake.EncodeTile(got), supportbake.EncodeTile(want)) {
			t.Errorf("tile %v: built from the triangles dealt to it, not the tile Build gives", ik)
		}
	}
}
