package librarybuild

import (
	"gopkg.in/yaml.v3"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/yamlnode"
)

// readRoles reads a library file's roles: which tags stand, walk, run,
// start, stop, and which are athletic or leaps (action.Roles). A role not
// given keeps its default (action.DefaultRoles).
//
//	roles:
//	  stand: idle
//	  walk: walk
//	  run: run
//	  starts: [start]
//	  stops: [stop]
//	  athletic: [climb, vault, hop, jump, back]
//	  leaps: [climb, vault, hop, jump]
func readRoles(p yamlnode.Parser, n *yaml.Node) (action.Roles, error) {
	r := action.DefaultRoles()
	f, err := p.Mapping(n, "stand", "walk", "run", "starts", "stops", "athletic", "leaps")
	if err != nil {
		return r, err
	}
	for k, dst := range map[string]*string{"stand": &r.Stand, "walk": &r.Walk, "run": &r.Run} {
		if f[k] != nil {
			if *dst, err = p.Str(f[k]); err != nil {
				return r, err
			}
		}
	}
	for k, dst := range map[string]*[]string{"starts": &r.Starts, "stops": &r.Stops, "athletic": &r.Athletic, "leaps": &r.Leaps} {
		if f[k] != nil {
			if *dst, err = p.Strings(f[k], k); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// rolesNode is roles r as a library file writes them.
func rolesNode(r action.Roles) *yaml.Node {
	list := func(v []string) *yaml.Node {
		n := flowSeq()
		for _, s := range v {
			n.Content = append(n.Content, scalar(s))
		}
		return n
	}
	return mapping(scalar("stand"), scalar(r.Stand), scalar("walk"), scalar(r.Walk), scalar("run"), scalar(r.Run),
		scalar("starts"), list(r.Starts), scalar("stops"), list(r.Stops),
		scalar("athletic"), list(r.Athletic), scalar("leaps"), list(r.Leaps))
}
