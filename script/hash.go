package script

import (
	"hash/fnv"
	"math"

	"github.com/foothold/foothold/motion"
)

// MotionHash is a 64-bit FNV-1a hash of a clip's every number (frame time,
// then per frame and joint the translation and rotation, as float64 bits):
// two runs made the same motion exactly when their hashes agree.
func MotionHash(c *motion.Clip) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(x float64) {
		u := math.Float64bits(x)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	put(c.FrameTime)
	for i := range c.Rot {
		t, r := c.Trans[i], c.Rot[i]
		put(t[0])
		put(t[1])
		put(t[2])
		put(r.W)
		put(r.V[0])
		put(r.V[1])
		put(r.V[2])
	}
	return h.Sum64()
}
