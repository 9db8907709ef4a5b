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
