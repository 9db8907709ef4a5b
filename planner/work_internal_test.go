package planner

import (
	"math"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/cputime"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/warp"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// workStage is the adult with the body on builtin:level, and the frames
// over the level's middle a character is planned from.
func workStage(b testing.TB) (*Setup, []action.Frame) {
	b.Helper()
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		b.Fatal(err)
	}
	lw, err := world.Load("builtin:level", lib, world.Options{CacheDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewSetup(g, lw.Querier, bodySweeps(b, g.Library))
	if err != nil {
		b.Fatal(err)
	}
	var frames []action.Frame
	for k := range 24 {
		x, z := 40+float64(k%6)*4, 44+float64(k/6)*4
		frames = append(frames, action.Frame{Position: mgl64.Vec3{x, 0, z}, Yaw: float64(k) * 2.4})
	}
	return s, frames
}

// BenchmarkWorkUnits measures what one unit of Config.Work costs in each
// kind of work an Update does, from every frame of workStage: plan nodes
// (a whole plan evaluated from standing), and the warps, checks of warped
// clips and ways on of every choice of the plan's root, each as its trial
// does them. It reports ns per unit of each: the rates WarpPerUnit,
// CheckPerUnit and CommitPerUnit are chosen to make them alike.
func BenchmarkWorkUnits(b *testing.B) {
	s, frames := workStage(b)
	var ns, units [5]float64 // node, warp, check, way on, commit
	b.ReportAllocs()
	for i := range b.N {
		p, err := New(s, Config{Start: frames[i%len(frames)], Fit: -1})
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		p.tree.Evaluate(s.query, actiongraph.Budget{})
		ns[0] += float64(time.Since(t0))
		units[0] += float64(p.tree.Spent())
		feasible := p.tree.Feasible(nil)
		for _, c := range feasible {
			tr, _ := p.trialFor(c)
			for tr.stage != decided {
				k := kindOf(tr.stage)
				cost := p.nextCost(tr)
				t0 := time.Now()
				w, err := p.advance(tr)
				ns[k] += float64(time.Since(t0))
				if err != nil {
					b.Fatal(err)
				}
				if k >= 2 {
					cost = w // a check's narrow phase and a way on are counted as done
				}
				units[k] += float64(cost)
			}
		}
		if len(feasible) > 0 {
			// The commit to the first choice, moved as a warp moves it.
			c := feasible[0]
			f := p.tree.Nodes[c].Frame
			f.Position[0] += 0.02
			f.Yaw += 0.02
			t0 := time.Now()
			st := p.tree.CommitAt(c, f, s.query)
			ns[4] += float64(time.Since(t0))
			units[4] += float64(ceilDiv(st.Kept, CommitPerUnit))
		}
	}
	for k, name := range []string{"ns/node", "ns/warp-unit", "ns/check-unit", "ns/way-on-unit", "ns/commit-unit"} {
		b.ReportMetric(ns[k]/math.Max(units[k], 1), name)
	}
}

// A part of a warped clip's check counts its nominal cost and one unit per
// NarrowPerUnit exact distances and plane bounds the body checker measured
// for it (its Stats, which the planner does not keep): from every frame of
// workStage, every check of every choice's trial.
func TestCheckCountsItsNarrowPhase(t *testing.T) {
	s, frames := workStage(t)
	parts, near := 0, 0
	for _, f := range frames {
		p, err := New(s, Config{Start: f, Fit: -1})
		if err != nil {
			t.Fatal(err)
		}
		p.tree.Evaluate(s.query, actiongraph.Budget{})
		for _, c := range p.tree.Feasible(nil) {
			tr, _ := p.trialFor(c)
			for tr.stage != decided {
				if kindOf(tr.stage) != 2 {
					if _, err := p.advance(tr); err != nil {
						t.Fatal(err)
					}
					continue
				}
				cost, before := p.nextCost(tr), p.body.Stats
				w, err := p.advance(tr)
				if err != nil {
					t.Fatal(err)
				}
				narrow := int(p.body.Stats.Steps - before.Steps + p.body.Stats.Bounds - before.Bounds)
				if want := cost + narrow/NarrowPerUnit; w != want {
					t.Fatalf("a check part counted %d units; nominal %d and %d narrow measures make %d", w, cost, narrow, want)
				}
				parts++
				if narrow >= NarrowPerUnit {
					near++
				}
			}
		}
	}
	t.Logf("%d check parts, %d of them counting narrow work", parts, near)
	if near == 0 {
		t.Error("no check part measured anything near the scene: the test shows nothing")
	}
}

// kindOf is the kind of work a trial stage does: 1 warp, 2 check, 3 way on.
func kindOf(s stage) int {
	switch s {
	case toWarp, toHold:
		return 1
	case toCheck, toCheckHeld:
		return 2
	}
	return 3
}

// walkInputs is a 20 s walk whose heading turns by 2.4 rad every 2.5 s,
// with a stop between 10 and 11 s.
func walkInputs(t float64) Input {
	in := Input{Heading: math.Floor(t/2.5) * 2.4, Speed: 1.4}
	if t >= 10 && t < 11 {
		in.Speed = 0
	}
	return in
}

// Trials made ahead give the motion the frame that starts an action would
// give by warping and checking there: from every start of workStage, a
// planner with an unbounded budget that warps ahead and one that warps
// only when an action starts (late) move to the bit alike, and the first
// starts most actions from trials finished in earlier Updates.
func TestTrialsAheadMoveAlike(t *testing.T) {
	s, frames := workStage(t)
	starts, ahead := 0, 0
	for i, f := range frames[:8] {
		var ps [2]*Planner
		for k := range ps {
			p, err := New(s, Config{Start: f, Work: 1 << 30, Fit: -1})
			if err != nil {
				t.Fatal(err)
			}
			p.late = k == 1
			ps[k] = p
		}
		for frame := 1; frame <= 20*60; frame++ {
			in := walkInputs(float64(frame) / 60)
			a, b := ps[0].Update(1.0/60, in), ps[1].Update(1.0/60, in)
			if a.Action != b.Action || !slices.Equal(a.Trans, b.Trans) || !slices.Equal(a.Rot, b.Rot) {
				t.Fatalf("start %d, frame %d: ahead %s at %.3f s, late %s at %.3f s", i, frame, a.Action, a.Time, b.Action, b.Time)
			}
		}
		if ps[1].Ahead() != 0 {
			t.Errorf("start %d: the late planner started %d actions from trials made ahead", i, ps[1].Ahead())
		}
		starts += ps[0].started
		ahead += ps[0].Ahead()
	}
	if ahead*10 < starts*9 {
		t.Errorf("%d of %d actions started from trials made ahead, want 90%%", ahead, starts)
	}
	t.Logf("%d of %d actions started from trials made ahead", ahead, starts)
}

// With the body and the default budget, an Update does no more work than
// the budget, but for the last node's or trial's few units (which are not
// split) and for the first stage of a frame, which may overrun it alone:
// from every start of workStage, under a heading that turns every 2.5 s,
// at most one Update in 500 does more, none more than twice the budget,
// and the trials made ahead leave the adult no frame to wait in.
func TestFrameWorkWithinBudget(t *testing.T) {
	s, frames := workStage(t)
	updates, over, worst, waits := 0, 0, 0, 0
	for _, f := range frames {
		p, err := New(s, Config{Start: f, Fit: -1})
		if err != nil {
			t.Fatal(err)
		}
		for frame := 1; frame <= 20*60; frame++ {
			p.Update(1.0/60, walkInputs(float64(frame)/60))
			updates++
			worst = max(worst, p.Work())
			if p.Work() > DefaultWork+16 {
				over++
			}
		}
		waits += p.Waits()
	}
	t.Logf("%d of %d Updates over the budget of %d; the most work %d; %d waits", over, updates, DefaultWork, worst, waits)
	if over*500 > updates || worst > 2*DefaultWork || waits > 0 {
		t.Errorf("%d of %d Updates over the budget of %d; the most work %d; %d waits", over, updates, DefaultWork, worst, waits)
	}
}

// BenchmarkUpdateWithBody is a frame of the adult with the body on
// builtin:level, walking from workStage's frames under walkInputs at the
// default budget: ns per Update, and the worst Update over the run on the
// thread's CPU clock (where the system tells it) and in work.
func BenchmarkUpdateWithBody(b *testing.B) {
	s, frames := workStage(b)
	var p *Planner
	worst, most, frame, k := time.Duration(0), 0, 0, 0
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	for b.Loop() {
		if p == nil || frame == 20*60 {
			var err error
			b.StopTimer()
			if p, err = New(s, Config{Start: frames[k%len(frames)], Fit: -1}); err != nil {
				b.Fatal(err)
			}
			runtime.GC() // New's garbage, so that no collection runs in the timed frames
			b.StartTimer()
			frame, k = 0, k+1
		}
		frame++
		c0, _ := cputime.Thread()
		p.Update(1.0/60, walkInputs(float64(frame)/60))
		c1, _ := cputime.Thread()
		worst, most = max(worst, c1-c0), max(most, p.Work())
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-cpu-µs")
	b.ReportMetric(float64(most), "most-work")
}

// With a budget smaller than a warp and no trials ahead (late: each
// choice warped and checked only when its action is due), a frame does at
// most one stage past the budget (and its last node's few units): the
// character waits in its last pose while its next choice is warped and
// checked over several Updates, and still walks on.
func TestSmallBudgetWaits(t *testing.T) {
	s, frames := workStage(t)
	const work = 200
	stage := 0
	for a := range s.Library().Actions {
		stage = max(stage, actionCostOf(s, int32(a)))
	}
	p, err := New(s, Config{Start: frames[0], Work: work, Fit: -1})
	if err != nil {
		t.Fatal(err)
	}
	p.late = true
	worst := 0
	for frame := 1; frame <= 20*60; frame++ {
		p.Update(1.0/60, walkInputs(float64(frame)/60))
		worst = max(worst, p.Work())
	}
	moved := p.Current().Frame.Position.Sub(frames[0].Position).Len()
	t.Logf("work %d: the most work %d (a stage at most %d), %d waits, %d actions, %.1f m from the start", work, worst, stage, p.Waits(), p.started, moved)
	if worst > work+stage+16 || p.Waits() == 0 || p.started < 10 || moved < 2 {
		t.Errorf("work %d: the most work %d (a stage at most %d), %d waits, %d actions, %.1f m from the start", work, worst, stage, p.Waits(), p.started, moved)
	}
}

// actionCostOf is the largest single stage of a trial of action a: a step
// of its warp or a part of its check.
func actionCostOf(s *Setup, a int32) int {
	p := &Planner{setup: s}
	p.costs()
	c := p.cost[a]
	most := c.check*c.part/max(s.Library().Actions[a].Clip.Frames()-1, 1) + 1
	for _, share := range warp.StepShare {
		most = max(most, ceilDiv(c.warp*share, 100))
	}
	return most
}

// New and SetDepth write all the memory Update will use, so the first
// frames pay no page faults (each a few microseconds of the system's
// time, charged to the frame): over the first second of walks from
// workStage's frames, the system maps at most 64 pages (256 KiB) for
// Update's thread in all (the runtime's own use of the thread maps a few).
func TestFirstFramesMapNoMemory(t *testing.T) {
	s, frames := workStage(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	total := int64(0)
	for _, f := range frames[:4] {
		p, err := New(s, Config{Start: f, Fit: -1})
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		f0, ok := cputime.Faults()
		if !ok {
			t.Skip("page faults not available here")
		}
		for frame := 1; frame <= 60; frame++ {
			p.Update(1.0/60, walkInputs(float64(frame)/60))
		}
		f1, _ := cputime.Faults()
		total += f1 - f0
		t.Logf("from %v: %d pages mapped over 60 frames", f.Position, f1-f0)
	}
	if total > 64 {
		t.Errorf("%d pages mapped over the first frames of 4 walks, want at most 64", total)
	}
}

// bodySweeps are the character's own body's sweeps of every action of
// lib, measured now.
func bodySweeps(t testing.TB, lib *action.Library) *ccd.Sweeps {
	t.Helper()
	m, err := DefaultBody(lib, nil)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := bake.MeasureSweeps(lib, m, ccd.Options{}, bake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sw
}
