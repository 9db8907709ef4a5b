package script

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/yamlnode"
)

func TestReadScript(t *testing.T) {
	s, err := ReadScript(strings.NewReader("scene: builtin:stepping\nstart: {x: 1, z: 2, yaw_deg: 90}\nduration: 5\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.2}\n  - {at: 2, request: hop}\n"), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.X != 1 || s.Z != 2 || !math.IsNaN(s.Y) || s.State != "idle" || len(s.Inputs) != 2 || s.At(1).Speed != 1.2 || len(s.At(3).Request) != 1 || s.At(3).Request[0] != "hop" || math.Abs(s.At(0).Heading-math.Pi/2) > 1e-12 {
		t.Fatalf("%+v", s)
	}
	for _, tc := range []struct {
		src  string
		line int
		msg  string
	}{
		{"start: {x: 1}\nduration: 5\ninputs: [{at: 0}]\n", 1, `start needs "z"`},
		{"start: {x: 1, z: 1}\nduration: -5\ninputs: [{at: 0}]\n", 2, "duration"},
		{"start: {x: 1, z: 1}\nduration: 5\ninputs:\n  - {at: 2}\n  - {at: 1}\n", 5, "comes before"},
		{"start: {x: 1, z: 1}\nduration: 5\ninputs:\n  - {at: 0, speed: -1}\n", 4, "speed"},
		{"start: {x: 1, z: 1}\nduration: 5\ninputs:\n  - {at: 0, jump: yes}\n", 4, "unknown field"},
		{"start: {x: 1, z: 1}\nduration: 5\ninputs: []\n", 3, "no inputs"},
		{"duration: 5\n", 1, "needs 'start'"},
	} {
		_, err := ReadScript(strings.NewReader(tc.src), "s.yaml")
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want line %d %q", tc.src, err, tc.line, tc.msg)
		}
	}
}

func FuzzReadScript(f *testing.F) {
	f.Add("start: {x: 1, z: 2}\nduration: 5\ninputs:\n  - {at: 0, heading_deg: 90, speed: 1.2}\n")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := ReadScript(strings.NewReader(src), "fuzz.yaml")
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		if !(s.Duration > 0) || len(s.Inputs) == 0 {
			t.Fatalf("accepted %+v", s)
		}
		for i := 1; i < len(s.Inputs); i++ {
			if s.Inputs[i].At < s.Inputs[i-1].At {
				t.Fatal("inputs out of order")
			}
		}
	})
}
