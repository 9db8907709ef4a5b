package main

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
)

// Config is what every step of the bake needs: the scene, the templates,
// the lattice, the tile size and the output folder. Beam hands it to the
// steps' workers as JSON.
type Config struct {
	Scene     string   `json:"scene"`
	Scale     float64  `json:"scale"`
	ZUp       bool     `json:"z_up"`
	Exclude   []string `json:"exclude"`
	Templates string   `json:"templates"` // built-in names, comma-separated
	Friction  float64  `json:"friction"`
	Spacing   float64  `json:"spacing"`
	YawStep   float64  `json:"yaw_step"`
	TileSize  int      `json:"tile_size"`
	Out       string   `json:"out"`
}

// Head is what the read step learns of the scene for the later steps.
type Head struct {
	Hash      [32]byte   `json:"hash"`
	Triangles uint32     `json:"triangles"`
	Bounds    [6]float32 `json:"bounds"`
}

func init() {
	beam.RegisterType(reflect.TypeOf((*readFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*buildFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*manifestFn)(nil)).Elem())
}

// pipeline is the bake as a Beam pipeline: read the scene and deal its
// triangles to the tiles they reach; group them by tile; build each tile
// and write its file; gather the entries and write the manifest.
func pipeline(c Config) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	tris, head := beam.ParDo2(s.Scope("read"), &readFn{C: c}, beam.Impulse(s))
	byTile := beam.GroupByKey(s.Scope("deal"), tris)
	entries := beam.ParDo(s.Scope("build"), &buildFn{C: c}, byTile, beam.SideInput{Input: head})
	all := beam.GroupByKey(s.Scope("gather"), beam.AddFixedKey(s, entries))
	beam.ParDo0(s.Scope("manifest"), &manifestFn{C: c}, all, beam.SideInput{Input: head})
	return p
}

// load is the scene.
func (c Config) load() (*scenes.Mesh, error) {
	opts := sceneload.LoadOptions{Scale: float32(c.Scale), ExcludeNodes: c.Exclude}
	if c.ZUp {
		opts.Up = scenes.UpZ
	}
	return sceneload.Load(c.Scene, opts)
}

// layout is the tiles of a scene with bounds b.
func (c Config) layout(b scenes.AABB) (*supporttile.Layout, error) {
	lat := dock.Lattice{Linear: float32(c.Spacing), Angular: float32(c.YawStep * math.Pi / 180)}
	if err := lat.Validate(); err != nil {
		return nil, err
	}
	var ts []*dock.Template
	for _, n := range strings.Split(c.Templates, ",") {
		t, err := dock.Builtin(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		if c.Friction > 0 {
			t.ToleranceDeg = dock.FrictionCone(c.Friction)
		}
		ts = append(ts, t)
	}
	return supporttile.NewLayoutOver(b, ts, lat, int32(c.TileSize))
}

func (h *Head) bounds() scenes.AABB {
	if h.Triangles == 0 {
		return scenes.EmptyAABB()
	}
	return scenes.AABB{Min: mgl32.Vec3{h.Bounds[0], h.Bounds[1], h.Bounds[2]}, Max: mgl32.Vec3{h.Bounds[3], h.Bounds[4], h.Bounds[5]}}
}

// fromHead is the read step's head and the layout of its scene.
func (c Config) fromHead(b []byte) (*Head, *supporttile.Layout, error) {
	var h Head
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, nil, err
	}
	l, err := c.layout(h.bounds())
	return &h, l, err
}

// tileKey packs a tile's place into one key.
func tileKey(ik [2]int32) int64 { return int64(ik[0])<<32 | int64(uint32(ik[1])) }

func tileOfKey(k int64) (i, kk int32) { return int32(k >> 32), int32(uint32(k)) }

// readFn loads the scene and deals each triangle (its index in the scene
// and its corners) to every tile it reaches; it emits the scene's head
// once.
type readFn struct{ C Config }

func (f *readFn) ProcessElement(_ []byte, emit func(int64, []byte), emitHead func([]byte)) error {
	m, err := f.C.load()
	if err != nil {
		return err
	}
	h := Head{Hash: supportbake.SceneHash(m), Triangles: uint32(m.NumTriangles())}
	b := scenes.EmptyAABB()
	if m.NumTriangles() > 0 {
		b = m.Bounds()
	}
	h.Bounds = [6]float32{b.Min[0], b.Min[1], b.Min[2], b.Max[0], b.Max[1], b.Max[2]}
	l, err := f.C.layout(h.bounds())
	if err != nil {
		return err
	}
	var reached [][2]int32
	for t := range m.NumTriangles() {
		a, bb, c := m.Triangle(t)
		reached = l.Reaches(a, bb, c, reached[:0])
		if len(reached) == 0 {
			continue
		}
		rec := binary.LittleEndian.AppendUint32(nil, uint32(t))
		for _, v := range []mgl32.Vec3{a, bb, c} {
			for _, x := range v {
				rec = binary.LittleEndian.AppendUint32(rec, math.Float32bits(x))
			}
		}
		for _, ik := range reached {
			emit(tileKey(ik), rec)
		}
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return err
	}
	emitHead(hb)
	return nil
}

// buildFn builds one tile from the triangles dealt to it, in the scene's
// order, writes its file, and emits its manifest entry (JSON).
type buildFn struct{ C Config }

func (f *buildFn) ProcessElement(ctx context.Context, key int64, recs func(*[]byte) bool, head []byte, emit func([]byte)) error {
	h, l, err := f.C.fromHead(head)
	if err != nil {
		return err
	}
	var all [][]byte
	var rec []byte
	for recs(&rec) {
		if len(rec) != 40 {
			return fmt.Errorf("beambake: a triangle record of %d bytes", len(rec))
		}
		all = append(all, rec)
	}
	slices.SortFunc(all, func(a, b []byte) int {
		return cmp.Compare(binary.LittleEndian.Uint32(a), binary.LittleEndian.Uint32(b))
	})
	local := &scenes.Mesh{}
	for _, r := range all {
		var v [3]mgl32.Vec3
		for n := range 9 {
			v[n/3][n%3] = math.Float32frombits(binary.LittleEndian.Uint32(r[4+4*n:]))
		}
		supporttile.AppendTriangle(local, v[0], v[1], v[2])
	}
	i, k := tileOfKey(key)
	t, err := l.BuildFrom(local, h.Hash, h.Triangles, i, k, 0)
	if err != nil {
		return err
	}
	e, data := supporttile.TileFile(t)
	if data != nil {
		if err := write(ctx, f.C.Out, e.File, data); err != nil {
			return err
		}
	}
	eb, err := json.Marshal(e)
	if err != nil {
		return err
	}
	emit(eb)
	return nil
}

// manifestFn writes the manifest from every tile's entry.
type manifestFn struct{ C Config }

func (f *manifestFn) ProcessElement(ctx context.Context, _ int, entries func(*[]byte) bool, head []byte) error {
	h, l, err := f.C.fromHead(head)
	if err != nil {
		return err
	}
	var es []supporttile.Entry
	var eb []byte
	for entries(&eb) {
		var e supporttile.Entry
		if err := json.Unmarshal(eb, &e); err != nil {
			return err
		}
		es = append(es, e)
	}
	man, err := l.Manifest(h.Hash, h.Triangles, es)
	if err != nil {
		return err
	}
	return write(ctx, f.C.Out, supporttile.ManifestName, man.Encode())
}

// write writes a file of the output folder through Beam's file systems:
// a local path, or one every worker reaches (gs://… on Dataflow).
func write(ctx context.Context, dir, name string, data []byte) error {
	path := strings.TrimSuffix(dir, "/") + "/" + name
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return fmt.Errorf("beambake: %s: %w", path, err)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return fmt.Errorf("beambake: %s: %w", path, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("beambake: %s: %w", path, err)
	}
	return nil
}

func emptyBounds() scenes.AABB { return scenes.EmptyAABB() }
