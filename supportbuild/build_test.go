package supportbuild

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// sweep is the oracle: Algorithm 1 on every sample of the scene's bounds
// (grown by the template's reach), as the paper's preprocess did.
func sweep(bvh *scenes.BVH, t *dock.Template, lat dock.Lattice) map[[3]int32]uint64 {
	b := bvh.Bounds()
	var reach float32
	for _, c := range t.Points {
		reach = max(reach, c.Position.Len())
	}
	reach += lat.Linear
	lo := [3]int32{}
	hi := [3]int32{}
	for k := 0; k < 3; k++ {
		lo[k] = int32((b.Min[k]-reach)/lat.Linear) - 1
		hi[k] = int32((b.Max[k]+reach)/lat.Linear) + 1
	}
	out := map[[3]int32]uint64{}
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				var m uint64
				for yaw := int32(0); yaw < lat.Yaws(); yaw++ {
					if dock.Supported(bvh, t, lat.Pose(dock.Sample{X: x, Y: y, Z: z, Yaw: yaw}), lat.Linear, nil) {
						m |= 1 << yaw
					}
				}
				if m != 0 {
					out[[3]int32{x, y, z}] = m
				}
			}
		}
	}
	return out
}

func treeSet(t *supporttree.Tree) map[[3]int32]uint64 {
	out := map[[3]int32]uint64{}
	t.Each(func(x, y, z int32, m uint64) { out[[3]int32{x, y, z}] = m })
	return out
}

// TestBuildEqualsExhaustiveSweep proves the triangle-driven candidates
// exact: the supported set equals a sweep of the whole bounding volume.
func TestBuildEqualsExhaustiveSweep(t *testing.T) {
	type sc struct {
		name string
		m    *scenes.Mesh
	}
	var list []sc
	for _, n := range []string{"stepping", "climbing"} {
		m, _ := sceneload.Builtin(n)
		list = append(list, sc{n, m})
	}
	if d, ok := shareddata.Dir(); ok {
		m, err := sceneload.Load(d+"/meshes/godot-nav-level.obj", sceneload.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, sc{"godot-nav-level.obj", m})
	}
	lat := dock.DefaultLattice()
	templates := []string{"foot", "hand-wall", "foot4"}
	if tier.Short() {
		templates = templates[:1]
	}
	for _, s := range list {
		bvh, _ := scenes.NewBVH(s.m, scenes.BVHOptions{})
		for _, name := range templates {
			t.Run(fmt.Sprintf("%s/%s", s.name, name), func(t *testing.T) {
				tm, _ := dock.Builtin(name)
				tree, st, err := Build(s.m, bvh, tm, lat, BuildOptions{})
				if err != nil {
					t.Fatal(err)
				}
				want := sweep(bvh, tm, lat)
				got := treeSet(tree)
				if len(got) != len(want) {
					t.Errorf("build has %d supported positions, the sweep %d", len(got), len(want))
				}
				for k, m := range want {
					if got[k] != m {
						t.Fatalf("position %v: build yaw set %b, sweep %b", k, got[k], m)
					}
				}
				if tree.Samples() != st.SupportedSamples {
					t.Errorf("tree holds %d samples, the build counted %d", tree.Samples(), st.SupportedSamples)
				}
				t.Logf("%d positions, %d samples, %d runs, %d candidates, %d rays, %d tri tests, %v", tree.Positions(), tree.Samples(), tree.Runs(), st.Candidates, st.Rays, st.TriTests, st.Duration)
			})
		}
	}
}

// TestColumnsMatchRays: the column shortcut changes no answer. Trees built
// with it equal trees built by casting every ray, on real levels (the sweep
// test covers only small scenes): the foot's template on four, the hand's
// on two.
func TestColumnsMatchRays(t *testing.T) {
	type sc struct {
		name      string
		scale     float32
		templates []string
	}
	both, foot := []string{"foot", "hand"}, []string{"foot"}
	list := []sc{{"meshes/dungeon.obj", 1, both}, {"meshes/fdm6.obj", 0.125, both}, {"meshes/zdm2.obj", 0.125, foot}, {"meshes/nav_test.obj", 1, foot}}
	if tier.Short() {
		list = list[:1]
	}
	for _, s := range list {
		m, err := sceneload.Load(shareddata.Path(t, s.name), sceneload.LoadOptions{Scale: s.scale})
		if err != nil {
			t.Fatal(err)
		}
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		for _, name := range s.templates {
			tm, _ := dock.Builtin(name)
			a, sa, err := Build(m, bvh, tm, dock.DefaultLattice(), BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, sb, _ := Build(m, bvh, tm, dock.DefaultLattice(), BuildOptions{RaysOnly: true})
			ea, eb := encodeTree(a), encodeTree(b)
			if !bytesEqual(ea, eb) {
				ta, tb := treeSet(a), treeSet(b)
				for k, v := range tb {
					if ta[k] != v {
						t.Fatalf("%s %s: position %v: with columns %036b, rays only %036b", s.name, name, k, ta[k], v)
					}
				}
				t.Fatalf("%s %s: trees differ (%d vs %d positions)", s.name, name, len(ta), len(tb))
			}
			t.Logf("%s %s: same tree; rays %d -> %d, ray-triangle tests %d -> %d", s.name, name, sb.Rays, sa.Rays, sb.TriTests, sa.TriTests)
		}
	}
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

// slopesScene is a small scene of tilted faces: four ramps of 20°, 35°, 45°
// and 60° facing different ways, a vertical wall, and a bumpy heightfield of
// random heights (faces of every tilt up to about 50°), none on the lattice.
func slopesScene() *scenes.Mesh {
	m := &scenes.Mesh{}
	quad := func(a, b, c, d [3]float32) {
		n := uint32(len(m.Positions) / 3)
		for _, v := range [][3]float32{a, b, c, d} {
			m.Positions = append(m.Positions, v[0], v[1], v[2])
		}
		m.Indices = append(m.Indices, n, n+1, n+2, n, n+2, n+3)
	}
	ramp := func(x, z, deg, yaw float64) {
		l := 1.3
		h := float32(l * math.Tan(deg*math.Pi/180))
		s, c := math.Sin(yaw), math.Cos(yaw)
		at := func(u, v float64, y float32) [3]float32 {
			return [3]float32{float32(x + u*c - v*s), 0.013 + y, float32(z + u*s + v*c)}
		}
		quad(at(0, -0.4, 0), at(0, 0.4, 0), at(l, 0.4, h), at(l, -0.4, h))
	}
	ramp(0.05, 0.03, 20, 0.3)
	ramp(2.47, 0.21, 35, 2.0)
	ramp(0.33, 2.51, 45, 4.1)
	ramp(2.62, 2.38, 60, 5.5)
	quad([3]float32{1.57, 0, 1.03}, [3]float32{1.61, 0, 2.02}, [3]float32{1.61, 1.1, 2.02}, [3]float32{1.57, 1.1, 1.03})
	rng := rand.New(rand.NewPCG(7, 11))
	const n = 6
	var hts [n + 1][n + 1]float32
	for i := range hts {
		for j := range hts[i] {
			hts[i][j] = 0.031 + 0.25*rng.Float32()
		}
	}
	at := func(i, j int) [3]float32 { return [3]float32{3.9 + 0.27*float32(i), hts[i][j], -0.2 + 0.27*float32(j)} }
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			quad(at(i, j), at(i, j+1), at(i+1, j+1), at(i+1, j))
		}
	}
	return m
}

// TestBuildEqualsSweepOnSlopes: with the friction cone, the candidates'
// height bounds over tilted faces lose no supported sample (the sweep is the
// oracle), for a vertical contact normal and for the wall hand's.
func TestBuildEqualsSweepOnSlopes(t *testing.T) {
	m := slopesScene()
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	lat := dock.DefaultLattice()
	for _, name := range []string{"foot", "hand-wall"} {
		tm, _ := dock.Builtin(name)
		tm.ToleranceDeg = dock.FrictionCone(dock.DefaultFriction)
		tree, st, err := Build(m, bvh, tm, lat, BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want, got := sweep(bvh, tm, lat), treeSet(tree)
		if len(want) == 0 || len(got) != len(want) {
			t.Errorf("%s: build has %d supported positions, the sweep %d", name, len(got), len(want))
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%s: position %v: build yaw set %b, sweep %b", name, k, got[k], v)
			}
		}
		t.Logf("%s: %d positions, %d candidates", name, tree.Positions(), st.Candidates)
	}
}
