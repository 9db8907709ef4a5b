package planner_test

import (
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/stategraph"
)

// A planner reads what tags mean from the library's roles, never from
// their spelling: the built-in library with its standing, gait, start,
// stop and athletic tags renamed, and its roles saying so, walks the main
// job to the same motion, bit for bit; with the renamed tags and the
// default roles, it walks another.
func TestRolesNotSpellings(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	rename := map[string]string{"idle": "rest", "walk": "stroll", "run": "dash", "start": "setoff", "stop": "halt",
		"back": "retreat", "vault": "mantle", "jump": "bound"}
	to := func(tags []string) []string {
		out := make([]string, len(tags))
		for i, tg := range tags {
			out[i] = tg
			if r, ok := rename[tg]; ok {
				out[i] = r
			}
		}
		return out
	}
	lib := action.NewLibrary()
	for _, a := range w.lib.Actions {
		b := *a
		b.Tags = to(a.Tags)
		if err := lib.Add(&b); err != nil {
			t.Fatal(err)
		}
	}
	d := action.DefaultRoles()
	renamed := action.Roles{Stand: rename[d.Stand], Walk: rename[d.Walk], Run: rename[d.Run], Starts: to(d.Starts), Stops: to(d.Stops),
		Athletic: to(d.Athletic), Leaps: to(d.Leaps)}
	g := w.setup.Graph()
	next := map[string][]string{}
	for s, a := range w.lib.Actions {
		for _, c := range g.Next(int32(s)) {
			next[a.Name] = append(next[a.Name], w.lib.Actions[c].Name)
		}
	}
	var entry []string
	for _, e := range g.Entry {
		entry = append(entry, w.lib.Actions[e].Name)
	}
	hash := func(lib *action.Library) uint64 {
		g2, err := stategraph.NewGraph(lib, next, entry)
		if err != nil {
			t.Fatal(err)
		}
		setup, err := planner.NewSetup(g2, w.setup.Querier(), bodysweeps.Measure(t, g2.Library))
		if err != nil {
			t.Fatal(err)
		}
		s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "SteppingWalk")
		if err != nil {
			t.Fatal(err)
		}
		res, err := script.Run(setup, planner.Config{}, s, 60, w.bvh)
		if err != nil {
			t.Fatal(err)
		}
		return script.MotionHash(res.Clip)
	}
	want := hash(w.lib)
	lib.Roles = renamed
	if got := hash(lib); got != want {
		t.Errorf("renamed tags with roles that say so: motion %016x, want %016x", got, want)
	}
	lib.Roles = action.DefaultRoles()
	if got := hash(lib); got == want {
		t.Errorf("renamed tags under the default roles walk the same motion %016x: the roles are not read", got)
	}
}
