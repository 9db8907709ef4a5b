package geoquery

import (
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

type fixture struct {
	name  string
	mesh  *scenes.Mesh
	bvh   *scenes.BVH
	probe *Probe
	tree  *Tree
	names []string
}

func newFixture(t testing.TB, name string, m *scenes.Mesh, templates ...string) fixture {
	t.Helper()
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	params := DefaultParams()
	probe, _ := NewProbe(bvh, params)
	trees := map[*dock.Template]*supporttree.Tree{}
	for _, n := range templates {
		tm := builtinTemplate(n)
		st, _, err := supportbuild.Build(m, bvh, tm, params.Lattice, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		trees[tm] = st
	}
	tree, err := NewTree(bvh, params, trees)
	if err != nil {
		t.Fatal(err)
	}
	return fixture{name, m, bvh, probe, tree, templates}
}

// builtinTemplate returns one shared copy per name, so queries and trees
// refer to the same *Template.
var shared = map[string]*dock.Template{}

func builtinTemplate(n string) *dock.Template {
	if t, ok := shared[n]; ok {
		return t
	}
	t, err := dock.Builtin(n)
	if err != nil {
		panic(err)
	}
	shared[n] = t
	return t
}

func sharedQueries(t testing.TB, m *scenes.Mesh, n int, seed uint64, names ...string) []Query {
	qs := randomQueries(t, m, n, seed, names...)
	for i := range qs {
		qs[i].Template = builtinTemplate(qs[i].Template.Name)
	}
	return qs
}

// TestTreeMatchesProbe is the check: on 10,000 seeded random
// queries per scene the support-tree answers exactly what Probe answers.
func TestTreeMatchesProbe(t *testing.T) {
	n := 10000
	if tier.Short() {
		n = 500
	}
	var fx []fixture
	for _, s := range sceneload.BuiltinScenes() {
		if s.Large || tier.Short() && s.Name == "level" {
			continue // building its support-trees takes most of the test's time
		}
		m, _ := sceneload.Builtin(s.Name)
		fx = append(fx, newFixture(t, s.Name, m, "foot", "hand", "hand-wall"))
	}
	if d, ok := shareddata.Dir(); ok && !tier.Short() {
		m, err := sceneload.Load(d+"/meshes/dungeon.obj", sceneload.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fx = append(fx, newFixture(t, "dungeon.obj", m, "foot", "hand", "hand-wall"))
	} else {
		t.Log("real meshes absent or -short: testing built-in scenes only")
	}
	for _, f := range fx {
		qs := sharedQueries(t, f.mesh, n, 2024, f.names...)
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			checkTreeAgainstProbe(t, f, qs)
		})
	}
}

func checkTreeAgainstProbe(t *testing.T, f fixture, qs []Query) {
	n := len(qs)
	{
		found := 0
		for i, q := range qs {
			var a, b Result
			ok1 := f.probe.Nearest(q, &a, nil)
			ok2 := f.tree.Nearest(q, &b, nil)
			if ok1 != ok2 || a != b {
				t.Fatalf("%s query %d (%s at %+v): probe (%v, %+v), tree (%v, %+v)", f.name, i, q.Template.Name, q.Expected, ok1, a.Sample, ok2, b.Sample)
			}
			if ok1 {
				found++
			}
		}
		t.Logf("%s: %d of %d queries supported; tree and probe agree on all", f.name, found, n)
		if found == 0 || found == n {
			t.Errorf("%s: %d of %d supported: the test needs both outcomes", f.name, found, n)
		}
	}
}

func TestTreeNoSupportAndAllocations(t *testing.T) {
	m, _ := sceneload.Builtin("stepping")
	f := newFixture(t, "stepping", m, "foot")
	qs := sharedQueries(t, m, 100, 3, "foot")
	var r Result
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		q := qs[i%len(qs)]
		q.NoSupport = true
		f.tree.Nearest(q, &r, nil)
		i++
	})
	if allocs != 0 {
		t.Errorf("Tree.Nearest allocates %v times per query", allocs)
	}
	for _, q := range qs {
		var full, bare Result
		f.tree.Nearest(q, &full, nil)
		q.NoSupport = true
		f.tree.Nearest(q, &bare, nil)
		if bare.Sample != full.Sample || bare.Support.N != 0 {
			t.Fatalf("NoSupport changed the sample or left hits: %+v vs %+v", bare, full)
		}
	}
}
