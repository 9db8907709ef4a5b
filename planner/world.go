package planner

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
)

// World is a scene ready to plan in: its mesh and BVH, the templates an
// action library docks with, their support-trees, and the geo-queriers.
// The planner's trees leave out the supports buried inside solids (see
// Buried); the exact ones are kept for comparing Version II with Version I.
type World struct {
	Mesh      *scenes.Mesh
	BVH       *scenes.BVH
	Templates map[string]*dock.Template            // by name
	Names     []string                             // the template names, sorted
	Trees     map[*dock.Template]*supporttree.Tree // the support data the planner uses: reachable supports only
	Exact     map[*dock.Template]*supporttree.Tree // all of Algorithm 1's supports, as built or read
	Probe     *geoquery.Probe                      // Version I
	Tree      *geoquery.Tree                       // Version II over Trees: the runtime querier
	ExactTree *geoquery.Tree                       // Version II over Exact: answers exactly as Probe
	Support   string                               // where the support data came from
	Buried    int64                                // positions dropped from Exact as buried inside solids
}

// WorldOptions say where a World's support data comes from.
type WorldOptions struct {
	Load scenes.LoadOptions
	// FST is a support file built for the scene (preprocess build). When
	// empty the support data is read from the cache, or built and cached
	// when the cache has none for this scene and these templates.
	FST string
	// CacheDir holds cached support files; empty means the user's cache
	// directory (os.UserCacheDir()/foothold), or the temporary directory.
	CacheDir string
	// Progress, when set, is told how a build goes.
	Progress func(template string, done, total int)
}

// LoadWorld loads the scene spec (a mesh file or builtin:NAME) and the
// support data of every template lib docks with.
func LoadWorld(spec string, lib *actiongraph.Library, opt WorldOptions) (*World, error) {
	m, err := scenes.Load(spec, opt.Load)
	if err != nil {
		return nil, err
	}
	return NewWorld(m, lib, opt)
}

// NewWorld makes a World of a loaded mesh (opt.Load is not used).
func NewWorld(m *scenes.Mesh, lib *actiongraph.Library, opt WorldOptions) (*World, error) {
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	w := &World{Mesh: m, BVH: bvh, Templates: map[string]*dock.Template{}}
	for _, a := range lib.Actions {
		for _, d := range a.Docks {
			if _, ok := w.Templates[d.Template]; !ok {
				t, err := dock.Builtin(d.Template)
				if err != nil {
					return nil, fmt.Errorf("action %q: %w", a.Name, err)
				}
				w.Templates[d.Template] = t
				w.Names = append(w.Names, d.Template)
			}
		}
	}
	sort.Strings(w.Names)
	if err := w.supportData(opt); err != nil {
		return nil, err
	}
	w.Exact = w.Trees
	if w.Trees, w.Buried, err = dropBuried(bvh, w.Exact, Headroom); err != nil {
		return nil, err
	}
	params := geoquery.DefaultParams()
	if w.Probe, err = geoquery.NewProbe(bvh, params); err != nil {
		return nil, err
	}
	if w.Tree, err = geoquery.NewTree(bvh, params, w.Trees); err != nil {
		return nil, err
	}
	if w.ExactTree, err = geoquery.NewTree(bvh, params, w.Exact); err != nil {
		return nil, err
	}
	return w, nil
}

// Headroom is how far above a support Buried looks for the solid around it,
// and Clearance the room a support needs above it.
const (
	Headroom  = 1.5 // [Units: m]
	Clearance = 0.3 // [Units: m]
)

// Buried reports whether the support at lattice sample position p (within
// one increment inc of its surface, above or below) cannot be reached: the
// surface under p is covered within Clearance by anything, or lies inside a
// solid — a ray straight up from it meets, within headroom, the underside
// of a face looking up (the top of the solid around it). Algorithm 1 looks
// only at surfaces, two-sided, so it supports the floor hidden under a stair
// block or a box standing on it, and the underside of a floor slab; no foot
// reaches those.
func Buried(bvh *scenes.BVH, p mgl32.Vec3, inc, headroom float32) bool {
	// The surface at p: the first face below p + inc, within 2 inc.
	s := p
	down := scenes.Ray{Origin: [3]float32{p[0], p[1] + inc, p[2]}, Dir: [3]float32{0, -1, 0}, TMax: 2 * inc}
	if h, ok := bvh.ClosestHit(down, nil); ok {
		s = down.At(h.T)
	}
	const lift = 0.02 // off the surface, so the ray does not meet it again
	up := scenes.Ray{Origin: [3]float32{s[0], s[1] + lift, s[2]}, Dir: [3]float32{0, 1, 0}, TMax: headroom}
	h, ok := bvh.ClosestHit(up, nil)
	return ok && (h.T < Clearance-lift || h.Back && h.Normal[1] > 0.5)
}

// dropBuried returns the trees without their buried positions (tested on
// all cores) and how many were dropped.
func dropBuried(bvh *scenes.BVH, trees map[*dock.Template]*supporttree.Tree, headroom float32) (map[*dock.Template]*supporttree.Tree, int64, error) {
	out := make(map[*dock.Template]*supporttree.Tree, len(trees))
	var dropped int64
	for t, tr := range trees {
		var pos [][3]int32
		tr.Each(func(x, y, z int32, _ uint64) { pos = append(pos, [3]int32{x, y, z}) })
		lat := tr.Lattice()
		buried := make([]bool, len(pos))
		workers := runtime.GOMAXPROCS(0)
		var wg sync.WaitGroup
		for k := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := k; i < len(pos); i += workers {
					p := pos[i]
					buried[i] = Buried(bvh, lat.Position(dock.Sample{X: p[0], Y: p[1], Z: p[2]}), lat.Linear, headroom)
				}
			}()
		}
		wg.Wait()
		i := 0
		f, err := tr.Filter(func(x, y, z int32) bool {
			keep := !buried[i]
			i++
			if !keep {
				dropped++
			}
			return keep
		})
		if err != nil {
			return nil, 0, err
		}
		out[t] = f
	}
	return out, dropped, nil
}

// Config returns a planner configuration for this world with the Version
// II querier and the buried-support check.
func (w *World) Config(lib *actiongraph.Library, g *actiongraph.Graph) Config {
	return Config{Library: lib, Graph: g, Querier: w.Tree, Templates: w.Templates, Scene: w.BVH, Lattice: geoquery.DefaultParams().Lattice}
}

// supportData reads the support-trees from opt.FST, or from the cache, or
// builds them (and caches them when the cache is writable).
func (w *World) supportData(opt WorldOptions) error {
	var list []*dock.Template
	for _, n := range w.Names {
		list = append(list, w.Templates[n])
	}
	if opt.FST != "" {
		f, err := supporttree.ReadFile(opt.FST)
		if err != nil {
			return err
		}
		if w.Trees, err = f.Trees(w.Mesh, list); err != nil {
			return fmt.Errorf("%s: %w", opt.FST, err)
		}
		w.Support = opt.FST
		return nil
	}
	dir := opt.CacheDir
	if dir == "" {
		if d, err := os.UserCacheDir(); err == nil {
			dir = filepath.Join(d, "foothold")
		} else {
			dir = filepath.Join(os.TempDir(), "foothold")
		}
	}
	h := supporttree.SceneHash(w.Mesh)
	path := filepath.Join(dir, "support-"+hex.EncodeToString(h[:12])+".fst")
	if f, err := supporttree.ReadFile(path); err == nil {
		if trees, err := f.Trees(w.Mesh, list); err == nil {
			w.Trees, w.Support = trees, path+" (cached)"
			return nil
		}
	}
	params := geoquery.DefaultParams()
	file := &supporttree.File{Lattice: params.Lattice, SceneHash: h, SceneTriangles: uint32(w.Mesh.NumTriangles())}
	w.Trees = map[*dock.Template]*supporttree.Tree{}
	for _, t := range list {
		var progress func(done, total int)
		if opt.Progress != nil {
			progress = func(d, n int) { opt.Progress(t.Name, d, n) }
		}
		tr, _, err := supporttree.Build(w.Mesh, w.BVH, t, params.Lattice, supporttree.BuildOptions{Progress: progress})
		if err != nil {
			return err
		}
		w.Trees[t] = tr
		file.Templates = append(file.Templates, supporttree.FileTemplate{Name: t.Name, Hash: supporttree.TemplateHash(t), Tree: tr})
	}
	w.Support = "built now (the cache is not writable)"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if err := supporttree.WriteFile(path, file); err == nil {
			w.Support = path + " (built now)"
		}
	}
	return nil
}
