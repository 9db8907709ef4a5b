package scenes

import (
	"errors"
	"fmt"
)

// ErrEmpty is returned (wrapped) for a scene with no usable triangle.
var ErrEmpty = errors.New("mesh has no triangles")

// ParseError is bad input at a place in a file. Line is 1-based for text
// formats and 0 when the place is not a line (a glTF accessor, say); Place then
// says where.
type ParseError struct {
	File  string // path as the caller gave it
	Line  int    // 1-based line, or 0
	Place string // e.g. `mesh 2 ("Road") primitive 0`, or ""
	Err   error
}

func (e *ParseError) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	case e.Place != "":
		return fmt.Sprintf("%s: %s: %v", e.File, e.Place, e.Err)
	default:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
}

func (e *ParseError) Unwrap() error { return e.Err }
