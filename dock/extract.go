package dock

import (
	"fmt"
	"math"
	"slices"

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
	// Roll also docks a foot that rolls over its heel, ball or toes, or
	// pivots on them, without ever resting on both joint and tip (a
	// running foot strikes on its ball while the heel still moves, and
	// leaves as the heel rises): in a stance (the sole slower than five
	// times the thresholds) where the strict test finds no interval, the
	// foot is stationary while the stillest point of its sole moves slower
	// than SpeedOn (the tilt test does not apply: a rolling foot tilts),
	// MaxTravel bounds how far that point travels over the dock, and the
	// stiller of the foot's joint and tip stays within MaxSlide of where
	// it starts (the joint moves as the foot rolls; the dock's pose is
	// still the joint's). A stance gets one such dock at most.
	Roll      bool
	MaxTravel float64 // [Units: m]
	// Steps also takes a still foot for standing when it is within
	// MaxHeight of the lowest foot standing at the time (itself included)
	// and the root is not falling freely, so that feet on stairs and
	// uneven ground dock wherever that ground is.
	Steps bool
	// Pace, with Roll, loosens the speed thresholds for a rolling foot in
	// proportion to the root's ground speed above Pace (over ±0.25 s):
	// captured feet skate a little on every stride, and a running foot's
	// stance lasts a tenth of a second (MinDuration shrinks for it in the
	// same proportion). Zero turns it off.
	Pace float64 // [Units: m/s]
}

// DefaultExtractOptions suit motion capture at 30-120 frames per second.
func DefaultExtractOptions() ExtractOptions {
	return ExtractOptions{SpeedOn: 0.10, SpeedOff: 0.20, SmoothTime: 1.0 / 30, MaxHeight: 0.10, MaxTilt: 30 * math.Pi / 180, MaxSlide: 0.01, MinDuration: 0.05, Roll: true, MaxTravel: 0.01, Steps: true, Pace: 1.2}
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
	// height is the lowest point of the effector, the sole, or PalmDepth
	// below a hand's lowest joint, the palm) at the middle of the
	// interval, facing from the joint to the tip.
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
	world  []mgl64.Quat // world rotations, frame-major like pos (with Roll)
	pace   []float64    // per frame, what rolling speeds are divided by (with Roll)
	flight []bool       // per frame, whether the root falls freely (with Steps)
	effs   []motion.Effector
	feet   int                // effs[:feet] are the feet
	chains [][]int            // per effector: its joint, its tip, and end sites below
	floor  map[string]float64 // per template: the lowest any of its effectors goes
	rest   []mgl64.Vec3
	h      int // frames either side of a speed's central difference
}

func newCriteria(c *motion.Clip, eff *motion.Effectors, opt ExtractOptions) (*criteria, error) {
	if !(opt.SpeedOn > 0) || opt.SpeedOff < opt.SpeedOn || opt.SmoothTime < 0 || opt.MinDuration < 0 || opt.MaxHeight < 0 || opt.MaxTilt < 0 || !(opt.MaxSlide > 0) || opt.Roll && !(opt.MaxTravel > 0) || opt.Pace < 0 {
		return nil, fmt.Errorf("dock: bad extraction thresholds %+v", opt)
	}
	sk := c.Skeleton
	cr := &criteria{c: c, opt: opt, n: sk.NumJoints(), pos: c.Positions(), effs: eff.All(), feet: len(eff.Feet), floor: map[string]float64{},
		rest: sk.RestPositions(), h: max(1, int(math.Round(opt.SmoothTime/c.FrameTime)))}
	if opt.Roll {
		cr.world = make([]mgl64.Quat, len(cr.pos))
		for f := range c.Frames() {
			c.FrameFK(f, cr.pos[f*cr.n:(f+1)*cr.n], cr.world[f*cr.n:(f+1)*cr.n])
		}
		cr.pace = paces(c, cr.pos, cr.n, opt.Pace)
	}
	if opt.Steps {
		cr.flight = freeFall(c, cr.pos, cr.n)
	}
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

// paces are, per frame, the root's ground speed over ±0.25 s divided by
// pace, at least 1 (all 1 when pace is 0).
func paces(c *motion.Clip, pos []mgl64.Vec3, n int, pace float64) []float64 {
	out := make([]float64, c.Frames())
	h := max(1, int(math.Round(0.25/c.FrameTime)))
	for f := range out {
		out[f] = 1
		a, b := max(f-h, 0), min(f+h, c.Frames()-1)
		if pace > 0 && b > a {
			d := pos[b*n].Sub(pos[a*n])
			out[f] = max(1, math.Hypot(d[0], d[2])/(float64(b-a)*c.FrameTime)/pace)
		}
	}
	return out
}

// A sole is the segments a foot stands on: from the joint to the tip,
// carried by the joint, and from the tip to the end sites below it,
// carried by the tip; each lowered to the chain's lowest point.
type solePoint struct {
	body int           // the joint whose motion carries the point
	l    [2]mgl64.Vec3 // the segment's ends in body's frame at the reference frame
	s    float64       // where on the segment, 0 to 1
}

// soleSpeed is the speed at frame f of the stillest point of foot i's
// sole, a material point of the foot carried by its joints' world motion
// over ±SmoothTime: a foot rolling over its heel, ball or toes, or
// pivoting on them, has a still point there however fast its joints move.
// At a run (the pace over runPace) it is the stillest of that and the
// speeds over SmoothTime before and after f: a running foot stands for one
// to three frames at 30 Hz, and one that has just landed or is about to
// lift is still on the side of its stance.
func (cr *criteria) soleSpeed(i, f int) (float64, solePoint) {
	a, b := max(f-cr.h, 0), min(f+cr.h, cr.c.Frames()-1)
	windows := [][2]int{{a, b}}
	if cr.pace[f] > runPace {
		windows = append(windows, [2]int{a, f}, [2]int{f, b})
	}
	best, bp := math.Inf(1), solePoint{}
	for _, w := range windows {
		if w[0] == w[1] {
			continue
		}
		d, p := cr.soleMove(i, f, w[0], w[1])
		if v := d / (float64(w[1]-w[0]) * cr.c.FrameTime); v < best {
			best, bp = v, p
		}
	}
	if math.IsInf(best, 1) {
		return 0, bp
	}
	return best, bp
}

// runPace is the pace (the root's speed over Pace) above which a gait is
// a run.
const runPace = 2

// soleMove is how far the point of foot i's sole at frame f that moves
// least from frame a to frame b moves, and which point that is.
func (cr *criteria) soleMove(i, f, a, b int) (float64, solePoint) {
	best, bp := math.Inf(1), solePoint{}
	for _, p := range cr.sole(i, f) {
		u := cr.carry(p.body, b, p.l[0]).Sub(cr.carry(p.body, a, p.l[0]))
		v := cr.carry(p.body, b, p.l[1]).Sub(cr.carry(p.body, a, p.l[1])).Sub(u)
		if vv := v.Dot(v); vv > 0 {
			p.s = min(max(-u.Dot(v)/vv, 0), 1)
		}
		if d := u.Add(v.Mul(p.s)).Len(); d < best {
			best, bp = d, p
		}
	}
	return best, bp
}

// sole is foot i's sole segments at frame f.
func (cr *criteria) sole(i, f int) []solePoint {
	e, n, y := cr.effs[i], cr.n, cr.low(i, f)
	local := func(body int, p mgl64.Vec3) mgl64.Vec3 {
		p[1] = y
		return cr.world[f*n+body].Inverse().Rotate(p.Sub(cr.pos[f*n+body]))
	}
	j, t := cr.pos[f*n+e.Joint], cr.pos[f*n+e.Tip]
	out := []solePoint{{body: e.Joint, l: [2]mgl64.Vec3{local(e.Joint, j), local(e.Joint, t)}}}
	for _, k := range cr.chains[i][2:] {
		if cr.c.Skeleton.Parents[k] == e.Tip {
			out = append(out, solePoint{body: e.Tip, l: [2]mgl64.Vec3{local(e.Tip, t), local(e.Tip, cr.pos[f*n+k])}})
		}
	}
	return out
}

// carry is where the point l of body's frame is at frame g.
func (cr *criteria) carry(body, g int, l mgl64.Vec3) mgl64.Vec3 {
	return cr.pos[g*cr.n+body].Add(cr.world[g*cr.n+body].Rotate(l))
}

// trimRoll is the longest part of [from, to] over which the contact of
// rolling foot i (its stillest sole point, which moves from heel to ball
// as the foot rolls) travels at most MaxTravel and the stiller of the
// foot's joint and tip stays within MaxSlide of where it was at the start
// (when no two frames do, the frame where the foot is lowest).
func (cr *criteria) trimRoll(i, from, to int) (int, int) {
	// step[k] is how far the contact moves from frame from+k to the next.
	step := make([]float64, to-from)
	for f := from; f < to; f++ {
		step[f-from], _ = cr.soleMove(i, f, f, f+1)
	}
	best := [2]int{from, from}
	for a := from; a <= to; a++ {
		if cr.height(i, a) < cr.height(i, best[0]) && best[1] == best[0] {
			best = [2]int{a, a} // of single frames, the lowest
		}
		travel := 0.0
		for b := a + 1; b <= to; b++ {
			travel += step[b-1-from]
			if travel > cr.opt.MaxTravel || cr.held(i, a, b) > cr.opt.MaxSlide {
				break
			}
			if b-a > best[1]-best[0] {
				best = [2]int{a, b}
			}
		}
	}
	return best[0], best[1]
}

// held is how far the stiller of foot i's joint and tip gets from where it
// is at frame a by frame b.
func (cr *criteria) held(i, a, b int) float64 {
	e := cr.effs[i]
	out := math.Inf(1)
	for _, j := range [2]int{e.Joint, e.Tip} {
		m := 0.0
		for f := a + 1; f <= b; f++ {
			m = max(m, cr.pos[f*cr.n+j].Sub(cr.pos[a*cr.n+j]).Len())
		}
		out = min(out, m)
	}
	return out
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
func (cr *criteria) near(i, f int) bool { return cr.grounded(i, f) && cr.level(i, f) }

// grounded reports whether effector i is near the floor at f: within
// MaxHeight of the clip's floor or, with Steps, for a foot out of flight,
// of the lowest foot standing then.
func (cr *criteria) grounded(i, f int) bool {
	return cr.opt.MaxHeight == 0 || cr.above(i, f) <= cr.opt.MaxHeight
}

// above is how far effector i is above what grounded measures it against
// at frame f: the clip's floor or, with Steps, the lowest standing foot.
func (cr *criteria) above(i, f int) float64 {
	if cr.opt.Steps && !cr.flight[f] {
		return min(cr.height(i, f), cr.aboveStanding(i, f))
	}
	return cr.height(i, f)
}

// freeFall marks the frames where the root's height accelerates downwards
// at more than half of gravity (over ±0.1 s): in flight, whatever the feet
// do, they stand on nothing.
func freeFall(c *motion.Clip, pos []mgl64.Vec3, n int) []bool {
	out := make([]bool, c.Frames())
	h := max(1, int(math.Round(0.1/c.FrameTime)))
	dt := float64(h) * c.FrameTime
	for f := h; f+h < c.Frames(); f++ {
		a := (pos[(f+h)*n][1] - 2*pos[f*n][1] + pos[(f-h)*n][1]) / (dt * dt)
		out[f] = a < -0.5*gravity
	}
	return out
}

const gravity = 9.81 // [Units: m/s²]

// level reports whether effector i is within MaxTilt of its rest
// elevation at f.
func (cr *criteria) level(i, f int) bool {
	return cr.opt.MaxTilt == 0 || cr.tilt(i, f) <= cr.opt.MaxTilt
}

// stillSpeed is the speed a rolling foot's stationary test compares: its
// stillest sole point's over the pace (without Roll, or for a hand, the
// strict speed).
func (cr *criteria) stillSpeed(i, f int) float64 {
	if cr.opt.Roll && i < cr.feet {
		v, _ := cr.soleSpeed(i, f)
		return v / cr.pace[f]
	}
	return cr.speed(i, f)
}

// paceAt is what stillSpeed divided effector i's speed by at frame f.
func (cr *criteria) paceAt(i, f int) float64 {
	if cr.opt.Roll && i < cr.feet {
		return cr.pace[f]
	}
	return 1
}

// aboveStanding is how far foot i is above the lowest foot standing at
// frame f (moving slower than SpeedOff on its joint or tip, i itself
// included): on stairs and uneven ground a foot standing alone, or level
// with the other, is on the floor wherever that is. Hands are measured
// against the clip's floor only (+Inf here).
func (cr *criteria) aboveStanding(i, f int) float64 {
	if i >= cr.feet {
		return math.Inf(1)
	}
	lowest := cr.low(i, f)
	for k := range cr.feet {
		if k != i && cr.stillSpeed(k, f) < cr.opt.SpeedOff {
			lowest = min(lowest, cr.low(k, f))
		}
	}
	return cr.low(i, f) - lowest
}

// intervals calls emit with every dock interval of effector i (trimmed, at
// least MinDuration long), in time order: the intervals where joint and
// tip are both still and, with Roll, those where either is and which hold
// none of the former.
func (cr *criteria) intervals(i int, emit func(from, to int)) {
	e := cr.effs[i]
	var out [][2]int
	for _, s := range cr.stays(i, cr.speed, cr.near, 1) {
		if a, b := trim(cr.pos, cr.n, e.Joint, s[0], s[1], cr.opt.MaxSlide); cr.long(a, b) {
			out = append(out, [2]int{a, b})
		}
	}
	if cr.opt.Roll && i < cr.feet {
		out = append(out, cr.rolling(i, out)...)
		slices.SortFunc(out, func(x, y [2]int) int { return x[0] - y[0] })
	}
	for _, s := range out {
		emit(s[0], s[1])
	}
}

// rolling are foot i's rolling docks: in each stance that overlaps none
// of the strict intervals, the longest rolling interval once trimmed.
func (cr *criteria) rolling(i int, strict [][2]int) [][2]int {
	var out [][2]int
	rolls := cr.stays(i, cr.stillSpeed, cr.grounded, 1)
	for _, st := range cr.stays(i, cr.stillSpeed, cr.grounded, stanceFactor) {
		if overlaps(strict, st) {
			continue
		}
		best := [2]int{0, -1}
		for _, s := range rolls {
			if s[0] >= st[0] && s[1] <= st[1] {
				if a, b := cr.trimRoll(i, s[0], s[1]); cr.longRoll(i, a, b) && b-a > best[1]-best[0] {
					best = [2]int{a, b}
				}
			}
		}
		if best[1] >= 0 {
			out = append(out, best)
		}
	}
	return out
}

// long reports whether frames [a, b] last at least MinDuration.
func (cr *criteria) long(a, b int) bool {
	return float64(b-a)*cr.c.FrameTime+1e-9 >= cr.opt.MinDuration
}

// longRoll reports whether foot i's rolling frames [a, b] last at least
// MinDuration over the pace there: a stance is shorter the faster the
// gait (a tenth of a second at a sprint, less in a cartoon's run). At a
// run, a stance that may be shorter than a frame counts when it shows in
// one with the foot on the clip's floor (within a quarter of MaxHeight).
func (cr *criteria) longRoll(i, a, b int) bool {
	k := cr.pace[(a+b)/2]
	need := cr.opt.MinDuration / k
	if float64(b-a)*cr.c.FrameTime+1e-9 >= need {
		return true
	}
	if k <= runPace || need >= cr.c.FrameTime {
		return false
	}
	for f := a; f <= b; f++ {
		if cr.height(i, f) > cr.opt.MaxHeight/4 {
			return false
		}
	}
	return true
}

// stanceFactor times the speed thresholds tells a foot on the ground
// (rolling, pivoting, skating a little) from a swinging one: a stance
// gets one rolling dock at most, and none when it holds a strict one.
const stanceFactor = 5

// overlaps reports whether any interval of ivs meets s.
func overlaps(ivs [][2]int, s [2]int) bool {
	for _, iv := range ivs {
		if iv[0] <= s[1] && iv[1] >= s[0] {
			return true
		}
	}
	return false
}

// stays are effector i's maximal intervals of frames where speed is under
// k times the thresholds (with hysteresis) and near holds, untrimmed.
func (cr *criteria) stays(i int, speed func(i, f int) float64, near func(i, f int) bool, k float64) [][2]int {
	var out [][2]int
	still, from := false, 0
	for f := range cr.c.Frames() {
		s, near := speed(i, f), near(i, f)
		if still && (s > k*cr.opt.SpeedOff || !near) {
			out = append(out, [2]int{from, f - 1})
			still = false
		} else if !still && s < k*cr.opt.SpeedOn && near {
			still, from = true, f
		}
	}
	if still {
		out = append(out, [2]int{from, cr.c.Frames() - 1})
	}
	return out
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
	ground := start.ToLocal(mgl64.Vec3{mean[0], lowest - palmDepth(e.Template), mean[2]})
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
