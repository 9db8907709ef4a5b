package actiongraph

import (
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// memo remembers a plan's geo-query answers by their exact question
// (template, expected pose). Different action sequences often ask for the
// same dock at the same place — about half the queries of Table I at depth
// 6 — and a querier answers the same question the same way, so a
// remembered answer is the answer. Open addressing with linear probing; it
// allocates only when it outgrows its largest size.
type memo struct {
	q     geoquery.Querier // whose answers these are
	slots []memoSlot       // in use when gen is the memo's
	gen   uint32           // forgetting everything is a new generation
	n     int
}

// memoSlot keeps a question and its answer together: one cache line.
type memoSlot struct {
	key memoKey
	gen uint32
	val memoVal
}

type memoKey struct {
	tmpl         uint32 // the plan's number for the template
	x, y, z, yaw uint32 // the expected pose's float bits
}

type memoVal struct {
	ok     bool
	sample dock.Sample
	pose   dock.Pose
	dist   float32
}

// reset forgets every answer, keeping the memory.
func (m *memo) reset() {
	if m.n == 0 {
		return
	}
	m.n = 0
	if m.gen++; m.gen == 0 { // wrapped: old slots could look current
		clear(m.slots)
		m.gen = 1
	}
}

// use makes q the querier whose answers are remembered: another querier's
// answers are forgotten. limit bounds the entries kept (a plan committed
// across frames leaves answers for pruned branches behind).
func (m *memo) use(q geoquery.Querier, limit int) {
	if q != m.q || m.n > limit {
		m.reset()
		m.q = q
	}
}

func (k memoKey) hash() uint32 {
	h := k.x*0x9E3779B1 ^ k.y*0x85EBCA77 ^ k.z*0xC2B2AE3D ^ k.yaw*0x27D4EB2F ^ k.tmpl*0x165667B1
	return h ^ h>>15
}

// get returns the remembered answer to k.
func (m *memo) get(k memoKey) (memoVal, bool) {
	if len(m.slots) == 0 {
		return memoVal{}, false
	}
	mask := uint32(len(m.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		e := &m.slots[i]
		if e.gen != m.gen {
			return memoVal{}, false
		}
		if e.key == k {
			return e.val, true
		}
	}
}

// put remembers v as the answer to k.
func (m *memo) put(k memoKey, v memoVal) {
	if 4*(m.n+1) > 3*len(m.slots) {
		m.grow()
	}
	mask := uint32(len(m.slots) - 1)
	i := k.hash() & mask
	for m.slots[i].gen == m.gen && m.slots[i].key != k {
		i = (i + 1) & mask
	}
	if m.slots[i].gen != m.gen {
		m.n++
	}
	m.slots[i] = memoSlot{k, m.gen, v}
}

func (m *memo) grow() {
	old, gen := m.slots, m.gen
	m.slots, m.n, m.gen = make([]memoSlot, max(1024, 2*len(old))), 0, 1
	for _, e := range old {
		if e.gen == gen {
			m.put(e.key, e.val)
		}
	}
}
