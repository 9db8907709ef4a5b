package sceneload

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"runtime"
	"testing"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// meshHash hashes a mesh's bytes.
func meshHash(m *scenes.Mesh) uint64 {
	h := fnv.New64a()
	binary.Write(h, binary.LittleEndian, m.Positions)
	binary.Write(h, binary.LittleEndian, m.Indices)
	return h.Sum64()
}

// builtinHashes pins the built-in scenes on amd64: the same bytes on every
// machine and Go version. (Other architectures may fuse a multiply and an add,
// which the Go spec allows, and round differently; there only repeatability
// is checked.) A deliberate change to a generator updates its hash here.
var builtinHashes = map[string]uint64{
	"stepping": 0xdff9adea8a2d7eda,
	"climbing": 0xc1222cd8076483ac,
	"level":    0xaf79c4dec82aa22,
	"rooms":    0x4bcee017babb924e,
	"dynamic":  0xdde8918135fde7ba,
	"ramps":    0x8e1896adcc72382d,
	"world":    0x8e3612304f03ecaa,
}

func TestBuiltinScenes(t *testing.T) {
	for _, s := range BuiltinScenes() {
		m, err := Load(BuiltinPrefix+s.Name, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		area, vol := m.SurfaceArea(), m.BoundsVolume()
		if s.PaperAreaM2 == 0 {
			t.Logf("%s: not a paper scene: %.1f m², %.1f m³", s.Name, area, vol)
		} else if math.Abs(area/s.PaperAreaM2-1) > 0.05 {
			t.Errorf("%s: surface area %.1f m², paper %.0f m²: more than 5%% apart", s.Name, area, s.PaperAreaM2)
		}
		if s.PaperVolM3 != 0 && math.Abs(vol/s.PaperVolM3-1) > 0.05 {
			t.Errorf("%s: bounding volume %.1f m³, paper %.0f m³: more than 5%% apart", s.Name, vol, s.PaperVolM3)
		}
		if m.Degenerate != 0 {
			t.Errorf("%s: %d degenerate triangles", s.Name, m.Degenerate)
		}
		if h := meshHash(m); runtime.GOARCH == "amd64" && h != builtinHashes[s.Name] {
			t.Errorf("%s: mesh hash %#x, want %#x (generation is not deterministic, or the generator changed)", s.Name, h, builtinHashes[s.Name])
		}
		again, _ := Builtin(s.Name)
		if meshHash(again) != meshHash(m) {
			t.Errorf("%s: two generations differ", s.Name)
		}
	}
}

// probe casts a ray and describes what it met.
type probe struct {
	name   string
	from   mgl32.Vec3
	dir    mgl32.Vec3
	hit    bool
	at     float32    // expected coordinate along the ray's axis (y for vertical rays)
	normal mgl32.Vec3 // expected geometric normal, sign included
}

func checkProbes(t *testing.T, scene string, probes []probe) {
	t.Helper()
	m, err := Builtin(scene)
	if err != nil {
		t.Fatal(err)
	}
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	for _, p := range probes {
		r := scenes.Ray{Origin: p.from, Dir: p.dir, TMax: 50}
		h, ok := bvh.ClosestHit(r, nil)
		if ok != p.hit {
			t.Errorf("%s: %s: hit = %v, want %v", scene, p.name, ok, p.hit)
			continue
		}
		if !ok {
			continue
		}
		pt := r.At(h.T)
		axis := 1
		if p.dir[0] != 0 {
			axis = 0
		} else if p.dir[2] != 0 {
			axis = 2
		}
		if math.Abs(float64(pt[axis]-p.at)) > 1e-4 || h.Normal.Sub(p.normal).Len() > 1e-4 {
			t.Errorf("%s: %s: hit at %v with normal %v, want coordinate %v, normal %v", scene, p.name, pt, h.Normal, p.at, p.normal)
		}
	}
}

var (
	down  = mgl32.Vec3{0, -1, 0}
	upY   = mgl32.Vec3{0, 1, 0}
	plusX = mgl32.Vec3{1, 0, 0}
)

func TestSteppingFeatures(t *testing.T) {
	checkProbes(t, "stepping", []probe{
		{"first 0.10 m tread", mgl32.Vec3{0.55, 2, 0.5}, down, true, 0.1, upY},
		{"fourth 0.10 m tread", mgl32.Vec3{1.45, 2, 0.5}, down, true, 0.4, upY},
		{"first 0.45 m tread", mgl32.Vec3{0.55, 2, 3.5}, down, true, 0.45, upY},
		{"second 0.45 m tread", mgl32.Vec3{0.85, 2, 3.5}, down, true, 0.9, upY},
		{"0.45 m riser", mgl32.Vec3{0.2, 0.2, 3.5}, plusX, true, 0.4, mgl32.Vec3{-1, 0, 0}},
		{"floor of the hall", mgl32.Vec3{3.0, 2, 2.0}, down, true, 0, upY},
		{"the gap: nothing below", mgl32.Vec3{4.65, 0.9, 2.0}, down, false, 0, mgl32.Vec3{}},
		{"low wall top", mgl32.Vec3{5.5, 2, 1.0}, down, true, 0.5, upY},
		{"low wall face", mgl32.Vec3{5.0, 0.25, 1.0}, plusX, true, 5.4, mgl32.Vec3{-1, 0, 0}},
		{"far floor", mgl32.Vec3{8.2, 2, 2.0}, down, true, 0, upY},
		{"room wall top", mgl32.Vec3{5.0, 2, 0.05}, down, true, 1, upY},
	})
}

func TestClimbingFeatures(t *testing.T) {
	var probes []probe
	for i, h := range []float32{0.6, 1.0, 1.4, 1.8, 2.2} {
		x := 0.4 + float32(i)*1.9 + 0.75
		probes = append(probes, probe{"ledge top", mgl32.Vec3{x, 3.5, 7.5}, down, true, h, upY})
	}
	probes = append(probes,
		probe{"overhang underside", mgl32.Vec3{1.5, 0.1, 2.0}, upY, true, 2.0, mgl32.Vec3{0, -1, 0}},
		probe{"gallery deck", mgl32.Vec3{1.5, 3.5, 2.0}, down, true, 2.2, upY},
		probe{"vault box", mgl32.Vec3{5.6, 3.5, 4.9}, down, true, 0.8, upY},
		probe{"climbing wall face", mgl32.Vec3{1.1, 1.5, 7.0}, mgl32.Vec3{0, 0, 1}, true, 7.8, mgl32.Vec3{0, 0, -1}},
		probe{"free-standing wall top is 0.2 m wide", mgl32.Vec3{9.1, 3.5, 3.0}, down, true, 3.0, upY},
		probe{"floor", mgl32.Vec3{6.0, 3.5, 1.0}, down, true, 0, upY},
	)
	checkProbes(t, "climbing", probes)
}

func TestLevelFeatures(t *testing.T) {
	checkProbes(t, "level", []probe{
		{"tower top at 12 m", mgl32.Vec3{70, 20, 31.7}, down, true, 12, upY},
		{"outside the level: no ground", mgl32.Vec3{90, 20, 10}, down, false, 0, mgl32.Vec3{}},
		{"upper deck at 5 m", mgl32.Vec3{90, 8, 58}, down, true, 5, upY},
		{"platform at 2.5 m", mgl32.Vec3{30, 8, 10.6}, down, true, 2.5, upY},
		{"platform underside", mgl32.Vec3{30, 0.5, 10.6}, upY, true, 2.2, mgl32.Vec3{0, -1, 0}},
	})
}

// TestRoomsFeatures: each lane's obstacle is where and as large as its
// lane says: ceilings' undersides, doorways' jambs, the thin wall's faces,
// the beam's underside and the table top.
func TestRoomsFeatures(t *testing.T) {
	x := float32(RoomsObstacleX)
	var probes []probe
	for _, l := range RoomLanes() {
		z := l.Z
		switch l.Kind {
		case "ceiling":
			probes = append(probes, probe{l.Name + " underside", mgl32.Vec3{x + 1.5, 0.5, z}, upY, true, l.Size, down})
		case "doorway":
			probes = append(probes,
				probe{l.Name + " north jamb", mgl32.Vec3{x + 0.1, 1, z}, mgl32.Vec3{0, 0, 1}, true, z + l.Size/2, mgl32.Vec3{0, 0, -1}},
				probe{l.Name + " south jamb", mgl32.Vec3{x + 0.1, 1, z}, mgl32.Vec3{0, 0, -1}, true, z - l.Size/2, mgl32.Vec3{0, 0, 1}},
				probe{l.Name + " lintel", mgl32.Vec3{x + 0.1, 1, z}, upY, true, 2.1, down})
		case "thin-wall":
			probes = append(probes,
				probe{"thin wall, west face", mgl32.Vec3{1, 1, z}, plusX, true, x, mgl32.Vec3{-1, 0, 0}},
				probe{"thin wall, east face", mgl32.Vec3{8, 1, z}, mgl32.Vec3{-1, 0, 0}, true, x + 0.02, plusX})
		case "beam":
			probes = append(probes, probe{"beam underside", mgl32.Vec3{x + 0.1, 0.5, z}, upY, true, 1.0, down})
		case "table":
			probes = append(probes, probe{"table top", mgl32.Vec3{x + 0.6, 2, z}, down, true, 0.76, upY})
		}
		probes = append(probes, probe{l.Name + " floor at the start", mgl32.Vec3{RoomsStartX, 2, z}, down, true, 0, upY})
	}
	checkProbes(t, "rooms", probes)
}
