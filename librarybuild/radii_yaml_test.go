package librarybuild

import (
	"errors"
	"strings"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/internal/yamlnode"
)

func TestReadRadii(t *testing.T) {
	base := body.AdultRadii()
	r, err := ReadRadii(strings.NewReader("torso: 0.13\nupper-arm: 0.05\n"), "radii.yaml", base)
	if err != nil {
		t.Fatal(err)
	}
	for p := range body.NumParts {
		want := base[p]
		switch body.Part(p) {
		case body.Torso:
			want = 0.13
		case body.UpperArm:
			want = 0.05
		}
		if r[p] != want {
			t.Errorf("%v: %g, want %g", body.Part(p), r[p], want)
		}
	}
	for _, tc := range []struct {
		src  string
		line int
		msg  string
	}{
		{"torso: 0.13\nbelly: 0.2\n", 2, `"belly"`},
		{"head: -0.1\n", 1, "want more than 0"},
		{"head: 0\n", 1, "want more than 0"},
		{"hand: 3\n", 1, "at most 1"},
		{"torso: 0.1\ntorso: 0.2\n", 2, "torso"},
		{"foot: .nan\n", 1, "not finite"},
		{"foot: wide\n", 1, "want a number"},
		{"- torso\n", 1, ""},
	} {
		_, err := ReadRadii(strings.NewReader(tc.src), "radii.yaml", base)
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || pe.File != "radii.yaml" {
			t.Errorf("%q: %v, want line %d %q", tc.src, err, tc.line, tc.msg)
		}
	}
}

func FuzzReadRadii(f *testing.F) {
	f.Add("torso: 0.13\nhead: 0.1\n")
	f.Add("hand: 2\n")
	f.Fuzz(func(t *testing.T, src string) {
		r, err := ReadRadii(strings.NewReader(src), "fuzz.yaml", body.AdultRadii())
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		for p, x := range r {
			if !(x > 0) || x > MaxRadius {
				t.Fatalf("accepted a radius of %g for the %v", x, body.Part(p))
			}
		}
	})
}
