package library

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"gopkg.in/yaml.v3"
)

// ReadActions reads an action file:
//
//	actions:
//	  - name: cmu-step
//	    clip:
//	      bvh: walk.bvh            # relative to the action file
//	      scale: 0.056444          # file units to metres (default 1)
//	      frames: [100, 166]       # first and last frame, inclusive (default all)
//	    effectors: effectors.yaml  # optional; default: recognised by joint name
//	    docks: extract             # the default; or a list:
//	    # docks:
//	    #   - {effector: LeftFoot, template: foot, start: 0.1, end: 0.35,
//	    #      position: [0.1, 0, 0.2], yaw_deg: 0}   # in the action frame
//	    tags: [walk]
//	  - name: my-walk
//	    clip: {builtin: walk.l}
//
// Every error names the file and line (a BVH file's own errors name that
// file and its line). Relative paths are resolved against dir.
func ReadActions(r io.Reader, file, dir string) ([]*action.Action, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "an 'actions' list")
	if err != nil {
		return nil, err
	}
	f, err := p.Mapping(root, "actions")
	if err != nil {
		return nil, err
	}
	if f["actions"] == nil {
		return nil, p.Fail(root, "missing 'actions'")
	}
	items, err := p.List(f["actions"], "'actions'")
	if err != nil {
		return nil, err
	}
	ar := actionReader{p: p, dir: dir}
	var out []*action.Action
	seen := map[string]int{}
	for _, it := range items {
		a, err := ar.action(it)
		if err != nil {
			return nil, err
		}
		if line, dup := seen[a.Name]; dup {
			return nil, p.Fail(it, "action %q is defined twice (first at line %d)", a.Name, line)
		}
		seen[a.Name] = it.Line
		out = append(out, a)
	}
	return out, nil
}

// LoadActions reads an action file from disk.
func LoadActions(path string) ([]*action.Action, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadActions(f, path, filepath.Dir(path))
}

type actionReader struct {
	p       yamlnode.Parser
	dir     string
	builtin map[string]humanoid.Clip
}

func (ar *actionReader) path(s string) string {
	if filepath.IsAbs(s) {
		return s
	}
	return filepath.Join(ar.dir, s)
}

func (ar *actionReader) action(n *yaml.Node) (*action.Action, error) {
	p := ar.p
	f, err := p.Mapping(n, "name", "clip", "effectors", "docks", "tags")
	if err != nil {
		return nil, err
	}
	if f["name"] == nil {
		return nil, p.Fail(n, "action without a name")
	}
	name, err := p.Str(f["name"])
	if err != nil {
		return nil, err
	}
	if f["clip"] == nil {
		return nil, p.Fail(n, "action %q has no clip", name)
	}
	clip, source, err := ar.clip(f["clip"])
	if err != nil {
		return nil, err
	}
	var eff *motion.Effectors
	if e := f["effectors"]; e != nil {
		path, err := p.Str(e)
		if err != nil {
			return nil, err
		}
		file, err := os.Open(ar.path(path))
		if err != nil {
			return nil, p.Fail(e, "%v", err)
		}
		eff, err = ReadEffectors(file, ar.path(path), clip.Skeleton)
		file.Close()
		if err != nil {
			return nil, err
		}
	} else if eff, err = motion.DefaultEffectors(clip.Skeleton); err != nil {
		return nil, p.Fail(f["clip"], "%s: %v", source, err)
	}
	a := &action.Action{Name: name, Clip: clip, Effectors: eff, Source: source, Delta: action.ComputeDelta(clip, eff), Ground: action.GroundAt(clip, eff, 0)}
	d := f["docks"]
	if d == nil || (d.Kind == yaml.ScalarNode && d.Value == "extract") {
		opt := dock.DefaultExtractOptions()
		if strings.HasPrefix(source, "builtin:") {
			opt = BuiltinExtractOptions()
		}
		ex, err := action.NewAction(name, clip, eff, opt)
		if err != nil {
			return nil, p.Fail(n, "%v", err)
		}
		a.Docks = ex.Docks
	} else {
		items, err := p.List(d, "'docks' (a list, or 'extract')")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			k, err := ar.dock(it, clip)
			if err != nil {
				return nil, err
			}
			a.Docks = append(a.Docks, k)
		}
	}
	if t := f["tags"]; t != nil {
		if a.Tags, err = p.Strings(t, "'tags'"); err != nil {
			return nil, err
		}
	}
	if err := a.Validate(); err != nil {
		return nil, p.Fail(n, "%v", err)
	}
	return a, nil
}

func (ar *actionReader) clip(n *yaml.Node) (*motion.Clip, string, error) {
	p := ar.p
	f, err := p.Mapping(n, "bvh", "builtin", "scale", "frames")
	if err != nil {
		return nil, "", err
	}
	var c *motion.Clip
	var source string
	switch {
	case f["bvh"] != nil && f["builtin"] != nil:
		return nil, "", p.Fail(n, "a clip is either 'bvh' or 'builtin', not both")
	case f["builtin"] != nil:
		name, err := p.Str(f["builtin"])
		if err != nil {
			return nil, "", err
		}
		if ar.builtin == nil {
			ar.builtin = map[string]humanoid.Clip{}
			for _, hc := range humanoid.Clips() {
				ar.builtin[hc.Name] = hc
			}
		}
		hc, ok := ar.builtin[name]
		if !ok {
			return nil, "", p.Fail(f["builtin"], "no built-in clip %q", name)
		}
		if f["scale"] != nil {
			return nil, "", p.Fail(f["scale"], "'scale' applies to BVH clips only")
		}
		c, source = hc.Clip, "builtin:"+name
	case f["bvh"] != nil:
		path, err := p.Str(f["bvh"])
		if err != nil {
			return nil, "", err
		}
		scale := 1.0
		if s := f["scale"]; s != nil {
			if scale, err = p.Float(s); err != nil {
				return nil, "", err
			}
			if !(scale > 0) {
				return nil, "", p.Fail(s, "scale %g is not positive", scale)
			}
		}
		if c, err = motion.LoadBVH(ar.path(path), motion.BVHOptions{Scale: scale}); err != nil {
			if os.IsNotExist(err) {
				return nil, "", p.Fail(f["bvh"], "%v", err)
			}
			return nil, "", err
		}
		source = ar.path(path)
	default:
		return nil, "", p.Fail(n, "a clip needs 'bvh' (a file) or 'builtin' (a built-in clip name)")
	}
	if fr := f["frames"]; fr != nil {
		r, err := p.Floats(fr, 2)
		if err != nil {
			return nil, "", err
		}
		a, b := int(r[0]), int(r[1])
		if float64(a) != r[0] || float64(b) != r[1] || a < 0 || b < a+1 || b >= c.Frames() {
			return nil, "", p.Fail(fr, "frames [%v, %v]: want whole first < last within the clip's 0..%d", r[0], r[1], c.Frames()-1)
		}
		if c, err = c.Slice(a, b+1); err != nil {
			return nil, "", p.Fail(fr, "%v", err)
		}
	}
	return c, source, nil
}

func (ar *actionReader) dock(n *yaml.Node, c *motion.Clip) (action.Dock, error) {
	p := ar.p
	f, err := p.Mapping(n, "effector", "template", "start", "end", "position", "yaw_deg")
	if err != nil {
		return action.Dock{}, err
	}
	var d action.Dock
	for _, k := range []string{"effector", "template", "start", "end", "position"} {
		if f[k] == nil {
			return d, p.Fail(n, "dock without %q", k)
		}
	}
	if d.Effector, err = p.Str(f["effector"]); err != nil {
		return d, err
	}
	j := c.Skeleton.Index(d.Effector)
	if j < 0 {
		return d, p.Fail(f["effector"], "no joint named %q in the clip's skeleton", d.Effector)
	}
	if s, ok := motion.NameSide(c.Skeleton.Names[j]); ok {
		d.Side = s
	}
	if d.Template, err = p.Str(f["template"]); err != nil {
		return d, err
	}
	if d.Start, err = p.Float(f["start"]); err != nil {
		return d, err
	}
	if d.End, err = p.Float(f["end"]); err != nil {
		return d, err
	}
	if !(d.Start >= 0 && d.End >= d.Start && d.End <= c.Duration()+1e-9) {
		return d, p.Fail(n, "interval [%g, %g] s is outside the clip's %g s", d.Start, d.End, c.Duration())
	}
	pos, err := p.Floats(f["position"], 3)
	if err != nil {
		return d, err
	}
	for k := range 3 {
		if math.Abs(pos[k]) > 1e6 {
			return d, p.Fail(f["position"], "position %v is too far away", pos)
		}
	}
	d.Pose.Position = mgl32.Vec3{float32(pos[0]), float32(pos[1]), float32(pos[2])}
	if y := f["yaw_deg"]; y != nil {
		deg, err := p.Float(y)
		if err != nil {
			return d, err
		}
		d.Pose.Yaw = float32(motion.WrapAngle(deg * math.Pi / 180))
	}
	return d, nil
}
