package librarybuild

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/stategraph"
)

// Source is one clip a library is built from.
type Source struct {
	Name      string // unique, for reports ("16_17.amc", "robot.glb#Walking")
	Ref       ClipRef
	Clip      *motion.Clip
	Effectors *motion.Effectors
}

// ClipRef is how an action file names a clip: a BVH file, an AMC motion
// with its ASF skeleton, or a glTF character's animation, at a scale;
// with Retarget, moved onto that clip's skeleton (motion.Retarget).
type ClipRef struct {
	BVH, AMC, ASF, GLTF, Animation string
	Scale                          float64 // file units to metres (0: 1)
	Retarget                       *ClipRef
}

// BuildOptions tune Build.
type BuildOptions struct {
	// MaxPoseError is the largest pose difference a transition between
	// two actions may have, as a share of the leg's length: joint
	// positions relative to the root's ground point and heading, root mean
	// square, plus 0.1 s of the difference of their velocities. Zero means
	// 0.1. [Limit: >= 0]
	MaxPoseError float64
	// MinAction and MaxAction bound an action's length; longer standing
	// stretches are cut into pieces of about a second. Zero means 0.1 s
	// and 2 s. [Units: s]
	MinAction, MaxAction float64
	// Retarget moves clips of another skeleton with the same joint
	// hierarchy (a CMU BVH conversion and an Acclaim skeleton, two
	// subjects of one studio) onto the library's skeleton
	// (motion.Retarget); without it they are skipped.
	Retarget bool
	// Hands keeps the hands' docks. Without it actions dock their feet
	// only: a hand still in a capture (a T-pose, a hand on a hip) is
	// rarely on something the level will have.
	Hands bool
	// Pivots adds turns on the spot by PivotDegs, made from the pose the
	// character stands in (motion.Pivot), even to captures that turn on
	// the spot themselves; captures that do not get them always: a
	// character facing a wall or another character can then turn away.
	Pivots bool
	// NoPivots never adds them.
	NoPivots bool
	// NoSynthesis keeps the library to what the captures hold. Without
	// it, when they give no library or one with no standing action lasting
	// MinStand, Build completes them: each clip that travels gets its gait
	// cycle looped inside it (and played faster too, when nothing walks at
	// BriskWalk), and a standing pose is made from a step when nothing
	// stands that long, with starts and stops blended into and out of it;
	// such actions carry the tag Synthesized.
	NoSynthesis bool
}

// Built is a library made by Build: the actions, their graph, how the
// action file refers to each action's clip, and what happened.
type Built struct {
	Library *action.Library
	Graph   *stategraph.Graph
	Clips   map[string]ActionClip // per action name
	Report  Report
}

// ActionClip is where an action's clip comes from: the source, whether it
// was conformed (RootMotion: motion.Conform changed it) and its frames
// (first, last inclusive).
type ActionClip struct {
	Source     string
	Ref        ClipRef
	RootMotion bool
	Loop       bool // the clip (with its root motion) played twice
	// Cycle, when its last frame is not zero, is a gait cycle inside the
	// clip (with its root motion), first and last frame, looped and
	// played twice (instead of Loop); Period, when not zero, is how many
	// frames each playing then lasts (retimed: faster than captured when
	// under Cycle[1]-Cycle[0]). With Mirror, Cycle is a step, and the
	// loop that step followed by its mirror image (twice as long).
	Cycle  [2]int
	Mirror bool
	Period int
	// Stand, when set, makes the clip (with its root motion and loop) a
	// standing pose from its frame StandFrame, StandSeconds long
	// (motion.Stand).
	Stand      bool
	StandFrame int
	First      int
	Last       int
	// BlendFrom, when set, is the action whose last pose the clip fades in
	// from over BlendSeconds (motion.BlendIn), or, with CarryOn, whose
	// motion carries on into the clip (motion.BlendOn: a change of gait).
	BlendFrom    string
	BlendSeconds float64
	CarryOn      bool
	// Turn, when not zero, turns the clip's path (motion.TurnPath) after
	// the frames are picked and before the blend.
	Turn Turn
	// Pivot, when not zero, makes the clip a turn on the spot by this many
	// degrees from the first of its frames (motion.Pivot).
	Pivot float64
}

// Turn is a path turn: Deg about the vertical through Pivot (x, z in the
// clip), growing from From to To seconds into the action.
type Turn struct {
	Deg      float64
	Pivot    [2]float64
	From, To float64
}

// Report says what Build did.
type Report struct {
	Sources      []SourceReport `json:"sources"`
	Actions      int            `json:"actions"`
	Tags         map[string]int `json:"actions_per_tag"`
	Transitions  int            `json:"transitions"`
	MaxPoseError float64        `json:"max_transition_pose_error_m"`
	// MaxBlendError is the largest pose difference a start or stop blends
	// across (motion.BlendIn).
	MaxBlendError float64 `json:"max_blend_pose_error_m"`
	// Dropped names the pieces left out: those with no way on, those
	// whose root pops (MaxRootAccel) and those off the feet (MinHipsUp).
	Dropped []string `json:"dead_ends_dropped"`
	Entry   []string `json:"entry"`
	// Size is the character's leg over the adult's; from 15% off, the
	// docks use the built-in templates grown by it ("foot@2.43").
	Size float64 `json:"size_to_adult"`
}

// SourceReport is what one source gave.
type SourceReport struct {
	Name       string  `json:"name"`
	Seconds    float64 `json:"seconds"`
	RootMotion float64 `json:"root_motion_m_per_s,omitempty"` // the root's speed, when conformed
	// Conformed says how the clip was brought to the planner's
	// conventions (motion.Conform), or is empty.
	Conformed string `json:"conformed,omitempty"`
	Loop      bool   `json:"loop,omitempty"` // ends as it starts: played twice to cut
	FootDocks int    `json:"foot_docks"`
	Actions   int    `json:"actions"`
	Skipped   string `json:"skipped,omitempty"`
	// Synthesized marks a source the builder made from another: a gait
	// cycle looped inside a clip, or a standing pose.
	Synthesized bool   `json:"synthesized,omitempty"`
	Retargeted  string `json:"retargeted_onto,omitempty"` // the source whose skeleton it was moved onto
	Reordered   string `json:"reordered_as,omitempty"`    // the source whose skeleton it is, in another joint order
	// NoDocks says, when no foot was ever docked, why (dock.Diagnose).
	NoDocks string `json:"no_docks,omitempty"`
}

// cut is a candidate action: frames [from, to] of a prepared source, and
// how the feet stand at either end (-1 both, 0 left, 1 right).
type cut struct {
	src        int
	from, to   int
	startFoot  int
	endFoot    int
	standStart bool // both feet down and the root slow at the first frame
	standEnd   bool
}

const bothFeet = -1

// Build cuts source clips into actions and joins them into a state graph,
// motion-graph fashion (Kovar, Gleicher and Pighin 2002):
//
//   - The sources sharing the most common skeleton are used; clips of other
//     skeletons are reported as skipped (no retargeting).
//   - A clip on the spot gets the root motion its feet imply (RootMotion).
//   - Docks are extracted with the thresholds scaled to the skeleton's leg
//     (twice or four times the slide where a foot of a walk never docks:
//     a capture whose feet creep through their stances).
//   - Cut points are the middles of single-support foot docks and the ends
//     of stretches where both feet stand; an action runs from one cut point
//     to the next (a step, about half a second), and a long standing
//     stretch is cut into pieces of about a second.
//   - Tags come from each action's root motion: idle, walk or run by speed,
//     turn-left/right with the angle to 15° (turn-left-45), step-up and
//     step-down by the rise, jump when no foot is down for a quarter of a
//     second, start and stop where the feet stand at the first or last
//     frame.
//   - Each step of a walk or run gets two turning variants, its path
//     turned 30° left and right about its first foot dock while the other
//     foot swings (motion.TurnPath), with the step's transitions.
//   - A transition joins a's end to b's start when the same feet stand
//     there and the poses differ by at most MaxPoseError of the leg (the
//     velocities by central differences in the clips cut); consecutive
//     pieces of one clip are always joined.
//   - Standing and moving are joined by blends (starts and stops, see
//     blended): a start keeps the standing feet planted until they lift, a
//     stop keeps the foot the step holds where it stands (holdStop).
//   - A character more than 15% larger or smaller than the adult (by its
//     leg) docks with the built-in templates grown to it (dock.ScaledName).
//   - Unless an action turns on the spot already (or with Pivots; never
//     with NoPivots), turns on the spot by PivotDegs made from the first
//     pose of the standing action a character starts in (motion.Pivot)
//     follow whatever goes on to it and go on to it, to each other and to
//     what it goes on to; so do turns from each other standing piece that
//     reaches none through standing actions.
//   - Actions without a successor are dropped until none is left, and
//     starts after which the character can only stop, when other starts
//     go on (a planner looking one action ahead would step and stop). The
//     entries are the standing actions (the first named "idle"), and for
//     motion no standing action leads to, its first action.
//
// The result is deterministic: the sources' order decides every tie.
func Build(srcs []Source, opt BuildOptions) (*Built, error) {
	if opt.MaxPoseError == 0 {
		opt.MaxPoseError = 0.1
	}
	if opt.MinAction == 0 {
		opt.MinAction = 0.1
	}
	if opt.MaxAction == 0 {
		opt.MaxAction = 2
	}
	if !(opt.MaxPoseError > 0) || !(opt.MinAction > 0) || !(opt.MaxAction >= 2*opt.MinAction) {
		return nil, fmt.Errorf("library: bad build options %+v", opt)
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("library: no clips to build from")
	}
	built, err := build(srcs, opt, false)
	if opt.NoSynthesis || err == nil && built.stands() {
		return built, err
	}
	more, err2 := build(srcs, opt, true)
	if err2 != nil {
		if err == nil {
			return built, nil
		}
		return nil, err2
	}
	return more, nil
}

// stands reports whether a built library has a standing action lasting
// MinStand or longer, on both feet at its ends.
func (b *Built) stands() bool {
	return slices.ContainsFunc(b.Library.Actions, standing)
}

// build is Build, with or without synthesized sources (looped gait
// cycles, a standing pose).
func build(srcs []Source, opt BuildOptions, synth bool) (*Built, error) {
	b := &builder{opt: opt, srcs: slices.Clone(srcs), out: &Built{Clips: map[string]ActionClip{}, Report: Report{Tags: map[string]int{}}},
		syn: synthesis{from: map[int]int{}, cycle: map[int][2]int{}, mirror: map[int]bool{}, retime: map[int]int{}, brisk: map[int]int{}, stand: map[int]int{}}, period: map[int]int{}, completing: synth}
	if err := b.prepare(); err != nil {
		return nil, err
	}
	if synth {
		if err := b.addCycles(); err != nil {
			return nil, err
		}
	}
	b.cutAll()
	if err := b.actions(0); err != nil {
		return nil, err
	}
	if synth && (!b.anyStanding() || !b.anyMoving()) {
		if err := b.addStand(); err != nil {
			return nil, err
		}
	}
	b.transitions()
	if err := b.blended(); err != nil {
		return nil, err
	}
	if err := b.turnVariants(); err != nil {
		return nil, err
	}
	if !opt.NoPivots && (opt.Pivots || synth || !b.turnsOnTheSpot()) {
		if err := b.pivots(); err != nil {
			return nil, err
		}
	}
	return b.finish()
}

// turnsOnTheSpot reports whether some action turns on the spot (pivot).
func (b *builder) turnsOnTheSpot() bool {
	for _, a := range b.acts {
		if a.Tags[0] == "pivot" {
			return true
		}
	}
	return false
}

// builder holds Build's work.
type builder struct {
	opt     BuildOptions
	srcs    []Source
	out     *Built
	leg     float64
	xopt    dock.ExtractOptions
	clips   []*motion.Clip // per source: prepared (root motion), nil when skipped
	moved   []bool
	looped  []bool
	period  map[int]int        // per gait cycle played twice: the frames of one playing (its second starts this many frames after its first)
	support [][2][]bool        // per source, foot side, frame: docked
	air     [][]bool           // per source, frame: every foot off the floor
	hipsUp  [][]float64        // per source, frame: the pelvis's height above the lowest foot [Units: m]
	found   [][]dock.Extracted // per source: the docks extracted from the whole prepared clip
	cuts    []cut
	acts    []*action.Action // per cut
	next    [][]int          // per cut: successor cuts
	errs    [][]float64      // per cut: pose error of each successor
	blends  []blendOf        // per cut: the fade it starts with
	turns   []Turn           // per cut: the turn of its path
	pivoted map[int]float64  // the cuts that turn on the spot (motion.Pivot), by degrees
	syn     synthesis        // the sources made from others
	// completing: the library is being completed from little (Build's
	// second try, synthesis on).
	completing bool
}

// blendOf is a cut's fade in from another cut's last pose (or, carryOn,
// from its motion: motion.BlendOn).
type blendOf struct {
	from    int // the cut, or -1
	seconds float64
	carryOn bool
}

// prepare picks the skeleton, scales the thresholds and gives clips on the
// spot their root motion.
func (b *builder) prepare() error {
	ref := b.commonSkeleton()
	sk := b.srcs[ref].Clip.Skeleton
	g, err := motion.GuessScale(sk, b.srcs[ref].Effectors)
	if err != nil {
		return fmt.Errorf("library: %s: %w", b.srcs[ref].Name, err)
	}
	b.leg = g.Leg
	b.xopt = extractOptions(b.leg, !feetLevelAtRest(sk, b.srcs[ref].Effectors))
	b.clips = make([]*motion.Clip, len(b.srcs))
	b.moved = make([]bool, len(b.srcs))
	b.looped = make([]bool, len(b.srcs))
	b.support = make([][2][]bool, len(b.srcs))
	b.air = make([][]bool, len(b.srcs))
	b.hipsUp = make([][]float64, len(b.srcs))
	b.found = make([][]dock.Extracted, len(b.srcs))
	for i, src := range b.srcs {
		rep := SourceReport{Name: src.Name, Seconds: src.Clip.Duration()}
		if !sameSkeleton(src.Clip.Skeleton, sk) {
			if !b.retargetSource(i, ref, &rep) {
				b.out.Report.Sources = append(b.out.Report.Sources, rep)
				continue
			}
		}
		if err := b.prepareSource(i, &rep); err != nil {
			return err
		}
		b.out.Report.Sources = append(b.out.Report.Sources, rep)
	}
	return nil
}

// retargetSource moves source i onto the reference source's skeleton:
// always when the two are the same skeleton in another joint order
// (motion.Reorder), and with BuildOptions.Retarget when they have the same
// joint hierarchy (motion.Retarget). It says which; otherwise it says why
// the source is skipped and returns false.
func (b *builder) retargetSource(i, ref int, rep *SourceReport) bool {
	src, to := &b.srcs[i], b.srcs[ref]
	if c, err := motion.Reorder(src.Clip, to.Clip.Skeleton); err == nil {
		t := to.Ref
		src.Clip, src.Effectors, src.Ref.Retarget = c, to.Effectors, &t
		rep.Reordered = to.Name
		return true
	}
	if !b.opt.Retarget {
		rep.Skipped = fmt.Sprintf("its skeleton is not %s's (a library has one skeleton; --retarget moves clips of the same hierarchy onto it)", to.Name)
		return false
	}
	c, _, err := retarget(src.Clip, src.Name, to.Clip.Skeleton, to.Name)
	if err != nil {
		rep.Skipped = fmt.Sprintf("its skeleton is not %s's and cannot be retargeted onto it (%v)", to.Name, err)
		return false
	}
	t := to.Ref
	src.Clip, src.Effectors, src.Ref.Retarget = c, to.Effectors, &t
	rep.Retargeted = to.Name
	return true
}

// prepareSource gives source i its root motion and closed loop, and finds
// its docks, where its feet stand and where it is in the air.
func (b *builder) prepareSource(i int, rep *SourceReport) error {
	src := b.srcs[i]
	c, conformed := motion.Conform(src.Clip, src.Effectors)
	moved := conformed.Changed()
	if moved {
		rep.RootMotion = math.Round(conformed.Speed*100) / 100
		rep.Conformed = conformed.String()
	}
	_, cycled := b.syn.cycle[i]
	if !cycled && isLoop(c, src.Effectors, b.opt.MaxPoseError*b.leg) {
		var err error
		if c, err = loopTwice(c, src.Effectors); err != nil {
			return fmt.Errorf("library: %s: %w", src.Name, err)
		}
		b.looped[i], rep.Loop = true, true
	}
	if _, ok := b.syn.cycle[i]; ok {
		if _, stands := b.syn.stand[i]; !stands {
			b.period[i] = b.cycleFrames(i)
			if P, ok := b.syn.retime[i]; ok {
				b.period[i] = P
			}
		}
	}
	c, err := b.shapeSynth(i, c)
	if err != nil {
		return err
	}
	b.clips[i], b.moved[i] = c, moved
	ds, err := b.extract(c, src.Effectors)
	if err != nil {
		return fmt.Errorf("library: %s: %w", src.Name, err)
	}
	if k, ok := b.syn.brisk[i]; ok {
		ds = retimedDocks(b.found[k], b.cycleFrames(i), b.syn.retime[i], c.FrameTime)
	}
	b.found[i] = ds
	for side := range 2 {
		b.support[i][side] = make([]bool, c.Frames())
	}
	pos := c.Positions()
	low := lowestFoot(c, src.Effectors, pos)
	b.air[i] = airborne(low, 0.08*b.leg)
	b.hipsUp[i] = hipsUp(c, src.Effectors, pos, low)
	for _, d := range ds {
		if d.Template == "foot" {
			rep.FootDocks++
			for f := d.StartFrame; f <= d.EndFrame; f++ {
				b.support[i][d.Side][f] = true
			}
		}
	}
	if rep.FootDocks == 0 {
		rep.NoDocks = b.whyNoDocks(c, src.Effectors)
	}
	return nil
}

// extract finds the docks of a prepared clip (extractStances).
func (b *builder) extract(c *motion.Clip, eff *motion.Effectors) ([]dock.Extracted, error) {
	return extractStances(c, eff, b.xopt, b.leg)
}

// extractStances finds the docks of clip c, whose leg is leg long, with
// options x. Feet that creep through their stances (creeping) lose them to
// the dock-finder's trimming (MaxSlide, MaxTravel); their stances are
// found again with twice, then four times the slide and travel, which the
// warp takes out when it holds the foot on its dock.
func extractStances(c *motion.Clip, eff *motion.Effectors, x dock.ExtractOptions, leg float64) ([]dock.Extracted, error) {
	start := c.Trajectory(eff.Hips)[0]
	ds, err := dock.Extract(c, eff, start, x)
	for k := 2.0; err == nil && k <= 4 && creeping(c, eff, ds, leg); k *= 2 {
		y := x
		y.MaxSlide *= k
		y.MaxTravel *= k
		ds, err = dock.Extract(c, eff, start, y)
	}
	return ds, err
}

// creeping reports whether clip c walks (walking, leg long) while a foot
// of eff never docks (ds).
func creeping(c *motion.Clip, eff *motion.Effectors, ds []dock.Extracted, leg float64) bool {
	if !walking(c, eff, leg) {
		return false
	}
	for _, e := range eff.Feet {
		if !slices.ContainsFunc(ds, func(d dock.Extracted) bool { return d.Effector == c.Skeleton.Names[e.Joint] }) {
			return true
		}
	}
	return false
}

// walking reports whether clip c's root goes along its path on the ground
// at a walker's pace: from 0.3 to runSpeed legs a second, leg long.
func walking(c *motion.Clip, eff *motion.Effectors, leg float64) bool {
	pace := groundSpeed(c, eff) / leg
	return pace >= 0.3 && pace < runSpeed
}

// groundSpeed is how fast clip c's root point goes along its path on the
// ground. [Units: m/s]
func groundSpeed(c *motion.Clip, eff *motion.Effectors) float64 {
	tr := c.Trajectory(eff.Hips)
	path := 0.0
	for f := 1; f < len(tr); f++ {
		path += math.Hypot(tr[f].X-tr[f-1].X, tr[f].Z-tr[f-1].Z)
	}
	return path / c.Duration()
}

// whyNoDocks says, foot by foot, why a clip docks no foot.
func (b *builder) whyNoDocks(c *motion.Clip, eff *motion.Effectors) string {
	ds, err := dock.Diagnose(c, eff, b.xopt)
	if err != nil {
		return err.Error()
	}
	var why []string
	for _, d := range ds {
		if d.Template == "foot" {
			why = append(why, d.Effector+": "+d.Why(b.xopt))
		}
	}
	return strings.Join(why, "; ")
}

// commonSkeleton is the source whose skeleton most sources share (ties:
// the longest total duration, then the first).
func (b *builder) commonSkeleton() int {
	best, bestN, bestT := 0, 0, 0.0
	for i, s := range b.srcs {
		n, t := 0, 0.0
		for _, o := range b.srcs {
			if motion.SameJoints(o.Clip.Skeleton, s.Clip.Skeleton) {
				n++
				t += o.Clip.Duration()
			}
		}
		if n > bestN || (n == bestN && t > bestT+1e-9) {
			best, bestN, bestT = i, n, t
		}
	}
	return best
}

// sameSkeleton reports whether two skeletons have the same joints, parents
// and offsets (to 0.1 mm).
func sameSkeleton(a, b *motion.Skeleton) bool {
	if a == b {
		return true
	}
	if a.NumJoints() != b.NumJoints() {
		return false
	}
	for j := range a.Names {
		if a.Names[j] != b.Names[j] || a.Parents[j] != b.Parents[j] || a.Offsets[j].Sub(b.Offsets[j]).Len() > 1e-4 {
			return false
		}
	}
	return true
}

// feetLevelAtRest reports whether the rest pose holds the feet as a
// standing character does: each ankle-to-tip direction within 45° of
// level, and the two within 10° of each other.
func feetLevelAtRest(sk *motion.Skeleton, eff *motion.Effectors) bool {
	rest := sk.RestPositions()
	var els []float64
	for _, e := range eff.Feet {
		d := rest[e.Tip].Sub(rest[e.Joint])
		el := math.Atan2(d[1], math.Hypot(d[0], d[2])) * 180 / math.Pi
		if math.Abs(el) > 45 {
			return false
		}
		els = append(els, el)
	}
	return len(els) < 2 || math.Abs(els[0]-els[1]) <= 10
}

// extractOptions are the dock extraction's thresholds for a character
// whose leg is leg long: the defaults scaled to it. noTilt turns the tilt
// test off: it measures from the rest pose, which is off without feet at
// the same angle there (a bind pose taken from a walk).
func extractOptions(leg float64, noTilt bool) dock.ExtractOptions {
	s := leg / motion.AdultLeg
	x := dock.DefaultExtractOptions()
	x.SpeedOn *= s
	x.SpeedOff *= s
	x.MaxHeight *= s
	x.Pace *= s
	x.MaxTravel *= s
	// Half the capture default (a docked foot held by the warp slides as
	// the clip does), and 6 mm at most: a slide shows in metres whatever
	// the character's size.
	x.MaxSlide *= min(0.5*s, 0.6)
	if noTilt {
		x.MaxTilt = 0
	}
	return x
}
