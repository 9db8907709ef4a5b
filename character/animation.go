package character

import (
	"fmt"
	"math"
	"sort"

	"github.com/foothold/foothold/internal/gltfdata"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// pose composes every joint's world matrix from the nodes' local
// transforms, parents first.
func (rd *reader) pose(local []trs, world []mgl64.Mat4) {
	for k, chain := range rd.chains {
		m := mgl64.Ident4()
		if k > 0 {
			m = world[rd.matrixIndex[k]]
		}
		for _, node := range chain {
			m = m.Mul4(local[node].mat4())
		}
		world[k] = m
	}
}

// jointsOf turns world matrices into the skeleton's local translations
// and rotations (lengths times the scale): every joint's world position
// exact, its world rotation the matrix's nearest, taken relative to the
// joint's rest (bind) rotation, so that the skeleton's rest pose — all
// rotations identity — is the character's bind pose, as in a BVH file.
// Without rest rotations yet (reading the rest pose) it records them.
func (rd *reader) jointsOf(world []mgl64.Mat4, trans []mgl64.Vec3, rot []mgl64.Quat, wrot []mgl64.Quat) error {
	record := rd.restRot == nil
	if record {
		rd.restRot = make([]mgl64.Quat, len(world))
	}
	for k := range world {
		q, err := rotationOf(world[k])
		if err != nil {
			return rd.fail(rd.nodePlace(rd.joints[k]), "%v", err)
		}
		if record {
			rd.restRot[k] = q
		}
		wrot[k] = q.Mul(rd.restRot[k].Inverse()).Normalize()
		pos := world[k].Col(3).Vec3().Mul(rd.opt.Scale)
		if k == 0 {
			trans[k], rot[k] = pos, wrot[k]
			continue
		}
		p := rd.parentIndex[k]
		if rd.endSite[k] {
			wrot[k] = wrot[p] // end sites are never rotated
		}
		inv := wrot[p].Inverse()
		trans[k] = inv.Rotate(pos.Sub(world[p].Col(3).Vec3().Mul(rd.opt.Scale)))
		rot[k] = inv.Mul(wrot[k]).Normalize()
	}
	return nil
}

// Bounds on what one animation may ask to be sampled, so that a file of a
// few bytes cannot ask for gigabytes.
const (
	maxDuration = 3600 // [Units: s]
	maxSamples  = 5e7  // joints × frames
)

// channel is one animation channel, read and checked.
type channel struct {
	node   int
	path   gltf.TRSProperty
	interp gltf.Interpolation
	times  []float64
	values []float64 // per key: 3 or 4 numbers; for cubic splines in-tangent, value, out-tangent
}

// animation samples animation ai at the frame rate into a clip.
func (rd *reader) animation(ai int, sk *motion.Skeleton) (Clip, error) {
	a := rd.doc.Animations[ai]
	name := a.Name
	if name == "" {
		name = fmt.Sprintf("animation%d", ai)
	}
	place := fmt.Sprintf("animation %d (%q)", ai, name)
	chans, t0, t1, err := rd.channels(a, place)
	if err != nil {
		return Clip{}, err
	}
	if t1-t0 > maxDuration || float64(sk.NumJoints())*(t1-t0)*rd.opt.FrameRate > maxSamples {
		return Clip{}, rd.fail(place, "spans %.6g s (%d joints at %g Hz): more than this reader samples", t1-t0, sk.NumJoints(), rd.opt.FrameRate)
	}
	frames := max(1, int(math.Round((t1-t0)*rd.opt.FrameRate)))
	dt := (t1 - t0) / float64(frames)
	if dt <= 0 {
		dt = 1 / rd.opt.FrameRate
	}
	c := motion.NewClip(sk, frames+1, dt)
	local := make([]trs, len(rd.rest))
	n := sk.NumJoints()
	world := make([]mgl64.Mat4, n)
	wrot := make([]mgl64.Quat, n)
	for f := 0; f <= frames; f++ {
		copy(local, rd.rest)
		t := t0 + float64(f)*dt
		for i := range chans {
			chans[i].apply(t, &local[chans[i].node])
		}
		rd.pose(local, world)
		if err := rd.jointsOf(world, c.Trans[f*n:(f+1)*n], c.Rot[f*n:(f+1)*n], wrot); err != nil {
			return Clip{}, &poseError{anim: name, err: fmt.Errorf("%w (%s at %.4g s)", err, place, t)}
		}
	}
	return Clip{Name: name, Clip: c}, nil
}

// channels reads an animation's channels that move nodes (morph weights
// are skipped) and the time span they cover.
func (rd *reader) channels(a *gltf.Animation, place string) ([]channel, float64, float64, error) {
	var out []channel
	t0, t1 := math.Inf(1), math.Inf(-1)
	for ci, ch := range a.Channels {
		cp := fmt.Sprintf("%s channel %d", place, ci)
		if ch.Target.Path == gltf.TRSWeights {
			continue
		}
		if ch.Target.Node == nil || *ch.Target.Node < 0 || *ch.Target.Node >= len(rd.doc.Nodes) {
			return nil, 0, 0, rd.fail(cp, "target node missing or out of range")
		}
		if ch.Sampler < 0 || ch.Sampler >= len(a.Samplers) {
			return nil, 0, 0, rd.fail(cp, "sampler %d does not exist (%d samplers)", ch.Sampler, len(a.Samplers))
		}
		c, err := rd.readChannel(a.Samplers[ch.Sampler], *ch.Target.Node, ch.Target.Path)
		if err != nil {
			return nil, 0, 0, rd.fail(cp, "%v", err)
		}
		t0, t1 = min(t0, c.times[0]), max(t1, c.times[len(c.times)-1])
		out = append(out, c)
	}
	if len(out) == 0 {
		t0, t1 = 0, 0
	}
	return out, t0, t1, nil
}

func (rd *reader) readChannel(s *gltf.AnimationSampler, node int, path gltf.TRSProperty) (channel, error) {
	c := channel{node: node, path: path, interp: s.Interpolation}
	typ, nc := gltf.AccessorVec3, 3
	switch path {
	case gltf.TRSRotation:
		typ, nc = gltf.AccessorVec4, 4
	case gltf.TRSTranslation, gltf.TRSScale:
	default:
		return c, fmt.Errorf("unknown target path %v", path)
	}
	var err error
	if c.times, err = gltfdata.Floats(rd.doc, s.Input, gltf.AccessorScalar); err != nil {
		return c, fmt.Errorf("input accessor %d: %v", s.Input, err)
	}
	if c.values, err = gltfdata.Floats(rd.doc, s.Output, typ); err != nil {
		return c, fmt.Errorf("output accessor %d: %v", s.Output, err)
	}
	keys := len(c.times)
	per := 1
	if c.interp == gltf.InterpolationCubicSpline {
		per = 3
	}
	switch {
	case keys == 0:
		return c, fmt.Errorf("no keyframes")
	case len(c.values) != keys*per*nc:
		return c, fmt.Errorf("%d output values for %d keyframes (want %d)", len(c.values)/nc, keys, keys*per)
	case !finite(c.times...) || !finite(c.values...):
		return c, fmt.Errorf("a keyframe is not a finite number")
	}
	for k := 1; k < keys; k++ {
		if c.times[k] < c.times[k-1] {
			return c, fmt.Errorf("keyframe times go back at key %d (%g s after %g s)", k, c.times[k], c.times[k-1])
		}
	}
	return c, nil
}

// apply sets the channel's property of l to its value at time t.
func (c *channel) apply(t float64, l *trs) {
	nc := 3
	if c.path == gltf.TRSRotation {
		nc = 4
	}
	var v [4]float64
	c.sample(t, nc, v[:nc])
	switch c.path {
	case gltf.TRSTranslation:
		l.t = mgl64.Vec3{v[0], v[1], v[2]}
	case gltf.TRSScale:
		l.s = mgl64.Vec3{v[0], v[1], v[2]}
	case gltf.TRSRotation:
		q := mgl64.Quat{W: v[3], V: mgl64.Vec3{v[0], v[1], v[2]}}
		if q.Len() > 1e-9 {
			l.r = q.Normalize()
		}
	}
}

// sample interpolates the channel at time t into v (nc numbers), holding
// the first and last keys outside their span.
func (c *channel) sample(t float64, nc int, v []float64) {
	keys := len(c.times)
	per, mid := 1, 0
	if c.interp == gltf.InterpolationCubicSpline {
		per, mid = 3, 1
	}
	at := func(k, part int) []float64 { o := (k*per + part) * nc; return c.values[o : o+nc] }
	k := sort.SearchFloat64s(c.times, t) // first key at or after t
	switch {
	case k == 0:
		copy(v, at(0, mid))
		return
	case k >= keys:
		copy(v, at(keys-1, mid))
		return
	case c.times[k] == t:
		copy(v, at(k, mid))
		return
	}
	k0, k1 := k-1, k
	td := c.times[k1] - c.times[k0]
	s := (t - c.times[k0]) / td
	switch c.interp {
	case gltf.InterpolationStep:
		copy(v, at(k0, 0))
	case gltf.InterpolationCubicSpline:
		hermite(at(k0, 1), at(k0, 2), at(k1, 1), at(k1, 0), td, s, v)
	default:
		if nc == 4 {
			slerp(at(k0, 0), at(k1, 0), s, v)
		} else {
			for i := range nc {
				v[i] = at(k0, 0)[i] + s*(at(k1, 0)[i]-at(k0, 0)[i])
			}
		}
	}
}

// hermite is the glTF cubic spline between value p0 with out-tangent b0
// and value p1 with in-tangent a1, over td seconds, at s in [0, 1].
func hermite(p0, b0, p1, a1 []float64, td, s float64, v []float64) {
	s2, s3 := s*s, s*s*s
	h00, h10, h01, h11 := 2*s3-3*s2+1, s3-2*s2+s, -2*s3+3*s2, s3-s2
	for i := range v {
		v[i] = h00*p0[i] + h10*td*b0[i] + h01*p1[i] + h11*td*a1[i]
	}
}

// slerp interpolates unit quaternions (x, y, z, w) along the shorter arc.
func slerp(q0, q1 []float64, s float64, v []float64) {
	dot := q0[0]*q1[0] + q0[1]*q1[1] + q0[2]*q1[2] + q0[3]*q1[3]
	sign := 1.0
	if dot < 0 {
		sign, dot = -1, -dot
	}
	w0, w1 := 1-s, s*sign
	if dot < 0.9995 {
		th := math.Acos(min(dot, 1))
		w0 = math.Sin((1-s)*th) / math.Sin(th)
		w1 = math.Sin(s*th) / math.Sin(th) * sign
	}
	for i := range 4 {
		v[i] = w0*q0[i] + w1*q1[i]
	}
}

// setChannels gives each joint the BVH channels that describe its motion:
// rotations for all, positions for the root and for joints whose
// translation moves in some clip.
func setChannels(sk *motion.Skeleton, clips []Clip) {
	n := sk.NumJoints()
	rot := []motion.Channel{motion.Zrotation, motion.Yrotation, motion.Xrotation}
	pos := []motion.Channel{motion.Xposition, motion.Yposition, motion.Zposition}
	for j := range n {
		if sk.EndSite[j] {
			continue
		}
		moves := j == 0
		for _, c := range clips {
			for f := 0; f < c.Clip.Frames() && !moves; f++ {
				moves = c.Clip.Trans[f*n+j].Sub(sk.Offsets[j]).Len() > 1e-6
			}
		}
		sk.Channels[j] = rot
		if moves {
			sk.Channels[j] = append(append([]motion.Channel(nil), pos...), rot...)
		}
	}
}

// poseError is an animation with a joint that has no pose at some time:
// the animation is skipped, not the file.
type poseError struct {
	anim string
	err  error
}

func (e *poseError) Error() string { return e.err.Error() }
func (e *poseError) Unwrap() error { return e.err }
