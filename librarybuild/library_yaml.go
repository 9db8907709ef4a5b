package librarybuild

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/stategraph"
	"gopkg.in/yaml.v3"
)

// ReadLibrary reads a library file: an action list (as ReadActions reads
// it) and the graph over it (as ReadGraph reads it) in one document:
//
//	actions:
//	  - name: idle
//	    clip: {gltf: robot.glb, animation: Idle, frames: [0, 33]}
//	    docks: [...]
//	  - name: walk.1
//	    clip: {gltf: robot.glb, animation: Walking, root_motion: true, loop: true, frames: [7, 19]}
//	  - name: walk.2
//	    clip: {gltf: robot.glb, animation: Walking, root_motion: true, loop: true, frames: [7, 19],
//	           blend_from: idle, blend_seconds: 0.4}
//	entry: [idle]
//	next:
//	  idle: [idle, walk.2]
//	  ...
//	roles: {stand: idle, walk: walk, athletic: [climb, hop]}
//
// A clip's root_motion gives a clip on the spot the motion of its feet
// (motion.RootMotion), loop plays it twice (the second time from where the
// first ends), cycle [first, last] loops those frames (a gait cycle inside
// the clip) and plays them twice (period P: each playing retimed to P
// frames, a slow walk played briskly; mirror: true, the frames are a step
// and the loop is that step followed by its mirror image, motion.Mirror,
// the other foot's step), stand F makes the clip a standing pose
// from its frame F (motion.Stand, StandSeconds long), frames then picks
// frames, turn turns its path by deg about
// the vertical through pivot (x, z) between from and to seconds
// (motion.TurnPath), pivot makes the clip a turn on the spot by that many
// degrees from the first of its frames (motion.Pivot; neither turn nor
// blend_from goes with it), and blend_from fades the clip in from the last pose
// of an action listed before it (motion.BlendIn; from a standing action,
// the feet it holds at its end stay planted until they lift:
// motion.Plant), or, with carry_on: true, carries that action's motion on
// into the clip (motion.BlendOn: a walk speeding up into a run). A clip slower than the play rate is stretched to whole
// frames of it (docks' times are the stretched clip's).
// The optional roles say which tags mean what to a planner (readRoles;
// action.DefaultRoles for those not given). Paths are relative to the
// file. Planner's 'planner library' writes such
// files; errors name the file and line.
func ReadLibrary(r io.Reader, file, dir string) (*action.Library, *stategraph.Graph, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "'actions', 'entry', 'next' and 'roles'")
	if err != nil {
		return nil, nil, err
	}
	f, err := p.Mapping(root, "actions", "entry", "next", "roles")
	if err != nil {
		return nil, nil, err
	}
	if f["actions"] == nil {
		return nil, nil, p.Fail(root, "missing 'actions'")
	}
	acts, err := readActionList(p, f["actions"], dir)
	if err != nil {
		return nil, nil, err
	}
	lib := action.NewLibrary()
	if f["roles"] != nil {
		if lib.Roles, err = readRoles(p, f["roles"]); err != nil {
			return nil, nil, err
		}
	}
	for _, a := range acts {
		if err := lib.Add(a); err != nil {
			return nil, nil, &yamlnode.ParseError{File: file, Err: err}
		}
	}
	g, err := readGraph(p, root, f, lib)
	if err != nil {
		return nil, nil, err
	}
	return lib, g, nil
}

// LoadLibrary reads a library file from disk.
func LoadLibrary(path string) (*action.Library, *stategraph.Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ReadLibrary(f, path, filepath.Dir(path))
}

// WriteLibrary writes a built library in the format ReadLibrary reads,
// paths relative to dir where they lie below it. Docks are listed, not
// extracted again, so the file gives back the same actions.
func WriteLibrary(w io.Writer, b *Built, dir string) error {
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, a := range b.Library.Actions {
		ac, ok := b.Clips[a.Name]
		if !ok {
			return fmt.Errorf("library: action %q has no clip reference", a.Name)
		}
		list.Content = append(list.Content, actionNode(a, ac, dir))
	}
	doc := &yaml.Node{Kind: yaml.MappingNode, Content: append([]*yaml.Node{scalar("actions"), list}, graphFields(b.Graph)...)}
	doc.Content = append(doc.Content, scalar("roles"), rolesNode(b.Library.Roles))
	return encodeYAML(w, doc)
}

func scalar(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }

func num(x float64) *yaml.Node { return scalar(strconv.FormatFloat(x, 'g', -1, 64)) }

func num32(x float32) *yaml.Node { return scalar(strconv.FormatFloat(float64(x), 'g', -1, 32)) }

func mapping(kv ...*yaml.Node) *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Content: kv} }

func flowSeq(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: items}
}

// actionNode is one action's entry.
// refFields adds a clip reference's files and scale to mapping m.
func refFields(m *yaml.Node, r ClipRef, dir string) {
	add := func(k string, v *yaml.Node) { m.Content = append(m.Content, scalar(k), v) }
	switch {
	case r.BVH != "":
		add("bvh", scalar(rel(dir, r.BVH)))
	case r.AMC != "":
		add("amc", scalar(rel(dir, r.AMC)))
		add("asf", scalar(rel(dir, r.ASF)))
	case r.GLTF != "":
		add("gltf", scalar(rel(dir, r.GLTF)))
		add("animation", scalar(r.Animation))
	}
	if r.Scale != 0 {
		add("scale", num(r.Scale))
	}
}

func actionNode(a *action.Action, ac ActionClip, dir string) *yaml.Node {
	clip := mapping()
	add := func(k string, v *yaml.Node) { clip.Content = append(clip.Content, scalar(k), v) }
	refFields(clip, ac.Ref, dir)
	if t := ac.Ref.Retarget; t != nil {
		rt := mapping()
		refFields(rt, *t, dir)
		rt.Style = yaml.FlowStyle
		add("retarget", rt)
	}
	if ac.RootMotion {
		add("root_motion", scalar("true"))
	}
	if ac.Loop {
		add("loop", scalar("true"))
	}
	if c := ac.Cycle; c[1] != 0 {
		add("cycle", flowSeq(num(float64(c[0])), num(float64(c[1]))))
		if ac.Mirror {
			add("mirror", scalar("true"))
		}
		if ac.Period != 0 {
			add("period", num(float64(ac.Period)))
		}
	}
	if ac.Stand {
		add("stand", num(float64(ac.StandFrame)))
	}
	add("frames", flowSeq(num(float64(ac.First)), num(float64(ac.Last))))
	if t := ac.Turn; t.Deg != 0 {
		tn := mapping(scalar("deg"), num(t.Deg), scalar("pivot"), flowSeq(num(t.Pivot[0]), num(t.Pivot[1])), scalar("from"), num(t.From), scalar("to"), num(t.To))
		tn.Style = yaml.FlowStyle
		add("turn", tn)
	}
	if ac.Pivot != 0 {
		add("pivot", num(ac.Pivot))
	}
	if ac.BlendFrom != "" {
		add("blend_from", scalar(ac.BlendFrom))
		add("blend_seconds", num(ac.BlendSeconds))
		if ac.CarryOn {
			add("carry_on", scalar("true"))
		}
	}
	clip.Style = yaml.FlowStyle
	docks := &yaml.Node{Kind: yaml.SequenceNode}
	for _, d := range a.Docks {
		p := d.Pose.Position
		dn := mapping(scalar("effector"), scalar(d.Effector), scalar("template"), scalar(d.Template),
			scalar("start"), num(d.Start), scalar("end"), num(d.End),
			scalar("position"), flowSeq(num32(p[0]), num32(p[1]), num32(p[2])),
			scalar("yaw_deg"), num(float64(d.Pose.Yaw)*180/math.Pi))
		dn.Style = yaml.FlowStyle
		docks.Content = append(docks.Content, dn)
	}
	tags := flowSeq()
	for _, t := range a.Tags {
		tags.Content = append(tags.Content, scalar(t))
	}
	return mapping(scalar("name"), scalar(a.Name), scalar("clip"), clip, scalar("docks"), docks, scalar("tags"), tags)
}
