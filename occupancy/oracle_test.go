package occupancy_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/occupancy"
	"github.com/go-gl/mathgl/mgl64"
)

// stadium is a capsule projected on the ground: a segment of the plane and
// a radius.
type stadium struct {
	ax, az, bx, bz, r float64
}

// projected is the oracle's occupancy space: action a's capsules from t0
// to t1 seconds, posed at every frame and at 1 kHz by the clip's own
// sampling and forward kinematics, carried into the world at frame f by a
// rotation matrix, and projected on the ground. It shares no code with
// package occupancy or the sweeps it is built from.
func projected(a *action.Action, m *body.Model, f action.Frame, t0, t1 float64) []stadium {
	c := a.Clip
	nj := c.Skeleton.NumJoints()
	trans, pos := make([]mgl64.Vec3, nj), make([]mgl64.Vec3, nj)
	rot, world := make([]mgl64.Quat, nj), make([]mgl64.Quat, nj)
	st := a.StartFrame()
	toFrame := mgl64.Rotate3DY(-st.Yaw)
	toWorld := mgl64.Rotate3DY(f.Yaw)
	origin := mgl64.Vec3{st.X, a.Ground, st.Z}
	place := func(p mgl64.Vec3) mgl64.Vec3 {
		return toWorld.Mul3x1(toFrame.Mul3x1(p.Sub(origin))).Add(f.Position)
	}
	var times []float64
	for t := t0; t < t1; t += 1e-3 {
		times = append(times, t)
	}
	for k := range c.Frames() {
		if ft := float64(k) * c.FrameTime; ft >= t0 && ft <= t1 {
			times = append(times, ft)
		}
	}
	times = append(times, t1)
	var out []stadium
	for _, t := range times {
		c.Sample(t, trans, rot)
		c.Skeleton.FK(trans, rot, pos, world)
		for _, cp := range m.Capsules {
			p, w := pos[cp.Joint], world[cp.Joint]
			x, y := place(p.Add(w.Rotate(cp.A))), place(p.Add(w.Rotate(cp.B)))
			out = append(out, stadium{x[0], x[2], y[0], y[2], cp.Radius})
		}
	}
	return out
}

// overlap is how deep two sets of stadiums overlap at most, or -1 when
// they do not: every pair whose boxes meet, found through a grid of 10 cm
// cells; it stops at the first pair overlapping by more than enough.
func overlap(sa, sb []stadium, enough float64) float64 {
	const cell = 0.1
	type key struct{ x, z int }
	box := func(s stadium) (x0, z0, x1, z1 int) {
		return int(math.Floor((math.Min(s.ax, s.bx) - s.r) / cell)), int(math.Floor((math.Min(s.az, s.bz) - s.r) / cell)),
			int(math.Floor((math.Max(s.ax, s.bx) + s.r) / cell)), int(math.Floor((math.Max(s.az, s.bz) + s.r) / cell))
	}
	grid := map[key][]int{}
	for k, s := range sb {
		x0, z0, x1, z1 := box(s)
		for x := x0; x <= x1; x++ {
			for z := z0; z <= z1; z++ {
				grid[key{x, z}] = append(grid[key{x, z}], k)
			}
		}
	}
	best := -1.0
	for _, a := range sa {
		x0, z0, x1, z1 := box(a)
		for x := x0; x <= x1; x++ {
			for z := z0; z <= z1; z++ {
				for _, k := range grid[key{x, z}] {
					if d := a.r + sb[k].r - segSeg(a, sb[k]); d > 0 {
						best = math.Max(best, d)
						if best > enough {
							return best
						}
					}
				}
			}
		}
	}
	return best
}

// segSeg is the distance between two segments of the plane: zero when
// they cross, else the least of the four end-to-segment distances.
func segSeg(a, b stadium) float64 {
	o := func(px, pz, qx, qz, rx, rz float64) float64 { return (qx-px)*(rz-pz) - (qz-pz)*(rx-px) }
	d1, d2 := o(a.ax, a.az, a.bx, a.bz, b.ax, b.az), o(a.ax, a.az, a.bx, a.bz, b.bx, b.bz)
	d3, d4 := o(b.ax, b.az, b.bx, b.bz, a.ax, a.az), o(b.ax, b.az, b.bx, b.bz, a.bx, a.bz)
	if (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0 {
		return 0
	}
	return math.Min(math.Min(ptSeg(a.ax, a.az, b), ptSeg(a.bx, a.bz, b)), math.Min(ptSeg(b.ax, b.az, a), ptSeg(b.bx, b.bz, a)))
}

func ptSeg(px, pz float64, s stadium) float64 {
	dx, dz := s.bx-s.ax, s.bz-s.az
	l := dx*dx + dz*dz
	u := 0.0
	if l > 0 {
		u = math.Max(0, math.Min(1, ((px-s.ax)*dx+(pz-s.az)*dz)/l))
	}
	return math.Hypot(px-s.ax-u*dx, pz-s.az-u*dz)
}

// TestAgainstProjectedCapsules is the seed's case checked against the
// oracle: two walking characters' occupancy spaces (a window of a left or
// right step each) at random relative transforms, about half of them
// overlapping. Intersect may not miss an overlap (none deeper than a
// nanometre, let alone the threshold); the false positives are reported,
// and those of the cylinder agent (the one circle holding the same space).
func TestAgainstProjectedCapsules(t *testing.T) {
	w := adultSpaces(t)
	cases := 600
	if tier.Short() {
		cases = 120
	}
	walks := []int{w.lib.Index("walk.l"), w.lib.Index("walk.r")}
	r := rand.New(rand.NewPCG(21, 22))
	var overlapping, missed, fp, cylFP, cylMissed, deepest int
	worstMiss := math.Inf(-1)
	for k := range cases {
		ia, ib := walks[r.IntN(2)], walks[r.IntN(2)]
		sa, sb := w.spaces.Action(ia), w.spaces.Action(ib)
		pa, pb := sa[r.IntN(len(sa))], sb[r.IntN(len(sb))]
		fa := action.Frame{Position: mgl64.Vec3{r.Float64()*10 - 5, 0, r.Float64()*10 - 5}, Yaw: r.Float64() * 2 * math.Pi}
		d, dir := r.Float64()*1.3, r.Float64()*2*math.Pi
		fb := action.Frame{Position: fa.Position.Add(mgl64.Vec3{d * math.Sin(dir), 0, d * math.Cos(dir)}), Yaw: r.Float64() * 2 * math.Pi}
		tr := occupancy.Relative(fa, fb)
		got := occupancy.Intersect(pa.BCH, pb.BCH, tr)
		cyl := occupancy.Intersect(pa.BCH.Top(), pb.BCH.Top(), tr)
		depth := overlap(projected(w.lib.Actions[ia], w.model, fa, pa.T0, pa.T1), projected(w.lib.Actions[ib], w.model, fb, pb.T0, pb.T1), w.spaces.Options().Threshold)
		if depth > 0 {
			overlapping++
			if depth > w.spaces.Options().Threshold {
				deepest++
			}
			if !got {
				missed++
				worstMiss = math.Max(worstMiss, depth)
				t.Errorf("case %d: spaces overlap %.4f m by the oracle, Intersect says apart", k, depth)
			}
			if !cyl {
				cylMissed++
			}
		} else {
			if got {
				fp++
			}
			if cyl {
				cylFP++
			}
		}
	}
	apart := cases - overlapping
	t.Logf("%d cases: %d overlapping by the oracle (%d by more than the threshold), %d apart; BCH: %d missed, %d false positives (%.1f%% of those apart); cylinder: %d missed, %d false positives (%.1f%%)",
		cases, overlapping, deepest, apart, missed, fp, 100*float64(fp)/float64(apart), cylMissed, cylFP, 100*float64(cylFP)/float64(apart))
	if overlapping < cases/4 || overlapping > cases*3/4 {
		t.Errorf("%d of %d cases overlap: not the seed's half", overlapping, cases)
	}
}

// TestNearContact places two walking spaces just apart and just
// overlapping: along a random direction and at random headings, the
// oracle's contact distance is found by bisection to 0.1 mm; at 2 and 10 mm
// nearer the spaces overlap and Intersect must say so; at 2, 5, 10 and 20
// mm farther they are apart, and the false positives (the leaves grow the
// space by under the threshold) are reported by gap, with the cylinder's.
func TestNearContact(t *testing.T) {
	w := adultSpaces(t)
	cases := 40
	if tier.Short() {
		cases = 10
	}
	a, b := w.lib.Index("walk.l"), w.lib.Index("walk.r")
	r := rand.New(rand.NewPCG(31, 32))
	gaps := []float64{0.002, 0.005, 0.01, 0.02}
	fp, cylFP := make([]int, len(gaps)), make([]int, len(gaps))
	for k := range cases {
		pa, pb := w.spaces.Action(a)[r.IntN(2)], w.spaces.Action(b)[r.IntN(2)]
		fa := action.Frame{Yaw: r.Float64() * 2 * math.Pi}
		dir, yb := r.Float64()*2*math.Pi, r.Float64()*2*math.Pi
		at := func(d float64) action.Frame {
			return action.Frame{Position: mgl64.Vec3{d * math.Sin(dir), 0, d * math.Cos(dir)}, Yaw: yb}
		}
		sa := projected(w.lib.Actions[a], w.model, fa, pa.T0, pa.T1)
		apart := func(d float64) bool {
			return overlap(sa, projected(w.lib.Actions[b], w.model, at(d), pb.T0, pb.T1), 0) < 0
		}
		lo, hi := 0.0, 3.0 // overlapping at lo, apart at hi
		if apart(lo) || !apart(hi) {
			continue
		}
		for hi-lo > 1e-4 {
			if m := (lo + hi) / 2; apart(m) {
				hi = m
			} else {
				lo = m
			}
		}
		for _, in := range []float64{0.002, 0.01} {
			if !occupancy.Intersect(pa.BCH, pb.BCH, occupancy.Relative(fa, at(lo-in))) {
				t.Errorf("case %d: overlapping by about %.0f mm, Intersect says apart", k, in*1000)
			}
		}
		for g, gap := range gaps {
			tr := occupancy.Relative(fa, at(hi+gap))
			if occupancy.Intersect(pa.BCH, pb.BCH, tr) {
				fp[g]++
			}
			if occupancy.Intersect(pa.BCH.Top(), pb.BCH.Top(), tr) {
				cylFP[g]++
			}
		}
	}
	for g, gap := range gaps {
		t.Logf("apart by %4.0f mm: BCH false positives %d of %d, cylinder %d", gap*1000, fp[g], cases, cylFP[g])
	}
}
