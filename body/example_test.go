package body_test

import (
	"fmt"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/humanoid"
)

// The adult's body: a capsule per bone of the procedural skeleton, with
// the adult's radii per part.
func ExampleDerive() {
	sk := humanoid.Skeleton()
	m, err := body.Derive(sk, humanoid.Effectors(sk), body.AdultRadii())
	if err != nil {
		panic(err)
	}
	count := map[body.Part]int{}
	for _, c := range m.Capsules {
		count[c.Part]++
	}
	fmt.Println(len(m.Capsules), "capsules;", count[body.Torso], "torso,", count[body.Thigh], "thighs,", count[body.Hand], "hand bones")
	fmt.Println("a foot may touch the ground:", body.Foot.MayTouchGround(), "; the head:", body.Head.MayTouchGround())
	// Output:
	// 30 capsules; 3 torso, 2 thighs, 6 hand bones
	// a foot may touch the ground: true ; the head: false
}
