package ccd

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/motion"
)

// SweepsKey hashes everything Measure(lib, i, m, opt) measures from: the
// body (its skeleton and capsules), every action's clip, root joint and
// ground (the action frame the sweep is placed in), and the substeps.
// Data derived from the sweeps (occupancy spaces) is keyed by it, so that
// a stored copy is known to belong to this library and body without
// measuring them.
func SweepsKey(lib *action.Library, m *body.Model, opt Options) [32]byte {
	h := sha256.New()
	le := binary.LittleEndian
	put := func(v any) { binary.Write(h, le, v) }
	put(int64(opt.withDefaults().Substeps))
	skeleton(h, m.Skeleton)
	put(int64(len(m.Capsules)))
	for _, c := range m.Capsules {
		put(c.Joint)
		put(c.A)
		put(c.B)
		put(c.Radius)
		put(int64(c.Part))
		put(c.Effector)
	}
	put(int64(len(lib.Actions)))
	for _, a := range lib.Actions {
		skeleton(h, a.Clip.Skeleton)
		put(a.Clip.FrameTime)
		put([2]int64{int64(a.Effectors.Hips[0]), int64(a.Effectors.Hips[1])})
		put(a.Ground)
		put(int64(len(a.Clip.Trans)))
		put(a.Clip.Trans)
		put(a.Clip.Rot)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// skeleton hashes a skeleton's shape: its parents and rest offsets.
func skeleton(h hash.Hash, s *motion.Skeleton) {
	binary.Write(h, binary.LittleEndian, int64(len(s.Parents)))
	for j, p := range s.Parents {
		binary.Write(h, binary.LittleEndian, int64(p))
		binary.Write(h, binary.LittleEndian, s.Offsets[j])
	}
}
