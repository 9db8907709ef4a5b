package motionfile

import (
	"io"
	"os"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/motion"
)

// LoadBVH reads a BVH file (motion.ReadBVH).
func LoadBVH(path string, opt motion.BVHOptions) (*motion.Clip, error) {
	return load(path, func(r io.Reader) (*motion.Clip, error) { return motion.ReadBVH(r, path, opt) })
}

// SaveBVH writes the clip to path as BVH (motion.WriteBVH), atomically.
func SaveBVH(path string, c *motion.Clip) error {
	return atomicfile.Write(path, func(w io.Writer) error { return motion.WriteBVH(w, c) })
}

// LoadASF reads an ASF skeleton file (motion.ReadASF).
func LoadASF(path string, opt motion.ASFOptions) (*motion.ASF, error) {
	return load(path, func(r io.Reader) (*motion.ASF, error) { return motion.ReadASF(r, path, opt) })
}

// LoadAMC reads an AMC motion of skeleton a from a file (motion.ReadAMC).
func LoadAMC(path string, a *motion.ASF, opt motion.AMCOptions) (*motion.Clip, error) {
	return load(path, func(r io.Reader) (*motion.Clip, error) { return motion.ReadAMC(r, path, a, opt) })
}

// load opens path and hands it to read.
func load[T any](path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f)
}
