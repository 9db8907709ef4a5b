package bake

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// Cache is the folder baked files are kept in: Dir, or when it is empty
// the user's cache directory (os.UserCacheDir()/foothold), or the
// temporary directory's foothold folder when there is none.
type Cache struct{ Dir string }

// Folder is the cache's folder.
func (c Cache) Folder() string {
	if c.Dir != "" {
		return c.Dir
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "foothold")
	}
	return filepath.Join(os.TempDir(), "foothold")
}

// Path is where a baked file of the kind ("support", "sweeps", "spaces")
// and key is kept, with the extension ext.
func (c Cache) Path(kind string, key [32]byte, ext string) string {
	return filepath.Join(c.Folder(), kind+"-"+hex.EncodeToString(key[:12])+ext)
}

// Key is the cache key of a baked file made from parts: the SHA-256 of
// each part's own SHA-256, in order.
func Key(parts ...[32]byte) [32]byte {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// cached gives what path holds when read accepts it, else what build
// makes, written to path when the cache folder can be made and written
// and write accepts it. It says where the result came from, and why a
// result built now was not cached.
func cached[T any](path string, read func(string) (T, error), build func() (T, error), write func(string, T) error) (T, string, error) {
	if v, err := read(path); err == nil {
		return v, path + " (cached)", nil
	}
	v, err := build()
	if err != nil {
		return v, "", err
	}
	err = os.MkdirAll(filepath.Dir(path), 0o755)
	if err == nil {
		err = write(path, v)
	}
	if err != nil {
		return v, fmt.Sprintf("built now (not cached: %v)", err), nil
	}
	return v, path + " (built now)", nil
}
