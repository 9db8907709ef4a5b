package motion

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/ik"
	"github.com/go-gl/mathgl/mgl64"
)

// PivotSeconds is how long a turn on the spot takes (Pivot): 0.6 s, and
// 0.4 s more per quarter turn. [Units: s]
func PivotSeconds(turn float64) float64 { return 0.6 + 0.4*math.Abs(turn)/(math.Pi/2) }

// pivotHold is how long both feet stand before the first step and after
// the last, and pivotSwap between steps. [Units: s]
const (
	pivotHold = 0.15
	pivotSwap = 0.03
)

// pivotLift is how high a stepping foot is lifted, and pivotDip how far
// the body sinks (the knees bend) at the middle of the turn, so that a
// leg standing nearly straight still reaches its foot as the hips turn
// over it; as shares of the leg.
const (
	pivotLift = 0.06
	pivotDip  = 0.04
)

// Pivot is a turn on the spot by turn radians, at most a quarter turn
// either way (positive turns left: from +Z towards +X), from the pose of
// c's first frame, in PivotSeconds(turn) at c's frame rate: the body turns
// about the vertical through its root, the foot on the side it turns to
// steps round first (lifted by 6% of the leg), the other follows, and it
// stands in the first frame's pose turned by turn. Each foot stays exactly where the pose has
// it until its step and exactly at that place turned after it; the legs
// are posed by two-bone IK (hip, knee, ankle: the foot joint's parent and
// its parent), the rest of the body holds the first frame's pose. The
// turned-to-side foot leads; without sides, the first foot does.
func Pivot(c *Clip, eff *Effectors, turn float64) (*Clip, error) {
	sk := c.Skeleton
	n := sk.NumJoints()
	if c.Frames() < 1 || len(eff.Feet) == 0 || !(math.Abs(turn) > 0) || math.Abs(turn) > math.Pi/2+1e-9 {
		return nil, fmt.Errorf("motion: pivot by %g rad of a %d-frame clip with %d feet", turn, c.Frames(), len(eff.Feet))
	}
	legs, err := legsOf(sk, eff)
	if err != nil {
		return nil, fmt.Errorf("motion: pivot: %w", err)
	}
	g, err := GuessScale(sk, eff)
	if err != nil {
		return nil, fmt.Errorf("motion: pivot: %w", err)
	}
	p := pivotOf(c, eff, turn, g.Leg*pivotLift, PivotSeconds(turn))
	p.dip = g.Leg * pivotDip
	out := &Clip{Skeleton: sk, FrameTime: c.FrameTime}
	frames := int(math.Round(PivotSeconds(turn)/c.FrameTime)) + 1
	out.Trans = make([]mgl64.Vec3, 0, frames*n)
	out.Rot = make([]mgl64.Quat, 0, frames*n)
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	for f := range frames {
		u := float64(f) / float64(frames-1)
		out.Trans = append(out.Trans, c.Trans[:n]...)
		out.Rot = append(out.Rot, c.Rot[:n]...)
		tr, rot := out.Trans[f*n:], out.Rot[f*n:]
		rot[0] = mgl64.QuatRotate(turn*smoothStep(p.turnAt(u)), up).Mul(c.Rot[0]).Normalize()
		tr[0][1] -= p.dip * math.Sin(math.Pi*p.turnAt(u))
		for i, leg := range legs {
			sk.FK(tr[:n], rot[:n], pos, world)
			target, facing := p.foot(i, u)
			if miss := poseLeg(sk, leg, rot, pos, world, target, facing); miss > 1e-4 {
				return nil, fmt.Errorf("motion: pivot by %.0f°: foot %s cannot reach its step (%.3f m short)", turn*180/math.Pi, sk.Names[leg[2]], miss)
			}
		}
	}
	return out, nil
}

var up = mgl64.Vec3{0, 1, 0}

// pivotPlan is where the feet of a Pivot stand and when they step.
type pivotPlan struct {
	turn   float64
	centre mgl64.Vec3   // the root's ground point: the body turns about its vertical
	at     []mgl64.Vec3 // per foot: the ankle in the first frame
	facing []mgl64.Quat // per foot: the ankle's world rotation then
	steps  [][2]float64 // per foot: when its step starts and ends, in shares of the clip
	lift   float64
	dip    float64 // how far the root sinks at the middle of the turn
	from   float64 // the body turns from the first step's start to the last's end, in shares of the clip
	to     float64
}

func pivotOf(c *Clip, eff *Effectors, turn, lift, seconds float64) *pivotPlan {
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.Skeleton.FK(c.Trans[:n], c.Rot[:n], pos, world)
	hold, swap := pivotHold/seconds, pivotSwap/seconds
	p := &pivotPlan{turn: turn, centre: mgl64.Vec3{pos[0][0], 0, pos[0][2]}, lift: lift, from: hold, to: 1 - hold}
	lead := 0
	for i, e := range eff.Feet {
		if (turn > 0) == (e.Side == Left) && len(eff.Feet) == 2 {
			lead = i
		}
	}
	for i, e := range eff.Feet {
		p.at = append(p.at, pos[e.Joint])
		p.facing = append(p.facing, world[e.Joint])
		k := float64((i - lead + len(eff.Feet)) % len(eff.Feet))
		span := (p.to - p.from + swap) / float64(len(eff.Feet))
		p.steps = append(p.steps, [2]float64{p.from + k*span, p.from + (k+1)*span - swap})
	}
	return p
}

// turnAt is how far through its turn the body is at share u of the clip:
// from the first step's start to the last step's end.
func (p *pivotPlan) turnAt(u float64) float64 { return clamp01((u - p.from) / (p.to - p.from)) }

// foot is where foot i's ankle is, and its world rotation, at share u of
// the clip: turned with the body as far as its step has gone, lifted
// while it steps.
func (p *pivotPlan) foot(i int, u float64) (mgl64.Vec3, mgl64.Quat) {
	s := p.steps[i]
	v := clamp01((u - s[0]) / (s[1] - s[0]))
	r := mgl64.QuatRotate(p.turn*smoothStep(v), up)
	at := p.centre.Add(r.Rotate(p.at[i].Sub(p.centre)))
	at[1] = p.at[i][1] + p.lift*math.Sin(math.Pi*v)
	return at, r.Mul(p.facing[i]).Normalize()
}

// poseLeg turns a leg's hip and knee (leg: hip, knee, ankle joints) so the
// ankle reaches target, and the ankle so it has world rotation facing;
// pos and world are the frame's forward kinematics before. It returns how
// far the ankle ends from target.
func poseLeg(sk *Skeleton, leg [3]int, rot []mgl64.Quat, pos []mgl64.Vec3, world []mgl64.Quat, target mgl64.Vec3, facing mgl64.Quat) float64 {
	top, mid, end := leg[0], leg[1], leg[2]
	hip, knee, ankle := pos[top], pos[mid], pos[end]
	m, e, _ := ik.TwoBone(hip, target, knee.Sub(hip).Len(), ankle.Sub(knee).Len(), knee.Sub(hip), 0)
	upper := ik.FromTo(knee.Sub(hip), m.Sub(hip)).Mul(world[top])
	lower := ik.FromTo(ankle.Sub(knee), e.Sub(m)).Mul(world[mid])
	rot[top] = world[sk.Parents[top]].Inverse().Mul(upper).Normalize()
	rot[mid] = upper.Inverse().Mul(lower).Normalize()
	rot[end] = lower.Inverse().Mul(facing).Normalize()
	return e.Sub(target).Len()
}

func clamp01(u float64) float64 { return min(max(u, 0), 1) }

// smoothStep eases 0..1 with zero slope at both ends (3u²−2u³).
func smoothStep(u float64) float64 { return u * u * (3 - 2*u) }
