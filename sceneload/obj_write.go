package sceneload

import (
	"bufio"
	"io"
	"strconv"

	"github.com/foothold/foothold/scenes"
)

// WriteOBJ writes the mesh as "v" and "f" lines. Coordinates are written in
// the shortest form that reads back to the same float32, so ReadOBJ returns
// the same mesh and other tools see the same triangles in the same order.
func WriteOBJ(w io.Writer, m *scenes.Mesh) error {
	bw := bufio.NewWriter(w)
	buf := make([]byte, 0, 64)
	for i := 0; i < len(m.Positions); i += 3 {
		buf = append(buf[:0], 'v')
		for k := 0; k < 3; k++ {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, float64(m.Positions[i+k]), 'g', -1, 32)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	for i := 0; i+2 < len(m.Indices); i += 3 {
		buf = append(buf[:0], 'f')
		for k := 0; k < 3; k++ {
			buf = append(buf, ' ')
			buf = strconv.AppendUint(buf, uint64(m.Indices[i+k])+1, 10)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
