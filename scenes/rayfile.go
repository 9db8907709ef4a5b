package scenes

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// RayFileRecord is the size of one ray in the ray file format shared with
// ../shared/bench/embree_rays.c: little-endian float32
// ox oy oz tnear dx dy dz tfar.
const RayFileRecord = 32

// WriteRays writes rays in the ray file format.
func WriteRays(w io.Writer, rays []Ray) error {
	bw := bufio.NewWriter(w)
	var buf [RayFileRecord]byte
	for _, r := range rays {
		f := [8]float32{r.Origin[0], r.Origin[1], r.Origin[2], r.TMin, r.Dir[0], r.Dir[1], r.Dir[2], r.TMax}
		for k, x := range f {
			binary.LittleEndian.PutUint32(buf[4*k:], math.Float32bits(x))
		}
		if _, err := bw.Write(buf[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadRays reads a whole ray file. A length that is not a multiple of the
// record size is an error naming the offset of the partial record.
func ReadRays(r io.Reader, name string) ([]Ray, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	if len(data)%RayFileRecord != 0 {
		return nil, &ParseError{File: name, Place: fmt.Sprintf("byte %d", len(data)-len(data)%RayFileRecord),
			Err: fmt.Errorf("truncated ray record: %d bytes is not a multiple of %d", len(data), RayFileRecord)}
	}
	rays := make([]Ray, len(data)/RayFileRecord)
	for i := range rays {
		var f [8]float32
		for k := range f {
			f[k] = math.Float32frombits(binary.LittleEndian.Uint32(data[i*RayFileRecord+4*k:]))
		}
		rays[i] = Ray{Origin: [3]float32{f[0], f[1], f[2]}, TMin: f[3], Dir: [3]float32{f[4], f[5], f[6]}, TMax: f[7]}
	}
	return rays, nil
}
