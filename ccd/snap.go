package ccd

import (
	"math"

	"github.com/foothold/foothold/action"
)

// Plan checks run at frames snapped to a grid: positions (the frame's
// raised by lift) to multiples of 2⁻²⁰ m, about 0.95 µm, and the yaw to
// multiples of 2π/2³². Plans reach the same frame along different paths
// (a left step then a right one, or the other way round) up to rounding;
// snapped, they are one frame, and a Checker remembers the answer.
//
// A snapped frame moves any point of an action by at most half the grid's
// diagonal (0.83 µm) plus half a yaw step times the point's distance from
// the frame's origin. The action's sweep widens every capsule by more than
// that (sweep.slack, snapSlack), so a contact at the frame asked is one at
// the snapped frame too, and one found there is within Epsilon plus twice
// the slack of a real one.
const (
	snapScale = 1 << 20 // grid steps per metre
	yawSteps  = 1 << 32 // grid steps per turn
)

// snapSlack is the slack of an action reaching extent metres from its
// frame's origin: over 0.83 µm + extent·π/2³².
func snapSlack(extent float64) float64 { return 1e-6 + 1e-9*extent }

// snapKey is a plan question: an action at a snapped frame.
type snapKey struct {
	action  int32
	yaw     uint32
	x, y, z int64
}

// snap is the snapped question of action a at frame f raised by lift, and
// whether the frame is within the grid's range (±2³² m).
func snap(a int32, f action.Frame, lift float64) (snapKey, bool) {
	const limit = 1 << 52
	x, y, z := math.Round(f.Position[0]*snapScale), math.Round((f.Position[1]+lift)*snapScale), math.Round(f.Position[2]*snapScale)
	if !(math.Abs(x) < limit && math.Abs(y) < limit && math.Abs(z) < limit) {
		return snapKey{}, false
	}
	t := f.Yaw / (2 * math.Pi)
	t -= math.Floor(t)
	if !(t >= 0 && t <= 1) {
		return snapKey{}, false
	}
	return snapKey{action: a, yaw: uint32(uint64(math.Round(t*yawSteps)) & (yawSteps - 1)), x: int64(x), y: int64(y), z: int64(z)}, true
}

// placement is the snapped frame as a placement.
func (k *snapKey) placement() placement {
	p := placement{yaw: float64(k.yaw) * (2 * math.Pi / yawSteps)}
	p.offset[0], p.offset[1], p.offset[2] = float64(k.x)/snapScale, float64(k.y)/snapScale, float64(k.z)/snapScale
	p.prepare()
	return p
}

// hash spreads a key over 64 bits.
func (k *snapKey) hash() uint64 {
	h := uint64(k.action)<<32 | uint64(k.yaw)
	for _, v := range [3]int64{k.x, k.y, k.z} {
		h = (h ^ uint64(v)) * 0x9e3779b97f4a7c15
		h ^= h >> 29
	}
	return h
}

// answers remembers plan answers by snapped question, one per slot
// (a newer question takes its slot).
type answers struct {
	slots []answer
	mask  uint64
}

// answer is a remembered question and its answer, its positions kept in
// 32 bits (a slot is 24 bytes, so more of the table stays in the cache):
// a question farther than 2³¹ grid steps (2 km) from the origin is not
// remembered.
type answer struct {
	action  int32
	yaw     uint32
	x, y, z int32
	state   uint8 // 0 empty, 1 clear, 2 in contact
}

func newAnswers(slots int) answers {
	n := 1
	for n < slots {
		n <<= 1
	}
	return answers{slots: make([]answer, n), mask: uint64(n - 1)}
}

// short is k's positions in 32 bits, if they fit.
func (k *snapKey) short() (x, y, z int32, ok bool) {
	x, y, z = int32(k.x), int32(k.y), int32(k.z)
	return x, y, z, int64(x) == k.x && int64(y) == k.y && int64(z) == k.z
}

// get is the answer remembered for k, if any.
func (m *answers) get(k *snapKey) (clear, ok bool) {
	x, y, z, fits := k.short()
	s := &m.slots[k.hash()&m.mask]
	if !fits || s.state == 0 || s.action != k.action || s.yaw != k.yaw || s.x != x || s.y != y || s.z != z {
		return false, false
	}
	return s.state == 1, true
}

// put remembers k's answer.
func (m *answers) put(k *snapKey, clear bool) {
	x, y, z, fits := k.short()
	if !fits {
		return
	}
	s := &m.slots[k.hash()&m.mask]
	s.action, s.yaw, s.x, s.y, s.z, s.state = k.action, k.yaw, x, y, z, 2
	if clear {
		s.state = 1
	}
}

// memoSlots is how many plan answers a Checker remembers (24 bytes each).
const memoSlots = 1 << 14
