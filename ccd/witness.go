package ccd

// witness is a contact a plan check found at an action's first instant:
// the capsule and the triangle with its unit normal, in world
// coordinates, and the radius the contact rules gave the pair. A plan
// checks the children of a node one after another, and they all start
// from its end pose: when that pose is in the scene, the latest witness
// settles the next child with one exact distance.
type witness struct {
	tri     local
	capsule int32
	r       float64
	set     bool
}

// keep records capsule i's contact with triangle l at the first instant
// of the sweep placed by pl as the latest witness (not for an executed
// clip).
func (c *Checker) keep(i int32, l *local, r float64, pl *placement) {
	if c.checking < 0 {
		return
	}
	w := witness{capsule: i, r: r, set: true, tri: local{mesh: l.mesh}}
	for k, v := range l.tri {
		w.tri.tri[k] = pl.applyV(v)
	}
	w.tri.n = pl.turn(l.n)
	c.start = w
}

// witnessed reports whether the latest witness, with the sweep placed by
// pl, has the capsule inside the triangle's reach (gap at most zero) at
// the first instant, and fills out. Such a contact is one the full check
// never misses, so the answer does not depend on the witness held.
func (c *Checker) witnessed(sw *sweep, pl *placement, out *Contact) bool {
	w := &c.start
	if !w.set {
		return false
	}
	sg := sw.axis(int(w.capsule), 0)
	a, b := pl.applyV(of(sg.a)), pl.applyV(of(sg.b))
	if w.tri.beyond(a, b, w.r) {
		return false
	}
	c.Stats.Steps++
	d := segTriDist(a, b, &w.tri.tri) - w.r
	if d > 0 {
		return false
	}
	if out != nil {
		*out = Contact{Capsule: int(w.capsule), Triangle: w.tri.mesh, Gap: d}
	}
	return true
}
