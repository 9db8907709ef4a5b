package main

import (
	"math"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// inScene is how far a walk's body went into the scene, measured by the
// capsule oracle (internal/capsuleoracle: exact distances over a grid of
// the scene's triangles, sharing no code with the checker the planner
// prunes and refuses with) on every frame of the written motion.
type inScene struct {
	// DeepestM is the deepest any capsule goes into the scene beyond the
	// contact rules (legs and hands may sink 2 cm into ground faces, feet
	// and hands brush any face); at most 0, it is the smallest clearance
	// (down to −0.5 m). [Units: m]
	DeepestM float64 `json:"deepest_m"`
	Part     string  `json:"part,omitempty"` // the capsule's part, where it went deepest
	// Share is the share of frames with a capsule more than InSceneDepth
	// into the scene.
	Share float64 `json:"share_of_frames"`
}

// InSceneDepth is how deep into the scene a capsule must go for its frame
// to count in inScene.Share: 1 mm, past rounding. [Units: m]
const InSceneDepth = 0.001

// contactSink is how far the contact rules let the legs and hands sink
// into ground faces (the warp's tolerance for uneven ground). [Units: m]
const contactSink = 0.02

// measureInScene poses body m by every frame of c against scene sc.
func measureInScene(sc *capsuleoracle.Scene, m *body.Model, c *motion.Clip) inScene {
	n := c.Skeleton.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	out := inScene{DeepestM: math.Inf(-1)}
	in := 0
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		x := sc.Intrude(m, pos, world, contactSink)
		if x.Depth > out.DeepestM {
			out.DeepestM, out.Part = x.Depth, ""
			if x.Capsule >= 0 {
				out.Part = m.Capsules[x.Capsule].Part.String()
			}
		}
		if x.Depth > InSceneDepth {
			in++
		}
	}
	out.Share = float64(in) / float64(max(1, c.Frames()))
	return out
}

// worse is the worse of two walks' measures: the deeper, the larger share.
func (a inScene) worse(b inScene) inScene {
	out := a
	if b.DeepestM > a.DeepestM {
		out.DeepestM, out.Part = b.DeepestM, b.Part
	}
	out.Share = math.Max(a.Share, b.Share)
	return out
}
