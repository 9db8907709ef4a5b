package main

import (
	"os"
	"testing"
)

// TestMain keeps the tests' support-data cache out of the user's cache
// folder.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "foothold-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
