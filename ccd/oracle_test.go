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
}

func newOracle(m *body.Model, c *motion.Clip) *oracle {
	n := c.Skeleton.NumJoints()
	return &oracle{m, c, make([]mgl64.Vec3, n), make([]mgl64.Quat, n), make([]mgl64.Vec3, n), make([]mgl64.Quat, n)}
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

// minGap is the smallest gap of capsule i to tr over the clip: sampled at
// every frame and at 1 kHz, each local minimum refined to 1e-6 s.
func (o *oracle) minGap(i int, tr otri) (float64, float64) {
	d := o.clip.Duration()
	var ts []float64
	for t := 0.0; t < d; t += 1e-3 {
		ts = append(ts, t)
	}
	for f := range o.clip.Frames() {
		ts = append(ts, float64(f)*o.clip.FrameTime)
	}
	ts = append(ts, d)
	sortFloats(ts)
	g := make([]float64, len(ts))
	best, at := math.Inf(1), 0.0
	step := 0.0 // the farthest an end of the axis moves between samples
	var pa, pb mgl64.Vec3
	for k, t := range ts {
		a, b := o.capsule(i, t)
		g[k] = capsuleoracle.SegmentTriangle(a, b, capsuleoracle.Tri(tr)) - o.m.Capsules[i].Radius
		if k > 0 {
			step = math.Max(step, math.Max(a.Sub(pa).Len(), b.Sub(pb).Len()))
		}
		pa, pb = a, b
		if g[k] < best {
			best, at = g[k], t
		}
	}
	for k := range ts {
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
		if v := o.gap(i, tr, (lo+hi)/2); v < best {
			best, at = v, (lo+hi)/2
		}
	}
	return best, at
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
	var ts []float64
	for t := 0.0; t < limit; t += 1e-3 {
		ts = append(ts, t)
	}
	for f := range o.clip.Frames() {
		if t := float64(f) * o.clip.FrameTime; t < limit {
			ts = append(ts, t)
		}
	}
	sortFloats(ts)
	for _, t := range ts {
		for _, tr := range tris {
			if o.gap(0, tr, t) < -1e-6 {
				return t, true
			}
		}
	}
	return 0, false
}
