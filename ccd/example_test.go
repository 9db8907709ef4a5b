package ccd_test

import (
	"fmt"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// A one-bone "hand" swung through a 2 cm wall between two frames of a
// 30 Hz clip: neither frame touches the wall; the checker finds when the
// hand first does (its leading end, 2.5 cm round, reaches the wall's face
// when the root has moved 0.285 m of 1 m: at 9.5 ms).
func Example() {
	sk := &motion.Skeleton{
		Names:    []string{"Root", "Hand", "Tip"},
		Parents:  []int{-1, 0, 1},
		Offsets:  []mgl64.Vec3{{}, {0.3, 0, 0}, {0.08, 0, 0}},
		Channels: [][]motion.Channel{{motion.Xposition, motion.Yposition, motion.Zposition, motion.Zrotation, motion.Yrotation, motion.Xrotation}, {motion.Zrotation, motion.Yrotation, motion.Xrotation}, nil},
		EndSite:  []bool{false, false, true},
	}
	hand := &body.Model{Skeleton: sk, Capsules: []body.Capsule{{Joint: 1, B: mgl64.Vec3{0.08, 0, 0}, Radius: 0.025, Part: body.Torso, Effector: -1}}}
	var b scenesBuilder
	b.box(mgl64.Vec3{-0.01, -2, -2}, mgl64.Vec3{0.01, 2, 2}) // the wall: x from -1 cm to 1 cm
	bvh, _ := scenes.NewBVH(meshOf(b.tris), scenes.BVHOptions{})
	scene, _ := ccd.NewScene(bvh)
	sweeps, _ := ccd.NewSweeps(action.NewLibrary(), hand, ccd.Options{}, nil)

	clip := motion.NewClip(sk, 2, 1.0/30)
	clip.Rot[0], clip.Rot[1], clip.Rot[3], clip.Rot[4] = mgl64.QuatIdent(), mgl64.QuatIdent(), mgl64.QuatIdent(), mgl64.QuatIdent()
	clip.Trans[0] = mgl64.Vec3{-0.7, 1, 0} // the hand from x = -0.4 to -0.32
	clip.Trans[3] = mgl64.Vec3{0.3, 1, 0}  // the hand from x = 0.6 to 0.68
	var c ccd.Contact
	clear := ccd.NewChecker(sweeps, scene).Clip(clip, &c)
	fmt.Printf("clear: %v; in contact at %.1f ms, %.1f mm from the wall's surface\n", clear, c.Time*1000, c.Gap*1000)
	// Output:
	// clear: false; in contact at 9.5 ms, 0.1 mm from the wall's surface
}

// scenesBuilder collects the triangles of boxes.
type scenesBuilder struct{ tris []otri }

func (s *scenesBuilder) box(lo, hi mgl64.Vec3) { s.tris = append(s.tris, slab(lo, hi)...) }
