package librarybuild_test

import (
	"bytes"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// characterSources are a character's clips named by re's test.
func characterSources(t *testing.T, rel string, keep func(string) bool) []librarybuild.Source {
	path := shareddata.Path(t, rel)
	ch, err := character.Load(path, character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(ch.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	var out []librarybuild.Source
	for _, c := range ch.Clips {
		if keep(c.Name) {
			out = append(out, librarybuild.Source{Name: c.Name, Ref: librarybuild.ClipRef{GLTF: path, Animation: c.Name}, Clip: c.Clip, Effectors: eff})
		}
	}
	return out
}

// refSource is the source ref names: its clip, loaded, and the effectors
// recognised on its skeleton.
func refSource(t *testing.T, name string, ref librarybuild.ClipRef) librarybuild.Source {
	t.Helper()
	c, _, err := ref.Load()
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	return librarybuild.Source{Name: name, Ref: ref, Clip: c, Effectors: eff}
}

// TestBuildFromAGameCharacter: an idle and two walks on the spot give a
// closed graph of standing pieces, steps alternating feet, turning
// variants and the blended starts and stops between them.
func TestBuildFromAGameCharacter(t *testing.T) {
	srcs := characterSources(t, "characters/mesh2motion-mannequin.glb", func(n string) bool {
		return n == "Idle_Loop" || n == "Walk_Loop" || n == "Walk_Formal_Loop"
	})
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{Pivots: true})
	if err != nil {
		t.Fatal(err)
	}
	rep := b.Report
	for _, tag := range []string{"idle", "walk", "start", "stop", "turn-left", "turn-right", "pivot"} {
		if rep.Tags[tag] == 0 {
			t.Errorf("no action tagged %s: %v", tag, rep.Tags)
		}
	}
	lib, g := b.Library, b.Graph
	if lib.Index("idle") < 0 {
		t.Fatal("no action named idle")
	}
	for s, a := range lib.Actions {
		if len(g.Next(int32(s))) == 0 {
			t.Errorf("%s has no successor", a.Name)
		}
		var feet []string
		for _, d := range a.Docks {
			if d.Template != "foot" {
				t.Errorf("%s docks a %s (hands are off by default)", a.Name, d.Template)
			}
			feet = append(feet, d.Effector)
		}
		if a.Tags[0] == "walk" && (len(feet) < 1 || len(feet) > 3) {
			t.Errorf("%s: feet docks %v", a.Name, feet)
		}
		// A turned variant turns by TurnDeg, give or take the step's own
		// sway.
		for _, tag := range a.Tags {
			if tag == "turn-left-30" || tag == "turn-right-30" {
				if deg := math.Abs(a.Delta.Yaw) * 180 / math.Pi; deg < 22.5 || deg > 37.5 {
					t.Errorf("%s %v turns %.1f°", a.Name, a.Tags, deg)
				}
			}
		}
	}
	t.Logf("%d actions %v, %d transitions, pose error %.3f m, blends bridge %.3f m", rep.Actions, rep.Tags, rep.Transitions, rep.MaxPoseError, rep.MaxBlendError)
	checkPivots(t, b)
	roundTrip(t, b)
}

// checkPivots finds the turns on the spot a built library gets from its
// idle: one per librarybuild.PivotDegs, turning by it (within half a degree)
// where it stands (within 1 cm), neither a start nor a stop, each foot
// docked where it starts and where it ends; the idle goes on to each, and
// each to the idle.
func checkPivots(t *testing.T, b *librarybuild.Built) {
	t.Helper()
	lib, g := b.Library, b.Graph
	idle := int32(lib.Index("idle"))
	var found []float64
	for s, a := range lib.Actions {
		if a.Tags[0] != "pivot" || b.Clips[a.Name].Pivot == 0 {
			continue
		}
		deg := b.Clips[a.Name].Pivot
		found = append(found, deg)
		if got := a.Delta.Yaw * 180 / math.Pi; math.Abs(got-deg) > 0.5 {
			t.Errorf("%s: pivot by %v° turns %.2f°", a.Name, deg, got)
		}
		if d := a.Delta.Translation; math.Hypot(d[0], d[2]) > 0.01 {
			t.Errorf("%s: pivot by %v° moves %.3f m", a.Name, deg, math.Hypot(d[0], d[2]))
		}
		for _, tag := range a.Tags {
			if tag == "start" || tag == "stop" {
				t.Errorf("%s: a pivot tagged %v", a.Name, a.Tags)
			}
		}
		for _, e := range a.Effectors.Feet {
			name := a.Clip.Skeleton.Names[e.Joint]
			var first, last bool
			for _, d := range a.Docks {
				first = first || d.Effector == name && d.Start == 0
				last = last || d.Effector == name && d.End >= a.Duration()-a.Clip.FrameTime/2
			}
			if !first || !last {
				t.Errorf("%s: foot %s docked at its start %v, at its end %v: %+v", a.Name, name, first, last, a.Docks)
			}
		}
		if !slices.Contains(g.Next(idle), int32(s)) || !slices.Contains(g.Next(int32(s)), idle) {
			t.Errorf("%s: idle → it %v, it → idle %v", a.Name, slices.Contains(g.Next(idle), int32(s)), slices.Contains(g.Next(int32(s)), idle))
		}
	}
	slices.Sort(found)
	want := slices.Clone(librarybuild.PivotDegs)
	slices.Sort(want)
	if !slices.Equal(found, want) {
		t.Errorf("pivots by %v°, want %v°", found, want)
	}
}

// roundTrip writes a built library and reads it back: the same actions
// (clips, docks, deltas, tags) and the same graph.
func roundTrip(t *testing.T, b *librarybuild.Built) {
	var buf bytes.Buffer
	if err := librarybuild.WriteLibrary(&buf, b, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	lib, g, err := librarybuild.ReadLibrary(bytes.NewReader(buf.Bytes()), "lib.yaml", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Actions) != len(b.Library.Actions) {
		t.Fatalf("%d actions read back, %d built", len(lib.Actions), len(b.Library.Actions))
	}
	if !reflect.DeepEqual(lib.Roles, b.Library.Roles) {
		t.Fatalf("roles read back %+v, built %+v", lib.Roles, b.Library.Roles)
	}
	for s, want := range b.Library.Actions {
		got := lib.Actions[s]
		if got.Name != want.Name || strings.Join(got.Tags, ",") != strings.Join(want.Tags, ",") || len(got.Docks) != len(want.Docks) {
			t.Fatalf("%s read back as %s %v with %d docks", want.Name, got.Name, got.Tags, len(got.Docks))
		}
		if got.Clip.Frames() != want.Clip.Frames() {
			t.Fatalf("%s: %d frames read back, %d built", want.Name, got.Clip.Frames(), want.Clip.Frames())
		}
		for i := range want.Clip.Trans {
			if got.Clip.Trans[i].Sub(want.Clip.Trans[i]).Len() > 1e-9 || math.Abs(math.Abs(got.Clip.Rot[i].Dot(want.Clip.Rot[i]))-1) > 1e-9 {
				t.Fatalf("%s: clip differs at %d", want.Name, i)
			}
		}
		for k, d := range want.Docks {
			e := got.Docks[k]
			if e.Effector != d.Effector || e.Start != d.Start || e.End != d.End || e.Pose.Position != d.Pose.Position || math.Abs(float64(e.Pose.Yaw-d.Pose.Yaw)) > 1e-6 {
				t.Errorf("%s dock %d: %+v read back, %+v built", want.Name, k, e, d)
			}
		}
		if got.Delta.Translation.Sub(want.Delta.Translation).Len() > 1e-9 || math.Abs(got.Delta.Yaw-want.Delta.Yaw) > 1e-9 {
			t.Errorf("%s: delta %v read back, %v built", want.Name, got.Delta, want.Delta)
		}
		if a, w := g.Next(int32(s)), b.Graph.Next(int32(s)); len(a) != len(w) {
			t.Errorf("%s: %d successors read back, %d built", want.Name, len(a), len(w))
		}
	}
}

// TestBuildFromCaptures: subject 16's Acclaim captures (walks with 90°
// turns, runs, jumps) and another subject's: its walk on uneven ground is
// retargeted onto subject 16's skeleton and docks, the run docks its rolling feet, the walks turn
// both ways.
func TestBuildFromCaptures(t *testing.T) {
	dir := shareddata.Path(t, "mocap/asf-amc")
	var srcs []librarybuild.Source
	for _, name := range []string{"03_01", "16_17", "16_19", "16_35", "16_01"} {
		srcs = append(srcs, refSource(t, name, librarybuild.ClipRef{AMC: filepath.Join(dir, name+".amc"), ASF: filepath.Join(dir, name[:2]+".asf")}))
	}
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{Retarget: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range b.Report.Sources {
		switch {
		case s.Name == "03_01" && (s.Retargeted == "" || s.FootDocks < 4 || s.Actions < 1):
			t.Errorf("03_01 (subject 3) not retargeted onto subject 16: %+v", s)
		case strings.HasPrefix(s.Name, "16_1") && s.Actions < 1:
			t.Errorf("%s gave no action", s.Name)
		case s.Name == "16_35" && s.FootDocks < 3:
			t.Errorf("the run 16_35: %d foot docks", s.FootDocks)
		}
	}
	// The captured turns themselves, not the turned copies of steps.
	left, right := map[string]float64{}, map[string]float64{}
	for _, a := range b.Library.Actions {
		if ac := b.Clips[a.Name]; ac.Turn.Deg == 0 && ac.BlendFrom == "" {
			deg := a.Delta.Yaw * 180 / math.Pi
			left[ac.Source], right[ac.Source] = max(left[ac.Source], deg), min(right[ac.Source], deg)
		}
	}
	if left["16_17"] < 30 || right["16_19"] > -30 || b.Report.Tags["idle"] == 0 {
		t.Errorf("captured turns left %v, right %v (want 16_17 left, 16_19 right, 30° in a step at least), tags %v", left, right, b.Report.Tags)
	}
	roundTrip(t, b)
}

// TestBuildCompletesAGameCharacter: a game character's idle, walk and
// death, with no option: the death's frames where the character lies are
// left out (the report says so) and no action keeps its hips below half
// the standing height; turns on the spot are added (the captures have
// none), and the idle's starts follow them with the feet where the turn
// leaves them (within 2 cm at the seam).
func TestBuildCompletesAGameCharacter(t *testing.T) {
	srcs := characterSources(t, "characters/mesh2motion-mannequin.glb", func(n string) bool {
		return n == "Idle_Loop" || n == "Walk_Loop" || n == "Death01"
	})
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(b.Report.Dropped, func(s string) bool { return strings.Contains(s, "Death01") && strings.Contains(s, "off its feet") }) {
		t.Errorf("nothing of Death01 dropped as off its feet: %v", b.Report.Dropped)
	}
	lib, g := b.Library, b.Graph
	standing := hipsHeight(lib.Actions[lib.Index("idle")], 0)
	for _, a := range lib.Actions {
		for f := range a.Clip.Frames() {
			if h := hipsHeight(a, f); h < standing/2 {
				t.Errorf("%s (%s) frame %d: hips %.2f m above the ground, standing %.2f", a.Name, a.Source, f, h, standing)
				break
			}
		}
	}
	onward := 0
	for s, a := range lib.Actions {
		if a.Tags[0] != "pivot" {
			continue
		}
		for _, k := range g.Next(int32(s)) {
			next := lib.Actions[k]
			if !slices.Contains(next.Tags, "start") {
				continue
			}
			onward++
			for _, e := range a.Effectors.Feet {
				end := footIn(a, e.Joint, a.Clip.Frames()-1, a.Clip.RootPointAt(a.Clip.Frames()-1, a.Effectors.Hips))
				start := footIn(next, e.Joint, 0, next.StartFrame())
				if d := end.Sub(start).Len(); d > 0.02 {
					t.Errorf("%s -> %s: %s %.3f m apart at the seam", a.Name, next.Name, a.Clip.Skeleton.Names[e.Joint], d)
				}
			}
		}
	}
	if onward == 0 {
		t.Errorf("no turn on the spot goes on to a start: tags %v", b.Report.Tags)
	}
}

// hipsHeight is the height of mesh2motion's hips joint (DEF-hips) above
// action a's ground at frame f.
func hipsHeight(a *action.Action, f int) float64 {
	n := a.Clip.Skeleton.NumJoints()
	pos := make([]mgl64.Vec3, n)
	a.Clip.FrameFK(f, pos, make([]mgl64.Quat, n))
	return pos[a.Clip.Skeleton.Index("DEF-hips")][1] - a.Ground
}

// footIn is joint j's position at frame f of action a, in frame r.
func footIn(a *action.Action, j, f int, r motion.RootPoint) mgl64.Vec3 {
	n := a.Clip.Skeleton.NumJoints()
	pos := make([]mgl64.Vec3, n)
	a.Clip.FrameFK(f, pos, make([]mgl64.Quat, n))
	return r.ToLocal(pos[j])
}

// TestAHopIsAStep: subject 16's run turning right (16_43) skips on its left
// foot as it turns: the left foot lands at 0.35 s and again at 0.71 s, 0.75
// m further on, the right foot swinging throughout. Alone, it gives a
// library that runs from the left foot onto the left foot, the two docks as
// far apart as the capture's two landings (its joint positions, within 5
// cm); and no action docks a foot twice in a row while the other foot
// stands between (slower than a third of a leg per second over the ground
// in the action's own motion): two docks of one foot with a stance of the
// other between are no hop.
func TestAHopIsAStep(t *testing.T) {
	dir := shareddata.Path(t, "mocap/asf-amc")
	src := refSource(t, "16_43", librarybuild.ClipRef{AMC: filepath.Join(dir, "16_43.amc"), ASF: filepath.Join(dir, "16.asf")})
	c, eff := src.Clip, src.Effectors
	left := eff.Feet[0]
	if left.Side != motion.Left {
		left = eff.Feet[1]
	}
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	landing := func(s float64) mgl64.Vec3 { return pos[int(math.Round(s/c.FrameTime))*n+left.Joint] }
	want := groundLen(landing(0.72).Sub(landing(0.36)))
	g, err := motion.GuessScale(c.Skeleton, eff)
	if err != nil {
		t.Fatal(err)
	}
	b, err := librarybuild.Build([]librarybuild.Source{src}, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hops := 0
	for _, a := range b.Library.Actions {
		var feet []action.Dock
		for _, d := range a.Docks {
			if d.Template == "foot" {
				feet = append(feet, d)
			}
		}
		if len(feet) < 2 || slices.Contains(a.Tags, "pivot") || feet[0].Effector != feet[len(feet)-1].Effector {
			continue
		}
		first, last := feet[0], feet[len(feet)-1]
		if first.Side == motion.Left && first.End < last.Start && !slices.Contains(a.Tags, "start") {
			hops++
			got := float64(last.Pose.Position.Sub(first.Pose.Position).Len())
			if math.Abs(got-want) > 0.05 {
				t.Errorf("%s: the hop's docks are %.3f m apart, the capture's landings %.3f m", a.Name, got, want)
			}
		}
		if slow := slowestOther(a, first); slow < 0.33*g.Leg {
			t.Errorf("%s docks %s twice in a row while the other foot stands between (%.2f m/s over the ground)", a.Name, first.Effector, slow)
		}
	}
	if want < 0.6 || hops == 0 {
		t.Errorf("%d runs from the left foot onto itself (want some); the capture's landings %.3f m apart", hops, want)
	}
}

// slowestOther is the slowest ground speed, over 1/30 s, of the stiller of
// the joint and tip of the foot other than d's, over action a's frames
// between d's end and the next dock of d's foot.
func slowestOther(a *action.Action, d action.Dock) float64 {
	c := a.Clip
	n := c.Skeleton.NumJoints()
	var other motion.Effector
	for _, e := range a.Effectors.Feet {
		if e.Side != d.Side {
			other = e
		}
	}
	pos := c.Positions()
	h := max(1, int(math.Round(1.0/30/c.FrameTime)))
	speed := func(j, f int) float64 {
		return groundLen(pos[(f+h)*n+j].Sub(pos[(f-h)*n+j])) / (2 * float64(h) * c.FrameTime)
	}
	slow := math.Inf(1)
	for f := int(d.End/c.FrameTime) + h; f+h < c.Frames()-h; f++ {
		slow = min(slow, max(min(speed(other.Joint, f), speed(other.Tip, f)), 0))
	}
	return slow
}

// groundLen is v's length over the ground.
func groundLen(v mgl64.Vec3) float64 { return math.Hypot(v[0], v[2]) }

// TestGaitsCapturedApartJoin: KayKit's walk (Walking_C) and its brisk walk
// (Walking_A, a run for so small a character: over 2.4 legs a second),
// captured apart, join: a walking step goes on to a running step fading in
// from it, and a running step to a walking one. Through each change of
// gait the foot the step before stands on stays where it stands (its
// joint, from the action's own motion, within 1 cm over its first dock,
// in the oracle's own measure) and the body travels on (no stop between).
// The library file gives the same clips back.
func TestGaitsCapturedApartJoin(t *testing.T) {
	srcs := characterSources(t, "conventions/kaykit-rig-medium-movement.glb", func(n string) bool {
		return n == "Rig_Medium|Walking_C" || n == "Rig_Medium|Walking_A"
	})
	if len(srcs) != 2 {
		t.Fatalf("%d sources, want Walking_C and Walking_A", len(srcs))
	}
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lib, g := b.Library, b.Graph
	gait := func(s int) string { return lib.Actions[s].Tags[0] }
	changes := map[string]int{}
	for s, a := range lib.Actions {
		from := b.Clips[a.Name].BlendFrom
		if from == "" || gait(s) != "walk" && gait(s) != "run" {
			continue
		}
		f := lib.Index(from)
		if f < 0 || gait(f) == gait(s) || gait(f) != "walk" && gait(f) != "run" {
			continue
		}
		if !slices.Contains(g.Next(int32(f)), int32(s)) {
			t.Errorf("%s fades in from %s, which does not go on to it", a.Name, from)
		}
		changes[gait(f)+" to "+gait(s)]++
		d := a.Docks[0]
		var j int
		for _, e := range a.Effectors.Feet {
			if a.Clip.Skeleton.Names[e.Joint] == d.Effector {
				j = e.Joint
			}
		}
		n := a.Clip.Skeleton.NumJoints()
		pos := a.Clip.Positions()
		first := pos[int(d.Start/a.Clip.FrameTime)*n+j]
		for fr := int(d.Start / a.Clip.FrameTime); fr <= int(d.End/a.Clip.FrameTime) && fr < a.Clip.Frames(); fr++ {
			if m := groundLen(pos[fr*n+j].Sub(first)); m > 0.01 {
				t.Errorf("%s: the held %s moves %.3f m by %.2f s", a.Name, d.Effector, m, float64(fr)*a.Clip.FrameTime)
				break
			}
		}
		if groundLen(a.Delta.Translation) < 0.1 {
			t.Errorf("%s travels %.3f m", a.Name, groundLen(a.Delta.Translation))
		}
	}
	if changes["walk to run"] == 0 || changes["run to walk"] == 0 {
		t.Errorf("changes of gait %v, want walk to run and run to walk", changes)
	}
	roundTrip(t, b)
}

// TestAnIdleAloneStands: GAMES-105's idle capture alone, which shifts its
// weight and does not end as it starts, gives a library: a still pose made
// from its middle that goes on to itself, both feet docked throughout, and
// turns on the spot from it. (Before, "no action can go on to another".)
func TestAnIdleAloneStands(t *testing.T) {
	src := refSource(t, "idle.bvh", librarybuild.ClipRef{BVH: shareddata.Path(t, "conventions/games105/idle.bvh"), Scale: 1})
	c, eff := src.Clip, src.Effectors
	b, err := librarybuild.Build([]librarybuild.Source{src}, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lib, g := b.Library, b.Graph
	s := lib.Index("idle")
	if s < 0 || !slices.Contains(g.Next(int32(s)), int32(s)) || b.Report.Tags["pivot"] == 0 {
		t.Fatalf("idle %d, its successors %v, tags %v: want a standing action that goes on to itself, and pivots", s, g.Next(int32(max(s, 0))), b.Report.Tags)
	}
	a := lib.Actions[s]
	for _, e := range eff.Feet {
		held := 0.0
		for _, d := range a.Docks {
			if d.Effector == c.Skeleton.Names[e.Joint] {
				held += d.End - d.Start
			}
		}
		if held < a.Duration()-a.Clip.FrameTime-1e-9 {
			t.Errorf("%s docked %.2f s of the idle's %.2f s", c.Skeleton.Names[e.Joint], held, a.Duration())
		}
	}
	roundTrip(t, b)
}
