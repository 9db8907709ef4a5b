package librarybuild

import (
	"fmt"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/stategraph"
)

// BuiltinExtractOptions are the extraction thresholds for the built-in
// clips: those of motion capture without the floor test, since the clips
// step onto stairs and ledges.
func BuiltinExtractOptions() dock.ExtractOptions {
	o := dock.DefaultExtractOptions()
	o.MaxHeight = 0
	return o
}

// successors says which built-in actions may follow which, by base name;
// the left- or right-footed version is the one that starts as the previous
// action ends. Stairs continue as stairs, special moves (hop, vault,
// climb) need a walking run-up, and a standing character idles or starts.
// From "start" the graph unrolls to 5 / 34 / 205 / 1,208 nodes at depths
// 1-4, close to the paper's 5 / 32 / 197 / 1,236.
var successors = map[string][]string{
	"walk":         {"walk", "turn-left", "turn-right", "step-up-15", "step-up-30", "step-down-30", "hop-gap", "vault-box", "climb-ledge", "stop"},
	"turn-left":    {"walk", "turn-left", "turn-right", "step-up-15", "step-down-30", "stop"},
	"turn-right":   {"walk", "turn-left", "turn-right", "step-up-15", "step-down-30", "stop"},
	"step-up-15":   {"walk", "step-up-15", "step-up-30", "step-up-45", "turn-left", "turn-right"},
	"step-up-30":   {"walk", "step-up-15", "step-up-30", "step-up-45", "stop"},
	"step-up-45":   {"walk", "step-up-15", "step-up-30", "step-up-45", "stop"},
	"step-down-30": {"walk", "step-down-30", "step-up-15", "turn-left", "turn-right", "stop"},
	"hop-gap":      {"walk", "turn-left", "turn-right", "hop-gap", "step-up-15", "stop"},
	"vault-box":    {"walk", "turn-left", "turn-right", "hop-gap", "stop"},
	"climb-ledge":  {"idle", "start"},
	"stop":         {"idle", "start"},
	"idle":         {"idle", "start"},
	"start":        {"walk", "turn-left", "turn-right", "step-up-15", "step-down-30"},
}

// crowdSuccessors join the crowd's moves (DefaultOptions.Crowd) to the
// graph: the short step wherever a walk may go, and from standing,
// turning on the spot or stepping back before idling or starting; and a
// climb after a start as well as after a walk, so that a character
// standing before a ledge climbs it.
var crowdSuccessors = map[string][]string{
	"start":          {"stop", "walk-short", "climb-ledge"},
	"walk":           {"walk-short"},
	"turn-left":      {"walk-short"},
	"turn-right":     {"walk-short"},
	"walk-short":     {"walk", "walk-short", "turn-left", "turn-right", "stop"},
	"stop":           {"pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"idle":           {"pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"pivot-left":     {"idle", "start", "pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"pivot-right":    {"idle", "start", "pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"pivot-left-45":  {"idle", "start", "pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"pivot-right-45": {"idle", "start", "pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
	"step-back":      {"idle", "start", "pivot-left", "pivot-right", "pivot-left-45", "pivot-right-45", "step-back"},
}

// TableIStart is the state the paper's Table I experiment unrolls from:
// the character has just started walking on its left foot.
const TableIStart = "start.l"

// DefaultOptions adds optional parts to the default library.
type DefaultOptions struct {
	// MocapWalk, when set, is the path of cmu-walk.bvh (or another CMU
	// straight walk): one gait cycle of it, looped, joins the library as
	// the actions cmu-walk.1 and cmu-walk.2 (a half-cycle each).
	MocapWalk string
	// Crowd adds the moves of characters among others: a short, slow step
	// (0.35 m), turning 45° or 90° on the spot either way, stepping back
	// 0.3 m from standing, and climbing after a start.
	Crowd bool
}

// Default builds the built-in action library and its state graph: the
// humanoid's procedural clips with extracted docks, and optionally real
// capture.
func Default(opt DefaultOptions) (*action.Library, *stategraph.Graph, error) {
	lib := action.NewLibrary()
	clips := humanoid.Clips()
	if opt.Crowd {
		clips = append(clips, humanoid.CrowdClips()...)
	}
	type info struct {
		base     string
		from, to humanoid.Boundary
	}
	infos := map[string]info{}
	for _, hc := range clips {
		a, err := action.NewAction(hc.Name, hc.Clip, humanoid.Effectors(hc.Clip.Skeleton), BuiltinExtractOptions())
		if err != nil {
			return nil, nil, err
		}
		a.Tags, a.Source = hc.Tags, "builtin:"+hc.Name
		if err := lib.Add(a); err != nil {
			return nil, nil, err
		}
		infos[hc.Name] = info{hc.Base, hc.From, hc.To}
	}
	next := map[string][]string{}
	for _, hc := range clips {
		bases := successors[hc.Base]
		if opt.Crowd {
			bases = append(slices.Clone(bases), crowdSuccessors[hc.Base]...)
		}
		for _, base := range bases {
			for _, other := range clips {
				if other.Base == base && other.From == hc.To {
					next[hc.Name] = append(next[hc.Name], other.Name)
				}
			}
		}
	}
	entry := []string{"idle", TableIStart}
	if opt.MocapWalk != "" {
		names, err := addMocapWalk(lib, opt.MocapWalk)
		if err != nil {
			return nil, nil, err
		}
		next[names[0]] = []string{names[1]}
		next[names[1]] = []string{names[0]}
		entry = append(entry, names[0])
	}
	g, err := stategraph.NewGraph(lib, next, entry)
	if err != nil {
		return nil, nil, err
	}
	return lib, g, nil
}

// addMocapWalk slices one gait cycle of a CMU walk into two half-cycles
// (mid-stance to mid-stance), loops it, and adds them.
func addMocapWalk(lib *action.Library, path string) ([2]string, error) {
	names := [2]string{"cmu-walk.1", "cmu-walk.2"}
	c, err := motionfile.LoadBVH(path, motion.BVHOptions{Scale: motion.CMUScale})
	if err != nil {
		return names, err
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		return names, fmt.Errorf("%s: %w", path, err)
	}
	halves, err := HalfCycles(c, eff)
	if err != nil {
		return names, fmt.Errorf("%s: %w", path, err)
	}
	for i, h := range halves {
		a, err := action.NewAction(names[i], h, eff, dock.DefaultExtractOptions())
		if err != nil {
			return names, err
		}
		a.Tags, a.Source = []string{"walk", "mocap"}, path
		if err := lib.Add(a); err != nil {
			return names, err
		}
	}
	return names, nil
}
