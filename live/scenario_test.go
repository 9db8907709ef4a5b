package live_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/world"
)

// level is builtin:dynamic loaded once, with the default library and its
// body's sweeps.
var level struct {
	once  sync.Once
	g     *stategraph.Graph
	lv    *world.World
	sw    *ccd.Sweeps
	err   error
	setup *planner.Setup
}

func loadLevel(t *testing.T) {
	t.Helper()
	level.once.Do(func() {
		lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
		if err != nil {
			level.err = err
			return
		}
		level.g = g
		if level.lv, level.err = world.Load("builtin:dynamic", lib, world.Options{CacheDir: t.TempDir()}); level.err != nil {
			return
		}
		level.sw = bodysweeps.Measure(t, lib)
		level.setup, level.err = planner.NewSetup(g, level.lv.Querier, level.sw)
	})
	if level.err != nil {
		t.Fatal(level.err)
	}
}

func v64(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// at is a transform that only moves.
func at(p mgl64.Vec3) dynamic.Transform { return dynamic.Transform{Translation: p} }

// run is a scenario's record.
type run struct {
	x, y, z     []float64 // the root's, per frame
	actions     []string
	deepest     float64 // the capsule oracle's deepest intrusion, any frame
	where       string
	worstUpdate time.Duration
	worstStep   time.Duration
	hash        uint64 // of every frame's pose, to the bit
	frames      int
}

// play runs a character from (x, z) facing +X, asked to walk +X at 1.3 m/s,
// for seconds at 60 Hz in world w, with hook called after each Step.
// Every frame, the capsule oracle (package capsuleoracle, no code shared
// with ccd) poses every capsule against the scene as it then stands.
func play(t *testing.T, w *live.World, x, z, seconds float64, hook func(f int, st live.StepStats, p *planner.Planner)) run {
	return playWatched(t, w, x, z, seconds, hook, nil)
}

// playWatched is play with watch called after each Update with the step's
// stats, the pose and its joints' world positions.
func playWatched(t *testing.T, w *live.World, x, z, seconds float64, hook func(f int, st live.StepStats, p *planner.Planner), watch func(st live.StepStats, pose planner.Pose, pos []mgl64.Vec3)) run {
	t.Helper()
	p, err := planner.New(w.Setup(), planner.Config{Start: action.Frame{Position: mgl64.Vec3{x, 0, z}, Yaw: math.Pi / 2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Attach(p); err != nil {
		t.Fatal(err)
	}
	m := level.sw.Model()
	sink := level.sw.Options().Sink
	oracle := capsuleoracle.NewScene(w.Mesh())
	var r run
	r.deepest = math.Inf(-1)
	h := fnv.New64a()
	const dt = 1.0 / 60
	pos, rot := []mgl64.Vec3(nil), []mgl64.Quat(nil)
	for f := 0; f < int(seconds/dt); f++ {
		t0 := time.Now()
		st, err := w.Step(dt)
		if err != nil {
			t.Fatal(err)
		}
		r.worstStep = max(r.worstStep, time.Since(t0))
		if st.Changed {
			oracle = capsuleoracle.NewScene(w.Mesh())
		}
		if hook != nil {
			hook(f, st, p)
		}
		pose := p.Update(dt, planner.Input{Heading: math.Pi / 2, Speed: 1.3})
		r.worstUpdate = max(r.worstUpdate, p.PlanTime)
		n := pose.Skeleton.NumJoints()
		if pos == nil {
			pos, rot = make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
		}
		pose.Skeleton.FK(pose.Trans, pose.Rot, pos, rot)
		if watch != nil {
			watch(st, pose, pos)
		}
		for i := range m.Capsules {
			if in := oracle.IntrudeCapsule(m, i, pos, rot, sink); in.Depth > r.deepest {
				r.deepest = in.Depth
				r.where = m.Capsules[i].Part.String() + " at " + pose.Action
			}
		}
		for j := range n {
			for k := range 3 {
				binary.Write(h, binary.LittleEndian, pose.Trans[j][k])
			}
			binary.Write(h, binary.LittleEndian, pose.Rot[j].W)
		}
		r.x, r.y, r.z = append(r.x, pose.Trans[0][0]), append(r.y, pose.Trans[0][1]), append(r.z, pose.Trans[0][2])
		r.actions = append(r.actions, pose.Action)
		r.frames++
	}
	r.hash = h.Sum64()
	return r
}

func newWorld(t *testing.T) *live.World {
	t.Helper()
	loadLevel(t)
	w, err := live.FromWorld(level.lv, level.setup)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// doorScenario: the door is closed until opens, then slides into the wall
// over a second.
func doorScenario(t *testing.T, opens float64) (run, *live.World) {
	w := newWorld(t)
	door, err := w.Add(sceneload.DynamicDoor(), at(v64(sceneload.DynamicDoorClosed)))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Animate(door, []live.Key{{Time: opens, At: at(v64(sceneload.DynamicDoorClosed))}, {Time: opens + 1, At: at(v64(sceneload.DynamicDoorOpen))}}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	return play(t, w, sceneload.DynamicStartX, sceneload.DynamicDoorZ, 14, nil), w
}

// At a closed door the character stops short of it and waits; when the
// door opens it walks through, and no capsule is ever in the scene as it
// stands. The same run again, on one core, gives the same poses to the
// bit.
func TestDoor(t *testing.T) {
	const opens = 8
	r, _ := doorScenario(t, opens)
	const dt = 1.0 / 60
	closedMax, waited := math.Inf(-1), 0
	for f := range r.frames {
		tm := float64(f+1) * dt
		if tm < opens {
			closedMax = max(closedMax, r.x[f])
		}
		if tm > opens-2 && tm < opens && r.actions[f] == "idle" {
			waited++
		}
	}
	past := -1.0
	for f := range r.frames {
		if r.x[f] > sceneload.DynamicPastX {
			past = float64(f+1) * dt
			break
		}
	}
	t.Logf("closed: nearest x %.2f (the door at %.2f); waited %d frames; past the wall at %.2f s; deepest %.4f m (%s); worst Update %v, worst Step %v",
		closedMax, float64(sceneload.DynamicDoorClosed[0]), waited, past, r.deepest, r.where, r.worstUpdate, r.worstStep)
	if closedMax > sceneload.DynamicWallX-0.1 {
		t.Errorf("walked to x = %.2f while the door was closed", closedMax)
	}
	if waited == 0 {
		t.Error("never stood waiting at the closed door")
	}
	if past < 0 {
		t.Error("never went through the door once open")
	}
	if r.deepest > 1e-4 {
		t.Errorf("a capsule %.4f m in the scene: %s", r.deepest, r.where)
	}
	prev := runtime.GOMAXPROCS(1)
	again, _ := doorScenario(t, opens)
	runtime.GOMAXPROCS(prev)
	if again.hash != r.hash {
		t.Errorf("two runs differ (GOMAXPROCS %d and 1): %#x, %#x", prev, r.hash, again.hash)
	}
}

// A crate dropped ahead of a walking character lands in its path: the plan
// changes in the frame it comes to rest, and the character never walks
// into it (nor into it while it falls).
func TestCrateDroppedInPath(t *testing.T) {
	w := newWorld(t)
	const drops, x, height = 2.0, 6.5, 2.5
	crate, err := w.Add(sceneload.DynamicCrate(1), at(mgl64.Vec3{x, height, sceneload.DynamicCrateZ}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	landed, changed := -1, false
	var before []actiongraph.Node
	hook := func(f int, st live.StepStats, p *planner.Planner) {
		if float64(f)/60 >= drops && w.Velocity(crate) == 0 && !w.Resting(crate) && landed < 0 {
			if err := w.Drop(crate); err != nil {
				t.Fatal(err)
			}
		}
		if st.Landed > 0 {
			landed = f
			before = append(before[:0], p.Plan().Nodes...)
		}
		if f == landed+1 && landed >= 0 {
			changed = planChanged(before, p.Plan().Nodes)
		}
	}
	r := play(t, w, sceneload.DynamicStartX, sceneload.DynamicCrateZ, 8, hook)
	fall := (float64(landed)+1)/60 - drops
	t.Logf("landed after %.3f s of fall (free fall from %.1f m: %.3f s); character's farthest x %.2f (the crate's near face at %.2f); deepest %.4f m (%s); worst Update %v, worst Step %v",
		fall, height, math.Sqrt(2*height/live.Gravity), maxOf(r.x), x-0.5, r.deepest, r.where, r.worstUpdate, r.worstStep)
	if landed < 0 {
		t.Fatal("the crate never came to rest")
	}
	if want := math.Sqrt(2 * height / live.Gravity); fall < want || fall > want+2.0/60 {
		t.Errorf("fell for %.3f s; free fall takes %.3f s (and the drop starts a step after it is asked)", fall, want)
	}
	if !changed {
		t.Error("the plan did not change in the frame the crate came to rest")
	}
	if r.deepest > 1e-4 {
		t.Errorf("a capsule %.4f m in the scene: %s", r.deepest, r.where)
	}
}

// planChanged reports whether the plan's nodes differ (in number or in
// what is known of them).
func planChanged(a, b []actiongraph.Node) bool {
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if a[i].Action != b[i].Action || a[i].Status != b[i].Status || a[i].Frame != b[i].Frame {
			return true
		}
	}
	return false
}

func maxOf(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// slides animates instance id from a to b between t0 and t1.
func slides(t *testing.T, w *live.World, id dynamic.Instance, a, b mgl64.Vec3, t0, t1 float64) {
	t.Helper()
	if err := w.Animate(id, []live.Key{{Time: t0, At: at(a)}, {Time: t1, At: at(b)}}); err != nil {
		t.Fatal(err)
	}
}

// drift measures how far the docked feet move relative to a moving
// instance: over each run of frames a foot stays docked (the action's dock
// of that foot holds at the pose's time) while the character is carried,
// the most the foot strays from where it stood on the instance at the
// run's first frame.
type drift struct {
	w      *live.World
	id     dynamic.Instance
	feet   []int // the feet's joints
	start  []mgl64.Vec3
	on     []bool
	worst  float64
	frames int // carried frames with a foot docked
}

func (d *drift) watch(st live.StepStats, pose planner.Pose, pos []mgl64.Vec3) {
	if d.on == nil {
		d.start, d.on = make([]mgl64.Vec3, len(d.feet)), make([]bool, len(d.feet))
	}
	tr, _ := d.w.At(d.id)
	a := level.g.Library.Actions[level.g.Library.Index(pose.Action)]
	counted := false
	for k, j := range d.feet {
		docked := false
		for _, dk := range a.Docks {
			if dk.Effector == pose.Skeleton.Names[j] && dk.Start <= pose.Time && pose.Time <= dk.End {
				docked = true
			}
		}
		if !docked || st.Carried == 0 {
			d.on[k] = false
			continue
		}
		if !counted {
			d.frames++
			counted = true
		}
		rel := pos[j].Sub(tr.Translation)
		if !d.on[k] {
			d.start[k], d.on[k] = rel, true
			continue
		}
		d.worst = max(d.worst, rel.Sub(d.start[k]).Len())
	}
}

func feetOf(t *testing.T) []int {
	t.Helper()
	loadLevel(t)
	var out []int
	for _, e := range level.g.Library.Actions[0].Effectors.Feet {
		out = append(out, e.Joint)
	}
	return out
}

// The lift: the character walks onto it and stops at the deck's face; the
// lift rises 3 m and carries it (standing: the plan around it changes
// every step), its docked feet moving at most 1 cm relative to the lift;
// at the top it walks onto the deck. No capsule is
// ever in the scene as it stands.
func TestLift(t *testing.T) {
	w := newWorld(t)
	lift, err := w.Add(sceneload.DynamicSlab(), at(v64(sceneload.DynamicLiftDown)))
	if err != nil {
		t.Fatal(err)
	}
	const rises, risen = 7, 11
	slides(t, w, lift, v64(sceneload.DynamicLiftDown), v64(sceneload.DynamicLiftUp), rises, risen)
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	d := &drift{w: w, id: lift, feet: feetOf(t)}
	r := playWatched(t, w, sceneload.DynamicStartX, sceneload.DynamicLiftZ, 18, nil, d.watch)
	onDeck := -1.0
	for f := range r.frames {
		if r.x[f] > sceneload.DynamicDeckX+1 && r.y[f] > sceneload.DynamicDeckH-0.5 {
			onDeck = float64(f+1) / 60
			break
		}
	}
	t.Logf("rode %d frames with a foot docked; docked feet drift at most %.2g m relative to the lift; on the deck at %.2f s; highest root %.2f m; deepest %.4f m (%s); worst Update %v, worst Step %v",
		d.frames, d.worst, onDeck, maxOf(r.y), r.deepest, r.where, r.worstUpdate, r.worstStep)
	if d.frames < 60 {
		t.Errorf("rode the lift docked for %d frames", d.frames)
	}
	if d.worst > 0.01 {
		t.Errorf("a docked foot moved %.3f m relative to the lift", d.worst)
	}
	if onDeck < 0 {
		t.Error("never walked onto the deck")
	}
	if r.deepest > 1e-4 {
		t.Errorf("a capsule %.4f m in the scene: %s", r.deepest, r.where)
	}
}

// The platform: the character steps onto it at the gap's near edge,
// waits at its end while it slides over the gap, and steps off onto the
// far bank; it never falls into the gap, and no capsule is ever in the
// scene as it stands.
func TestPlatform(t *testing.T) {
	w := newWorld(t)
	pf, err := w.Add(sceneload.DynamicSlab(), at(v64(sceneload.DynamicPlatformNear)))
	if err != nil {
		t.Fatal(err)
	}
	near, far := v64(sceneload.DynamicPlatformNear), v64(sceneload.DynamicPlatformFar)
	if err := w.Animate(pf, []live.Key{{Time: 7, At: at(near)}, {Time: 10, At: at(far)}, {Time: 16, At: at(far)}, {Time: 19, At: at(near)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	d := &drift{w: w, id: pf, feet: feetOf(t)}
	r := playWatched(t, w, sceneload.DynamicStartX, sceneload.DynamicPlatformZ, 16, nil, d.watch)
	across := -1.0
	for f := range r.frames {
		if r.x[f] > sceneload.DynamicGapX1+1 {
			across = float64(f+1) / 60
			break
		}
	}
	lowest := math.Inf(1)
	for _, y := range r.y {
		lowest = min(lowest, y)
	}
	t.Logf("rode %d frames with a foot docked; docked feet drift at most %.2g m relative to the platform; across at %.2f s; lowest root %.2f m; deepest %.4f m (%s); worst Update %v, worst Step %v",
		d.frames, d.worst, across, lowest, r.deepest, r.where, r.worstUpdate, r.worstStep)
	if across < 0 {
		t.Error("never got across the gap")
	}
	if lowest < 0.5 {
		t.Errorf("the root went down to %.2f m: fell into the gap", lowest)
	}
	if d.worst > 0.01 {
		t.Errorf("a docked foot moved %.3f m relative to the platform", d.worst)
	}
	if r.deepest > 1e-4 {
		t.Errorf("a capsule %.4f m in the scene: %s", r.deepest, r.where)
	}
}

// The trapdoor: it opens (is taken away) under the walking character,
// which falls ballistically (the root's vertical acceleration in flight
// within 2% of g), lands on the basement's floor 3 m below and walks on
// there. No capsule is ever in the scene as it stands.
func TestTrapdoor(t *testing.T) {
	w := newWorld(t)
	door, err := w.Add(sceneload.DynamicSlab(), at(v64(sceneload.DynamicTrapdoor)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	opened, fell := -1, 0
	hook := func(f int, st live.StepStats, p *planner.Planner) {
		if opened < 0 && p.Pose().Trans[0][0] > sceneload.DynamicTrapX-0.3 {
			if err := w.Remove(door); err != nil {
				t.Fatal(err)
			}
			opened = f
		}
		fell = p.Landings()
	}
	var flight []float64
	r := playWatched(t, w, sceneload.DynamicStartX, sceneload.DynamicTrapZ, 10, hook, func(st live.StepStats, pose planner.Pose, pos []mgl64.Vec3) {
		if pose.Action == "fall" {
			flight = append(flight, pose.Trans[0][1])
		}
	})
	const dt = 1.0 / 60
	worst, n := 0.0, 0
	for k := 1; k+2 < len(flight); k++ { // the first and the landing step aside
		a := (flight[k+1] - 2*flight[k] + flight[k-1]) / (dt * dt)
		worst = max(worst, math.Abs(a/-live.Gravity-1))
		n++
	}
	last := r.frames - 1
	t.Logf("opened at %.2f s; landed %d time(s), %d frames in flight (%d accelerations within %.2g of g); ends at x %.2f, y %.2f; deepest %.4f m (%s); worst Update %v",
		float64(opened+1)*dt, fell, len(flight), n, worst, r.x[last], r.y[last], r.deepest, r.where, r.worstUpdate)
	if fell != 1 || n < 10 {
		t.Fatalf("landed %d times, %d frames of flight", fell, len(flight))
	}
	if worst > 0.02 {
		t.Errorf("the root's vertical acceleration in flight is %.2f%% off g", worst*100)
	}
	if r.y[last] > -1.5 || r.x[last] < sceneload.DynamicTrapX+2 {
		t.Errorf("ends at x %.2f, y %.2f: did not walk on in the basement", r.x[last], r.y[last])
	}
	if r.deepest > 1e-4 {
		t.Errorf("a capsule %.4f m in the scene: %s", r.deepest, r.where)
	}
}

// A door that closes as the character reaches it: the character's warped
// choices are checked against the door as it will move (its keys), so it
// never walks into the closing door: it either passes before the door
// comes or stops short of it. No capsule is ever in the scene as it
// stands.
func TestDoorClosing(t *testing.T) {
	for _, closes := range []float64{4.4, 4.8, 5.2} {
		w := newWorld(t)
		open, shut := v64(sceneload.DynamicDoorOpen), v64(sceneload.DynamicDoorClosed)
		door, err := w.Add(sceneload.DynamicDoor(), at(open))
		if err != nil {
			t.Fatal(err)
		}
		slides(t, w, door, open, shut, closes, closes+1)
		if _, err := w.Step(0); err != nil {
			t.Fatal(err)
		}
		r := play(t, w, sceneload.DynamicStartX, sceneload.DynamicDoorZ, 9, nil)
		last := r.frames - 1
		t.Logf("door closing from %.1f s: ends at x %.2f; deepest %.4f m (%s); worst Update %v", closes, r.x[last], r.deepest, r.where, r.worstUpdate)
		if r.deepest > 1e-4 {
			t.Errorf("door closing from %.1f s: a capsule %.4f m in the scene: %s", closes, r.deepest, r.where)
		}
	}
}
