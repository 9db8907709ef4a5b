package actiongraph

import (
	"math"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
)

// memo remembers which slot of the plan first asked each question
// (template, expected pose) and got its answer. Different action sequences
// often ask for the same dock at the same place — about half the queries of
// Table I at depth 6 — and a querier answers the same question the same
// way, so that slot's answer is the answer. An entry is a fingerprint of
// the question and the slot's index (12 bytes: the table stays in the
// cache, and a question not asked before costs no look at the slots); the
// question itself is compared in the slot. Open addressing with linear
// probing; it allocates only when it outgrows its largest size.
type memo struct {
	q       geoquery.Querier // whose answers the slots hold
	entries []memoEntry      // in use when gen is the memo's
	gen     uint32           // forgetting everything is a new generation
	n       int
}

type memoEntry struct {
	gen  uint32
	hash uint32 // of the question
	slot int32  // the slot that asked it
}

// reset forgets every answer, keeping the memory.
func (m *memo) reset() {
	if m.n == 0 {
		return
	}
	m.n = 0
	if m.gen++; m.gen == 0 { // wrapped: old entries could look current
		clear(m.entries)
		m.gen = 1
	}
}

// use makes q the querier whose answers are remembered: another querier's
// answers are forgotten.
func (m *memo) use(q geoquery.Querier) {
	if q != m.q {
		m.reset()
		m.q = q
	}
}

// questionHash hashes a slot's question: its template's number and the
// bits of its expected pose.
func questionHash(tmpl uint16, e *dock.Pose) uint32 {
	x, y, z := math.Float32bits(e.Position[0]), math.Float32bits(e.Position[1]), math.Float32bits(e.Position[2])
	h := x*0x9E3779B1 ^ y*0x85EBCA77 ^ z*0xC2B2AE3D ^ math.Float32bits(e.Yaw)*0x27D4EB2F ^ uint32(tmpl)*0x165667B1
	return h ^ h>>15
}

// sameQuestion reports whether two slots ask the same question: the same
// template and the same bits of the expected pose.
func sameQuestion(a, b *Slot) bool {
	return a.tmpl == b.tmpl &&
		math.Float32bits(a.Expected.Position[0]) == math.Float32bits(b.Expected.Position[0]) &&
		math.Float32bits(a.Expected.Position[1]) == math.Float32bits(b.Expected.Position[1]) &&
		math.Float32bits(a.Expected.Position[2]) == math.Float32bits(b.Expected.Position[2]) &&
		math.Float32bits(a.Expected.Yaw) == math.Float32bits(b.Expected.Yaw)
}

// asked returns the slot of slots that asked s's question (whose hash is
// h) first, or -1.
func (m *memo) asked(slots []Slot, s *Slot, h uint32) int32 {
	if m.n == 0 {
		return -1
	}
	mask := uint32(len(m.entries) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := &m.entries[i]
		if e.gen != m.gen {
			return -1
		}
		if e.hash == h && !slots[e.slot].Moved && sameQuestion(&slots[e.slot], s) {
			return e.slot
		}
	}
}

// put remembers that slot (whose question hashes to h) holds an answer. The
// caller has checked that no slot holds that question's answer yet.
func (m *memo) put(h uint32, slot int32) {
	if 4*(m.n+1) > 3*len(m.entries) {
		m.grow()
	}
	mask := uint32(len(m.entries) - 1)
	i := h & mask
	for m.entries[i].gen == m.gen {
		i = (i + 1) & mask
	}
	m.entries[i] = memoEntry{m.gen, h, slot}
	m.n++
}

func (m *memo) grow() {
	old, gen := m.entries, m.gen
	m.entries, m.n, m.gen = make([]memoEntry, max(1024, 2*len(old))), 0, 1
	for _, e := range old {
		if e.gen == gen {
			m.put(e.hash, e.slot)
		}
	}
}

// reserve makes room for n answers without growing.
// touch writes the table's memory, so that its first use maps no page.
func (m *memo) touch() { clear(m.entries) }

func (m *memo) reserve(n int) {
	size := 1024
	for 3*size < 4*(n+1) {
		size *= 2
	}
	if size > len(m.entries) {
		m.entries, m.n, m.gen = make([]memoEntry, size), 0, 1
	}
}
