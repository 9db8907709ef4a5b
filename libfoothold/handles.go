package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// kind is what a handle names; it is the handle's top byte.
type kind uint8

const (
	kindLibrary kind = 1 + iota
	kindWorld
	kindCharacter
	kindCrowd
)

func (k kind) String() string {
	switch k {
	case kindLibrary:
		return "library"
	case kindWorld:
		return "world"
	case kindCharacter:
		return "character"
	case kindCrowd:
		return "crowd"
	}
	return "unknown"
}

// A handle is kind<<56 | generation<<32 | slot index + 1: the index finds
// the slot, the generation tells a released handle from a live one (a
// slot's generation grows each time it is released), the kind a handle of
// another kind. 0 is the null handle.
const (
	genBits = 24
	genMask = 1<<genBits - 1
)

func makeHandle(k kind, gen uint32, index int) uint64 {
	return uint64(k)<<56 | uint64(gen&genMask)<<32 | uint64(index+1)
}

func splitHandle(h uint64) (k kind, gen uint32, index int) {
	return kind(h >> 56), uint32(h>>32) & genMask, int(uint32(h)) - 1
}

// slot holds one object. busy is set while a call uses it.
type slot struct {
	gen  uint32
	kind kind
	obj  any // nil when free
	busy atomic.Bool
}

// registry is every live object, by handle.
var registry struct {
	sync.RWMutex
	slots []*slot
	free  []int
}

// register gives obj a handle.
func register(k kind, obj any) uint64 {
	registry.Lock()
	defer registry.Unlock()
	var i int
	if n := len(registry.free); n > 0 {
		i = registry.free[n-1]
		registry.free = registry.free[:n-1]
	} else {
		i = len(registry.slots)
		registry.slots = append(registry.slots, &slot{})
	}
	s := registry.slots[i]
	s.kind, s.obj = k, obj
	return makeHandle(k, s.gen, i)
}

// exclusive reports whether objects of kind k change in their calls, so
// that a call must have its object to itself: characters and crowds.
// Libraries and worlds are read-only once made.
func (k kind) exclusive() bool { return k == kindCharacter || k == kindCrowd }

// use is a call's use of a slot and its object; done ends it.
type use struct {
	slot      *slot
	obj       any
	exclusive bool // the call marked the slot busy
}

// done ends a call's use of the slot.
func (u use) done() {
	if u.exclusive {
		u.slot.busy.Store(false)
	}
}

// lookup finds the slot of handle h, which must be of kind want, and,
// for an exclusive kind, marks it busy; the caller calls done. It
// allocates nothing unless it fails.
func lookup(h uint64, want kind) (use, status) {
	if h == 0 {
		return use{}, fail(eNull, "null %s handle", want)
	}
	k, gen, i := splitHandle(h)
	registry.RLock()
	var s *slot
	if i >= 0 && i < len(registry.slots) {
		s = registry.slots[i]
	}
	var cur uint32
	var curKind kind
	if s != nil {
		cur, curKind = s.gen&genMask, s.kind
	}
	registry.RUnlock()
	switch {
	case s == nil || k < kindLibrary || k > kindCrowd || gen > cur || gen == cur && curKind != k:
		return use{}, fail(eHandle, "handle %#x: no such handle (never issued)", h)
	case gen < cur:
		return use{}, fail(eReleased, "handle %#x: that %s was released", h, k)
	case k != want:
		return use{}, fail(eHandle, "handle %#x is a %s, not a %s", h, k, want)
	}
	if k.exclusive() && !s.busy.CompareAndSwap(false, true) {
		return use{}, fail(eBusy, "handle %#x: the %s is in use on another thread", h, k)
	}
	registry.RLock()
	obj, gone := s.obj, s.gen&genMask != gen // released by another thread meanwhile
	registry.RUnlock()
	if gone || obj == nil {
		if k.exclusive() {
			s.busy.Store(false)
		}
		return use{}, fail(eReleased, "handle %#x: that %s was released", h, k)
	}
	return use{s, obj, k.exclusive()}, ok
}

// release frees the slot of h (of any kind): its handle is released.
func release(h uint64) status {
	if h == 0 {
		return fail(eNull, "null handle")
	}
	k, gen, i := splitHandle(h)
	u, st := lookup(h, k)
	if st != ok {
		return st
	}
	registry.Lock()
	defer registry.Unlock()
	if u.slot.gen&genMask != gen { // two threads released it at once
		return fail(eReleased, "handle %#x: that %s was released", h, k)
	}
	u.slot.obj = nil
	u.slot.gen++
	u.slot.busy.Store(false)
	registry.free = append(registry.free, i)
	return ok
}

// objectOf is the object of a looked-up slot.
func objectOf[T any](u use) T {
	v, isT := u.obj.(T)
	if !isT {
		panic(fmt.Sprintf("a slot holds %T", u.obj))
	}
	return v
}
