package shareddata

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

// ValidateGLTF runs the Khronos glTF validator on a file when
// $FOOTHOLD_GLTF_VALIDATOR names the script .ci/run provides (with
// NODE_PATH finding the npm package), and fails the test on any error;
// without it the check is skipped with a message.
func ValidateGLTF(tb testing.TB, path string) {
	tb.Helper()
	script := os.Getenv("FOOTHOLD_GLTF_VALIDATOR")
	if script == "" {
		tb.Log("FOOTHOLD_GLTF_VALIDATOR not set: the Khronos validator check is skipped (.ci/run sets it)")
		return
	}
	out, err := exec.Command("node", script, path).Output()
	var r struct {
		Errors   int      `json:"errors"`
		Warnings int      `json:"warnings"`
		Messages []string `json:"messages"`
	}
	if jerr := json.Unmarshal(bytes.TrimSpace(out), &r); jerr != nil {
		tb.Fatalf("glTF validator on %s: %v (%v): %s", path, err, jerr, out)
	}
	if r.Errors != 0 {
		tb.Fatalf("glTF validator on %s: %d errors: %v", path, r.Errors, r.Messages)
	}
	tb.Logf("glTF validator on %s: 0 errors, %d warnings", path, r.Warnings)
}
