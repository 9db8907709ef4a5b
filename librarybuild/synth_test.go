package librarybuild_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
)

// A slow walk (subject 3 on uneven ground, 0.5 m/s) is also played
// briskly: the library holds steps of its gait cycle retimed (a period
// under the cycle's), faster than the cycle's own steps by MaxQuicken at
// most, each with docks, and the file reads back the same clips.
func TestASlowWalkIsAlsoPlayedBriskly(t *testing.T) {
	src := refSource(t, "03_01.amc", librarybuild.ClipRef{AMC: shareddata.Path(t, "mocap/asf-amc/03_01.amc"), ASF: shareddata.Path(t, "mocap/asf-amc/03.asf")})
	b, err := librarybuild.Build([]librarybuild.Source{src}, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	speed := func(name string) float64 {
		a := b.Library.Get(name)
		return math.Hypot(a.Delta.Translation[0], a.Delta.Translation[2]) / a.Duration()
	}
	var captured, brisk float64
	for _, a := range b.Library.Actions {
		ac := b.Clips[a.Name]
		if a.Tags[0] != "walk" || ac.Cycle[1] == 0 || ac.BlendFrom != "" || ac.Turn.Deg != 0 {
			continue
		}
		if len(a.Docks) == 0 {
			t.Errorf("%s (period %d): no docks", a.Name, ac.Period)
		}
		if ac.Period == 0 {
			captured = max(captured, speed(a.Name))
			continue
		}
		if L := ac.Cycle[1] - ac.Cycle[0]; ac.Period >= L {
			t.Errorf("%s: period %d, the cycle's %d: not faster", a.Name, ac.Period, L)
		}
		brisk = max(brisk, speed(a.Name))
	}
	t.Logf("fastest step as captured %.2f m/s, retimed %.2f m/s", captured, brisk)
	if !(captured > 0) || brisk < 1.3*captured || brisk > librarybuild.MaxQuicken*captured*1.1 {
		t.Errorf("fastest step as captured %.2f m/s, retimed %.2f m/s: want 1.3 to %.1f times faster", captured, brisk, librarybuild.MaxQuicken)
	}
	roundTrip(t, b)
}

// KayKit's movement clips stand only in the landings of jumps (a tenth to
// a quarter of a second): the library gets a standing pose made from the
// walk that lasts MinStand or longer, every stop fades into one that long,
// the character starts in one, and from every standing action that long a
// turn on the spot follows through standing actions alone (a
// breadth-first search of the graph).
func TestShortStandsGetAStandAndTurns(t *testing.T) {
	srcs := characterSources(t, "conventions/kaykit-rig-medium-movement.glb", func(string) bool { return true })
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lib, g := b.Library, b.Graph
	long := false
	for _, a := range lib.Actions {
		long = long || a.Tags[0] == "idle" && a.Duration() >= librarybuild.MinStand && slices.Contains(a.Tags, librarybuild.Synthesized)
	}
	if !long {
		t.Errorf("tags %v: no synthesized standing action of %.1f s or more", b.Report.Tags, librarybuild.MinStand)
	}
	for _, a := range lib.Actions {
		if a.Tags[0] != "stop" {
			continue
		}
		if into := lib.Get(b.Clips[a.Name].BlendFrom); into == nil || a.Duration() < librarybuild.MinStand-1e-9 {
			t.Errorf("%s lasts %.2f s: a stop fades into a stand of %.1f s or more", a.Name, a.Duration(), librarybuild.MinStand)
		}
	}
	if a := lib.Get("idle"); a == nil || a.Duration() < librarybuild.MinStand-1e-9 {
		t.Errorf("the character starts in a standing action shorter than %.1f s", librarybuild.MinStand)
	}
	for s, a := range lib.Actions {
		if a.Tags[0] != "idle" || a.Duration() < librarybuild.MinStand-1e-9 {
			continue
		}
		seen, queue, found := map[int32]bool{int32(s): true}, []int32{int32(s)}, false
		for len(queue) > 0 && !found {
			q := queue[0]
			queue = queue[1:]
			for _, n := range g.Next(q) {
				tags := lib.Actions[n].Tags
				found = found || tags[0] == "pivot" || strings.HasPrefix(lib.Actions[n].Name, "pivot")
				if !seen[n] && tags[0] == "idle" {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if !found {
			t.Errorf("%s: no turn on the spot follows through standing actions", a.Name)
		}
	}
	roundTrip(t, b)
}

// GAMES-105's captures as a set: its only idle shifts its weight, one
// foot or the other lifted at every cut, so no turn on the spot could be
// made from it and a character walked into a corner stood there for good.
// The library gets a standing pose made for it, on both feet at both ends
// for MinStand or longer (its docks), turns on the spot, and the
// character starts in that pose.
func TestAnIdleThatShiftsItsWeightGetsAStand(t *testing.T) {
	var srcs []librarybuild.Source
	for _, f := range []string{"idle", "walkF", "walk_forward", "run_forward", "walk_and_turn_left"} {
		srcs = append(srcs, refSource(t, f+".bvh", librarybuild.ClipRef{BVH: shareddata.Path(t, "conventions/games105/"+f+".bvh"), Scale: 1}))
	}
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{Retarget: true})
	if err != nil {
		t.Fatal(err)
	}
	a := b.Library.Get("idle")
	if a == nil || a.Duration() < librarybuild.MinStand || b.Report.Tags["pivot"] == 0 {
		t.Fatalf("tags %v: want a standing pose to start in and turns on the spot", b.Report.Tags)
	}
	for _, e := range a.Effectors.Feet {
		name := a.Clip.Skeleton.Names[e.Joint]
		first, last := false, false
		for _, d := range a.Docks {
			first = first || d.Effector == name && d.Start <= a.Clip.FrameTime/2
			last = last || d.Effector == name && d.End >= a.Duration()-a.Clip.FrameTime/2
		}
		if !first || !last {
			t.Errorf("%s: the standing pose docks %s at its first frame %v, at its last %v", a.Name, name, first, last)
		}
	}
	roundTrip(t, b)
}

// GAMES-105's run_forward is a stride and a half (a right stance, a left
// one, and the clip ends in the air): no gait cycle lies inside it. Its
// step with the step's mirror image (the left foot's) makes one: the
// library runs on — from a run, runs alone lead back to it (a breadth-first
// search of the graph) — landing on the left foot and on the right.
func TestHalfACycleRunsOnWithItsMirrorImage(t *testing.T) {
	src := refSource(t, "run_forward.bvh", librarybuild.ClipRef{BVH: shareddata.Path(t, "conventions/games105/run_forward.bvh"), Scale: 1})
	b, err := librarybuild.Build([]librarybuild.Source{src}, librarybuild.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mirrored := false
	for _, s := range b.Report.Sources {
		mirrored = mirrored || strings.Contains(s.Name, "mirror image") && s.Synthesized
	}
	if !mirrored {
		t.Fatalf("sources %+v: no step with its mirror image", b.Report.Sources)
	}
	lib, g := b.Library, b.Graph
	running := func(i int32) bool {
		a := lib.Actions[i]
		return a.Tags[0] == "run" && !slices.Contains(a.Tags, "start") && !slices.Contains(a.Tags, "stop")
	}
	loops := 0
	for i := range lib.Actions {
		if !running(int32(i)) {
			continue
		}
		seen, queue, back := map[int32]bool{}, []int32{int32(i)}, false
		landed := map[string]bool{}
		for len(queue) > 0 && !back {
			s := queue[0]
			queue = queue[1:]
			for _, d := range lib.Actions[s].Docks {
				if d.Start > 0 {
					landed[d.Effector] = true
				}
			}
			for _, n := range g.Next(s) {
				back = back || n == int32(i)
				if running(n) && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if back && len(landed) == 2 {
			loops++
		}
	}
	if loops == 0 {
		t.Fatalf("tags %v: no run goes on through runs alone to itself, landing on both feet", b.Report.Tags)
	}
	t.Logf("%d runs go on to themselves through runs alone", loops)
	roundTrip(t, b)
}
