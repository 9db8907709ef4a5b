package planner_test

import (
	"hash/fnv"
	"math"
	"sync"
	"testing"

	"github.com/foothold/foothold/planner"
)

// A Setup may be shared by planners on different goroutines: two planners
// on one Setup (the body checked, so the clearance data is shared too),
// each on its own goroutine, play the main job's walk to the same bytes as
// one planner alone. Run under the race detector (.ci/run), this is the
// test of Setup's contract.
func TestPlannersShareASetup(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	setup, err := planner.NewSetupWith(w.setup.Graph(), w.lw.Querier, planner.SetupOptions{Body: true})
	if err != nil {
		t.Fatal(err)
	}
	s, in, start := mainJob(t, w)
	seconds := s.Duration
	if testing.Short() {
		seconds = 4
	}
	play := func() (uint64, error) {
		p, err := planner.New(setup, planner.Config{Start: start, State: s.State, Work: 1000})
		if err != nil {
			return 0, err
		}
		h := fnv.New64a()
		var b [8]byte
		put := func(x float64) {
			u := math.Float64bits(x)
			for k := range b {
				b[k] = byte(u >> (8 * k))
			}
			h.Write(b[:])
		}
		const dt = 1.0 / 60
		for f := range int(seconds * 60) {
			ps := p.Update(dt, in.At(float64(f)*dt))
			for _, v := range ps.Trans {
				put(v[0])
				put(v[1])
				put(v[2])
			}
			for _, q := range ps.Rot {
				put(q.W)
				put(q.V[0])
				put(q.V[1])
				put(q.V[2])
			}
		}
		return h.Sum64(), nil
	}
	alone, err := play()
	if err != nil {
		t.Fatal(err)
	}
	var got [2]uint64
	var errs [2]error
	var wg sync.WaitGroup
	for k := range got {
		wg.Go(func() { got[k], errs[k] = play() })
	}
	wg.Wait()
	for k := range got {
		if errs[k] != nil {
			t.Fatal(errs[k])
		}
		if got[k] != alone {
			t.Errorf("planner %d on the shared Setup: motion hash %x, alone %x", k, got[k], alone)
		}
	}
}
