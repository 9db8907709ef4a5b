// Package binfile is what Foothold's binary formats share: a file starts
// with its magic and a format version (u32, little-endian) and ends with
// the SHA-256 of everything before it. Open checks those three before a
// format reads its own fields.
package binfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrChecksum is a file whose bytes do not match its checksum.
var ErrChecksum = errors.New("checksum mismatch: the file is corrupted")

// VersionError is a file of a format version this code does not read.
type VersionError struct{ Got, Want uint32 }

func (e *VersionError) Error() string {
	return fmt.Sprintf("format version %d, this program reads version %d (rebuild the file)", e.Got, e.Want)
}

// Open checks data's magic (else badMagic), version and checksum, and
// returns the bytes before the checksum; the format's own fields start at
// len(magic)+4.
func Open(data []byte, magic string, version uint32, badMagic error) ([]byte, error) {
	head := len(magic) + 4
	if len(data) < head || string(data[:len(magic)]) != magic {
		return nil, badMagic
	}
	if v := binary.LittleEndian.Uint32(data[len(magic):]); v != version {
		return nil, &VersionError{Got: v, Want: version}
	}
	if len(data) < head+sha256.Size {
		return nil, fmt.Errorf("truncated: %d bytes", len(data))
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, ErrChecksum
	}
	return body, nil
}

// Seal appends the SHA-256 of b to b: the end of every format's file.
func Seal(b []byte) []byte {
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}
