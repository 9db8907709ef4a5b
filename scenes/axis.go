package scenes

import (
	"fmt"
	"strings"
)

// Axis names the up axis of a source file.
type Axis uint8

const (
	UpY Axis = iota // +Y up (glTF, our convention): kept as is
	UpZ             // +Z up (Blender, Quake-family maps): rotated to +Y up
)

// ParseAxis reads "y" or "z" (case-insensitive).
func ParseAxis(s string) (Axis, error) {
	switch strings.ToLower(s) {
	case "y", "":
		return UpY, nil
	case "z":
		return UpZ, nil
	}
	return UpY, fmt.Errorf("unknown up axis %q (want y or z)", s)
}

func (a Axis) String() string {
	if a == UpZ {
		return "z"
	}
	return "y"
}
