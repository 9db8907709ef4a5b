package librarybuild

import (
	"errors"
	"strings"
	"testing"

	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/motion"
)

func TestReadEffectors(t *testing.T) {
	sk := humanoid.Skeleton()
	good := "feet:\n  - {joint: LeftFoot, tip: LeftToeBase, side: left}\n  - {joint: RightFoot, tip: RightToeBase, side: right}\nhands:\n  - {joint: LeftHand, tip: LeftHandIndex1, side: left, template: hand-wall}\nhips: [LeftUpLeg, RightUpLeg]\n"
	e, err := ReadEffectors(strings.NewReader(good), "eff.yaml", sk)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Feet) != 2 || len(e.Hands) != 1 || e.Hands[0].Template != "hand-wall" || e.Feet[1].Side != motion.Right || e.Hips != [2]int{sk.Index("LeftUpLeg"), sk.Index("RightUpLeg")} {
		t.Fatalf("%+v", e)
	}
	// A foot named without its tip ends where the one chain below it
	// ends: a child of the foot, with nothing below it.
	e, err = ReadEffectors(strings.NewReader("feet:\n  - {joint: LeftFoot}\n"), "eff.yaml", sk)
	if err != nil {
		t.Fatal(err)
	}
	if tip := e.Feet[0].Tip; !sk.IsAncestor(sk.Index("LeftFoot"), tip) || tip == sk.Index("LeftFoot") || len(sk.Children()[tip]) != 0 {
		t.Errorf("LeftFoot's tip is %s", sk.Names[tip])
	}
	for _, tc := range []struct {
		src  string
		line int
		msg  string
	}{
		{"feet:\n  - {joint: zz, tip: LeftToeBase}\n", 2, `no joint named "zz"`},
		{"feet:\n  - {joint: LeftFoot, tip: LeftHand}\n", 2, "is not below"},
		{"feet:\n  - {joint: LeftFoot, tip: LeftToeBase, side: up}\n", 2, "want left or right"},
		{"feet:\n  - {joint: LeftFoot, tip: LeftToeBase, color: red}\n", 2, "unknown field"},
		{"hips: [LeftUpLeg]\nfeet:\n  - {joint: LeftFoot, tip: LeftToeBase}\n", 1, "two joints"},
		{"arms: []\n", 1, "unknown field"},
		{"feet:\n  - {joint: Hips}\n", 2, "no single chain"},
		{"feet: []\n", 1, "no feet or hands"},
		{"", 0, "empty file"},
	} {
		_, err := ReadEffectors(strings.NewReader(tc.src), "eff.yaml", sk)
		var pe *yamlnode.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || pe.File != "eff.yaml" {
			t.Errorf("%q: %v, want line %d %q", tc.src, err, tc.line, tc.msg)
		}
	}
}

func FuzzReadEffectors(f *testing.F) {
	f.Add("feet:\n  - {joint: LeftFoot, tip: LeftToeBase, side: left}\nhips: [LeftUpLeg, RightUpLeg]\n")
	sk := humanoid.Skeleton()
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ReadEffectors(strings.NewReader(src), "fuzz.yaml", sk)
		if err != nil {
			var pe *yamlnode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a ParseError", err)
			}
			return
		}
		for _, x := range e.All() {
			if !sk.IsAncestor(x.Joint, x.Tip) || x.Joint == x.Tip {
				t.Fatalf("accepted tip %d not below joint %d", x.Tip, x.Joint)
			}
		}
	})
}
