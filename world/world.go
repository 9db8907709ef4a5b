package world

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttree"
)

// World is a scene ready to plan in: its mesh and BVH, the templates an
// action library docks with, their support-trees, and the geo-queriers.
// The planner's trees leave out the supports buried inside solids (see
// supportbake.Buried) and the feet's in slots too narrow to stand in
// (supportbake.Narrow); the exact ones are kept for comparing Version II with Version I.
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
}

// Options say where a World's support data comes from.
type Options struct {
	Load sceneload.LoadOptions
	// FST is a support file built for the scene (preprocess build). When
	// empty the support data is read from the cache, or built and cached
	// when the cache has none for this scene and these templates.
	FST string
	// CacheDir holds cached support files; empty means the user's cache
	// directory (os.UserCacheDir()/foothold), or the temporary directory.
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
	m, err := sceneload.Load(spec, opt.Load)
	if err != nil {
		return nil, err
	}
	return New(m, lib, opt)
}

// New makes a World of a loaded mesh (opt.Load is not used).
func New(m *scenes.Mesh, lib *action.Library, opt Options) (*World, error) {
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
					return nil, fmt.Errorf("world: action %q: %w", a.Name, err)
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
	if err := w.supportData(opt); err != nil {
		return nil, err
	}
	w.ExactSupports = w.Supports
	w.Supports = make(map[*dock.Template]*supporttree.Tree, len(w.ExactSupports))
	for _, n := range w.Names {
		t := w.Templates[n]
		tr, dropped, err := supportbake.DropBuried(bvh, w.ExactSupports[t], 0)
		if err != nil {
			return nil, err
		}
		w.Buried += dropped
		if stance, ok := supportbake.FootStance(t); ok {
			if tr, dropped, err = supportbake.DropNarrow(bvh, tr, stance, 0); err != nil {
				return nil, err
			}
			w.Narrow += dropped
		}
		w.Supports[t] = tr
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

// templatesKey names a set of templates in a cache file's name, so that
// support data built with other cones (another friction) is kept apart.
func templatesKey(list []*dock.Template) string {
	k := sha256.New()
	for _, t := range list {
		th := supportbake.TemplateHash(t)
		k.Write(th[:])
	}
	return hex.EncodeToString(k.Sum(nil)[:4])
}

// CacheDir is the folder cached files go in: dir, or when it is empty the
// user's cache directory (os.UserCacheDir()/foothold), or the temporary
// directory's foothold folder when there is none.
func CacheDir(dir string) string {
	if dir != "" {
		return dir
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "foothold")
	}
	return filepath.Join(os.TempDir(), "foothold")
}

// supportData reads the support-trees from opt.FST, or from the cache, or
// builds them (and caches them when the cache is writable).
func (w *World) supportData(opt Options) error {
	var list []*dock.Template
	for _, n := range w.Names {
		list = append(list, w.Templates[n])
	}
	if opt.FST != "" {
		f, err := supportbake.ReadFile(opt.FST)
		if err != nil {
			return err
		}
		if w.Supports, err = f.Trees(w.Mesh, list); err != nil {
			if errors.Is(err, supportbake.ErrOtherLayout) {
				return fmt.Errorf("%s: %w (rebuild it with preprocess build --friction %v, the friction planned with)", opt.FST, err, opt.Friction)
			}
			return fmt.Errorf("%s: %w", opt.FST, err)
		}
		w.Support = opt.FST
		return nil
	}
	dir := CacheDir(opt.CacheDir)
	h := supportbake.SceneHash(w.Mesh)
	path := filepath.Join(dir, "support-"+hex.EncodeToString(h[:12])+"-"+templatesKey(list)+".fst")
	if f, err := supportbake.ReadFile(path); err == nil {
		if trees, err := f.Trees(w.Mesh, list); err == nil {
			w.Supports, w.Support = trees, path+" (cached)"
			return nil
		}
	}
	params := geoquery.DefaultParams()
	file := &supportbake.File{Lattice: params.Lattice, SceneHash: h, SceneTriangles: uint32(w.Mesh.NumTriangles())}
	w.Supports = map[*dock.Template]*supporttree.Tree{}
	for _, t := range list {
		var progress func(done, total int)
		if opt.Progress != nil {
			progress = func(d, n int) { opt.Progress(t.Name, d, n) }
		}
		tr, _, err := supportbake.Build(w.Mesh, w.BVH, t, params.Lattice, supportbake.BuildOptions{Progress: progress})
		if err != nil {
			return err
		}
		w.Supports[t] = tr
		file.Templates = append(file.Templates, supportbake.FileTemplate{Name: t.Name, Hash: supportbake.TemplateHash(t), Tree: tr})
	}
	w.Support = "built now (the cache is not writable)"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if err := supportbake.WriteFile(path, file); err == nil {
			w.Support = path + " (built now)"
		}
	}
	return nil
}

// FootSupport is the support-tree of the library's foot: the template
// "foot", or one grown or shrunk to a character's size ("foot@1.85").
func (w *World) FootSupport() (*supporttree.Tree, error) {
	for _, name := range w.Names {
		if name == "foot" || strings.HasPrefix(name, "foot@") {
			if tr := w.Supports[w.Templates[name]]; tr != nil {
				return tr, nil
			}
		}
	}
	return nil, fmt.Errorf("world: the action library docks no foot (templates %s)", strings.Join(w.Names, ", "))
}
