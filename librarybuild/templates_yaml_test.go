package librarybuild

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
)

func TestYAMLRoundTrip(t *testing.T) {
	var all []*dock.Template
	for _, name := range dock.BuiltinNames() {
		tm, _ := dock.Builtin(name)
		all = append(all, tm)
	}
	all[0].Group = "flat-foot"
	all[1].ToleranceDeg = 12.5
	var buf bytes.Buffer
	if err := WriteTemplates(&buf, all); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTemplates(bytes.NewReader(buf.Bytes()), "templates.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if len(back) != len(all) {
		t.Fatalf("%d templates back, want %d", len(back), len(all))
	}
	for i := range all {
		a, b := all[i], back[i]
		if a.Name != b.Name || a.Group != b.Group || a.ToleranceDeg != b.ToleranceDeg || len(a.Points) != len(b.Points) {
			t.Fatalf("template %d: %+v back as %+v", i, a, b)
		}
		for j := range a.Points {
			if a.Points[j] != b.Points[j] {
				t.Errorf("%s point %d: %+v back as %+v", a.Name, j, a.Points[j], b.Points[j])
			}
		}
	}
}

func TestReadTemplatesDefaultsAndNormalises(t *testing.T) {
	src := "templates:\n  - name: step\n    points:\n      - {position: [0, 0, 0], normal: [0, 2, 0]}\n"
	ts, err := ReadTemplates(strings.NewReader(src), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if ts[0].ToleranceDeg != dock.DefaultToleranceDeg || ts[0].Points[0].Normal[1] != 1 || ts[0].GroupName() != "step" {
		t.Errorf("read %+v; want tolerance 10, unit normal, group = name", ts[0])
	}
}

// A template given a friction coefficient gets its cone, atan(μ): μ = 1 is
// 45°, μ = tan 30° is 30°.
func TestReadTemplatesFriction(t *testing.T) {
	for _, c := range []struct {
		mu, deg float64
	}{{1, 45}, {math.Tan(math.Pi / 6), 30}, {dock.DefaultFriction, 38.66}} {
		src := fmt.Sprintf("templates:\n  - name: sole\n    friction: %v\n    points:\n      - {position: [0, 0, 0], normal: [0, 1, 0]}\n", c.mu)
		ts, err := ReadTemplates(strings.NewReader(src), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if got := float64(ts[0].ToleranceDeg); math.Abs(got-c.deg) > 0.01 {
			t.Errorf("friction %v: cone %.3f°, want %.2f°", c.mu, got, c.deg)
		}
	}
}

func TestReadTemplatesErrors(t *testing.T) {
	head := "templates:\n  - name: foot\n"
	pts := "    points:\n      - {position: [0, 0, 0], normal: [0, 1, 0]}\n"
	cases := []struct{ name, src, want string }{
		{"empty", "", "t.yaml: empty file"},
		{"not yaml", "templates: [\n", "t.yaml"},
		{"no templates key", "points: []\n", "t.yaml:1: unknown field \"points\""},
		{"unknown template field", head + "    colour: red\n" + pts, "t.yaml:3: unknown field \"colour\""},
		{"unknown point field", head + "    points:\n      - {position: [0, 0, 0], normal: [0, 1, 0], size: 2}\n", "t.yaml:4: unknown field \"size\""},
		{"no points", head, "t.yaml:2: template \"foot\" needs a 'points' list"},
		{"empty points", head + "    points: []\n", "no contact points"},
		{"no name", "templates:\n  - points:\n      - {position: [0, 0, 0], normal: [0, 1, 0]}\n", "t.yaml:2: template without a name"},
		{"short vector", head + "    points:\n      - {position: [0, 0], normal: [0, 1, 0]}\n", "t.yaml:4: want a list of 3 numbers"},
		{"not a number", head + "    points:\n      - {position: [0, zero, 0], normal: [0, 1, 0]}\n", "t.yaml:4: want a number, got \"zero\""},
		{"NaN", head + "    points:\n      - {position: [0, .nan, 0], normal: [0, 1, 0]}\n", "t.yaml:4: number \".nan\" is not finite"},
		{"zero normal", head + "    points:\n      - {position: [0, 0, 0], normal: [0, 0, 0]}\n", "t.yaml:2: invalid template \"foot\": point 0 has a zero normal"},
		{"missing normal", head + "    points:\n      - {position: [0, 0, 0]}\n", "t.yaml:4: contact point without \"normal\""},
		{"tolerance too wide", head + "    tolerance_deg: 120\n" + pts, "tolerance 120 degrees"},
		{"friction and tolerance", head + "    tolerance_deg: 10\n    friction: 0.8\n" + pts, "t.yaml:4: template \"foot\": give 'tolerance_deg' or 'friction', not both"},
		{"negative friction", head + "    friction: -1\n" + pts, "t.yaml:3: template \"foot\": friction -1, want a positive number"},
		{"zero friction", head + "    friction: 0\n" + pts, "friction 0, want a positive number"},
		{"duplicate name", head + pts + "  - name: foot\n" + pts, "t.yaml:5: template \"foot\" is defined twice (first at line 2)"},
		{"duplicate field", head + "    name: hand\n" + pts, "t.yaml:3: field \"name\" given twice"},
		{"too many points", head + "    points:\n" + strings.Repeat("      - {position: [0, 0, 0], normal: [0, 1, 0]}\n", dock.MaxPoints+1), "17 contact points, at most 16"},
	}
	for _, c := range cases {
		_, err := ReadTemplates(strings.NewReader(c.src), "t.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != "t.yaml" {
			t.Errorf("%s: %v is not a *ParseError naming the file", c.name, err)
		}
	}
}

func FuzzReadTemplates(f *testing.F) {
	var buf bytes.Buffer
	var all []*dock.Template
	for _, n := range dock.BuiltinNames() {
		tm, _ := dock.Builtin(n)
		all = append(all, tm)
	}
	WriteTemplates(&buf, all)
	f.Add(buf.String())
	f.Add("templates:\n  - name: x\n    points:\n      - {position: [0, 0, 0], normal: [0, 1, 0]}\n")
	f.Add("templates: [{name: a, tolerance_deg: 1e40, points: [{position: [1,2,3], normal: [0,0,1]}]}]")
	f.Fuzz(func(t *testing.T, src string) {
		ts, err := ReadTemplates(strings.NewReader(src), "fuzz.yaml")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.yaml") {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		for _, tm := range ts {
			if err := tm.Validate(); err != nil {
				t.Fatalf("read template fails validation: %v", err)
			}
		}
		// What reads must write and read back the same.
		var out bytes.Buffer
		if err := WriteTemplates(&out, ts); err != nil {
			t.Fatal(err)
		}
		back, err := ReadTemplates(&out, "again.yaml")
		if err != nil || len(back) != len(ts) {
			t.Fatalf("written templates do not read back: %v", err)
		}
	})
}
