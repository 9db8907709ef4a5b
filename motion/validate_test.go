package motion

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// validateGLB runs the Khronos glTF validator on a glb when CI provides it
// (FOOTHOLD_GLTF_VALIDATOR, set by .ci/run).
func validateGLB(t *testing.T, data []byte) {
	t.Helper()
	script := os.Getenv("FOOTHOLD_GLTF_VALIDATOR")
	if script == "" {
		t.Log("FOOTHOLD_GLTF_VALIDATOR not set: the Khronos validator check is skipped (.ci/run sets it)")
		return
	}
	path := filepath.Join(t.TempDir(), "clip.glb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", script, path).Output()
	var r struct {
		Errors   int      `json:"errors"`
		Messages []string `json:"messages"`
	}
	if jerr := json.Unmarshal(bytes.TrimSpace(out), &r); jerr != nil {
		t.Fatalf("validator: %v (%v): %s", err, jerr, out)
	}
	if r.Errors != 0 {
		t.Fatalf("glTF validator: %d errors: %v", r.Errors, r.Messages)
	}
}
