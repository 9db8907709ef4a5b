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

// supportFinder turns supported lattice samples into warp targets on the
// surface, reusing its buffers.
type supportFinder struct {
	q        *geoquery.Tree
	res      geoquery.Result
	src, dst []mgl64.Vec3
}

// target makes dock k's target from a plan slot: a fresh answer needs only
// its hits (Algorithm 1 at the sample, no search); a stale one is asked
// again at the slot's expected pose (one query, with hits).
func (s *supportFinder) target(tp *dock.Template, k int, slot *actiongraph.Slot) (warp.Target, bool) {
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
func (s *supportFinder) nearest(tp *dock.Template, k int, expected dock.Pose) (warp.Target, bool) {
	if !s.q.Nearest(geoquery.Query{Template: tp, Expected: expected}, &s.res, nil) {
		return warp.Target{}, false
	}
	return s.fit(tp, k), true
}

// fit moves the supported sample s.res.Pose onto the surface its rays hit:
// the template's contact points at the sample are fitted (ik.RigidFit) to
// the hit points, and the fit's translation and turn about +Y move the pose
// (the sample lies on the lattice, up to one increment from the surface);
// the tilt lays the contact onto the surface (surfaceTilt).
func (s *supportFinder) fit(tp *dock.Template, k int) warp.Target {
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
	yaw := math.Atan2(f[0], f[2])
	// The template's axis from its first contact point to its last, at the
	// sample and as fitted onto the hits.
	last := len(tp.Points) - 1
	a0 := s.src[last].Sub(s.src[0])
	turn := mgl64.QuatRotate(yaw-float64(pose.Yaw), mgl64.Vec3{0, 1, 0})
	tilt := surfaceTilt(turn.Rotate(a0), turn.Rotate(cn), r.Rotate(a0), hn)
	return warp.Target{Dock: k, Pose: dock.Pose{Position: mgl32.Vec3{float32(o[0]), float32(o[1]), float32(o[2])}, Yaw: float32(yaw)}, Tilt: tilt}
}

// surfaceTilt is the turn that lays a contact onto the surface: it takes
// the template's axis a0 (from its first contact point to its last) onto
// the fitted axis a1, which joins the surface points the contact points
// were fitted to, and the template's normal n0 as near the surface's mean
// normal n1 as that allows (n1 without its component along a1). On a plane
// it is the turn of n0 onto the plane's normal; where a foot spans a
// crease its heel and toes both stay on the surface. Without an axis (the
// axis along the normal) it is the shortest turn of n0 onto n1.
func surfaceTilt(a0, n0, a1, n1 mgl64.Vec3) mgl64.Quat {
	src, ok0 := axisFrame(a0, n0)
	dst, ok1 := axisFrame(a1, n1)
	if !ok0 || !ok1 {
		return ik.FromTo(n0, n1)
	}
	return mgl64.Mat4ToQuat(dst.Mul3(src.Transpose()).Mat4()).Normalize()
}

// axisFrame is the right-handed frame whose first column is a's direction
// and whose second is n made perpendicular to a; false when a or n is
// nearly zero or they are nearly parallel.
func axisFrame(a, n mgl64.Vec3) (mgl64.Mat3, bool) {
	la := a.Len()
	if la < 1e-9 {
		return mgl64.Mat3{}, false
	}
	a = a.Mul(1 / la)
	n = n.Sub(a.Mul(n.Dot(a)))
	ln := n.Len()
	if ln < 1e-6 {
		return mgl64.Mat3{}, false
	}
	n = n.Mul(1 / ln)
	return mgl64.Mat3FromCols(a, n, a.Cross(n)), true
}

func vec(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
