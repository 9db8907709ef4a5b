package main

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
)

// footwork is how the executed motion keeps its docks, measured on the
// motion alone (forward kinematics of its clip) against the plan's steps:
// how far a docked foot or hand moves while its dock lasts within its step
// (Slide) and after the next step has begun (Seam) — the stiller of the
// joint and its tip, as a foot rolling over its ball keeps the ball still
// — the largest error of a dock's warp (DockError, as the warp reports
// it), and the root's largest jump: the second difference of its position
// between frames (RootJump). [Units: m] SlideAt and SeamAt name the
// action and effector of the largest slides, JumpAt the action the root
// jumps most in (or, between two, the second), DockAt the action whose
// dock the warp met worst.
type footwork struct {
	Slide     float64 `json:"slide_m"`
	Seam      float64 `json:"seam_slide_m"`
	DockError float64 `json:"max_dock_error_m"`
	RootJump  float64 `json:"root_jump_m"`
	SlideAt   string  `json:"slide_at,omitempty"`
	SeamAt    string  `json:"seam_slide_at,omitempty"`
	JumpAt    string  `json:"root_jump_at,omitempty"`
	DockAt    string  `json:"max_dock_error_at,omitempty"`
}

// measureFootwork measures footwork of clip c, made by steps of actions in
// lib.
func measureFootwork(c *motion.Clip, steps []planner.Step, lib *action.Library) footwork {
	var fw footwork
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	fps := 1 / c.FrameTime
	tip := map[int]int{}
	if eff, err := motion.DefaultEffectors(c.Skeleton); err == nil {
		for _, e := range eff.All() {
			tip[e.Joint] = e.Tip
		}
	}
	for k, st := range steps {
		for _, d := range st.Docks {
			if d.Error > fw.DockError {
				fw.DockError, fw.DockAt = d.Error, st.Action
			}
		}
		a := lib.Get(st.Action)
		if a == nil {
			continue
		}
		next := c.Frames()
		if k+1 < len(steps) {
			next = int(math.Round(steps[k+1].Start * fps))
		}
		for _, d := range a.Docks {
			j := c.Skeleton.Index(d.Effector)
			if j < 0 {
				continue
			}
			tj, ok := tip[j]
			if !ok {
				tj = j
			}
			f0 := int(math.Ceil((st.Start + d.Start) * fps))
			f1 := min(int(math.Floor((st.Start+d.End)*fps)), c.Frames()-1)
			var in, across [2]float64
			for p, jj := range [2]int{j, tj} {
				for f := f0; f <= f1; f++ {
					m := pos[f*n+jj].Sub(pos[f0*n+jj]).Len()
					if f < next {
						in[p] = max(in[p], m)
					} else {
						across[p] = max(across[p], m)
					}
				}
			}
			if m := min(in[0], in[1]); m > fw.Slide {
				fw.Slide, fw.SlideAt = m, st.Action+" "+d.Effector
			}
			if m := min(across[0], across[1]); m > fw.Seam {
				fw.Seam, fw.SeamAt = m, st.Action+" "+d.Effector
			}
		}
	}
	at := 0
	for f := 1; f+1 < c.Frames(); f++ {
		if j := pos[(f+1)*n].Sub(pos[f*n].Mul(2)).Add(pos[(f-1)*n]).Len(); j > fw.RootJump {
			fw.RootJump, at = j, f
		}
	}
	for _, st := range steps {
		if st.Start <= float64(at+1)*c.FrameTime {
			fw.JumpAt = st.Action
		}
	}
	return fw
}

// worst is the larger of each of f's and g's figures.
func (f footwork) worst(g footwork) footwork {
	w := footwork{DockError: f.DockError, DockAt: f.DockAt, RootJump: f.RootJump, JumpAt: f.JumpAt}
	if g.DockError > f.DockError {
		w.DockError, w.DockAt = g.DockError, g.DockAt
	}
	if g.RootJump > f.RootJump {
		w.RootJump, w.JumpAt = g.RootJump, g.JumpAt
	}
	w.Slide, w.SlideAt = f.Slide, f.SlideAt
	if g.Slide > f.Slide {
		w.Slide, w.SlideAt = g.Slide, g.SlideAt
	}
	w.Seam, w.SeamAt = f.Seam, f.SeamAt
	if g.Seam > f.Seam {
		w.Seam, w.SeamAt = g.Seam, g.SeamAt
	}
	return w
}
