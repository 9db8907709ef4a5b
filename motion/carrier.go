package motion

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// Pelvis is the joint both legs hang from: the nearest common ancestor of
// the hip joints (of the feet when the hips are unknown), or -1 with fewer
// than two legs.
func Pelvis(sk *Skeleton, eff *Effectors) int {
	a, b := eff.Hips[0], eff.Hips[1]
	if a < 0 || b < 0 {
		if len(eff.Feet) < 2 {
			return -1
		}
		a, b = eff.Feet[0].Joint, eff.Feet[1].Joint
	}
	for p := sk.Parents[a]; p >= 0; p = sk.Parents[p] {
		if sk.IsAncestor(p, b) {
			return p
		}
	}
	return -1
}

// Upright turns a clip captured with another axis up (Z up, as many
// modelling tools export, or X up) so that +Y is up: the axis of the
// world the body's mean direction from its feet to its pelvis lies
// nearest, when the rest pose stands along the same axis (a swim lies
// down, but its rest pose stands up), is turned onto +Y by a quarter or
// half turn, rest pose and all (a copy of the skeleton with its offsets
// turned, every rotation turned with them), so every joint's world
// position turns and its rest pose stands up too. up names the axis found ("+Z"); a clip already upright
// is returned as it is, with up "+Y".
func Upright(c *Clip, eff *Effectors) (out *Clip, up string) {
	pelvis := Pelvis(c.Skeleton, eff)
	if pelvis < 0 || len(eff.Feet) == 0 {
		return c, "+Y"
	}
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	var sum mgl64.Vec3
	for f := range c.Frames() {
		for _, e := range eff.Feet {
			sum = sum.Add(pos[f*n+pelvis].Sub(pos[f*n+e.Joint]))
		}
	}
	name := upAxis(sum)
	if name != restUp(c.Skeleton, pelvis, eff) { // a swim or a crawl lies down, but its rest pose stands
		return c, "+Y"
	}
	var r mgl64.Quat
	switch name {
	case "+Y":
		return c, name
	case "-Y":
		r = mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 0, 1})
	case "+Z":
		r = mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{1, 0, 0})
	case "-Z":
		r = mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0})
	case "+X":
		r = mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1})
	case "-X":
		r = mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{0, 0, 1})
	}
	sk := *c.Skeleton
	sk.Offsets = make([]mgl64.Vec3, n)
	for j, o := range c.Skeleton.Offsets {
		sk.Offsets[j] = r.Rotate(o)
	}
	out = c.copyClip()
	out.Skeleton = &sk
	ri := r.Inverse()
	for i := range out.Rot {
		out.Trans[i] = r.Rotate(c.Trans[i])
		out.Rot[i] = r.Mul(c.Rot[i]).Mul(ri).Normalize()
	}
	return out, name
}

// upAxis names the axis of the world d lies nearest, signed: "+Z".
func upAxis(d mgl64.Vec3) string {
	axis, best := 1, 0.0
	for k := range 3 {
		if math.Abs(d[k]) > best {
			axis, best = k, math.Abs(d[k])
		}
	}
	if d[axis] < 0 {
		return "-" + [...]string{"X", "Y", "Z"}[axis]
	}
	return "+" + [...]string{"X", "Y", "Z"}[axis]
}

// restUp is the axis the rest pose stands along: from its feet to the
// pelvis.
func restUp(sk *Skeleton, pelvis int, eff *Effectors) string {
	rest := sk.RestPositions()
	var sum mgl64.Vec3
	for _, e := range eff.Feet {
		sum = sum.Add(rest[pelvis].Sub(rest[e.Joint]))
	}
	return upAxis(sum)
}

// CarryOnRoot moves the body's travel onto the root for rigs whose root
// stays put while a joint below it (the pelvis) carries the translation
// and the turns, as game rigs with a ground-level "root" bone over moving
// hips often do: at every frame the root is moved to the pelvis and turned by the heading's change since the first
// frame, and the root's children are moved and turned back by as much, so
// every joint keeps its place in the world and the root's path and turn
// are the body's. It applies when the root gets less than a quarter as far
// from where it starts as the pelvis does, and the pelvis gets at least
// carriedWay away (more than a walk on the spot sways); otherwise c is
// returned as it is. carrier is the pelvis, or -1 when nothing was moved.
func CarryOnRoot(c *Clip, eff *Effectors) (out *Clip, carrier int) {
	sk := c.Skeleton
	pelvis := Pelvis(sk, eff)
	if pelvis <= 0 || c.Frames() < 2 {
		return c, -1
	}
	n := sk.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.FrameFK(0, pos, world)
	p0 := pos[pelvis]
	var rootWay, pelvisWay float64 // the farthest each gets from where it starts
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		rootWay = max(rootWay, horizontal(pos[0].Sub(c.Trans[0])))
		pelvisWay = max(pelvisWay, horizontal(pos[pelvis].Sub(p0)))
	}
	if pelvisWay < carriedWay || rootWay > 0.25*pelvisWay {
		return c, -1
	}
	out = c.copyClip()
	var yaw0 float64
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		yaw := Heading(pos, world, eff.Hips)
		if f == 0 {
			yaw0 = yaw
		}
		t0, r0 := c.Trans[f*n], c.Rot[f*n]
		t1 := pos[pelvis]
		r1 := mgl64.QuatRotate(yaw-yaw0, mgl64.Vec3{0, 1, 0}).Mul(r0).Normalize()
		back := r1.Inverse()
		out.Trans[f*n], out.Rot[f*n] = t1, r1
		for k := 1; k < n; k++ {
			if sk.Parents[k] == 0 {
				out.Trans[f*n+k] = back.Rotate(t0.Add(r0.Rotate(c.Trans[f*n+k])).Sub(t1))
				out.Rot[f*n+k] = back.Mul(r0).Mul(c.Rot[f*n+k]).Normalize()
			}
		}
	}
	return out, pelvis
}

// carriedWay is how far the pelvis must get from where it starts for
// CarryOnRoot to take it as the carrier of the body's travel. [Units: m]
const carriedWay = 0.2

func horizontal(d mgl64.Vec3) float64 { return math.Hypot(d[0], d[2]) }

// copyClip is a copy of c sharing its skeleton.
func (c *Clip) copyClip() *Clip {
	return &Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
}

// Conformed says what Conform changed.
type Conformed struct {
	Up       string  // the axis that was up ("+Z"), "+Y" when none was turned
	Carrier  string  // the joint whose travel was moved onto the root, or ""
	FromFeet bool    // root motion was added from the planted feet
	Speed    float64 // the root's mean speed after it [Units: m/s]
}

// Changed reports whether Conform changed the clip.
func (k Conformed) Changed() bool { return k.Up != "+Y" || k.Carrier != "" || k.FromFeet }

func (k Conformed) String() string {
	var parts []string
	if k.Up != "+Y" {
		parts = append(parts, k.Up+" was up: turned to +Y")
	}
	if k.Carrier != "" {
		parts = append(parts, fmt.Sprintf("%s carries the travel: moved onto the root (%.2f m/s)", k.Carrier, k.Speed))
	}
	if k.FromFeet {
		parts = append(parts, fmt.Sprintf("the clip walks on the spot: root motion added from its feet (%.2f m/s)", k.Speed))
	}
	return strings.Join(parts, "; ")
}

// Conform brings a clip to the conventions the builder plans in, whatever
// its source's: +Y up (Upright), the body's travel on the root
// (CarryOnRoot), and root motion from the feet for a clip that walks on
// the spot (RootMotion). Each step leaves a clip that needs it not as it
// is; a clip in the planner's convention comes back unchanged.
func Conform(c *Clip, eff *Effectors) (*Clip, Conformed) {
	out, up := Upright(c, eff)
	k := Conformed{Up: up}
	out, carrier := CarryOnRoot(out, eff)
	if carrier >= 0 {
		k.Carrier = c.Skeleton.Names[carrier]
		n := c.Skeleton.NumJoints()
		last := out.Frames() - 1
		k.Speed = horizontal(out.Trans[last*n].Sub(out.Trans[0])) / out.Duration()
	}
	if moved, speed, ok := RootMotion(out, eff); ok {
		out, k.FromFeet, k.Speed = moved, true, speed
	}
	return out, k
}
