package scenes

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	cases := []struct {
		name string
		m    Mesh
		want string // substring of the error; "" for valid
	}{
		{"valid", Mesh{Positions: []float32{0, 0, 0, 1, 0, 0, 0, 0, 1}, Indices: []uint32{0, 1, 2}}, ""},
		{"empty", Mesh{}, "no triangles"},
		{"NaN", Mesh{Positions: []float32{0, 0, 0, 1, nan, 0, 0, 0, 1}, Indices: []uint32{0, 1, 2}}, "vertex 1 has a non-finite"},
		{"Inf", Mesh{Positions: []float32{0, 0, 0, 1, 0, 0, 0, 0, inf}, Indices: []uint32{0, 1, 2}}, "vertex 2 has a non-finite"},
		{"index out of range", Mesh{Positions: []float32{0, 0, 0, 1, 0, 0, 0, 0, 1}, Indices: []uint32{0, 1, 3}}, "refers to vertex 3, but there are 3"},
		{"partial triangle", Mesh{Positions: []float32{0, 0, 0, 1, 0, 0}, Indices: []uint32{0, 1}}, "not a multiple of 3"},
		{"partial vertex", Mesh{Positions: []float32{0, 0, 0, 1}, Indices: []uint32{0, 0, 0}}, "not a multiple of 3"},
	}
	for _, c := range cases {
		err := c.m.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: Validate() = %v, want nil", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: Validate() = %v, want an error containing %q", c.name, err, c.want)
		}
	}
	if err := (&Mesh{}).Validate(); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty mesh: Validate() = %v, want ErrEmpty", err)
	}
}

func TestDropDegenerate(t *testing.T) {
	m := &Mesh{
		Positions: []float32{
			0, 0, 0, 1, 0, 0, 0, 0, 1, // 0-2: a good triangle
			2, 0, 0, 3, 0, 0, 4, 0, 0, // 3-5: collinear
			0, 5, 0, 1e-6, 5, 0, 0, 5, 1e-6, // 6-8: tiny but well shaped: kept
		},
		Indices: []uint32{0, 1, 2, 3, 4, 5, 0, 0, 1, 6, 7, 8, 2, 1, 0},
	}
	if got := m.DropDegenerate(); got != 2 {
		t.Fatalf("DropDegenerate() = %d, want 2 (collinear, repeated index)", got)
	}
	want := []uint32{0, 1, 2, 6, 7, 8, 2, 1, 0}
	if len(m.Indices) != len(want) {
		t.Fatalf("indices after drop = %v, want %v", m.Indices, want)
	}
	for i := range want {
		if m.Indices[i] != want[i] {
			t.Fatalf("indices after drop = %v, want %v", m.Indices, want)
		}
	}
	if m.Degenerate != 2 {
		t.Errorf("Degenerate = %d, want 2", m.Degenerate)
	}
}
