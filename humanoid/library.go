package humanoid

import (
	"github.com/foothold/foothold/motion"
)

// Boundary is the pose class an action starts or ends in.
type Boundary string

// The boundaries: mid-stance on the left or right foot while walking, or
// standing still with both feet side by side.
const (
	StanceLeft  Boundary = "stance-left"
	StanceRight Boundary = "stance-right"
	Stand       Boundary = "stand"
)

func (b Boundary) mirror() Boundary {
	switch b {
	case StanceLeft:
		return StanceRight
	case StanceRight:
		return StanceLeft
	}
	return b
}

// Interval is a contact the generator planned: the effector joint held
// still from Start to End (seconds).
type Interval struct {
	Joint      string
	Start, End float64
}

// Clip is a generated clip with what the generator knows about it.
type Clip struct {
	Name     string // e.g. "walk.l": starts in mid-stance on the left foot
	Base     string // e.g. "walk"
	Clip     *motion.Clip
	From, To Boundary
	Tags     []string
	// Planned are the generator's own contact intervals (feet flat and
	// still, hands planted), an oracle for dock extraction.
	Planned []Interval
}

// Effectors maps the built-in skeleton's feet, hands and hips.
func Effectors(sk *motion.Skeleton) *motion.Effectors {
	e, err := motion.DefaultEffectors(sk)
	if err != nil {
		panic(err) // the built-in names are CMU's, which DefaultEffectors knows
	}
	return e
}

type recipe struct {
	base     string
	tags     []string
	from, to Boundary // for the left-footed version
	duration float64
	script   script
	mirror   bool // also build the right-footed version
	// mirrorOf names the recipe whose mirror image is this one's
	// right-footed version (a left turn mirrored is a right turn); empty
	// for this recipe's own mirror image.
	mirrorOf string
}

func recipes() []recipe {
	walk := step{length: stepLength}
	var rs []recipe
	add := func(base string, st step, tags ...string) {
		rs = append(rs, recipe{base: base, tags: tags, from: StanceLeft, to: StanceRight, duration: st.duration(), script: st.script(), mirror: true})
	}
	add("walk", walk, "walk")
	add("turn-left", step{turn: rad(30), length: 0.55}, "walk", "turn")
	add("turn-right", step{turn: rad(-30), length: 0.55}, "walk", "turn")
	rs[len(rs)-2].mirrorOf, rs[len(rs)-1].mirrorOf = "turn-right", "turn-left"
	add("step-up-15", step{rise: 0.15, length: 0.55}, "step", "up")
	add("step-up-30", step{rise: 0.30, length: 0.5}, "step", "up")
	add("step-up-45", step{rise: 0.45, length: 0.45}, "step", "up")
	add("step-down-30", step{rise: -0.30, length: 0.5}, "step", "down")
	rs = append(rs, specials()...)
	return rs
}

// Clips generates every built-in clip, left- and right-footed versions
// next to each other.
func Clips() []Clip { return renderAll(recipes()) }

func renderAll(all []recipe) []Clip {
	r := newRig()
	var out []Clip
	byBase := map[string]recipe{}
	for _, rc := range all {
		byBase[rc.base] = rc
	}
	for _, rc := range all {
		sides := []bool{false}
		if rc.mirror {
			sides = append(sides, true)
		}
		for _, m := range sides {
			name, from, to := rc.base, rc.from, rc.to
			if rc.mirror {
				name += map[bool]string{false: ".l", true: ".r"}[m]
			}
			if m {
				from, to = from.mirror(), to.mirror()
			}
			src := rc
			if m && rc.mirrorOf != "" {
				src = byBase[rc.mirrorOf]
			}
			c := r.render(src.script, src.duration, m)
			out = append(out, Clip{Name: name, Base: rc.base, Clip: c, From: from, To: to, Tags: rc.tags,
				Planned: r.planned(src.script, src.duration, m)})
		}
	}
	return out
}

// planned lists the script's contacts: feet bearing weight flat on the
// ground, hands planted.
func (r *rig) planned(s script, duration float64, mirror bool) []Interval {
	frames := int(duration*FPS+0.5) + 1
	var out []Interval
	for k := range 4 {
		on, from := false, 0
		for f := 0; f <= frames; f++ {
			still := false
			if f < frames {
				p := s(float64(f) / FPS)
				if mirror {
					p = p.mirror()
				}
				if k < 2 {
					ft := p.Foot[k]
					still = ft.Support && ft.Pitch == 0 && ft.Lift == 0
				} else {
					still = p.Hand[k-2].Planted
				}
			}
			if still && !on {
				on, from = true, f
			} else if !still && on {
				on = false
				joint := [4]int{r.foot[0], r.foot[1], r.hand[0], r.hand[1]}[k]
				out = append(out, Interval{Joint: r.sk.Names[joint], Start: float64(from) / FPS, End: float64(f-1) / FPS})
			}
		}
	}
	return out
}
