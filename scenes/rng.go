package scenes

import "math"

// RNG is splitmix64: tiny, fast, and the same stream on every platform and Go
// version, so seeded scenes and ray sets never change under us. It matches the
// generator of ../shared/bench/embree_rays.c.
type RNG struct{ state uint64 }

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) *RNG { return &RNG{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Float64 returns a uniform number in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.Uint64()>>11) * (1.0 / (1 << 53)) }

// Range returns a uniform float32 in [lo, hi).
func (r *RNG) Range(lo, hi float32) float32 { return lo + float32(r.Float64())*(hi-lo) }

// Intn returns a uniform int in [0, n).
func (r *RNG) Intn(n int) int { return int(r.Uint64() % uint64(n)) }

// Dir returns a direction uniform on the unit sphere.
func (r *RNG) Dir() [3]float32 {
	z := 2*r.Float64() - 1
	phi := 2 * math.Pi * r.Float64()
	s := math.Sqrt(max(0, 1-z*z))
	return [3]float32{float32(s * math.Cos(phi)), float32(s * math.Sin(phi)), float32(z)}
}
