package warp_test

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/warp"
)

// A step whose landing foot's support lies 4 cm further ahead than the
// clip puts it: the warp turns the step a little, moves the root with the
// spring, and the foot lands on the support exactly.
func ExampleWarper_Warp() {
	lib, _, _ := librarybuild.Default(librarybuild.DefaultOptions{})
	a := lib.Get("walk.l")
	var targets []warp.Target
	for k, d := range a.Docks {
		p := action.Frame{}.DockPose(d.Pose) // where the clip expects it
		if k == len(a.Docks)-1 {
			p.Position[2] += 0.04
		}
		targets = append(targets, warp.Target{Dock: k, Pose: p})
	}
	var w warp.Warper
	w.Reserve(lib)
	r, err := w.Warp(a, action.Frame{}, targets, warp.Carry{}, warp.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("turn %.2f°, root offset %.3f m forward\n", r.Turn*180/math.Pi, r.RootOffset[2])
	for _, d := range r.Docks {
		fmt.Printf("%s: reached %v, error %.1f mm\n", a.Docks[d.Dock].Effector, d.Reached, d.Error*1000)
	}
	// Output:
	// turn 0.57°, root offset 0.023 m forward
	// LeftFoot: reached true, error 0.0 mm
	// RightFoot: reached true, error 0.0 mm
}
