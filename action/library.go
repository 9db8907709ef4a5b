package action

import (
	"fmt"
)

// Library is a set of actions by name.
type Library struct {
	Actions []*Action
	index   map[string]int
}

// NewLibrary returns an empty library.
func NewLibrary() *Library { return &Library{index: map[string]int{}} }

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
