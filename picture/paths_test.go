package picture_test

import (
	"image/color"
	"testing"

	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/picture"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Two trails over a 10 m floor: each is drawn in its own colour along its
// roots (the pixel at every sampled root has it), the one that arrived
// ends in a white centre, the other does not.
func TestDrawTrails(t *testing.T) {
	floor := &scenes.Mesh{Positions: []float32{-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5}, Indices: []uint32{0, 2, 1, 0, 3, 2}}
	v := topview.Render(floor, -5, -5, 5, 5, 40, 3)
	var trails []picture.Trail
	for k, z := range []float64{-2, 2} {
		var roots []mgl64.Vec3
		for x := -4.0; x <= 4; x += 0.1 {
			roots = append(roots, mgl64.Vec3{x, 1, z})
		}
		trails = append(trails, picture.Trail{Roots: roots, Goal: mgl64.Vec3{4.5, 0, z}, Arrived: k == 0})
	}
	c := picture.DrawTrails(trails, v, "two trails")
	img := c.Img
	at := func(p mgl64.Vec3) color.RGBA {
		x, y := v.Pixel(p[0], p[2])
		return img.RGBAAt(int(x), int(y))
	}
	cols := [2]color.RGBA{at(trails[0].Roots[40]), at(trails[1].Roots[40])}
	if cols[0] == cols[1] {
		t.Fatalf("both trails drawn in %v", cols[0])
	}
	for k, tr := range trails {
		for i := 10; i < len(tr.Roots)-10; i += 5 {
			if got := at(tr.Roots[i]); got != cols[k] {
				t.Fatalf("trail %d, root %d: pixel %v, want %v", k, i, got, cols[k])
			}
		}
		end := at(tr.Roots[len(tr.Roots)-1])
		white := end == color.RGBA{255, 255, 255, 255}
		if white != tr.Arrived {
			t.Errorf("trail %d (arrived %v) ends in %v", k, tr.Arrived, end)
		}
	}
}
