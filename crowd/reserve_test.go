package crowd_test

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// adult is the default library and graph, the adult's body and its
// occupancy spaces.
type adult struct {
	lib    *action.Library
	graph  *stategraph.Graph
	model  *body.Model
	spaces *occupancy.Spaces
}

var (
	adultOnce sync.Once
	adultOf   adult
	adultErr  error
)

func loadAdult(tb testing.TB) *adult {
	tb.Helper()
	adultOnce.Do(func() {
		a := &adultOf
		if a.lib, a.graph, adultErr = librarybuild.Default(librarybuild.DefaultOptions{Crowd: true}); adultErr != nil {
			return
		}
		first := a.lib.Actions[0]
		if a.model, adultErr = body.Derive(first.Clip.Skeleton, first.Effectors, body.AdultRadii()); adultErr != nil {
			return
		}
		sw, err := bake.MeasureSweeps(a.lib, a.model, ccd.Options{}, bake.Options{})
		if adultErr = err; err != nil {
			return
		}
		a.spaces, adultErr = occupancy.Build(sw, occupancy.Options{})
	})
	if adultErr != nil {
		tb.Fatal(adultErr)
	}
	return &adultOf
}

// adultSpaces are the adult's occupancy spaces for the default library.
func adultSpaces(tb testing.TB) (*action.Library, *occupancy.Spaces) {
	a := loadAdult(tb)
	return a.lib, a.spaces
}

// setupOn is a planner setup for the default library on mesh (support
// data built in a fresh cache), with the body's clearance when withBody.
func setupOn(tb testing.TB, mesh *scenes.Mesh, withBody bool) *planner.Setup {
	tb.Helper()
	a := loadAdult(tb)
	lw, err := world.New(mesh, a.lib, world.Options{CacheDir: tb.TempDir()})
	if err != nil {
		tb.Fatal(err)
	}
	var sw *ccd.Sweeps
	if withBody {
		if sw, err = bake.MeasureSweeps(a.lib, a.model, ccd.Options{Margin: crowd.PlanMargin}, bake.Options{}); err != nil {
			tb.Fatal(err)
		}
	}
	setup, err := planner.NewSetup(a.graph, lw.Querier, sw)
	if err != nil {
		tb.Fatal(err)
	}
	return setup
}

// claim is a reservation as the brute force keeps it.
type claim struct {
	agent  int32
	t0, t1 float64
	f      action.Frame
	sp     occupancy.BCH
}

func randomClaim(r *rand.Rand, lib *action.Library, sp *occupancy.Spaces) (int32, occupancy.Space, action.Frame, float64, float64) {
	a := r.IntN(len(lib.Actions))
	spaces := sp.Action(a)
	s := spaces[r.IntN(len(spaces))]
	f := action.Frame{Position: mgl64.Vec3{r.Float64() * 8, 0, r.Float64() * 8}, Yaw: r.Float64() * 2 * math.Pi}
	start := r.Float64() * 4
	hold := 0.0
	if r.IntN(8) == 0 {
		hold = math.Inf(1)
	}
	return int32(r.IntN(20)), s, f, start, hold
}

// TestMeetsAgainstEveryReservation compares the index with a scan of every
// reservation (another agent's, overlapping in time, whose hierarchy the
// question's meets) over random reservations and questions, and after
// releases and expiries.
func TestMeetsAgainstEveryReservation(t *testing.T) {
	lib, sp := adultSpaces(t)
	r := rand.New(rand.NewPCG(51, 52))
	rs := crowd.NewReservations(16)
	var all []claim
	for range 300 {
		ag, s, f, start, hold := randomClaim(r, lib, sp)
		rs.Reserve(ag, s, f, start, hold)
		all = append(all, claim{ag, start + s.T0, math.Max(start+s.T1, hold), f, s.BCH})
	}
	check := func(phase string, n int) {
		hits := 0
		for range n {
			ag, s, f, start, _ := randomClaim(r, lib, sp)
			want := false
			for _, c := range all {
				if c.agent != ag && c.t0 <= start+s.T1 && start+s.T0 <= c.t1 && occupancy.Intersect(c.sp, s.BCH, occupancy.Relative(c.f, f)) {
					want = true
					break
				}
			}
			if got := rs.Meets(ag, s, f, start); got != want {
				t.Fatalf("%s: Meets %v, every reservation %v", phase, got, want)
			}
			if want {
				hits++
			}
		}
		t.Logf("%s: %d reservations, %d of %d questions meet one", phase, rs.Len(), hits, n)
		if hits == 0 || hits == n {
			t.Errorf("%s: the questions do not test both answers", phase)
		}
	}
	check("reserved", 2000)
	for ag := int32(0); ag < 5; ag++ {
		rs.Release(ag, 2)
	}
	var kept []claim
	for _, c := range all {
		if !(c.agent < 5 && c.t1 > 2) {
			kept = append(kept, c)
		}
	}
	all = kept
	check("released", 2000)
	rs.Expire(2.5)
	kept = nil
	for _, c := range all {
		if c.t1 >= 2.5 {
			kept = append(kept, c)
		}
	}
	all = kept
	if rs.Len() != len(all) {
		t.Fatalf("%d reservations after expiry, want %d", rs.Len(), len(all))
	}
	check("expired", 2000)
}

// TestMeetsAllocatesNothing asks questions of a full index.
func TestMeetsAllocatesNothing(t *testing.T) {
	lib, sp := adultSpaces(t)
	r := rand.New(rand.NewPCG(53, 54))
	rs := crowd.NewReservations(512)
	for range 300 {
		rs.Reserve(randomClaim(r, lib, sp))
	}
	ag, s, f, start, _ := randomClaim(r, lib, sp)
	if n := testing.AllocsPerRun(100, func() { rs.Meets(ag, s, f, start) }); n != 0 {
		t.Fatalf("%v allocations per question", n)
	}
}

// BenchmarkMeets asks whether a random action's space meets one of 300
// claims of 20 characters over an 8 m square and four seconds.
func BenchmarkMeets(b *testing.B) {
	lib, sp := adultSpaces(b)
	r := rand.New(rand.NewPCG(55, 56))
	rs := crowd.NewReservations(512)
	for range 300 {
		rs.Reserve(randomClaim(r, lib, sp))
	}
	type q struct {
		ag    int32
		s     occupancy.Space
		f     action.Frame
		start float64
	}
	qs := make([]q, 256)
	for k := range qs {
		ag, s, f, start, _ := randomClaim(r, lib, sp)
		qs[k] = q{ag, s, f, start}
	}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		rs.Meets(qs[k].ag, qs[k].s, qs[k].f, qs[k].start)
		k = (k + 1) % len(qs)
	}
	st := rs.Stats
	b.ReportMetric(float64(st.Visited)/float64(st.Questions), "visited/question")
	b.ReportMetric(float64(st.Intersects)/float64(st.Questions), "intersects/question")
}

// MeetsStanding: two standing circles that overlap do not stop a
// character standing farther from the other than it stood, and do stop it
// standing nearer; a claim that is not a standing circle counts as Meets
// has it; without the overlap, nothing changes.
func TestMeetsStanding(t *testing.T) {
	const r = 0.47
	stand := occupancy.Space{BCH: occupancy.Cylinder(0, 0, r), T1: 1}
	at := func(x float64) action.Frame { return action.Frame{Position: mgl64.Vec3{x, 0, 0}} }
	held, moving := crowd.NewReservations(4), crowd.NewReservations(4)
	held.ReserveStanding(1, stand, at(0), 0)
	moving.Reserve(1, stand, at(0), 0, math.Inf(1))
	if !held.All()[0].Standing || moving.All()[0].Standing {
		t.Fatalf("standing flags: %v, %v", held.All()[0].Standing, moving.All()[0].Standing)
	}
	from := mgl64.Vec3{0.9, 0, 0} // the two circles overlap by 4 cm
	for _, c := range []struct {
		x          float64
		held, meet bool
	}{
		{0.92, false, true}, // farther: free, though the circles still overlap
		{0.9, false, true},  // where it stood
		{0.85, true, true},  // nearer
		{1.2, false, false},
	} {
		if got := held.MeetsStanding(2, stand, at(c.x), 5, from); got != c.held {
			t.Errorf("standing at x %.2f from %.2f, beside a standing circle: meets %v, want %v", c.x, from[0], got, c.held)
		}
		if got := moving.MeetsStanding(2, stand, at(c.x), 5, from); got != c.meet {
			t.Errorf("standing at x %.2f beside a held claim: meets %v, want %v", c.x, got, c.meet)
		}
		if got := held.Meets(2, stand, at(c.x), 5); got != c.meet {
			t.Errorf("Meets at x %.2f: %v, want %v", c.x, got, c.meet)
		}
	}
	// Not overlapping where it stood: standing nearer, up to touching, is
	// what Meets says.
	if held.MeetsStanding(2, stand, at(0.95), 5, mgl64.Vec3{1.5, 0, 0}) {
		t.Errorf("0.95 m apart: reported meeting")
	}
	if !held.MeetsStanding(2, stand, at(0.9), 5, mgl64.Vec3{1.5, 0, 0}) {
		t.Errorf("0.9 m apart, come from 1.5 m: not reported")
	}
}
