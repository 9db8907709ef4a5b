package humanoid_test

import (
	"strings"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/sceneload"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// The built-in climb, performed before the 1.2 m ledge it was made for,
// keeps the adult's body out of it whether the ledge's face is 0.45 m
// ahead (5 cm nearer than the clip expects) or farther: no capsule goes
// into the ledge or the floor beyond what the contact rules allow a hand
// or a foot (the capsule oracle, frame by frame). The climb used to pull
// the torso through the ledge's edge and put both thighs in its face.
func TestClimbClearsItsLedge(t *testing.T) {
	sk := humanoid.Skeleton()
	eff := humanoid.Effectors(sk)
	m, err := body.Derive(sk, eff, body.RadiiFor(sk, eff))
	if err != nil {
		t.Fatal(err)
	}
	n := sk.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	climbs := 0
	for _, face := range []float32{0.45, 0.5, 0.6, 0.75} {
		var b sceneload.Builder
		b.Quad(mgl32.Vec3{-3, 0, -3}, mgl32.Vec3{-3, 0, 3}, mgl32.Vec3{3, 0, 3}, mgl32.Vec3{3, 0, -3})
		b.Box(mgl32.Vec3{-1.5, 0, face}, mgl32.Vec3{1.5, 1.2, face + 1})
		sc := capsuleoracle.NewScene(b.Mesh())
		for _, c := range humanoid.Clips() {
			if !strings.HasPrefix(c.Name, "climb-ledge") {
				continue
			}
			climbs++
			clip := c.Clip
			// The clip's start frame is the origin facing +Z.
			for f := range clip.Frames() {
				clip.FrameFK(f, pos, world)
				if in := sc.Intrude(m, pos, world, 0.02); in.Depth > 0 {
					t.Errorf("face %.2f m: %s at %.3f s: %s %.1f mm into the ledge", face, c.Name, float64(f)*clip.FrameTime, m.Capsules[in.Capsule].Part, in.Depth*1000)
				}
			}
		}
	}
	if climbs != 8 {
		t.Fatalf("%d climbs checked, want both sides at four distances", climbs)
	}
}
