package live

import (
	"errors"
	"fmt"
	"time"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/foothold/foothold/world"
)

// World is a dynamic scene stepped in time, its movers and falling bodies,
// and the planners that plan in it.
type World struct {
	scene    *dynamic.Scene
	setup    *planner.Setup
	planners []*planner.Planner
	bvh      *scenes.BVH // the scene as it stands (current)
	clock    float64
	parts    []*part // every instance, in the order added
	change   actiongraph.Change
	timeline []*timed // what Play was given, by part
	dirty    bool     // edited since the planners were last moved
	stale    bool     // edited since bvh was made
}

// part is an instance as the world moves it.
type part struct {
	id    dynamic.Instance
	mesh  *scenes.Mesh
	at    dynamic.Transform
	keys  []Key // a mover's (empty: none)
	fall  *fall // a falling body's (nil: none)
	moved bool  // placed this step
}

// StepStats says what a Step did.
type StepStats struct {
	Changed  bool          // the scene changed (added, moved or removed instances, this step or before it)
	Moved    int           // instances placed anew
	Edits    time.Duration // updating the support data (dynamic.Scene)
	Snapshot time.Duration // the scene's BVH, querier and Setup, and the planners rebased
	Landed   int           // falling bodies that came to rest
	Carried  int           // planners carried by what they stand on
}

// New makes a world over scene (its static level, and any instances
// already in it) for planners of setup's graph and body: setup's querier
// must hold scene's templates.
func New(scene *dynamic.Scene, setup *planner.Setup) (*World, error) {
	if scene == nil || setup == nil {
		return nil, errors.New("live: New needs a scene and a setup")
	}
	w := &World{scene: scene}
	s, err := w.snapshot(setup)
	if err != nil {
		return nil, err
	}
	w.setup = s
	return w, nil
}

// current makes bvh the scene as it stands: the static level's BVH with
// a second layer of the instances (scenes.BVH.With), which alone is built
// again.
func (w *World) current() error {
	if w.bvh != nil && !w.stale {
		return nil
	}
	static := w.scene.StaticBVH()
	moving := w.scene.Moving()
	w.bvh, w.stale = static, false
	if moving.NumTriangles() > 0 {
		mb, err := scenes.NewBVH(moving, scenes.BVHOptions{Workers: 1})
		if err != nil {
			return fmt.Errorf("live: %w", err)
		}
		w.bvh = static.With(mb, int32(w.scene.Static().NumTriangles()))
	}
	return nil
}

// snapshot makes the Setup over the scene as it stands, from base: the
// BVH of current, and a querier over the support tiles (geoquery.NewTiled).
func (w *World) snapshot(base *planner.Setup) (*planner.Setup, error) {
	if err := w.current(); err != nil {
		return nil, err
	}
	tiles := map[*dock.Template]*supporttree.Tiles{}
	for i, t := range w.scene.Templates() {
		tiles[t] = w.scene.ReachableTiles(i)
	}
	q, err := geoquery.NewTiled(w.bvh, base.Querier().Params(), tiles)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	s, err := base.WithQuerier(q)
	if err != nil {
		return nil, err
	}
	return s.WithMovers(w.movers(), w.clock), nil
}

// Setup is what planners in the world plan over now: make a planner with
// it, then Attach it.
func (w *World) Setup() *planner.Setup { return w.setup }

// Attach has the world move p to the scene as it stands after each step
// that changes it. p must plan over the world's current Setup.
func (w *World) Attach(p *planner.Planner) error {
	if p == nil || p.Setup() != w.setup {
		return errors.New("live: Attach needs a planner made with the world's current Setup")
	}
	w.planners = append(w.planners, p)
	return nil
}

// Detach stops moving p with the world (a character reset or gone).
func (w *World) Detach(p *planner.Planner) {
	for i, q := range w.planners {
		if q == p {
			w.planners = append(w.planners[:i], w.planners[i+1:]...)
			return
		}
	}
}

// Instances calls f for every instance as it stands, in the order added:
// its mesh in its own frame and where it is.
func (w *World) Instances(f func(id dynamic.Instance, m *scenes.Mesh, at dynamic.Transform)) {
	for _, p := range w.parts {
		f(p.id, p.mesh, p.at)
	}
}

// Clock is the world's time since it was made. [Units: s]
func (w *World) Clock() float64 { return w.clock }

// Mesh is the whole scene as it stands (dynamic.Scene.Mesh), made anew.
func (w *World) Mesh() *scenes.Mesh { return w.scene.Mesh() }

// BVH is the scene's BVH as the planners last saw it (at the end of the
// last Step): read only.
func (w *World) BVH() *scenes.BVH { return w.bvh }

// Add places mesh m by tr; the planners see it after the next Step.
func (w *World) Add(m *scenes.Mesh, tr dynamic.Transform) (dynamic.Instance, error) {
	id, st, err := w.scene.Add(m, tr)
	if err != nil {
		return 0, err
	}
	w.parts = append(w.parts, &part{id: id, mesh: m, at: tr})
	w.note(st, true)
	return id, nil
}

// Place teleports instance id to tr (a mover stops following its keys).
func (w *World) Place(id dynamic.Instance, tr dynamic.Transform) error {
	p := w.find(id)
	if p == nil {
		return fmt.Errorf("live: no instance %d", id)
	}
	p.keys = nil
	return w.place(p, tr, true)
}

// Remove takes instance id out of the world.
func (w *World) Remove(id dynamic.Instance) error {
	p := w.find(id)
	if p == nil {
		return fmt.Errorf("live: no instance %d", id)
	}
	st, err := w.scene.Remove(id)
	if err != nil {
		return err
	}
	for i := range w.parts {
		if w.parts[i] == p {
			w.parts = append(w.parts[:i], w.parts[i+1:]...)
			break
		}
	}
	w.note(st, true)
	return nil
}

// place moves p to tr: along its keys (a path the planners know), or not
// (unforeseen).
func (w *World) place(p *part, tr dynamic.Transform, unforeseen bool) error {
	st, err := w.scene.Move(p.id, tr)
	if err != nil {
		return err
	}
	p.at, p.moved = tr, true
	w.note(st, unforeseen)
	return nil
}

// note adds an edit's change to what the planners will be told.
func (w *World) note(st dynamic.EditStats, unforeseen bool) {
	if unforeseen {
		w.change.Unforeseen = append(w.change.Unforeseen, st.Scene...)
	}
	w.change.Scene = append(w.change.Scene, st.Scene...)
	w.change.Supports = append(w.change.Supports, st.Supports...)
	w.dirty, w.stale = true, true
}

func (w *World) find(id dynamic.Instance) *part {
	for _, p := range w.parts {
		if p.id == id {
			return p
		}
	}
	return nil
}

// Step advances the world by dt seconds: the movers are placed where their
// keys put them, the falling bodies fall, and when anything changed the
// attached planners are moved to the scene as it now stands.
func (w *World) Step(dt float64) (StepStats, error) {
	var st StepStats
	if !(dt >= 0) {
		return st, fmt.Errorf("live: step %v s", dt)
	}
	t0 := time.Now()
	w.clock += dt
	if err := w.playDue(); err != nil {
		return st, err
	}
	riding, err := w.riders()
	if err != nil {
		return st, err
	}
	for _, p := range w.parts {
		p.moved = false
		if len(p.keys) == 0 {
			continue
		}
		if tr := at(p.keys, w.clock); tr != p.at {
			if err := w.place(p, tr, false); err != nil {
				return st, err
			}
		}
	}
	if err := w.fall(dt, &st); err != nil {
		return st, err
	}
	for _, p := range w.parts {
		if p.moved {
			st.Moved++
		}
	}
	w.carry(riding, &st)
	st.Edits = time.Since(t0)
	if !w.dirty {
		return st, nil
	}
	t1 := time.Now()
	st.Changed = true
	s, err := w.snapshot(w.setup)
	if err != nil {
		return st, err
	}
	w.setup = s
	for _, p := range w.planners {
		if err := p.Rebase(s, w.change); err != nil {
			return st, err
		}
	}
	w.change.Scene, w.change.Supports, w.change.Unforeseen = w.change.Scene[:0], w.change.Supports[:0], w.change.Unforeseen[:0]
	w.dirty = false
	st.Snapshot = time.Since(t1)
	return st, nil
}

// FromWorld makes a world of a loaded level (its support-trees already
// built or read: package world) for planners of setup, which plans over
// the level's querier.
func FromWorld(lv *world.World, setup *planner.Setup) (*World, error) {
	if lv == nil || setup == nil {
		return nil, errors.New("live: FromWorld needs a world and a setup")
	}
	var ts []*dock.Template
	var exact, reachable []*supporttree.Tree
	for _, name := range lv.Names {
		t := lv.Templates[name]
		ts, exact, reachable = append(ts, t), append(exact, lv.ExactSupports[t]), append(reachable, lv.Supports[t])
	}
	scene, err := dynamic.FromTrees(lv.Mesh, lv.BVH, ts, setup.Querier().Params().Lattice, exact, reachable)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	return New(scene, setup)
}
