package motion

import (
	"io"
	"os"
)

// The shared data's files, read from disk as package motionfile reads
// them (which the tests of this package cannot import).

func loadBVH(path string, opt BVHOptions) (*Clip, error) {
	return openWith(path, func(r io.Reader) (*Clip, error) { return ReadBVH(r, path, opt) })
}

func loadASF(path string, opt ASFOptions) (*ASF, error) {
	return openWith(path, func(r io.Reader) (*ASF, error) { return ReadASF(r, path, opt) })
}

func readAMCFile(path string, a *ASF, opt AMCOptions) (*Clip, error) {
	return openWith(path, func(r io.Reader) (*Clip, error) { return ReadAMC(r, path, a, opt) })
}

func openWith[T any](path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f)
}
