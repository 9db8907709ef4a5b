package geoquery

import (
	"math"
	"sync/atomic"

	"github.com/foothold/foothold/dock"
)

// candidate is a lattice sample in a query's window and its squared distance.
type candidate struct {
	d2 float64
	s  dock.Sample
}

// less is the search order: distance, then (X, Y, Z, Yaw).
func less(a, b *candidate) bool {
	if a.d2 != b.d2 {
		return a.d2 < b.d2
	}
	if a.s.X != b.s.X {
		return a.s.X < b.s.X
	}
	if a.s.Y != b.s.Y {
		return a.s.Y < b.s.Y
	}
	if a.s.Z != b.s.Z {
		return a.s.Z < b.s.Z
	}
	return a.s.Yaw < b.s.Yaw
}

// yawDiff returns a - b wrapped to (-π, π].
func yawDiff(a, b float64) float64 {
	d := a - b
	// The common case without Floor; the same result the general formula
	// gives for |d| < 3π.
	switch {
	case d > -math.Pi && d <= math.Pi:
		return d
	case d > math.Pi && d < 3*math.Pi:
		d -= 2 * math.Pi
	case d <= -math.Pi && d > -3*math.Pi:
		d += 2 * math.Pi
	default:
		d -= 2 * math.Pi * math.Floor((d+math.Pi)/(2*math.Pi))
	}
	if d > math.Pi {
		d -= 2 * math.Pi
	} else if d <= -math.Pi {
		d += 2 * math.Pi
	}
	return d
}

// bounds is a query's window on the lattice: the squared radius around the
// expected position, and the yaws within reach with their weighted squared
// distance. Every querier uses it, so they agree on the window and on every
// distance to the bit.
type bounds struct {
	e    dock.Pose
	r2   float64
	ny   int
	yaws [64]yawCand // in the window, sorted by (d2, index)
	mask uint64      // bit i set when yaw i is in the window
}

type yawCand struct {
	i  int32
	d2 float64
}

func (p Params) bounds(e dock.Pose, b *bounds) {
	k := p.windowConsts()
	k.bounds(e, b)
}

// windowConsts are the parts of a window that do not depend on the query:
// a querier works them out once.
type windowConsts struct {
	r2     float64
	n      int32        // yaws of the lattice
	tab    *[64]float32 // every yaw as dock.Lattice.YawOf gives it
	rang   float64      // yaws per radian: the yaw increment's reciprocal
	span   int32        // yaw indices looked at each side of the nearest
	w2     float64      // the yaw weight, squared
	maxYaw float64      // the yaw reach, with a little slack
}

func (p Params) windowConsts() windowConsts {
	n := p.Lattice.Yaws()
	r := float64(p.MaxDisplacement)
	w := float64(p.YawWeight)
	ang := 2 * math.Pi / float64(n)
	return windowConsts{
		r2: r * r, n: n, tab: yawTable(n), rang: float64(n) / (2 * math.Pi),
		span: int32(float64(p.MaxYaw)/ang) + 1, w2: w * w, maxYaw: float64(p.MaxYaw) + 1e-9,
	}
}

func (k *windowConsts) bounds(e dock.Pose, b *bounds) {
	b.e, b.r2, b.ny, b.mask = e, k.r2, 0, 0
	n, tab := k.n, k.tab
	// Only the yaws near e.Yaw can be in the window: look at those, with one
	// index of slack on each side, wrapped into [0, n), nearest first (the
	// list comes out sorted but for ties and rounding).
	u := float64(e.Yaw) * k.rang
	c := roundIndex(u)
	// The next nearest yaw is on u's side of c: visit c, c+s, c-s, c+2s, ...
	s := int32(1)
	if u < float64(c) {
		s = -1
	}
	switch {
	case c >= 0 && c < n:
	case c < 0 && c >= -n:
		c += n
	case c >= n && c < 2*n:
		c -= n
	default:
		c = ((c % n) + n) % n
	}
	span := k.span
	if 2*span+1 >= n {
		span = n / 2 // the window may hold every yaw: visit each once
	}
	ey := float64(e.Yaw)
	for o := int32(0); o <= 2*span && o < n; o++ {
		i := c + s*((o+1)/2)
		if o&1 == 0 {
			i = c - s*(o/2)
		}
		if i < 0 {
			i += n
		} else if i >= n {
			i -= n
		}
		d := math.Abs(yawDiff(float64(tab[i]), ey)) // tab[i] = l.YawOf(i)
		if !(d <= k.maxYaw) {
			// The yaws come nearest first, up to the float32 rounding of
			// the table (< 1e-6 rad): past the reach by more (or NaN), the
			// rest are out too.
			if !(d <= k.maxYaw+1e-6) {
				break
			}
			continue
		}
		if b.mask&(1<<i) == 0 {
			b.yaws[b.ny] = yawCand{i, k.w2 * d * d}
			b.ny++
			b.mask |= 1 << i
		}
	}
	// Insertion sort by (d2, index): a handful of entries, nearly in order.
	for a := 1; a < b.ny; a++ {
		for j := a; j > 0 && (b.yaws[j].d2 < b.yaws[j-1].d2 || b.yaws[j].d2 == b.yaws[j-1].d2 && b.yaws[j].i < b.yaws[j-1].i); j-- {
			b.yaws[j], b.yaws[j-1] = b.yaws[j-1], b.yaws[j]
		}
	}
}

// indexLimit bounds the lattice indices a query works with: positions
// beyond ±10⁸ increments (or NaN) are clamped there, where no support can
// be.
const indexLimit = 1 << 28

// box returns the lattice indices around e that may lie within the
// window's radius.
func (p Params) box(e dock.Pose) (lo, hi [3]int32) {
	inc := float64(p.Lattice.Linear)
	r := float64(p.MaxDisplacement)
	// The index box may be a little larger than needed (one more index
	// each way, from multiplying by the reciprocal): every distance is
	// checked against r² anyway.
	rinc := 1 / inc
	for k := 0; k < 3; k++ {
		lo[k] = floorIndex((float64(e.Position[k])-r)*rinc) - 1
		hi[k] = floorIndex((float64(e.Position[k])+r)*rinc) + 2
	}
	return lo, hi
}

// floorIndex is ⌊x⌋ as a lattice index, without math.Floor's cost.
func floorIndex(x float64) int32 {
	if !(x > -indexLimit && x < indexLimit) {
		if x > 0 {
			return indexLimit
		}
		return -indexLimit // or NaN
	}
	i := int32(x)
	if float64(i) > x {
		i--
	}
	return i
}

// roundIndex is x rounded half away from zero, as math.Round.
func roundIndex(x float64) int32 {
	if x < 0 {
		return -floorIndex(-x + 0.5)
	}
	return floorIndex(x + 0.5)
}

// yawTables caches, per number of yaws, every yaw of the lattice exactly as
// dock.Lattice.YawOf computes it.
var yawTables [65]atomic.Pointer[[64]float32]

func yawTable(n int32) *[64]float32 {
	if t := yawTables[n].Load(); t != nil {
		return t
	}
	t := new([64]float32)
	for i := range n {
		t[i] = float32(float64(i) * 2 * math.Pi / float64(n))
	}
	yawTables[n].Store(t)
	return t
}

// bestYaw offers to best the best sample at a position (dp2 from the
// expected position, yaw set m): the first yaw of the sorted list that m
// holds, or one with the same total d² and a smaller index (rounding can
// make different yaw distances tie once dp2 is added).
func (b *bounds) bestYaw(s dock.Sample, dp2 float64, m uint64, best *candidate, found *bool) {
	k := 0
	for k < b.ny && m&(1<<b.yaws[k].i) == 0 {
		k++
	}
	if k == b.ny {
		return
	}
	c := candidate{d2: dp2 + b.yaws[k].d2, s: s}
	c.s.Yaw = b.yaws[k].i
	for j := k + 1; j < b.ny && dp2+b.yaws[j].d2 == c.d2; j++ {
		if m&(1<<b.yaws[j].i) != 0 && b.yaws[j].i < c.s.Yaw {
			c.s.Yaw = b.yaws[j].i
		}
	}
	if !*found || less(&c, best) {
		*best, *found = c, true
	}
}

// posDist2 is the squared distance from the expected position to a lattice
// position, computed the one way every querier computes it: the z and y
// terms first (a support-tree search adds them once per row), then x;
// every product is rounded on its own (no fused multiply-add), so the
// queriers agree to the bit on every platform.
func (b *bounds) posDist2(pos [3]float32) float64 {
	return b.yz2(pos[1], pos[2]) + b.x2(pos[0])
}

// x2, y2, z2 are the squared offsets from the expected position along one
// axis; yz2 is their partial sum in posDist2's order.
func (b *bounds) x2(x float32) float64 {
	d := float64(x) - float64(b.e.Position[0])
	return float64(d * d)
}
func (b *bounds) y2(y float32) float64 {
	d := float64(y) - float64(b.e.Position[1])
	return float64(d * d)
}
func (b *bounds) z2(z float32) float64 {
	d := float64(z) - float64(b.e.Position[2])
	return float64(d * d)
}
func (b *bounds) yz2(y, z float32) float64 { return float64(b.z2(z) + b.y2(y)) }

// window appends to buf every lattice sample in the window around e, with
// its squared distance, in no particular order.
func (p Params) window(e dock.Pose, buf []candidate) []candidate {
	var b bounds
	p.bounds(e, &b)
	lo, hi := p.box(e)
	l := p.Lattice
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				dp2 := b.posDist2(l.Position(dock.Sample{X: x, Y: y, Z: z}))
				if dp2 > b.r2 {
					continue
				}
				for k := 0; k < b.ny; k++ {
					buf = append(buf, candidate{d2: dp2 + b.yaws[k].d2, s: dock.Sample{X: x, Y: y, Z: z, Yaw: b.yaws[k].i}})
				}
			}
		}
	}
	return buf
}

// heapify orders c as a binary min-heap under less, in O(len(c)).
func heapify(c []candidate) {
	for i := len(c)/2 - 1; i >= 0; i-- {
		siftDown(c, i)
	}
}

func siftDown(c []candidate, i int) {
	n := len(c)
	for {
		m := i
		if l := 2*i + 1; l < n && less(&c[l], &c[m]) {
			m = l
		}
		if r := 2*i + 2; r < n && less(&c[r], &c[m]) {
			m = r
		}
		if m == i {
			return
		}
		c[i], c[m] = c[m], c[i]
		i = m
	}
}

// pop removes and returns the heap's minimum.
func pop(c []candidate) (candidate, []candidate) {
	top := c[0]
	last := len(c) - 1
	c[0] = c[last]
	c = c[:last]
	siftDown(c, 0)
	return top, c
}

// Within reports whether sample s lies in the window around e, and its
// distance sqrt(d²) from e, computed exactly as every querier computes it.
// A supported sample within the window proves that a query at e finds
// support, without searching (though maybe at a nearer sample).
func (p Params) Within(e dock.Pose, s dock.Sample) (float32, bool) {
	k := p.windowConsts()
	return k.within(p.Lattice, e, s)
}

func (k *windowConsts) within(l dock.Lattice, e dock.Pose, s dock.Sample) (float32, bool) {
	var b bounds
	k.bounds(e, &b)
	if s.Yaw < 0 || s.Yaw >= 64 || b.mask&(1<<uint(s.Yaw)) == 0 {
		return 0, false
	}
	dp2 := b.posDist2(l.Position(s))
	if !(dp2 <= b.r2) {
		return 0, false
	}
	for i := 0; i < b.ny; i++ {
		if b.yaws[i].i == s.Yaw {
			return float32(math.Sqrt(dp2 + b.yaws[i].d2)), true
		}
	}
	return 0, false
}
