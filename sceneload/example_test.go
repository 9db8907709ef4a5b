package sceneload_test

import (
	"fmt"
	"strings"

	"github.com/foothold/foothold/sceneload"
)

// Reading an OBJ from any reader: quads are fan-triangulated.
func ExampleReadOBJ() {
	src := "v 0 0 0\nv 2 0 0\nv 2 0 2\nv 0 0 2\nf 1 4 3 2\n"
	m, err := sceneload.ReadOBJ(strings.NewReader(src), "floor.obj")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d triangles, %.1f m²\n", m.NumTriangles(), m.SurfaceArea())
	// Output:
	// 2 triangles, 4.0 m²
}
