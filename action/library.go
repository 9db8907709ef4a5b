package action

import (
	"fmt"
)

// Library is a set of actions by name, with the roles its tags play.
type Library struct {
	Actions []*Action
	// Roles says which of the actions' tags mean what to a planner
	// (DefaultRoles unless the library declares others).
	Roles Roles
	index map[string]int
}

// Roles are the tags that play a part in planning. A tag names a kind of
// action (Action.Tags); a planner reads their meaning from here, never
// from a tag's spelling.
type Roles struct {
	// Stand tags the actions that stand still: a brake ends in one, and a
	// character starts in one.
	Stand string
	// Walk and Run tag the gaits whose speed is the character's cruising
	// speed; Starts and Stops tag the steps between standing and them.
	Walk, Run     string
	Starts, Stops []string
	// Athletic tags are taken only when the input requests them or
	// nothing else goes on; Leaps are the athletic moves that are no way
	// to stop (a climb ends standing, but is not a brake).
	Athletic, Leaps []string
}

// DefaultRoles are the roles of the tags every library of this module
// uses (the built-in library's, and those package library builds from
// captures).
func DefaultRoles() Roles {
	return Roles{Stand: "idle", Walk: "walk", Run: "run", Starts: []string{"start"}, Stops: []string{"stop"},
		Athletic: []string{"climb", "vault", "hop", "jump", "back"}, Leaps: []string{"climb", "vault", "hop", "jump"}}
}

// NewLibrary returns an empty library with the default roles.
func NewLibrary() *Library { return &Library{Roles: DefaultRoles(), index: map[string]int{}} }

// Stands reports whether a is tagged as standing still (its first tag is
// the Stand role's).
func (l *Library) Stands(a *Action) bool { return len(a.Tags) > 0 && a.Tags[0] == l.Roles.Stand }

// Add appends an action; names must be unique.
func (l *Library) Add(a *Action) error {
	if err := a.Validate(); err != nil {
		return err
	}
	if _, dup := l.index[a.Name]; dup {
		return fmt.Errorf("action %q is defined twice", a.Name)
	}
	l.index[a.Name] = len(l.Actions)
	l.Actions = append(l.Actions, a)
	return nil
}

// Index returns the position of the named action, or -1.
func (l *Library) Index(name string) int {
	if i, ok := l.index[name]; ok {
		return i
	}
	return -1
}

// Get returns the named action, or nil.
func (l *Library) Get(name string) *Action {
	if i := l.Index(name); i >= 0 {
		return l.Actions[i]
	}
	return nil
}

// Names lists the actions' names in library order.
func (l *Library) Names() []string {
	out := make([]string, len(l.Actions))
	for i, a := range l.Actions {
		out[i] = a.Name
	}
	return out
}
