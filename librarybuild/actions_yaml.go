package librarybuild

import (
	"fmt"
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
	"github.com/go-gl/mathgl/mgl64"
	"gopkg.in/yaml.v3"
)

// ReadActions reads an action file:
//
//	actions:
//	  - name: cmu-step
//	    clip:
//	      bvh: walk.bvh            # relative to the action file
//	      scale: 0.056444          # file units to metres (default 1; an ASF's own unit)
//	      frames: [100, 166]       # first and last frame, inclusive (default all)
//	    # or {amc: 16_17.amc, asf: 16.asf}, or {gltf: robot.glb, animation: Walking};
//	    # root_motion, loop, turn and blend_from shape the clip (see ReadLibrary)
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
	return readActionList(p, f["actions"], dir)
}

// readActionList reads the items of an 'actions' list.
func readActionList(p yamlnode.Parser, list *yaml.Node, dir string) ([]*action.Action, error) {
	items, err := p.List(list, "'actions'")
	if err != nil {
		return nil, err
	}
	ar := actionReader{p: p, dir: dir, done: map[string]*action.Action{}, made: map[string]*motion.Clip{}, files: map[fileKey]loaded{}, shaped: map[shapeKey]*motion.Clip{}}
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
		ar.done[a.Name] = a
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
	done    map[string]*action.Action // the actions read so far
	made    map[string]*motion.Clip   // their clips at their own rate, before atPlayRate
	files   map[fileKey]loaded        // the clips read from files (actions cut from one clip read it once)
	shaped  map[shapeKey]*motion.Clip // the clips with their root motion derived or looped
}

// shapeKey names a clip with its root motion derived or looped, before
// its frames are cut: actions cut from one clip share the work.
type shapeKey struct {
	clip             *motion.Clip
	rootMotion, loop bool
	cycle            [2]int
	mirror           bool
	period           int // frames a playing of the cycle is retimed to; 0: as captured
	stand            int // frame + 1; 0: none
	effectors        string
}

// fileKey names a clip read from files: its reference and the one it is
// retargeted onto, by value.
type fileKey struct{ ref, onto ClipRef }

// loaded is a clip read from its file (and retargeted) and its source.
type loaded struct {
	clip   *motion.Clip
	source string
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
	cs, err := ar.clip(f["clip"])
	if err != nil {
		return nil, err
	}
	eff, err := ar.effectors(f["effectors"], cs)
	if err != nil {
		return nil, err
	}
	clip, made, err := ar.shape(cs, eff)
	if err != nil {
		return nil, err
	}
	ar.made[name] = made
	a := &action.Action{Name: name, Clip: clip, Effectors: eff, Source: cs.source, Delta: action.ComputeDelta(clip, eff), Ground: action.GroundAt(clip, eff, 0)}
	if err := ar.docks(f["docks"], n, a, strings.HasPrefix(cs.source, "builtin:")); err != nil {
		return nil, err
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

// effectors reads an action's effectors file, or recognises them by name.
func (ar *actionReader) effectors(e *yaml.Node, cs clipSpec) (*motion.Effectors, error) {
	p := ar.p
	if e == nil {
		eff, err := motion.DefaultEffectors(cs.clip.Skeleton)
		if err != nil {
			return nil, p.Fail(cs.node, "%s: %v", cs.source, err)
		}
		return eff, nil
	}
	path, err := p.Str(e)
	if err != nil {
		return nil, err
	}
	file, err := os.Open(ar.path(path))
	if err != nil {
		return nil, p.Fail(e, "%v", err)
	}
	defer file.Close()
	return ReadEffectors(file, ar.path(path), cs.clip.Skeleton)
}

// docks extracts an action's docks ('extract', the default) or reads the
// listed ones.
func (ar *actionReader) docks(d, n *yaml.Node, a *action.Action, builtin bool) error {
	p := ar.p
	if d == nil || (d.Kind == yaml.ScalarNode && d.Value == "extract") {
		opt := dock.DefaultExtractOptions()
		if builtin {
			opt = BuiltinExtractOptions()
		}
		ex, err := action.NewAction(a.Name, a.Clip, a.Effectors, opt)
		if err != nil {
			return p.Fail(n, "%v", err)
		}
		a.Docks = ex.Docks
		return nil
	}
	items, err := p.List(d, "'docks' (a list, or 'extract')")
	if err != nil {
		return err
	}
	for _, it := range items {
		k, err := ar.dock(it, a.Clip)
		if err != nil {
			return err
		}
		a.Docks = append(a.Docks, k)
	}
	return nil
}

// clipSpec is a clip as read, before it is shaped.
type clipSpec struct {
	node       *yaml.Node
	clip       *motion.Clip
	source     string
	rootMotion bool
	loop       bool
	carryOn    bool   // blend_from carries its motion on (motion.BlendOn)
	cycle      [2]int // first and last frame of a gait cycle looped; last 0: none
	mirror     bool   // the cycle is a step followed by its mirror image
	period     int    // the frames a playing of the cycle lasts, retimed; 0: as captured
	stand      int    // the frame a standing pose is made from, plus one; 0: none
	frames     *yaml.Node
	turn       *yaml.Node
	pivot      float64 // degrees; 0: none
	blendFrom  *yaml.Node
	blend      float64
}

func (ar *actionReader) clip(n *yaml.Node) (clipSpec, error) {
	p := ar.p
	cs := clipSpec{node: n}
	f, err := p.Mapping(n, "bvh", "amc", "asf", "gltf", "animation", "builtin", "scale", "retarget", "frames", "root_motion", "loop", "cycle", "mirror", "period", "stand", "turn", "pivot", "blend_from", "blend_seconds", "carry_on")
	if err != nil {
		return cs, err
	}
	kinds := 0
	for _, k := range []string{"bvh", "amc", "gltf", "builtin"} {
		if f[k] != nil {
			kinds++
		}
	}
	if kinds != 1 {
		return cs, p.Fail(n, "a clip needs one of 'bvh' (a file), 'amc' (with 'asf'), 'gltf' (with 'animation') or 'builtin' (a built-in clip name)")
	}
	if f["builtin"] != nil {
		for _, k := range []string{"scale", "retarget"} {
			if f[k] != nil {
				return cs, p.Fail(f[k], "'%s' applies to clips from files only", k)
			}
		}
		cs.clip, cs.source, err = ar.builtinClip(f["builtin"])
	} else {
		cs.clip, cs.source, err = ar.fileClip(n, f)
	}
	if err != nil {
		return cs, err
	}
	for _, k := range []string{"root_motion", "loop", "carry_on"} {
		if v := f[k]; v != nil {
			if v.Kind != yaml.ScalarNode || (v.Value != "true" && v.Value != "false") {
				return cs, p.Fail(v, "'%s' is true or false", k)
			}
		}
	}
	cs.rootMotion = f["root_motion"] != nil && f["root_motion"].Value == "true"
	cs.loop = f["loop"] != nil && f["loop"].Value == "true"
	cs.carryOn = f["carry_on"] != nil && f["carry_on"].Value == "true"
	cs.frames, cs.turn = f["frames"], f["turn"]
	if err := ar.synthesis(f, &cs); err != nil {
		return cs, err
	}
	if v := f["pivot"]; v != nil {
		if cs.pivot, err = p.Float(v); err != nil {
			return cs, err
		}
		if !(cs.pivot != 0 && math.Abs(cs.pivot) <= 90) {
			return cs, p.Fail(v, "pivot by %g°: want a turn of at most 90° either way, not 0", cs.pivot)
		}
		for _, k := range []string{"turn", "blend_from"} {
			if f[k] != nil {
				return cs, p.Fail(f[k], "'%s' does not go with 'pivot', which makes the whole clip", k)
			}
		}
	}
	if (f["blend_from"] == nil) != (f["blend_seconds"] == nil) {
		return cs, p.Fail(n, "'blend_from' and 'blend_seconds' go together")
	}
	if f["carry_on"] != nil && f["blend_from"] == nil {
		return cs, p.Fail(f["carry_on"], "'carry_on' goes with 'blend_from'")
	}
	if cs.blendFrom = f["blend_from"]; cs.blendFrom != nil {
		if cs.blend, err = p.Float(f["blend_seconds"]); err != nil {
			return cs, err
		}
		if !(cs.blend > 0 && cs.blend <= 10) {
			return cs, p.Fail(f["blend_seconds"], "blend of %g s: want more than 0 and at most 10", cs.blend)
		}
	}
	return cs, nil
}

func (ar *actionReader) builtinClip(n *yaml.Node) (*motion.Clip, string, error) {
	name, err := ar.p.Str(n)
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
		return nil, "", ar.p.Fail(n, "no built-in clip %q", name)
	}
	return hc.Clip, "builtin:" + name, nil
}

// fileClip reads a BVH file, an AMC motion with its ASF skeleton, or a
// glTF character's animation, at the given scale, retargeted onto another
// clip's skeleton when asked.
func (ar *actionReader) fileClip(n *yaml.Node, f map[string]*yaml.Node) (*motion.Clip, string, error) {
	p := ar.p
	ref, key, err := ar.ref(n, f)
	if err != nil {
		return nil, "", err
	}
	if rt := f["retarget"]; rt != nil {
		g, err := p.Mapping(rt, "bvh", "amc", "asf", "gltf", "animation", "scale")
		if err != nil {
			return nil, "", err
		}
		if g["bvh"] == nil && g["amc"] == nil && g["gltf"] == nil {
			return nil, "", p.Fail(rt, "'retarget' names the clip whose skeleton to move onto: 'bvh', 'amc' (with 'asf') or 'gltf' (with 'animation')")
		}
		t, _, err := ar.ref(rt, g)
		if err != nil {
			return nil, "", err
		}
		ref.Retarget = &t
	}
	id := fileKey{ref: ref}
	if ref.Retarget != nil {
		id.ref.Retarget, id.onto = nil, *ref.Retarget
	}
	if l, ok := ar.files[id]; ok {
		return l.clip, l.source, nil
	}
	c, source, err := ref.Load()
	if err != nil {
		if os.IsNotExist(err) {
			return nil, "", p.Fail(f[key], "%v", err)
		}
		return nil, "", err
	}
	ar.files[id] = loaded{c, source}
	return c, source, nil
}

// ref reads a clip reference's fields (f, of node n): its file or files,
// animation and scale; key is the field naming the main file.
func (ar *actionReader) ref(n *yaml.Node, f map[string]*yaml.Node) (ClipRef, string, error) {
	p := ar.p
	scale := 0.0 // ClipRef.Load: 1, or an ASF file's own unit
	if s := f["scale"]; s != nil {
		var err error
		if scale, err = p.Float(s); err != nil {
			return ClipRef{}, "", err
		}
		if !(scale > 0) || math.IsInf(scale, 0) {
			return ClipRef{}, "", p.Fail(s, "scale %g is not positive", scale)
		}
	}
	ref := ClipRef{Scale: scale}
	str := func(k string, abs bool) (string, error) {
		if f[k] == nil {
			return "", nil
		}
		v, err := p.Str(f[k])
		if err == nil && abs {
			v = ar.path(v)
		}
		return v, err
	}
	var err error
	if ref.BVH, err = str("bvh", true); err == nil {
		if ref.AMC, err = str("amc", true); err == nil {
			if ref.ASF, err = str("asf", true); err == nil {
				if ref.GLTF, err = str("gltf", true); err == nil {
					ref.Animation, err = str("animation", false)
				}
			}
		}
	}
	if err != nil {
		return ClipRef{}, "", err
	}
	key := "bvh"
	if f["amc"] != nil {
		key = "amc"
	} else if f["gltf"] != nil {
		key = "gltf"
	}
	if (ref.AMC != "") != (ref.ASF != "") || (ref.GLTF != "") != (ref.Animation != "") {
		return ClipRef{}, "", p.Fail(n, "'amc' goes with 'asf', 'gltf' with 'animation'")
	}
	return ref, key, nil
}

// shape gives a clip read from a file what the action file asks: root
// motion, played twice, the frames, and a fade in from an earlier
// action's last pose.
func (ar *actionReader) shape(cs clipSpec, eff *motion.Effectors) (played, made *motion.Clip, err error) {
	p := ar.p
	key := shapeKey{cs.clip, cs.rootMotion, cs.loop, cs.cycle, cs.mirror, cs.period, cs.stand, fmt.Sprint(*eff)}
	c, ok := ar.shaped[key]
	if !ok {
		c = cs.clip
		if cs.rootMotion {
			moved, k := motion.Conform(c, eff)
			if !k.Changed() {
				return nil, nil, p.Fail(cs.node, "%s: 'root_motion' asked for, but the clip is upright, carried by its root and does not walk on the spot", cs.source)
			}
			c = moved
		}
		if cs.loop {
			if c, err = loopTwice(c, eff); err != nil {
				return nil, nil, p.Fail(cs.node, "%s: %v", cs.source, err)
			}
		}
		if c, err = ar.synthesize(cs, c, eff); err != nil {
			return nil, nil, err
		}
		ar.shaped[key] = c
	}
	if fr := cs.frames; fr != nil {
		r, err := p.Floats(fr, 2)
		if err != nil {
			return nil, nil, err
		}
		a, b := int(r[0]), int(r[1])
		if float64(a) != r[0] || float64(b) != r[1] || a < 0 || b < a+1 || b >= c.Frames() {
			return nil, nil, p.Fail(fr, "frames [%v, %v]: want whole first < last within the clip's 0..%d", r[0], r[1], c.Frames()-1)
		}
		if c, err = c.Slice(a, b+1); err != nil {
			return nil, nil, p.Fail(fr, "%v", err)
		}
	}
	if cs.pivot != 0 {
		if c, err = motion.Pivot(c, eff, cs.pivot*math.Pi/180); err != nil {
			return nil, nil, p.Fail(cs.node, "%s: %v", cs.source, err)
		}
	}
	if cs.turn != nil {
		t, err := ar.turn(cs.turn, c)
		if err != nil {
			return nil, nil, err
		}
		c = motion.TurnPath(c, t.Deg*math.Pi/180, mgl64.Vec3{t.Pivot[0], 0, t.Pivot[1]}, t.From, t.To)
	}
	if cs.blendFrom != nil {
		var err error
		if c, err = ar.blend(cs, c, eff); err != nil {
			return nil, nil, err
		}
	}
	out, _, err := atPlayRate(c, eff)
	if err != nil {
		return nil, nil, p.Fail(cs.node, "%v", err)
	}
	return out, c, nil
}

// blend fades c in from the last pose of the action cs names in
// blend_from (its clip at its own rate), or with carry_on from its motion,
// and, when that action stands, plants the feet it holds at its end, as
// the builder did.
func (ar *actionReader) blend(cs clipSpec, c *motion.Clip, eff *motion.Effectors) (*motion.Clip, error) {
	p := ar.p
	name, err := p.Str(cs.blendFrom)
	if err != nil {
		return nil, err
	}
	from, fromClip := ar.done[name], ar.made[name]
	switch {
	case from == nil:
		return nil, p.Fail(cs.blendFrom, "blend from %q: no such action before this one", name)
	case !sameSkeleton(from.Clip.Skeleton, c.Skeleton):
		return nil, p.Fail(cs.blendFrom, "blend from %q: another skeleton", name)
	}
	if cs.carryOn {
		c, _ = motion.BlendOn(c, fromClip, eff.Hips, cs.blend)
	} else {
		c, _ = motion.BlendIn(c, fromClip.PoseAt(fromClip.Frames()-1, from.Effectors.Hips), eff.Hips, cs.blend)
	}
	g, err := motion.GuessScale(c.Skeleton, eff)
	if err != nil {
		return nil, p.Fail(cs.blendFrom, "%v", err)
	}
	// from is played stretched (atPlayRate): 1.5 of its own frames,
	// stretched.
	slack := 1.5 * fromClip.FrameTime * from.Clip.Duration() / fromClip.Duration()
	if !fromStanding(from) {
		holdStop(c, from, slack, eff, cs.blend, stopShift*g.Leg)
		return c, nil
	}
	plantHeld(c, from, slack, eff, g.Leg) // the builder kept only starts whose legs reach
	return c, nil
}

// atPlayRate is c at the rate clips play at (humanoid.FPS) when it is
// slower: the warp holds docked limbs on their supports at the clip's
// frames, and a frame played between two of them would interpolate the
// limb off its support. The clip is stretched to a whole number of frames
// (its duration rounded to a frame: 1.4% at most for a clip of 0.35 s or
// more), so that its frames fall where the player samples them. A foot
// standing from one of c's frames to the next (its joint moving less than
// a twentieth of a leg) stays on the line between them in the frames made
// in between (motion.HoldBetween). stretch is the new duration over the
// old.
func atPlayRate(c *motion.Clip, eff *motion.Effectors) (out *motion.Clip, stretch float64, err error) {
	ft := 1.0 / humanoid.FPS
	if c.FrameTime <= ft*(1+1e-9) {
		return c, 1, nil
	}
	frames := max(1, int(math.Round(c.Duration()/ft)))
	if frames > 1<<24 {
		return nil, 0, fmt.Errorf("a clip of %g s", c.Duration())
	}
	out = motion.NewClip(c.Skeleton, frames+1, ft)
	n := c.Skeleton.NumJoints()
	for f := range frames + 1 {
		c.Sample(float64(f)*c.Duration()/float64(frames), out.Trans[f*n:(f+1)*n], out.Rot[f*n:(f+1)*n])
	}
	if g, err := motion.GuessScale(c.Skeleton, eff); err == nil {
		motion.HoldBetween(out, c, eff, g.Leg/20)
	}
	return out, out.Duration() / c.Duration(), nil
}

// turn reads a path turn: {deg, pivot: [x, z], from, to}.
func (ar *actionReader) turn(n *yaml.Node, c *motion.Clip) (Turn, error) {
	p := ar.p
	var t Turn
	f, err := p.Mapping(n, "deg", "pivot", "from", "to")
	if err != nil {
		return t, err
	}
	for _, k := range []string{"deg", "pivot", "from", "to"} {
		if f[k] == nil {
			return t, p.Fail(n, "a turn needs %q", k)
		}
	}
	if t.Deg, err = p.Float(f["deg"]); err != nil {
		return t, err
	}
	pv, err := p.Floats(f["pivot"], 2)
	if err != nil {
		return t, err
	}
	t.Pivot = [2]float64{pv[0], pv[1]}
	if t.From, err = p.Float(f["from"]); err != nil {
		return t, err
	}
	if t.To, err = p.Float(f["to"]); err != nil {
		return t, err
	}
	if math.Abs(t.Deg) > 360 || math.Abs(pv[0]) > 1e6 || math.Abs(pv[1]) > 1e6 || !(t.From >= 0 && t.To >= t.From && t.To <= c.Duration()+1e-9) {
		return t, p.Fail(n, "turn %+v: want |deg| <= 360, a pivot within 1e6 m and 0 <= from <= to <= the clip's %g s", t, c.Duration())
	}
	return t, nil
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

// synthesis reads a clip's cycle, its period and stand.
func (ar *actionReader) synthesis(f map[string]*yaml.Node, cs *clipSpec) error {
	p := ar.p
	if v := f["cycle"]; v != nil {
		r, err := p.Floats(v, 2)
		if err != nil {
			return err
		}
		a, b := int(r[0]), int(r[1])
		if float64(a) != r[0] || float64(b) != r[1] || a < 0 || b < a+2 {
			return p.Fail(v, "cycle [%v, %v]: want whole first frame < last - 1", r[0], r[1])
		}
		if f["loop"] != nil {
			return p.Fail(v, "'cycle' does not go with 'loop'")
		}
		cs.cycle = [2]int{a, b}
	}
	if v := f["mirror"]; v != nil {
		if v.Value != "true" && v.Value != "false" {
			return p.Fail(v, "mirror %q: want true or false", v.Value)
		}
		if cs.cycle[1] == 0 {
			return p.Fail(v, "'mirror' goes with 'cycle' only")
		}
		cs.mirror = v.Value == "true"
	}
	if v := f["period"]; v != nil {
		x, err := p.Float(v)
		if err != nil {
			return err
		}
		L := float64(cs.cycle[1] - cs.cycle[0])
		if cs.mirror {
			L *= 2
		}
		if cs.cycle[1] == 0 {
			return p.Fail(v, "'period' goes with 'cycle' only")
		}
		if x != math.Trunc(x) || x < 2 || x < L/4 || x > 4*L {
			return p.Fail(v, "period %v: want a whole number of frames from a quarter to four times the cycle's %v", x, L)
		}
		cs.period = int(x)
	}
	if v := f["stand"]; v != nil {
		x, err := p.Float(v)
		if err != nil {
			return err
		}
		if x != math.Trunc(x) || x < 0 || x > 1e7 {
			return p.Fail(v, "stand at frame %v: want a whole frame", x)
		}
		cs.stand = int(x) + 1
	}
	return nil
}

// synthesize makes what a clip's cycle and stand ask of it (with its root
// motion and loop).
func (ar *actionReader) synthesize(cs clipSpec, c *motion.Clip, eff *motion.Effectors) (*motion.Clip, error) {
	p := ar.p
	var err error
	if cy := cs.cycle; cy[1] != 0 {
		if cy[1] >= c.Frames() {
			return nil, p.Fail(cs.node, "%s: cycle [%d, %d] beyond the clip's %d frames", cs.source, cy[0], cy[1], c.Frames())
		}
		if c, err = cycleTwice(c, eff, cy[0], cy[1], cs.mirror); err != nil {
			return nil, p.Fail(cs.node, "%s: %v", cs.source, err)
		}
		if cs.period > 0 {
			L := cy[1] - cy[0]
			if cs.mirror {
				L *= 2
			}
			c = retime(c, L, cs.period)
		}
	}
	if cs.stand > 0 {
		if c, err = motion.Stand(c, eff, cs.stand-1, StandSeconds); err != nil {
			return nil, p.Fail(cs.node, "%s: %v", cs.source, err)
		}
	}
	return c, nil
}
