package warp

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// A foot stepping down onto a tread nearer and further than its clip
// expects (step-down-30.l onto a 0.2 m step, the landing 8 cm further on)
// comes down close behind the upper tread's edge, 10 cm behind where it
// lands: the IK's ease carries it forward in the last frames before it
// lands while it falls. With Options.FootClearance (the adult's, from its
// foot capsules and the contact rules' 2 cm sink) the swing is lifted
// where the ease takes it, and the foot's capsules, checked against the
// two treads by the capsule oracle at 8 instants a frame, stay out of the
// edge; without it they cut it. The landing dock is still met exactly.
func TestWarpLandingClearsTheEdgeBehind(t *testing.T) {
	a := defaultLib(t).Get("step-down-30.l")
	frame := action.Frame{}
	ts := expectedTargets(a, frame)
	sk := a.Clip.Skeleton
	land, j := -1, -1
	for k, d := range a.Docks {
		if d.Template == "foot" && d.Start > 0.1 {
			land, j = k, sk.Index(d.Effector)
		}
	}
	if land < 0 {
		t.Fatal("no landing foot")
	}
	placed := placedPositions(a, frame)
	n := sk.NumJoints()
	first := int(math.Round(a.Docks[land].Start / a.Clip.FrameTime))
	from, to := placed[j], placed[first*n+j]
	fwd := mgl64.Vec3{to[0] - from[0], 0, to[2] - from[2]}.Normalize()
	axis := 0
	if math.Abs(fwd[2]) > math.Abs(fwd[0]) {
		axis = 2
	}
	if math.Abs(fwd[axis]) < 0.99 {
		t.Fatalf("the step goes along %v, not an axis", fwd)
	}
	p := &ts[land].Pose.Position
	p[axis] += float32(0.08 * fwd[axis])
	p[1] += 0.1
	edge := to[axis] + 0.08*fwd[axis] - 0.10*fwd[axis]
	mesh := twoTreads(axis, fwd[axis], edge, float64(p[1]))
	bvh, err := scenes.NewBVH(mesh, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}

	m, err := body.DeriveSized(sk, a.Effectors)
	if err != nil {
		t.Fatal(err)
	}
	const sink = 0.02
	reach := 0.0
	for _, c := range m.Capsules {
		if c.Part == body.Foot || c.Part == body.Toes {
			reach = math.Max(reach, c.Radius-sink+0.0002)
		}
	}
	deepest := func(c *motion.Clip) float64 {
		return footIntrusion(c, m, mesh, j, first, sink)
	}
	under, clear := warpPair(t, a, frame, ts, Options{Ground: bvh}, Options{Ground: bvh, FootClearance: reach})
	d0, d1 := deepest(under.Clip), deepest(clear.Clip)
	t.Logf("landing 10 cm past an edge: the foot %.1f mm into it looking straight down, %.1f mm with %.1f mm clearance", d0*1000, d1*1000, reach*1000)
	if d0 <= 0 {
		t.Fatalf("looking straight down the foot already clears the edge by %.1f mm: the case tests nothing", -d0*1000)
	}
	if d1 > 0 {
		t.Errorf("with FootClearance the foot goes %.1f mm into the edge", d1*1000)
	}
	if r := clear.Docks[land]; !r.Reached || r.Error > 1e-6 {
		t.Errorf("landing dock: reached %v, error %g", r.Reached, r.Error)
	}
}

// twoTreads is an upper tread at y 0 behind edge (along axis, towards
// -dir) and a lower one at y low beyond it, 2 m wide either way.
func twoTreads(axis int, dir, edge, low float64) *scenes.Mesh {
	box := func(r [2]float64, y0, y1 float64) (mgl32.Vec3, mgl32.Vec3) {
		a, b := mgl32.Vec3{-2, float32(y0), -2}, mgl32.Vec3{2, float32(y1), 2}
		a[axis], b[axis] = float32(r[0]), float32(r[1])
		return a, b
	}
	var b sceneload.Builder
	up := [2]float64{edge - 2, edge}
	down := [2]float64{edge, edge + 2}
	if dir < 0 {
		up, down = [2]float64{edge, edge + 2}, [2]float64{edge - 2, edge}
	}
	b.Box(box(up, low-0.5, 0))
	b.Box(box(down, low-0.5, low))
	return b.Mesh()
}

// footIntrusion is the deepest the capsules of foot joint j and its toes
// go into the scene beyond the contact rules' sink (the capsule oracle),
// at 8 instants a frame before frame last.
func footIntrusion(c *motion.Clip, m *body.Model, mesh *scenes.Mesh, j, last int, sink float64) float64 {
	sc := capsuleoracle.NewScene(mesh)
	n := c.Skeleton.NumJoints()
	trans, pos := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	rot, world := make([]mgl64.Quat, n), make([]mgl64.Quat, n)
	deepest := math.Inf(-1)
	for k := 0; k < 8*last; k++ {
		c.Sample(float64(k)/8*c.FrameTime, trans, rot)
		c.Skeleton.FK(trans, rot, pos, world)
		for i, cp := range m.Capsules {
			if int(cp.Joint) == j || c.Skeleton.Parents[cp.Joint] == j {
				deepest = math.Max(deepest, sc.IntrudeCapsule(m, i, pos, world, sink).Depth)
			}
		}
	}
	return deepest
}
