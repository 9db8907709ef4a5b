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
	cr, err := newCriteria(c, eff, opt)
	if err != nil {
		return nil, err
	}
	var out []Extracted
	for i := range cr.effs {
		cr.intervals(i, func(from, to int) {
			out = append(out, makeDock(c, cr.pos, cr.effs[i], cr.chains[i], from, to, start))
		})
	}
	sortExtracted(out, cr.effs, c.Skeleton)
	return out, nil
}

// criteria are Extract's tests on one clip.
type criteria struct {
	c      *motion.Clip
	opt    ExtractOptions
	n      int
	pos    []mgl64.Vec3
	effs   []motion.Effector
	chains [][]int            // per effector: its joint, its tip, and end sites below
	floor  map[string]float64 // per template: the lowest any of its effectors goes
	rest   []mgl64.Vec3
	h      int // frames either side of a speed's central difference
}

func newCriteria(c *motion.Clip, eff *motion.Effectors, opt ExtractOptions) (*criteria, error) {
	if !(opt.SpeedOn > 0) || opt.SpeedOff < opt.SpeedOn || opt.SmoothTime < 0 || opt.MinDuration < 0 || opt.MaxHeight < 0 || opt.MaxTilt < 0 || !(opt.MaxSlide > 0) {
		return nil, fmt.Errorf("dock: bad extraction thresholds %+v", opt)
	}
	sk := c.Skeleton
	cr := &criteria{c: c, opt: opt, n: sk.NumJoints(), pos: c.Positions(), effs: eff.All(), floor: map[string]float64{},
		rest: sk.RestPositions(), h: max(1, int(math.Round(opt.SmoothTime/c.FrameTime)))}
	cr.chains = make([][]int, len(cr.effs))
	for i, e := range cr.effs {
		cr.chains[i] = effectorChain(sk, e)
	}
	for i, e := range cr.effs {
		fl, ok := cr.floor[e.Template]
		if !ok {
			fl = math.Inf(1)
		}
		for f := range c.Frames() {
			fl = min(fl, cr.low(i, f))
		}
		cr.floor[e.Template] = fl
	}
	return cr, nil
}

// low is the lowest point of effector i's chain at frame f.
func (cr *criteria) low(i, f int) float64 {
	y := math.Inf(1)
	for _, j := range cr.chains[i] {
		y = min(y, cr.pos[f*cr.n+j][1])
	}
	return y
}

// speed is effector i's speed at frame f: the faster of its joint and tip.
func (cr *criteria) speed(i, f int) float64 {
	e := cr.effs[i]
	return max(cr.jointSpeed(e.Joint, f), cr.jointSpeed(e.Tip, f))
}

func (cr *criteria) jointSpeed(j, f int) float64 {
	a, b := max(f-cr.h, 0), min(f+cr.h, cr.c.Frames()-1)
	if a == b {
		return 0
	}
	return cr.pos[b*cr.n+j].Sub(cr.pos[a*cr.n+j]).Len() / (float64(b-a) * cr.c.FrameTime)
}

// height is how far effector i is above its template's floor at frame f.
func (cr *criteria) height(i, f int) float64 { return cr.low(i, f) - cr.floor[cr.effs[i].Template] }

// tilt is how far the joint-to-tip direction's elevation is from the rest
// pose's at frame f.
func (cr *criteria) tilt(i, f int) float64 {
	e := cr.effs[i]
	return math.Abs(elevation(cr.pos[f*cr.n+e.Joint], cr.pos[f*cr.n+e.Tip]) - elevation(cr.rest[e.Joint], cr.rest[e.Tip]))
}

func elevation(a, b mgl64.Vec3) float64 {
	d := b.Sub(a)
	return math.Atan2(d[1], math.Hypot(d[0], d[2]))
}

// near reports whether effector i is near the floor and not tilted at f.
func (cr *criteria) near(i, f int) bool {
	return (cr.opt.MaxHeight == 0 || cr.height(i, f) <= cr.opt.MaxHeight) && (cr.opt.MaxTilt == 0 || cr.tilt(i, f) <= cr.opt.MaxTilt)
}

// intervals calls emit with every dock interval of effector i (trimmed, at
// least MinDuration long), in time order.
func (cr *criteria) intervals(i int, emit func(from, to int)) {
	frames := cr.c.Frames()
	still, from := false, 0
	end := func(to int) {
		a, b := trim(cr.pos, cr.n, cr.effs[i].Joint, from, to, cr.opt.MaxSlide)
		if float64(b-a)*cr.c.FrameTime+1e-9 >= cr.opt.MinDuration {
			emit(a, b)
		}
	}
	for f := range frames {
		s, near := cr.speed(i, f), cr.near(i, f)
		if still && (s > cr.opt.SpeedOff || !near) {
			end(f - 1)
			still = false
		} else if !still && s < cr.opt.SpeedOn && near {
			still, from = true, f
		}
	}
	if still {
		end(frames - 1)
	}
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

// PoseAt is the pose of a dock of effector e held at frame f alone: the
// joint's ground point then (at the height of the lowest point of the
// joint, its tip and the end sites below it) facing from the joint to the
// tip, in the start frame. Docks that begin or end a clip cut from a
// longer one are anchored so, at the frame they share with the
// neighbouring piece.
func PoseAt(c *motion.Clip, e motion.Effector, f int, start motion.RootPoint) Pose {
	sk := c.Skeleton
	n := sk.NumJoints()
	pos := make([]mgl64.Vec3, n)
	c.FrameFK(f, pos, make([]mgl64.Quat, n))
	return makeDock(c, pos, e, effectorChain(sk, e), 0, 0, start).Pose
}

// effectorChain is an effector's joint, its tip and the end sites below
// the joint: the points whose lowest is the sole or palm.
func effectorChain(sk *motion.Skeleton, e motion.Effector) []int {
	chain := []int{e.Joint, e.Tip}
	for k := e.Joint + 1; k < sk.NumJoints(); k++ {
		if sk.EndSite[k] && sk.IsAncestor(e.Joint, k) {
			chain = append(chain, k)
		}
	}
	return chain
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
