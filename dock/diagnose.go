package dock

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/motion"
)

// Diagnosis says how an effector fared against Extract's tests over a
// clip: in how many frames each held, and how near it came to the others.
type Diagnosis struct {
	Effector, Template string
	Frames             int
	Still              int     // frames slower than SpeedOn (with Roll, the joint or the tip)
	StillLow           int     // of them, near the floor or the lowest standing foot (all when MaxHeight is 0)
	StillLowLevel      int     // of those, within MaxTilt of the rest elevation
	Slowest            float64 // its lowest speed, against the threshold then [Units: m/s]
	Need               float64 // the threshold then: SpeedOn, or more at a run's pace [Units: m/s]
	LowestStill        float64 // its lowest height above the floor or the lowest standing foot while still [Units: m]
	LeastTilt          float64 // its smallest tilt while still and low [Units: rad]
	Longest            float64 // its longest interval once trimmed [Units: s]
	Docks              int
}

// Diagnose runs Extract's tests on every effector of a clip and reports how
// each fared, so that a clip without docks can say why.
func Diagnose(c *motion.Clip, eff *motion.Effectors, opt ExtractOptions) ([]Diagnosis, error) {
	cr, err := newCriteria(c, eff, opt)
	if err != nil {
		return nil, err
	}
	sk := c.Skeleton
	out := make([]Diagnosis, len(cr.effs))
	for i, e := range cr.effs {
		d := Diagnosis{Effector: sk.Names[e.Joint], Template: e.Template, Frames: c.Frames(),
			Slowest: math.Inf(1), LowestStill: math.Inf(1), LeastTilt: math.Inf(1)}
		for f := range c.Frames() {
			v := cr.stillSpeed(i, f)
			if k := cr.paceAt(i, f); d.Need == 0 || v/opt.SpeedOn < d.Slowest/d.Need {
				d.Slowest, d.Need = v*k, opt.SpeedOn*k
			}
			if v >= opt.SpeedOn {
				continue
			}
			d.Still++
			d.LowestStill = min(d.LowestStill, cr.above(i, f))
			if !cr.grounded(i, f) {
				continue
			}
			d.StillLow++
			d.LeastTilt = min(d.LeastTilt, cr.tilt(i, f))
			if cr.level(i, f) {
				d.StillLowLevel++
			}
		}
		longest := -1
		cr.intervals(i, func(from, to int) {
			d.Docks++
			longest = max(longest, to-from)
		})
		if longest < 0 {
			// The stays too short to count, measured the same way.
			loose := *cr
			loose.opt.MinDuration = 0
			loose.intervals(i, func(from, to int) { longest = max(longest, to-from) })
		}
		d.Longest = math.Max(0, float64(longest)*c.FrameTime)
		out[i] = d
	}
	return out, nil
}

// Why says in a sentence why the effector has no dock ("" when it has).
func (d Diagnosis) Why(opt ExtractOptions) string {
	deg := 180 / math.Pi
	switch {
	case d.Docks > 0:
		return ""
	case d.Still == 0:
		return fmt.Sprintf("never still: %.2f m/s at its slowest (a dock needs under %.2f m/s)", d.Slowest, d.Need)
	case d.StillLow == 0:
		return fmt.Sprintf("still in %d of %d frames, but never near the floor then: %.2f m above it at the lowest (a dock needs %.2f m)", d.Still, d.Frames, d.LowestStill, opt.MaxHeight)
	case d.StillLowLevel == 0:
		return fmt.Sprintf("still and low in %d frames, but tilted: %.0f° from its rest pose's elevation at the least (a dock allows %.0f°)", d.StillLow, d.LeastTilt*deg, opt.MaxTilt*deg)
	}
	return fmt.Sprintf("still, low and level in %d frames, but for %.3f s at the longest once trimmed to %.2g cm of sliding (a dock needs %.3f s)", d.StillLowLevel, d.Longest, opt.MaxSlide*100, opt.MinDuration)
}
