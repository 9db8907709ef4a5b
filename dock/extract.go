package dock

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// ExtractOptions are the thresholds of automatic dock extraction.
type ExtractOptions struct {
	// An effector becomes stationary when both its joint and its tip move
	// slower than SpeedOn and stops being stationary when either moves
	// faster than SpeedOff (hysteresis). Speeds are central differences
	// over ±SmoothTime.
	SpeedOn, SpeedOff float64 // [Units: m/s]
	SmoothTime        float64 // [Units: s]
	// MaxHeight, when positive, also requires the effector's lowest point
	// (joint, tip or an end site below them) to be within MaxHeight of the
	// lowest point any effector of the same template reaches in the clip:
	// the floor, for clips captured on flat ground. Zero turns the test off
	// (clips over stairs and ledges).
	MaxHeight float64 // [Units: m]
	// MaxTilt, when positive, also requires the joint-to-tip direction's
	// elevation to stay within MaxTilt of its elevation in the rest pose
	// (feet flat, hands palm down): a hand hanging at the side is not
	// planted on anything, however still it is.
	MaxTilt float64 // [Units: rad]
	// MaxSlide trims an interval's ends until no two positions of the
	// joint during it are farther apart than MaxSlide.
	MaxSlide float64 // [Units: m]
	// MinDuration drops shorter intervals (after trimming).
	MinDuration float64 // [Units: s]
}

// DefaultExtractOptions suit motion capture at 30-120 frames per second.
func DefaultExtractOptions() ExtractOptions {
	return ExtractOptions{SpeedOn: 0.10, SpeedOff: 0.20, SmoothTime: 1.0 / 30, MaxHeight: 0.10, MaxTilt: 30 * math.Pi / 180, MaxSlide: 0.01, MinDuration: 0.05}
}

// Extracted is a dock found in a clip: an effector held still over a time
// interval, placed in the clip's start frame.
type Extracted struct {
	Effector   string // the effector's joint name
	Side       motion.Side
	Template   string
	StartFrame int // first frame of the interval
	EndFrame   int // last frame, inclusive
	Start, End float64
	// Pose is the dock in the start frame: the joint's ground point (its
	// height is the lowest point of the effector, the sole or palm) at the
	// middle of the interval, facing from the joint to the tip.
	Pose Pose
	// Slide is the largest distance between two positions of the joint
	// during the interval.
	Slide float64 // [Units: m]
}

// Extract finds the docks of a clip: for each effector, the maximal
// intervals where it is stationary (and, with MaxHeight, near the floor),
// at least MinDuration long, sorted by start time then effector order.
// Positions are in the frame of the clip's first root point (start).
func Extract(c *motion.Clip, eff *motion.Effectors, start motion.RootPoint, opt ExtractOptions) ([]Extracted, error) {
	if !(opt.SpeedOn > 0) || opt.SpeedOff < opt.SpeedOn || opt.SmoothTime < 0 || opt.MinDuration < 0 || opt.MaxHeight < 0 || opt.MaxTilt < 0 || !(opt.MaxSlide > 0) {
		return nil, fmt.Errorf("dock: bad extraction thresholds %+v", opt)
	}
	sk := c.Skeleton
	n, frames := sk.NumJoints(), c.Frames()
	pos := c.Positions()
	effs := eff.All()
	// The chain of each effector: its joint, its tip, and end sites below.
	chains := make([][]int, len(effs))
	for i, e := range effs {
		chains[i] = []int{e.Joint, e.Tip}
		for k := e.Joint + 1; k < n; k++ {
			if sk.EndSite[k] && sk.IsAncestor(e.Joint, k) {
				chains[i] = append(chains[i], k)
			}
		}
	}
	low := func(i, f int) float64 {
		y := math.Inf(1)
		for _, j := range chains[i] {
			y = min(y, pos[f*n+j][1])
		}
		return y
	}
	floor := map[string]float64{}
	for i, e := range effs {
		fl, ok := floor[e.Template]
		if !ok {
			fl = math.Inf(1)
		}
		for f := range frames {
			fl = min(fl, low(i, f))
		}
		floor[e.Template] = fl
	}
	rest := sk.RestPositions()
	elevation := func(a, b mgl64.Vec3) float64 {
		d := b.Sub(a)
		return math.Atan2(d[1], math.Hypot(d[0], d[2]))
	}
	tiltOK := func(e motion.Effector, f int) bool {
		if opt.MaxTilt == 0 {
			return true
		}
		now := elevation(pos[f*n+e.Joint], pos[f*n+e.Tip])
		return math.Abs(now-elevation(rest[e.Joint], rest[e.Tip])) <= opt.MaxTilt
	}
	h := max(1, int(math.Round(opt.SmoothTime/c.FrameTime)))
	speed := func(j, f int) float64 {
		a, b := max(f-h, 0), min(f+h, frames-1)
		if a == b {
			return 0
		}
		return pos[b*n+j].Sub(pos[a*n+j]).Len() / (float64(b-a) * c.FrameTime)
	}
	var out []Extracted
	for i, e := range effs {
		still := false
		from := 0
		emit := func(to int) {
			from, to := trim(pos, n, e.Joint, from, to, opt.MaxSlide)
			if float64(to-from)*c.FrameTime+1e-9 < opt.MinDuration {
				return
			}
			out = append(out, makeDock(c, pos, e, chains[i], from, to, start))
		}
		for f := range frames {
			s := max(speed(e.Joint, f), speed(e.Tip, f))
			near := (opt.MaxHeight == 0 || low(i, f) <= floor[e.Template]+opt.MaxHeight) && tiltOK(e, f)
			if still && (s > opt.SpeedOff || !near) {
				emit(f - 1)
				still = false
			} else if !still && s < opt.SpeedOn && near {
				still, from = true, f
			}
		}
		if still {
			emit(frames - 1)
		}
	}
	sortExtracted(out, effs, sk)
	return out, nil
}

// trim drops end frames of [from, to], the one farther from the mean
// first, until joint j's positions fit in a box whose diagonal is at most
// maxSlide (so no two of them are farther apart).
func trim(pos []mgl64.Vec3, n, j, from, to int, maxSlide float64) (int, int) {
	for from < to {
		var mean mgl64.Vec3
		lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
		hi := lo.Mul(-1)
		for f := from; f <= to; f++ {
			p := pos[f*n+j]
			mean = mean.Add(p)
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		if hi.Sub(lo).Len() <= maxSlide {
			break
		}
		mean = mean.Mul(1 / float64(to-from+1))
		if pos[from*n+j].Sub(mean).Len() >= pos[to*n+j].Sub(mean).Len() {
			from++
		} else {
			to--
		}
	}
	return from, to
}

func makeDock(c *motion.Clip, pos []mgl64.Vec3, e motion.Effector, chain []int, from, to int, start motion.RootPoint) Extracted {
	sk := c.Skeleton
	n := sk.NumJoints()
	var mean, tip mgl64.Vec3
	lowest := math.Inf(1)
	for f := from; f <= to; f++ {
		mean = mean.Add(pos[f*n+e.Joint])
		tip = tip.Add(pos[f*n+e.Tip])
		for _, j := range chain {
			lowest = min(lowest, pos[f*n+j][1])
		}
	}
	k := float64(to - from + 1)
	mean, tip = mean.Mul(1/k), tip.Mul(1/k)
	slide := 0.0
	for f := from; f <= to; f++ {
		for g := f + 1; g <= to; g++ {
			slide = max(slide, pos[f*n+e.Joint].Sub(pos[g*n+e.Joint]).Len())
		}
	}
	ground := start.ToLocal(mgl64.Vec3{mean[0], lowest, mean[2]})
	d := start.ToLocal(tip).Sub(start.ToLocal(mean))
	return Extracted{
		Effector: sk.Names[e.Joint], Side: e.Side, Template: e.Template,
		StartFrame: from, EndFrame: to,
		Start: float64(from) * c.FrameTime, End: float64(to) * c.FrameTime,
		Pose:  Pose{Position: mgl32.Vec3{float32(ground[0]), float32(ground[1]), float32(ground[2])}, Yaw: float32(math.Atan2(d[0], d[2]))},
		Slide: slide,
	}
}

func sortExtracted(ds []Extracted, effs []motion.Effector, sk *motion.Skeleton) {
	order := map[string]int{}
	for i, e := range effs {
		order[sk.Names[e.Joint]] = i
	}
	// Insertion sort: the lists are short and already grouped by effector.
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0; j-- {
			a, b := ds[j-1], ds[j]
			if a.StartFrame < b.StartFrame || (a.StartFrame == b.StartFrame && order[a.Effector] <= order[b.Effector]) {
				break
			}
			ds[j-1], ds[j] = b, a
		}
	}
}
