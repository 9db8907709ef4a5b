package ccd_test

import (
	"math"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// The oracle shares no code with the checker: package capsuleoracle's
// distances (a point's to a triangle by projection onto the plane, else the
// nearest edge; a segment's by golden-section search over the segment, the
// distance to a convex set being convex along a line), the motion sampled with
// motion.Clip.Sample at 1 kHz and at every frame, and each local minimum
// refined by golden-section search to 1e-6 s.

type otri [3]mgl64.Vec3

// oracle holds a clip's body for sampling.
type oracle struct {
	m     *body.Model
	clip  *motion.Clip
	trans []mgl64.Vec3
	rot   []mgl64.Quat
	pos   []mgl64.Vec3
	world []mgl64.Quat
	ts    []float64       // the sample times: every frame and 1 kHz
	axes  [][2]mgl64.Vec3 // per sample time, per capsule
}

func newOracle(m *body.Model, c *motion.Clip) *oracle {
	n := c.Skeleton.NumJoints()
	return &oracle{m: m, clip: c, trans: make([]mgl64.Vec3, n), rot: make([]mgl64.Quat, n), pos: make([]mgl64.Vec3, n), world: make([]mgl64.Quat, n)}
}

// capsule returns capsule i's axis at time t.
func (o *oracle) capsule(i int, t float64) (mgl64.Vec3, mgl64.Vec3) {
	o.clip.Sample(t, o.trans, o.rot)
	o.clip.Skeleton.FK(o.trans, o.rot, o.pos, o.world)
	c := o.m.Capsules[i]
	p, w := o.pos[c.Joint], o.world[c.Joint]
	return p.Add(w.Rotate(c.A)), p.Add(w.Rotate(c.B))
}

// gap is capsule i's surface distance to t at time tm.
func (o *oracle) gap(i int, tr otri, tm float64) float64 {
	a, b := o.capsule(i, tm)
	return capsuleoracle.SegmentTriangle(a, b, capsuleoracle.Tri(tr)) - o.m.Capsules[i].Radius
}

// farGap is a gap beyond which samples keep a lower bound: above every gap
// the tests compare the oracle's with (Epsilon, TestActionMargin's 1 cm).
const farGap = 0.02

// samples poses every capsule at every frame and at 1 kHz (once).
func (o *oracle) samples() {
	if o.ts != nil {
		return
	}
	d := o.clip.Duration()
	for t := 0.0; t < d; t += 1e-3 {
		o.ts = append(o.ts, t)
	}
	for f := range o.clip.Frames() {
		o.ts = append(o.ts, float64(f)*o.clip.FrameTime)
	}
	o.ts = append(o.ts, d)
	sortFloats(o.ts)
	nc := len(o.m.Capsules)
	o.axes = make([][2]mgl64.Vec3, len(o.ts)*nc)
	for k, t := range o.ts {
		o.clip.Sample(t, o.trans, o.rot)
		o.clip.Skeleton.FK(o.trans, o.rot, o.pos, o.world)
		for i, c := range o.m.Capsules {
			p, w := o.pos[c.Joint], o.world[c.Joint]
			o.axes[k*nc+i] = [2]mgl64.Vec3{p.Add(w.Rotate(c.A)), p.Add(w.Rotate(c.B))}
		}
	}
}

// minGap is the smallest gap of capsule i to tr over the clip, sampled at
// every frame and at 1 kHz, each local minimum refined to 1e-6 s; once a
// sample or a refined minimum is inside the triangle, the gap it found
// (negative: the answer callers need).
func (o *oracle) minGap(i int, tr otri) float64 {
	o.samples()
	ts, nc := o.ts, len(o.m.Capsules)
	g := make([]float64, len(ts))
	best := math.Inf(1)
	step := 0.0 // the farthest an end of the axis moves between samples
	for k := 1; k < len(ts); k++ {
		a0, a1 := o.axes[(k-1)*nc+i], o.axes[k*nc+i]
		step = math.Max(step, math.Max(a1[0].Sub(a0[0]).Len(), a1[1].Sub(a0[1]).Len()))
	}
	// Far samples keep a lower bound (the axis's middle's distance less
	// half its length): no minimum beyond a step is refined anyway.
	far := math.Max(farGap, 2*step)
	r := o.m.Capsules[i].Radius
	for k := range ts {
		a, b := o.axes[k*nc+i][0], o.axes[k*nc+i][1]
		if lb := capsuleoracle.PointTriangle(a.Add(b).Mul(0.5), capsuleoracle.Tri(tr)) - b.Sub(a).Len()/2 - r; lb > far {
			g[k] = lb
		} else {
			g[k] = capsuleoracle.SegmentTriangle(a, b, capsuleoracle.Tri(tr)) - r
		}
		best = math.Min(best, g[k])
	}
	for k := 0; k < len(ts) && best >= 0; k++ {
		// A local minimum farther than a step from the triangle cannot
		// hide a contact between its samples.
		if (k > 0 && g[k-1] < g[k]) || (k+1 < len(ts) && g[k+1] < g[k]) || g[k] > 1.01*step {
			continue
		}
		lo, hi := ts[max(k-1, 0)], ts[min(k+1, len(ts)-1)]
		for hi-lo > 1e-6 {
			m1, m2 := hi-(hi-lo)*0.618, lo+(hi-lo)*0.618
			if o.gap(i, tr, m1) <= o.gap(i, tr, m2) {
				hi = m2
			} else {
				lo = m1
			}
		}
		best = math.Min(best, o.gap(i, tr, (lo+hi)/2))
	}
	return best
}

func sortFloats(s []float64) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// touchBefore reports the first time before limit, among every frame and
// 1 kHz sample, at which capsule 0 is inside one of the triangles.
func (o *oracle) touchBefore(tris []otri, limit float64) (float64, bool) {
	o.samples()
	nc, r := len(o.m.Capsules), o.m.Capsules[0].Radius
	for k, t := range o.ts {
		if t >= limit {
			break // the samples are sorted
		}
		a, b := o.axes[k*nc][0], o.axes[k*nc][1]
		mid, half := a.Add(b).Mul(0.5), b.Sub(a).Len()/2
		for _, tr := range tris {
			if capsuleoracle.PointTriangle(mid, capsuleoracle.Tri(tr))-half-r > 0 {
				continue // its middle is too far for any of it to be inside
			}
			if capsuleoracle.SegmentTriangle(a, b, capsuleoracle.Tri(tr))-r < -1e-6 {
				return t, true
			}
		}
	}
	return 0, false
}
