package dock

import (
	"math"
	"testing"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

func bvhOf(t testing.TB, b *sceneload.Builder) *scenes.BVH {
	t.Helper()
	bvh, err := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return bvh
}

func mustBuiltin(t testing.TB, name string) *Template {
	tm, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// floor adds a horizontal quad at height y over [-5, 5]², facing up.
func floor(b *sceneload.Builder, y float32) {
	b.Quad(mgl32.Vec3{-5, y, -5}, mgl32.Vec3{-5, y, 5}, mgl32.Vec3{5, y, 5}, mgl32.Vec3{5, y, -5})
}

func TestFlatFloorEveryYaw(t *testing.T) {
	l := DefaultLattice()
	for _, h := range []float32{0, 0.05} {
		var b sceneload.Builder
		floor(&b, h)
		bvh := bvhOf(t, &b)
		// The floor's lattice layers: those nearer than one increment, so
		// y = 0 for a floor at 0, and y = 0 and 0.1 for a floor at 0.05.
		layers := []int32{0}
		if h > 0 {
			layers = []int32{0, 1}
		}
		for _, foot := range []string{"foot", "foot4", "foot6", "foot8"} {
			tm := mustBuiltin(t, foot)
			var sup Support
			for yaw := int32(0); yaw < l.Yaws(); yaw++ {
				for x := int32(-20); x <= 20; x += 5 {
					for _, layer := range layers {
						s := Sample{X: x, Y: layer, Z: x / 2, Yaw: yaw}
						if !Feasible(bvh, tm, l.Pose(s), l.Linear, &sup, nil) {
							t.Fatalf("floor at %v: %s at sample %+v not supported", h, foot, s)
						}
						for i := 0; i < sup.N; i++ {
							if hit := sup.Hits[i]; math.Abs(float64(hit.Position[1]-h)) > 1e-6 || hit.Normal != (mgl32.Vec3{0, 1, 0}) {
								t.Fatalf("floor at %v: hit %+v not on the floor", h, hit)
							}
						}
					}
					if s := (Sample{X: x, Y: 3, Z: x / 2, Yaw: yaw}); Feasible(bvh, tm, l.Pose(s), l.Linear, &sup, nil) {
						t.Fatalf("floor at %v: %s supported at %+v, 0.3 m above it", h, foot, s)
					}
				}
			}
		}
	}
}

// step is a surface, not overlapping solids: floor up to x = 1, a riser,
// and a 0.3 m tread beyond.
func step() *sceneload.Builder {
	var b sceneload.Builder
	b.Quad(mgl32.Vec3{-5, 0, -5}, mgl32.Vec3{-5, 0, 5}, mgl32.Vec3{1, 0, 5}, mgl32.Vec3{1, 0, -5})
	b.Quad(mgl32.Vec3{1, 0, -5}, mgl32.Vec3{1, 0, 5}, mgl32.Vec3{1, 0.3, 5}, mgl32.Vec3{1, 0.3, -5})
	b.Quad(mgl32.Vec3{1, 0.3, -5}, mgl32.Vec3{1, 0.3, 5}, mgl32.Vec3{5, 0.3, 5}, mgl32.Vec3{5, 0.3, -5})
	return &b
}

func TestStepEdge(t *testing.T) {
	bvh := bvhOf(t, step())
	l := DefaultLattice()
	foot := mustBuiltin(t, "foot")
	facingX := l.Yaws() / 4 // yaw 90°: +Z turns to +X, the toe points up the step
	var sup Support
	// Ankle at x = 0.9, ball of the foot at 1.05: straddling the edge.
	for _, y := range []int32{0, 1, 2, 3, 4} {
		s := Sample{X: 9, Y: y, Z: 0, Yaw: facingX}
		if Feasible(bvh, foot, l.Pose(s), l.Linear, &sup, nil) {
			t.Errorf("foot straddling the step edge supported at %+v", s)
		}
	}
	// Fully on the tread.
	s := Sample{X: 12, Y: 3, Z: 0, Yaw: facingX}
	if !Feasible(bvh, foot, l.Pose(s), l.Linear, &sup, nil) {
		t.Fatalf("foot on the tread not supported at %+v", s)
	}
	if p := sup.Hits[1].Position; math.Abs(float64(p[0]-1.35)) > 1e-5 || math.Abs(float64(p[1]-0.3)) > 1e-6 {
		t.Errorf("ball of the foot supported at %v, want (1.35, 0.3, 0)", p)
	}
	// Fully on the floor, heel to the riser.
	if s := (Sample{X: 8, Y: 0, Z: 0, Yaw: facingX}); !Feasible(bvh, foot, l.Pose(s), l.Linear, &sup, nil) {
		t.Errorf("foot on the floor before the step not supported at %+v", s)
	}
}

func TestHandWall(t *testing.T) {
	var b sceneload.Builder
	floor(&b, 0)
	// A wall at z = 2 facing the character (normal -Z).
	b.Quad(mgl32.Vec3{-5, 0, 2}, mgl32.Vec3{-5, 3, 2}, mgl32.Vec3{5, 3, 2}, mgl32.Vec3{5, 0, 2})
	bvh := bvhOf(t, &b)
	l := DefaultLattice()
	wall, foot := mustBuiltin(t, "hand-wall"), mustBuiltin(t, "foot")
	var sup Support
	onWall := Sample{X: 0, Y: 15, Z: 20, Yaw: 0}
	if !Feasible(bvh, wall, l.Pose(onWall), l.Linear, &sup, nil) {
		t.Fatalf("hand-wall not supported on the wall at %+v", onWall)
	}
	if n := sup.Hits[0].Normal; n != (mgl32.Vec3{0, 0, -1}) {
		t.Errorf("hand-wall support normal %v, want (0, 0, -1)", n)
	}
	if Feasible(bvh, wall, l.Pose(Sample{X: 0, Y: 0, Z: 0, Yaw: 0}), l.Linear, &sup, nil) {
		t.Error("hand-wall supported on the floor")
	}
	if Feasible(bvh, foot, l.Pose(Sample{X: 0, Y: 15, Z: 20, Yaw: 0}), l.Linear, &sup, nil) {
		t.Error("foot supported on the wall")
	}
	// Beside the wall, 0.3 m short of it: nothing to push on.
	if Feasible(bvh, wall, l.Pose(Sample{X: 0, Y: 15, Z: 17, Yaw: 0}), l.Linear, &sup, nil) {
		t.Error("hand-wall supported 0.3 m from the wall")
	}
}

func TestToleranceCone(t *testing.T) {
	foot := mustBuiltin(t, "foot")
	for _, c := range []struct {
		deg  float64
		want bool
	}{{0, true}, {9, true}, {11, false}, {30, false}} {
		var b sceneload.Builder
		// A plane through the origin tilted about x by deg (rising along +z).
		tz := float32(5 * math.Tan(c.deg*math.Pi/180))
		b.Quad(mgl32.Vec3{-5, -tz, -5}, mgl32.Vec3{-5, tz, 5}, mgl32.Vec3{5, tz, 5}, mgl32.Vec3{5, -tz, -5})
		bvh := bvhOf(t, &b)
		var sup Support
		got := Feasible(bvh, foot, Pose{}, 0.1, &sup, nil)
		if got != c.want {
			t.Errorf("face tilted %v°: supported = %v, want %v (10° cone)", c.deg, got, c.want)
		}
	}
}

func TestPoseRotate(t *testing.T) {
	p := Pose{Position: mgl32.Vec3{1, 2, 3}, Yaw: math.Pi / 2}
	if got := p.Apply(mgl32.Vec3{0, 0, 1}); got.Sub(mgl32.Vec3{2, 2, 3}).Len() > 1e-6 {
		t.Errorf("yaw 90° maps forward (+Z) to %v, want +X from (1, 2, 3)", got)
	}
}

func TestLattice(t *testing.T) {
	l := DefaultLattice()
	if err := l.Validate(); err != nil || l.Yaws() != 36 {
		t.Fatalf("default lattice: %v, %d yaws", err, l.Yaws())
	}
	if err := (Lattice{Linear: 0.1, Angular: 7 * math.Pi / 180}).Validate(); err == nil {
		t.Error("7° accepted; it does not divide 360°")
	}
	if err := (Lattice{Linear: 0, Angular: 0.1}).Validate(); err == nil {
		t.Error("zero linear increment accepted")
	}
	// Increments whose yaw count does not fit the sample's int32 (or is
	// zero) are refused, so Yaws never overflows.
	for _, a := range []float32{1e-30, 1e-5, 7, 1e30} {
		if err := (Lattice{Linear: 0.1, Angular: a}).Validate(); err == nil {
			t.Errorf("angular increment %v accepted (%d yaws)", a, Lattice{Angular: a}.Yaws())
		}
	}
	if y := l.YawOf(9); math.Abs(float64(y)-math.Pi/2) > 1e-6 {
		t.Errorf("YawOf(9) = %v, want π/2", y)
	}
}

func TestFeasibleAllocatesNothing(t *testing.T) {
	bvh := bvhOf(t, step())
	foot := mustBuiltin(t, "foot8")
	l := DefaultLattice()
	var sup Support
	var st scenes.Stats
	if a := testing.AllocsPerRun(200, func() { Feasible(bvh, foot, l.Pose(Sample{X: 12, Y: 3, Yaw: 4}), 0.1, &sup, &st) }); a != 0 {
		t.Errorf("Feasible allocates %v times per call", a)
	}
}

// TestSupportedMatchesFeasible: the build's boolean test agrees with
// Algorithm 1 on random poses near the stepping scene's surfaces.
func TestSupportedMatchesFeasible(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	l := DefaultLattice()
	rng := scenes.NewRNG(4)
	agree, yes := 0, 0
	for _, name := range BuiltinNames() {
		tm := mustBuiltin(t, name)
		var sup Support
		for i := 0; i < 20000; i++ {
			s := Sample{X: int32(rng.Intn(100)), Y: int32(rng.Intn(12)) - 2, Z: int32(rng.Intn(40)), Yaw: int32(rng.Intn(36))}
			f := Feasible(bvh, tm, l.Pose(s), l.Linear, &sup, nil)
			if g := Supported(bvh, tm, l.Pose(s), l.Linear, nil); f != g {
				t.Fatalf("%s at %+v: Feasible %v, Supported %v", name, s, f, g)
			}
			agree++
			if f {
				yes++
			}
		}
	}
	if yes == 0 || yes == agree {
		t.Fatalf("%d of %d supported: the test needs both outcomes", yes, agree)
	}
}
