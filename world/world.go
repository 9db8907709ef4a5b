package world

import (
	"fmt"
	"sort"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttree"
)

// World is a scene ready to plan in: its mesh and BVH, the templates an
// action library docks with, their support-trees, and the geo-queriers.
// The planner's trees leave out the supports buried inside solids (see
// supportbuild.Buried) and the feet's in slots too narrow to stand in
// (supportbuild.Narrow), as baked (supportbake.Bake); the exact ones are
// kept for comparing Version II with Version I.
type World struct {
	Mesh          *scenes.Mesh
	BVH           *scenes.BVH
	Templates     map[string]*dock.Template            // by name
	Names         []string                             // the template names, sorted
	Supports      map[*dock.Template]*supporttree.Tree // the support-trees the planner uses: reachable supports only
	ExactSupports map[*dock.Template]*supporttree.Tree // all of Algorithm 1's supports, as built or read
	Probe         *geoquery.Probe                      // Version I
	Querier       *geoquery.Tree                       // Version II over Supports: the runtime querier
	ExactQuerier  *geoquery.Tree                       // Version II over ExactSupports: answers exactly as Probe
	Support       string                               // where the support data came from
	Buried        int64                                // positions dropped from ExactSupports as buried inside solids
	Narrow        int64                                // foot positions dropped from ExactSupports as in slots too narrow to stand in
	Foot          string                               // the template the library's feet dock with, or empty
}

// Options say where a World's support data comes from.
type Options struct {
	Load sceneload.LoadOptions
	// FST is a support file built for the scene (preprocess build). When
	// empty the support data is read from the cache, or built and cached
	// when the cache has none for this scene and these templates.
	FST string
	// CacheDir holds cached support files (bake.Cache); empty means the
	// user's cache directory.
	CacheDir string
	// Progress, when set, is told how a build goes, from the goroutine that
	// called Load or New.
	Progress func(template string, done, total int)
	// Friction, when positive, gives every template the cone of this
	// friction coefficient (dock.FrictionCone) in place of the paper's 10°
	// tolerance: dock.DefaultFriction lets a foot stand on slopes up to
	// 38.7°. Zero keeps the paper's templates.
	Friction float64
}

// Load loads the scene spec (a mesh file or builtin:NAME) and the
// support data of every template lib docks with.
func Load(spec string, lib *action.Library, opt Options) (*World, error) {
	if sceneload.IsLarge(spec) && opt.FST == "" {
		return nil, fmt.Errorf("%s is too large to build support data for whole: bake it in tiles (preprocess build --tiles I/N, then merge) and plan in it streamed (LoadTiled, package stream)", spec)
	}
	m, err := sceneload.Load(spec, opt.Load)
	if err != nil {
		return nil, err
	}
	return New(m, lib, opt)
}

// LoadTiled loads the scene spec for planning over support data streamed
// from tiles (package stream): its mesh, BVH and templates, and a Querier
// over tiles that hold nothing yet. Supports, ExactSupports, Probe and
// ExactQuerier are nil. A Large built-in scene loads so.
func LoadTiled(spec string, lib *action.Library, opt Options) (*World, error) {
	m, err := sceneload.Load(spec, opt.Load)
	if err != nil {
		return nil, err
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	w := &World{Mesh: m, BVH: bvh, Support: "tiles"}
	if err := w.templates(lib, opt); err != nil {
		return nil, err
	}
	lat := geoquery.DefaultParams().Lattice
	empty := map[*dock.Template]*supporttree.Tiles{}
	for _, t := range w.Templates {
		empty[t] = supporttree.NewTiles(lat)
	}
	if w.Querier, err = geoquery.NewTiled(bvh, geoquery.DefaultParams(), empty); err != nil {
		return nil, err
	}
	return w, nil
}

// New makes a World of a loaded mesh (opt.Load is not used).
func New(m *scenes.Mesh, lib *action.Library, opt Options) (*World, error) {
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	w := &World{Mesh: m, BVH: bvh}
	if err := w.templates(lib, opt); err != nil {
		return nil, err
	}
	if err := w.supportData(opt); err != nil {
		return nil, err
	}
	params := geoquery.DefaultParams()
	if w.Probe, err = geoquery.NewProbe(bvh, params); err != nil {
		return nil, err
	}
	if w.Querier, err = geoquery.NewTree(bvh, params, w.Supports); err != nil {
		return nil, err
	}
	if w.ExactQuerier, err = geoquery.NewTree(bvh, params, w.ExactSupports); err != nil {
		return nil, err
	}
	return w, nil
}

// templates finds the templates lib docks with (Templates, Names, Foot).
func (w *World) templates(lib *action.Library, opt Options) error {
	w.Templates = map[string]*dock.Template{}
	for _, a := range lib.Actions {
		for _, d := range a.Docks {
			if _, ok := w.Templates[d.Template]; !ok {
				t, err := dock.Builtin(d.Template)
				if err != nil {
					return fmt.Errorf("world: action %q: %w", a.Name, err)
				}
				if opt.Friction > 0 {
					t.ToleranceDeg = dock.FrictionCone(opt.Friction)
				}
				w.Templates[d.Template] = t
				w.Names = append(w.Names, d.Template)
			}
		}
	}
	sort.Strings(w.Names)
	w.Foot = footTemplate(lib)
	return nil
}

// supportData reads the support-trees from opt.FST, or from the bake's
// cache, or bakes them (and caches them when the cache is writable).
func (w *World) supportData(opt Options) error {
	var list []*dock.Template
	for _, n := range w.Names {
		list = append(list, w.Templates[n])
	}
	var entries map[*dock.Template]*supportbake.FileTemplate
	var err error
	if opt.FST != "" {
		entries, err = bake.SupportFile(opt.FST, w.Mesh, list, opt.Friction)
		w.Support = opt.FST
	} else {
		o := bake.Options{Cache: bake.Cache{Dir: opt.CacheDir}, Progress: opt.Progress}
		entries, w.Support, err = bake.Support(w.Mesh, w.BVH, geoquery.DefaultParams().Lattice, list, o)
	}
	if err != nil {
		return err
	}
	w.Supports = make(map[*dock.Template]*supporttree.Tree, len(list))
	w.ExactSupports = make(map[*dock.Template]*supporttree.Tree, len(list))
	for t, e := range entries {
		w.Supports[t], w.ExactSupports[t] = e.Planned(), e.Tree
		w.Buried += e.Buried
		w.Narrow += e.Narrow
	}
	return nil
}

// footTemplate is the template the first dock of a foot effector docks
// with, in the library's order ("foot", or one grown to the character,
// "foot@1.85"); empty when no action docks a foot.
func footTemplate(lib *action.Library) string {
	for _, a := range lib.Actions {
		for _, d := range a.Docks {
			for _, f := range a.Effectors.Feet {
				if a.Clip.Skeleton.Names[f.Joint] == d.Effector {
					return d.Template
				}
			}
		}
	}
	return ""
}

// FootSupport is the support-tree of the template the library's feet dock
// with (Foot).
func (w *World) FootSupport() (*supporttree.Tree, error) {
	if tr := w.Supports[w.Templates[w.Foot]]; tr != nil {
		return tr, nil
	}
	return nil, fmt.Errorf("world: the action library docks no foot (templates %s)", strings.Join(w.Names, ", "))
}
