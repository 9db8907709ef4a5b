package body

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Capsule is the body around one bone: the points within Radius of the
// segment A–B, which lies in the local frame of Joint.
type Capsule struct {
	Joint  int32      // the joint whose frame holds A and B (the bone's parent end)
	A, B   mgl64.Vec3 // [Units: m] in Joint's frame
	Radius float64    // [Units: m]
	Part   Part
	// Effector is the index in Effectors.All() of the hand or foot whose
	// limb the capsule belongs to, or -1 for the trunk and head.
	Effector int8
}

// Model is a skeleton's body: a capsule per bone of non-zero length.
type Model struct {
	Skeleton *motion.Skeleton
	Capsules []Capsule
}

// Place returns capsule i's ends in the world, given the world positions and
// rotations of the joints (motion.Skeleton.FK).
func (m *Model) Place(pos []mgl64.Vec3, world []mgl64.Quat, i int) (a, b mgl64.Vec3) {
	c := &m.Capsules[i]
	p, q := pos[c.Joint], world[c.Joint]
	return p.Add(q.Rotate(c.A)), p.Add(q.Rotate(c.B))
}

// Derive builds the body of a skeleton standing in its rest pose (+Y up;
// the lowest point of each foot's bones is its sole): a capsule per bone,
// its part found from the effectors, its radius from r. The limb bones are
// counted from the hand or foot up; bones above two effectors are the
// trunk; the head's chain is the one carrying no effector that reaches
// highest (torso up to the chest where other chains branch off, then neck,
// then head); a chain leaving a limb (a thumb off the wrist) takes the
// part of the limb's bone it leaves; any other chain is an arm counted
// from the trunk (a rig whose hands are no effectors); a motion root on
// the ground and the chains hanging from it (pole targets) are no part of
// the body. The foot and toes are fitted to the sole: their segment runs
// at one radius above it, so the capsule's underside is the sole. A bone
// that ends at an end site ends there (its segment is shortened by the
// radius). The other leg bones end where their capsules would reach below
// the sole.
func Derive(sk *motion.Skeleton, eff *motion.Effectors, r Radii) (*Model, error) {
	return derive(sk, eff, r, sk.RestPositions(), nil)
}

// DeriveAt is Derive with the body standing as in frame f of clip c
// rather than in the rest pose: for skeletons whose rest pose does not
// stand (a rig whose joints' rest rotations are not identity has its
// rest pose crumpled, one foot forward and raised). The capsules are
// found at that pose, the feet fitted to its soles, and carried in the
// joints' frames as Derive's are.
func DeriveAt(c *motion.Clip, f int, eff *motion.Effectors, r Radii) (*Model, error) {
	if f < 0 || f >= c.Frames() {
		return nil, fmt.Errorf("body: frame %d of a clip of %d", f, c.Frames())
	}
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.FrameFK(f, pos, world)
	return derive(c.Skeleton, eff, r, pos, world)
}

// derive is Derive at the pose whose joints stand at rest (world
// positions) turned by world (nil: not turned, the rest pose).
func derive(sk *motion.Skeleton, eff *motion.Effectors, r Radii, rest []mgl64.Vec3, world []mgl64.Quat) (*Model, error) {
	if err := sk.Validate(); err != nil {
		return nil, fmt.Errorf("body: %w", err)
	}
	for p, x := range r {
		if !(x > 0) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("body: radius of the %v is %g; it must be positive", Part(p), x)
		}
	}
	all := eff.All()
	if len(all) == 0 {
		return nil, fmt.Errorf("body: the skeleton has no hands or feet to derive a body from")
	}
	c := classify(sk, all, rest)
	m := &Model{Skeleton: sk}
	ground := groundRoot(sk, eff, rest, c)
	for j := 1; j < sk.NumJoints(); j++ {
		p := sk.Parents[j]
		if sk.Offsets[j].Len() < 1e-6 || (p == 0 && ground) || c.noBody(j, ground) {
			continue
		}
		part, e := c.part(sk, p, j)
		cap := Capsule{Joint: int32(p), Radius: r[part], Part: part, Effector: int8(e)}
		a, b := rest[p], rest[j]
		if sk.EndSite[j] || len(c.children[j]) == 0 {
			b = shorten(a, b, cap.Radius)
		}
		switch {
		case part == Foot || part == Toes:
			sole := c.sole[e]
			a[1], b[1] = sole+cap.Radius, sole+cap.Radius
		case part.Leg():
			a, b = aboveSole(a, b, c.sole[e]+cap.Radius)
		}
		cap.A, cap.B = a.Sub(rest[p]), b.Sub(rest[p])
		if world != nil {
			inv := world[p].Inverse()
			cap.A, cap.B = inv.Rotate(cap.A), inv.Rotate(cap.B)
		}
		m.Capsules = append(m.Capsules, cap)
	}
	return m, nil
}

// groundRoot reports whether the skeleton's root is a motion root on the
// ground rather than a bone of the body: nearer the soles than half way up
// to the hips (game rigs put a "root" at the origin under the hips). Its
// bones are no part of the body.
func groundRoot(sk *motion.Skeleton, eff *motion.Effectors, rest []mgl64.Vec3, c *classes) bool {
	hips := math.Inf(1)
	for _, h := range eff.Hips {
		if h <= 0 || h >= sk.NumJoints() {
			return false
		}
		hips = min(hips, rest[h][1])
	}
	sole := slices.Min(c.sole)
	return rest[0][1] < sole+(hips-sole)/2
}

// aboveSole shortens a leg bone from a to b at its lower end, along the
// bone, until that end stands at least y high (the sole plus the bone's
// radius): in the rest pose no capsule above the foot reaches below the
// sole. Capture skeletons put the ankle as little as 3 cm over the lowest
// point of the foot's bones, less than a shin's radius.
func aboveSole(a, b mgl64.Vec3, y float64) (mgl64.Vec3, mgl64.Vec3) {
	lo, hi := &a, &b
	if b[1] < a[1] {
		lo, hi = &b, &a
	}
	if need := y - lo[1]; need > 0 {
		rise := hi[1] - lo[1]
		if rise <= need {
			*lo = *hi
		} else {
			*lo = lo.Add(hi.Sub(*lo).Mul(need / rise))
		}
	}
	return a, b
}

// shorten moves b towards a by d (to a when the bone is shorter).
func shorten(a, b mgl64.Vec3, d float64) mgl64.Vec3 {
	v := b.Sub(a)
	l := v.Len()
	if l <= d {
		return a
	}
	return b.Sub(v.Mul(d / l))
}

// classes is what Derive knows of each joint.
type classes struct {
	children [][]int
	below    []int     // effectors whose joint is this one or below it
	owner    []int     // the effector whose joint is this one or an ancestor, or -1
	limb     []int     // the effector of the limb chain the joint is on (below == 1), or -1
	sole     []float64 // per effector: the lowest rest height of its subtree
	eff      []motion.Effector
	// attach is, for a joint with no effector below it, its nearest
	// ancestor with one (where its chain leaves the limbs and trunk).
	attach []int
	// head marks the head's chain: the joints from where it leaves the
	// trunk or a limb up to the highest joint in the rest pose with no
	// effector below it (and none above: not a finger); chest is the last
	// joint on it where other chains branch off (the arms of a rig whose
	// hands are no effectors), or -1.
	head  []bool
	chest int
}

func classify(sk *motion.Skeleton, all []motion.Effector, rest []mgl64.Vec3) *classes {
	n := sk.NumJoints()
	c := &classes{children: sk.Children(), below: make([]int, n), owner: make([]int, n), limb: make([]int, n), eff: all,
		attach: make([]int, n), head: make([]bool, n), chest: -1}
	for j := range n {
		c.owner[j], c.limb[j] = -1, -1
	}
	for e, ef := range all {
		sole := math.Inf(1)
		for j := range n {
			if sk.IsAncestor(ef.Joint, j) {
				c.owner[j] = e
				sole = min(sole, rest[j][1])
			}
		}
		c.sole = append(c.sole, sole)
		for j := ef.Joint; j >= 0; j = sk.Parents[j] {
			c.below[j]++
			if c.limb[j] == -1 {
				c.limb[j] = e
			} else {
				c.limb[j] = -2 // shared by two effectors: the trunk
			}
		}
	}
	c.findHead(sk, rest)
	return c
}

// findHead fills attach, head and chest.
func (c *classes) findHead(sk *motion.Skeleton, rest []mgl64.Vec3) {
	top := -1
	for j := range c.below {
		c.attach[j] = -1
		if c.below[j] > 0 {
			continue
		}
		a := sk.Parents[j]
		for a >= 0 && c.below[a] == 0 {
			a = sk.Parents[a]
		}
		c.attach[j] = a
		if a >= 0 && c.owner[a] < 0 && (top < 0 || rest[j][1] > rest[top][1]) {
			top = j
		}
	}
	for j := top; j >= 0 && c.below[j] == 0; j = sk.Parents[j] {
		c.head[j] = true
		if c.chest < 0 && len(c.children[j]) > 1 {
			c.chest = j
		}
	}
}

// part names the bone from joint p to its child j, and its effector.
func (c *classes) part(sk *motion.Skeleton, p, j int) (Part, int) {
	if e := c.owner[p]; e >= 0 {
		ef := c.eff[e]
		foot := ef.Template == "foot"
		switch {
		case !foot:
			return Hand, e
		case p == ef.Joint:
			return Foot, e
		default:
			return Toes, e
		}
	}
	if e := c.limb[j]; e >= 0 {
		return c.limbPart(sk, e, j), e
	}
	if c.below[j] > 0 {
		return Torso, -1
	}
	if c.head[j] {
		return c.headPart(sk, p, j), -1
	}
	if a := c.attach[j]; a >= 0 && c.limb[a] >= 0 {
		// A chain leaving a limb (a thumb off the wrist): the part of
		// the limb's bone it leaves from.
		for _, k := range c.children[a] {
			if c.limb[k] == c.limb[a] {
				return c.limbPart(sk, c.limb[a], k), c.limb[a]
			}
		}
	}
	// Any other chain leaving the trunk (an arm whose hand is no
	// effector): the parts of an arm, counted from the trunk.
	top := sk.Parents[j]
	for c.below[top] == 0 && !c.head[top] {
		top = sk.Parents[top]
	}
	arm := [4]Part{Clavicle, UpperArm, Forearm, Hand}
	return arm[min(c.bonesDown(sk, top, j), 4)-1], -1
}

// headPart names a bone of the head's chain: the last bone is the head;
// a bone leaving the trunk, or the chest where other chains branch off,
// or a joint below the chest, is the torso's while the chain goes on for
// two bones or more; the others are the neck.
func (c *classes) headPart(sk *motion.Skeleton, p, j int) Part {
	switch {
	case len(c.children[j]) == 0:
		return Head
	case (c.below[p] > 0 || p == c.chest || c.chest >= 0 && sk.IsAncestor(p, c.chest)) && c.headBones(j) >= 2:
		return Torso
	}
	return Neck
}

// noBody reports whether the bone to joint j hangs, with its chain, from a
// motion root on the ground (ground): IK helpers, pole targets.
func (c *classes) noBody(j int, ground bool) bool {
	return ground && c.below[j] == 0 && c.attach[j] == 0 && !c.head[j]
}

// limbPart is the part of the bone of effector e's limb that ends at j.
// A hand whose joint's parent also carries a thumb (thumbAbove: Acclaim
// skeletons put the hand effector at the end of the wrist's bone) has its
// wrist at that parent, and the bone from it is the hand's.
func (c *classes) limbPart(sk *motion.Skeleton, e, j int) Part {
	parts := [3]Part{Forearm, UpperArm, Clavicle}
	if c.eff[e].Template == "foot" {
		parts = [3]Part{Shin, Thigh, Pelvis}
	}
	n := c.bonesUp(sk, c.eff[e].Joint, j)
	if c.thumbAbove(sk, e) {
		if n--; n == 0 {
			return Hand
		}
	}
	return parts[min(n, 3)-1]
}

// thumbAbove reports whether hand e's joint's parent carries another
// chain with no effector below it that reaches as far as the hand's joint
// and the same way, within 60° (a thumb; a twist bone along the forearm
// stops short of the wrist).
func (c *classes) thumbAbove(sk *motion.Skeleton, e int) bool {
	ef := c.eff[e]
	p := sk.Parents[ef.Joint]
	if ef.Template == "foot" || p < 0 {
		return false
	}
	hand := sk.Offsets[ef.Joint]
	for _, k := range c.children[p] {
		o := sk.Offsets[k]
		if k != ef.Joint && c.below[k] == 0 && o.Len() >= 0.9*hand.Len() && o.Dot(hand) > 0.5*o.Len()*hand.Len() {
			return true
		}
	}
	return false
}

// bonesDown counts the bones from joint top (not its own) down to joint j,
// j's own included, leaving out a nub: a bone under a fifth of the bones
// before and after it (a robot's shoulder between its clavicle and upper
// arm).
func (c *classes) bonesDown(sk *motion.Skeleton, top, j int) int {
	var ls []float64 // the bones' lengths, from j up
	for ; j >= 0 && j != top; j = sk.Parents[j] {
		ls = append(ls, sk.Offsets[j].Len())
	}
	n := 0
	for i, l := range ls {
		nub := i > 0 && i+1 < len(ls) && 5*l < ls[i-1] && 5*l < ls[i+1]
		if l >= 1e-6 && !nub {
			n++
		}
	}
	return max(n, 1)
}

// bonesUp counts the bones of non-zero length from joint top down to joint
// from (an ancestor chain), top's own bone included.
func (c *classes) bonesUp(sk *motion.Skeleton, from, top int) int {
	n := 0
	for j := from; j >= 0; j = sk.Parents[j] {
		if sk.Offsets[j].Len() >= 1e-6 {
			n++
		}
		if j == top {
			break
		}
	}
	return max(n, 1)
}

// headBones counts the bones below joint j along its first children.
func (c *classes) headBones(j int) int {
	n := 0
	for len(c.children[j]) > 0 {
		j = c.children[j][0]
		n++
	}
	return n
}
