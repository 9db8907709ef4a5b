package planner

import (
	"math"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/warp"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// surfacer turns supported lattice samples into warp targets on the
// surface, reusing its buffers.
type surfacer struct {
	q        *geoquery.Tree
	res      geoquery.Result
	src, dst []mgl64.Vec3
}

// target makes dock k's target from a plan slot: a fresh answer needs only
// its hits (Algorithm 1 at the sample, no search); a stale one is asked
// again at the slot's expected pose (one query, with hits).
func (s *surfacer) target(tp *dock.Template, k int, slot *actiongraph.Slot) (warp.Target, bool) {
	if slot.Stale {
		tg, ok := s.nearest(tp, k, slot.Expected)
		if ok {
			slot.Sample, slot.Pose, slot.Distance, slot.Stale = s.res.Sample, s.res.Pose, s.res.Distance, false
		}
		return tg, ok
	}
	s.res.Sample = slot.Sample
	s.res.Pose = slot.Pose
	if !s.q.Hits(tp, slot.Pose, &s.res.Support, nil) {
		return warp.Target{Dock: k, Pose: slot.Pose}, true
	}
	return s.fit(tp, k), true
}

// nearest asks for the support of dock k nearest to expected, with its
// hits, and makes its target.
func (s *surfacer) nearest(tp *dock.Template, k int, expected dock.Pose) (warp.Target, bool) {
	if !s.q.Nearest(geoquery.Query{Template: tp, Expected: expected}, &s.res, nil) {
		return warp.Target{}, false
	}
	return s.fit(tp, k), true
}

// fit moves the supported sample s.res.Pose onto the surface its rays hit:
// the template's contact points at the sample are fitted (ik.RigidFit) to
// the hit points, and the fit's translation and turn about +Y move the pose
// (the sample lies on the lattice, up to one increment from the surface);
// the tilt turns the template's mean contact normal onto the faces' mean
// normal.
func (s *surfacer) fit(tp *dock.Template, k int) warp.Target {
	pose := s.res.Pose
	if s.res.Support.N < len(tp.Points) {
		return warp.Target{Dock: k, Pose: pose}
	}
	s.src, s.dst = s.src[:0], s.dst[:0]
	var cn, hn mgl64.Vec3
	for i, cp := range tp.Points {
		h := s.res.Support.Hits[i]
		s.src = append(s.src, vec(pose.Apply(cp.Position)))
		s.dst = append(s.dst, vec(h.Position))
		cn = cn.Add(vec(pose.Rotate(cp.Normal)))
		hn = hn.Add(vec(h.Normal))
	}
	r, t, _, err := ik.RigidFit(s.src, s.dst)
	if err != nil {
		return warp.Target{Dock: k, Pose: pose}
	}
	o := r.Rotate(vec(pose.Position)).Add(t)
	f := r.Rotate(mgl64.Vec3{math.Sin(float64(pose.Yaw)), 0, math.Cos(float64(pose.Yaw))})
	return warp.Target{Dock: k, Pose: dock.Pose{Position: mgl32.Vec3{float32(o[0]), float32(o[1]), float32(o[2])}, Yaw: float32(math.Atan2(f[0], f[2]))}, Tilt: ik.FromTo(cn, hn)}
}

func vec(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
