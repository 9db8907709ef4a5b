package planner

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// DefaultFit is how far New moves, at most, a start whose standing body
// is in the scene (Config.Fit). [Units: m]
const DefaultFit = 0.5

// fitStep is the spacing of the places New tries, on rings round the
// start one fitStep apart. [Units: m]
const fitStep = 0.05

// fitSlope is the steepest ground between the start and a place it is
// moved to: a place on another floor (a box top, the foot of a ledge) is
// not the start moved. [Units: rad]
const fitSlope = 40 * math.Pi / 180

// StartMove says how New moved a start whose standing body was in the
// scene: from where to where, how far on the ground, and why (what the
// standing body touched at From).
type StartMove struct {
	From, To action.Frame
	Distance float64 // [Units: m] on the ground
	Contact  ccd.Contact
	Part     body.Part
}

// StartError is New's refusal of a start whose standing body is in the
// scene and fits nowhere within Config.Fit of it.
type StartError struct {
	At      action.Frame
	Within  float64 // [Units: m]
	Contact ccd.Contact
	Part    body.Part
}

func (e *StartError) Error() string {
	touch := fmt.Sprintf("touches triangle %d", e.Contact.Triangle)
	if e.Contact.Gap < 0 {
		touch = fmt.Sprintf("is %.1f mm into triangle %d", -1000*e.Contact.Gap, e.Contact.Triangle)
	}
	return fmt.Sprintf("planner: the standing body at (%.2f, %.2f, %.2f) is in the scene (its %s %s, %.2f s into the start) and fits nowhere within %.2f m",
		e.At.Position[0], e.At.Position[1], e.At.Position[2], e.Part, touch, e.Contact.Time, e.Within)
}

// StartMoved reports how New moved the start (false when it was kept).
func (p *Planner) StartMoved() (StartMove, bool) { return p.moved, p.moved.Distance > 0 }

// fitStart finds the place nearest from, within a radius of within, where
// start action a performed there and warped onto its supports keeps the
// body clear of the scene with every dock reached: rings one fitStep
// apart, each walked from the start's heading anticlockwise (seen from
// above), the ground under each place found by a ray down. It leaves the
// planner's state spent: New starts a fresh planner there.
func (p *Planner) fitStart(a int, from action.Frame, within float64) (action.Frame, bool, error) {
	p.cur = nil
	bvh := p.setup.query.BVH()
	for ring := 1; float64(ring)*fitStep <= within+1e-9; ring++ {
		r := float64(ring) * fitStep
		k := max(8, int(math.Ceil(2*math.Pi*r/fitStep)))
		for i := range k {
			th := from.Yaw + 2*math.Pi*float64(i)/float64(k)
			f := from
			f.Position[0] += r * math.Sin(th)
			f.Position[2] += r * math.Cos(th)
			y, ok := groundNear(bvh, f.Position[0], f.Position[2], from.Position[1], r*math.Tan(fitSlope)+0.02)
			if !ok {
				continue
			}
			f.Position[1] = y
			clear, err := p.standsClear(a, f)
			if err != nil || clear {
				return f, clear, err
			}
		}
	}
	return from, false, nil
}

// groundNear is the height of the highest surface under (x, z) within
// rise of y, up or down.
func groundNear(bvh *scenes.BVH, x, z, y, rise float64) (float64, bool) {
	ray := scenes.Ray{Origin: mgl32.Vec3{float32(x), float32(y + rise), float32(z)}, Dir: mgl32.Vec3{0, -1, 0}, TMax: float32(2 * rise)}
	h, ok := bvh.ClosestHit(ray, nil)
	if !ok {
		return 0, false
	}
	return float64(ray.At(h.T)[1]), true
}

// standsClear reports whether start action a, performed at f and warped
// onto the supports nearest its docks, has every dock supported and
// reached and the body clear of the scene.
func (p *Planner) standsClear(a int, f action.Frame) (bool, error) {
	act := p.setup.Library().Actions[a]
	p.step.Targets = p.step.Targets[:0]
	for k, d := range act.Docks {
		tg, ok := p.finder.nearest(p.setup.docks[a][k], k, f.DockPose(d.Pose))
		if !ok {
			return false, nil
		}
		p.step.Targets = append(p.step.Targets, tg)
	}
	w, err := p.warpers[0].Warp(act, f, p.step.Targets, p.carry(), p.warpOptions())
	if err != nil {
		return false, err
	}
	return reached(w.Docks) && p.body.Clip(w.Clip, nil), nil
}
