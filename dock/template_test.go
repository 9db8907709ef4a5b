package dock

import (
	"math"
	"testing"
)

func TestBuiltinTemplates(t *testing.T) {
	wantPoints := map[string]int{"foot": 2, "foot4": 4, "foot6": 6, "foot8": 8, "hand": 2, "hand-wall": 2}
	for _, name := range BuiltinNames() {
		tm, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := tm.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if len(tm.Points) != wantPoints[name] {
			t.Errorf("%s: %d points, want %d", name, len(tm.Points), wantPoints[name])
		}
		for i, p := range tm.Points {
			if math.Abs(float64(p.Normal.Len())-1) > 1e-6 {
				t.Errorf("%s point %d: normal %v is not unit", name, i, p.Normal)
			}
		}
	}
	foot8, _ := Builtin("foot8")
	minZ, maxZ := float32(1), float32(-1)
	for _, p := range foot8.Points {
		minZ, maxZ = min(minZ, p.Position[2]), max(maxZ, p.Position[2])
	}
	if l := maxZ - minZ; l < 0.24 || l > 0.28 {
		t.Errorf("foot8 sole is %v m long, want about 0.26 (an adult foot)", l)
	}
	if _, err := Builtin("paw"); err == nil {
		t.Error("Builtin(paw) succeeded")
	}
}

// A scaled built-in template is the template with every contact point
// moved out by the factor; names that do not round-trip are refused.
func TestScaledBuiltin(t *testing.T) {
	base, err := Builtin("foot")
	if err != nil {
		t.Fatal(err)
	}
	name := ScaledName("foot", 2.4313)
	if name != "foot@2.43" {
		t.Fatalf("ScaledName gives %q", name)
	}
	big, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	if big.Name != name || len(big.Points) != len(base.Points) {
		t.Fatalf("%+v", big)
	}
	for k, p := range big.Points {
		if p.Position.Sub(base.Points[k].Position.Mul(2.43)).Len() > 1e-6 || p.Normal != base.Points[k].Normal {
			t.Errorf("point %d: %v, want %v ×2.43", k, p, base.Points[k])
		}
	}
	if ScaledName("foot", 1.0004) != "foot" {
		t.Error("a scale of 1 is not the template itself")
	}
	for _, bad := range []string{"foot@", "foot@x", "foot@0.01", "foot@2.430", "foot@NaN", "nope@2"} {
		if _, err := Builtin(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
