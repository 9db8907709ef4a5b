package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesOnlyOnSuccess(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.bin")
	if err := Write(p, func(w io.Writer) error { _, err := w.Write([]byte("good")); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := Write(p, func(w io.Writer) error { w.Write([]byte("partial")); return boom }); !errors.Is(err, boom) {
		t.Fatalf("Write error = %v, want boom", err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "good" {
		t.Fatalf("after a failed write the file holds %q (%v), want the good content", got, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d entries after a failed write, want 1 (no temporary left)", len(entries))
	}
}
