package live

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"gopkg.in/yaml.v3"

	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
)

// Timeline is a script of a world's moving parts: each part a mesh placed
// at a time (From), and from then a mover following keys, or a body
// dropped at a time, or taken away at a time. A YAML file holds one
// (ReadTimeline):
//
//	parts:
//	  - name: door
//	    mesh: door              # door, slab, crate EDGE, or a mesh file
//	    at: [7.1, 0, 1.2]       # its translation [m]
//	    yaw_deg: 0              # its turn about +Y
//	    keys:                   # a mover: where it is when
//	      - {time: 8, at: [7.1, 0, 1.2]}
//	      - {time: 9, at: [7.1, 0, 2.4]}
//	  - {name: crate, mesh: crate 1, at: [6.5, 2.5, 5.7], drop: 2}
//	  - {name: trapdoor, mesh: slab, at: [7, 0, 16], remove: 5.4}
type Timeline struct {
	Parts []TimedPart
}

// TimedPart is one part of a Timeline.
type TimedPart struct {
	Name   string
	Mesh   *scenes.Mesh // in its own frame
	At     dynamic.Transform
	From   float64 // when it is added [Units: s]
	Keys   []Key   // a mover's (empty: it stands, or falls)
	Drop   float64 // when it is dropped (NaN: never) [Units: s]
	Remove float64 // when it is taken away (NaN: never) [Units: s]
}

// ReadTimeline reads a timeline. Errors name the file and the line;
// unknown fields, NaN and infinite numbers, keys out of time order and
// parts named twice are errors. Mesh files are read relative to dir.
func ReadTimeline(r io.Reader, file, dir string) (*Timeline, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "'parts'")
	if err != nil {
		return nil, err
	}
	f, err := p.Mapping(root, "parts")
	if err != nil {
		return nil, err
	}
	if f["parts"] == nil {
		return nil, p.Fail(root, "a timeline needs 'parts'")
	}
	items, err := p.List(f["parts"], "'parts'")
	if err != nil {
		return nil, err
	}
	tl := &Timeline{}
	for _, it := range items {
		tp, err := readPart(p, it, dir)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(tl.Parts, func(o TimedPart) bool { return o.Name == tp.Name }) {
			return nil, p.Fail(it, "part %q named twice", tp.Name)
		}
		tl.Parts = append(tl.Parts, tp)
	}
	if len(tl.Parts) == 0 {
		return nil, p.Fail(f["parts"], "no parts")
	}
	return tl, nil
}

// LoadTimeline reads a timeline file.
func LoadTimeline(path string) (*Timeline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dir := path[:strings.LastIndexByte(path, '/')+1]
	return ReadTimeline(f, path, dir)
}

func readPart(p yamlnode.Parser, n *yaml.Node, dir string) (TimedPart, error) {
	tp := TimedPart{Drop: math.NaN(), Remove: math.NaN()}
	m, err := p.Mapping(n, "name", "mesh", "at", "yaw_deg", "from", "keys", "drop", "remove")
	if err != nil {
		return tp, err
	}
	for _, k := range []string{"name", "mesh", "at"} {
		if m[k] == nil {
			return tp, p.Fail(n, "a part needs %q", k)
		}
	}
	if tp.Name, err = p.Str(m["name"]); err != nil {
		return tp, err
	}
	if tp.Mesh, err = partMesh(p, m["mesh"], dir); err != nil {
		return tp, err
	}
	yaw := 0.0
	if m["yaw_deg"] != nil {
		if yaw, err = p.Float(m["yaw_deg"]); err != nil {
			return tp, err
		}
	}
	if tp.At, err = place(p, m["at"], yaw); err != nil {
		return tp, err
	}
	times := map[string]*float64{"from": &tp.From, "drop": &tp.Drop, "remove": &tp.Remove}
	for _, k := range []string{"from", "drop", "remove"} {
		if m[k] == nil {
			continue
		}
		if *times[k], err = p.Float(m[k]); err != nil {
			return tp, err
		}
		if *times[k] < 0 {
			return tp, p.Fail(m[k], "%s at %g s: a time is not negative", k, *times[k])
		}
	}
	if m["keys"] != nil {
		if tp.Keys, err = readKeys(p, m["keys"], yaw); err != nil {
			return tp, err
		}
	}
	if len(tp.Keys) > 0 && !math.IsNaN(tp.Drop) {
		return tp, p.Fail(m["drop"], "part %q both follows keys and is dropped", tp.Name)
	}
	return tp, nil
}

// readKeys reads a mover's keys (turned by yaw about +Y, like the part).
func readKeys(p yamlnode.Parser, n *yaml.Node, yaw float64) ([]Key, error) {
	items, err := p.List(n, "'keys'")
	if err != nil {
		return nil, err
	}
	var keys []Key
	for _, it := range items {
		km, err := p.Mapping(it, "time", "at", "yaw_deg")
		if err != nil {
			return nil, err
		}
		if km["time"] == nil || km["at"] == nil {
			return nil, p.Fail(it, "a key needs 'time' and 'at'")
		}
		var k Key
		if k.Time, err = p.Float(km["time"]); err != nil {
			return nil, err
		}
		if len(keys) > 0 && !(k.Time > keys[len(keys)-1].Time) {
			return nil, p.Fail(km["time"], "key at %g s does not follow the one at %g s", k.Time, keys[len(keys)-1].Time)
		}
		ky := yaw
		if km["yaw_deg"] != nil {
			if ky, err = p.Float(km["yaw_deg"]); err != nil {
				return nil, err
			}
		}
		if k.At, err = place(p, km["at"], ky); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// place is a translation [x, y, z] and a yaw in degrees as a Transform.
func place(p yamlnode.Parser, n *yaml.Node, yawDeg float64) (dynamic.Transform, error) {
	v, err := p.Floats(n, 3)
	if err != nil {
		return dynamic.Transform{}, err
	}
	for _, x := range v {
		if math.Abs(x) > 1e6 {
			return dynamic.Transform{}, p.Fail(n, "%g m is beyond any level", x)
		}
	}
	tr := dynamic.Transform{Translation: mgl64.Vec3{v[0], v[1], v[2]}}
	if yawDeg != 0 {
		tr.Rotation = mgl64.QuatRotate(yawDeg*math.Pi/180, mgl64.Vec3{0, 1, 0})
	}
	return tr, nil
}

// partMesh is a part's mesh: door, slab, crate EDGE (builtin:dynamic's
// parts), or a mesh file relative to dir.
func partMesh(p yamlnode.Parser, n *yaml.Node, dir string) (*scenes.Mesh, error) {
	s, err := p.Str(n)
	if err != nil {
		return nil, err
	}
	switch f := strings.Fields(s); {
	case s == "door":
		return sceneload.DynamicDoor(), nil
	case s == "slab":
		return sceneload.DynamicSlab(), nil
	case len(f) == 2 && f[0] == "crate":
		e, err := strconv.ParseFloat(f[1], 32)
		if err != nil || !(e >= 0.05 && e <= 10) {
			return nil, p.Fail(n, "crate %q: want an edge of 0.05 to 10 m", f[1])
		}
		return sceneload.DynamicCrate(float32(e)), nil
	}
	path := s
	if !strings.HasPrefix(path, "/") {
		path = dir + path
	}
	m, err := sceneload.Load(path, sceneload.LoadOptions{})
	if err != nil {
		return nil, p.Fail(n, "mesh %q: %v", s, err)
	}
	if m.NumTriangles() == 0 {
		return nil, p.Fail(n, "mesh %q has no triangles", s)
	}
	return m, nil
}

// timed is a timeline part as a world plays it.
type timed struct {
	TimedPart
	id                      dynamic.Instance
	added, dropped, removed bool
}

// Play has w play tl from its clock's start: each part is added, set
// moving, dropped and taken away when its times come (in Step).
func (w *World) Play(tl *Timeline) error {
	if tl == nil {
		return fmt.Errorf("live: no timeline")
	}
	for _, tp := range tl.Parts {
		w.timeline = append(w.timeline, &timed{TimedPart: tp})
	}
	return w.playDue()
}

// Part is the instance of the timeline's part named name (false before it
// is added or after it is taken away).
func (w *World) Part(name string) (dynamic.Instance, bool) {
	for _, t := range w.timeline {
		if t.Name == name && t.added && !t.removed {
			return t.id, true
		}
	}
	return 0, false
}

// playDue does what the timeline has due by the clock.
func (w *World) playDue() error {
	for _, t := range w.timeline {
		if !t.added && w.clock >= t.From {
			id, err := w.Add(t.Mesh, t.At)
			if err != nil {
				return fmt.Errorf("live: part %q: %w", t.Name, err)
			}
			t.id, t.added = id, true
			if len(t.Keys) > 0 {
				if err := w.Animate(id, t.Keys); err != nil {
					return fmt.Errorf("live: part %q: %w", t.Name, err)
				}
			}
		}
		if t.added && !t.dropped && !t.removed && w.clock >= t.Drop {
			if err := w.Drop(t.id); err != nil {
				return err
			}
			t.dropped = true
		}
		if t.added && !t.removed && w.clock >= t.Remove {
			if err := w.Remove(t.id); err != nil {
				return err
			}
			t.removed = true
		}
	}
	return nil
}

// DynamicTimeline is builtin:dynamic's timeline: the door opens at 8 s and
// closes at 20 s; a crate is dropped into the crate lane at 2 s; the lift
// rises to the deck from 7 s to 11 s and comes down from 20 s; the
// platform slides over the gap from 7 s to 10 s and back from 16 s; the
// trapdoor opens (is taken away) at 5.3 s.
const DynamicTimeline = `parts:
  - name: door
    mesh: door
    at: [7.1, 0, 1.2]
    keys:
      - {time: 8, at: [7.1, 0, 1.2]}
      - {time: 9, at: [7.1, 0, 2.4]}
      - {time: 20, at: [7.1, 0, 2.4]}
      - {time: 21, at: [7.1, 0, 1.2]}
  - {name: crate, mesh: crate 1, at: [6.5, 2.5, 5.7], drop: 2}
  - name: lift
    mesh: slab
    at: [7.9, 0, 9.8]
    keys:
      - {time: 7, at: [7.9, 0, 9.8]}
      - {time: 11, at: [7.9, 3, 9.8]}
      - {time: 20, at: [7.9, 3, 9.8]}
      - {time: 24, at: [7.9, 0, 9.8]}
  - name: platform
    mesh: slab
    at: [7, 0, 12.9]
    keys:
      - {time: 7, at: [7, 0, 12.9]}
      - {time: 10, at: [9, 0, 12.9]}
      - {time: 16, at: [9, 0, 12.9]}
      - {time: 19, at: [7, 0, 12.9]}
  - {name: trapdoor, mesh: slab, at: [7, 0, 16], remove: 5.3}
`

// Builtin is the timeline of a built-in scene that has one
// (builtin:dynamic's, DynamicTimeline), or false.
func Builtin(scene string) (*Timeline, bool, error) {
	if scene != sceneload.BuiltinPrefix+"dynamic" {
		return nil, false, nil
	}
	tl, err := ReadTimeline(strings.NewReader(DynamicTimeline), "builtin:dynamic timeline", "")
	return tl, true, err
}
