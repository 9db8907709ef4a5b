package ccdprim_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/ccdprim"
)

// A vertex falling two metres through a floor triangle a metre below it
// touches it half-way through the step.
func ExampleVertexFace() {
	a, b, c := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}
	r := ccdprim.VertexFace(mgl64.Vec3{0.2, 1, 0.2}, a, b, c, mgl64.Vec3{0.2, -1, 0.2}, a, b, c, ccdprim.Options{})
	fmt.Printf("hit %v at t = %.3f\n", r.Hit, r.Time)
	// Output: hit true at t = 0.500
}
