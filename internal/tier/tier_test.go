package tier

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The tier follows FOOTHOLD_LONG and -short, as seen by a test binary run
// with each.
func TestTiers(t *testing.T) {
	if v := os.Getenv("TIER_CHILD"); v != "" {
		if got := map[bool]string{true: "short", false: "long"}[Short()]; got != v {
			t.Fatalf("Short() = %v under %s=%q and -short=%v, want %s", Short(), Env, os.Getenv(Env), testing.Short(), v)
		}
		return
	}
	for _, c := range []struct {
		env, short, want string
	}{{"", "false", "short"}, {"1", "false", "long"}, {"1", "true", "short"}, {"0", "false", "short"}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTiers$", "-test.short="+c.short)
		cmd.Env = append(os.Environ(), Env+"="+c.env, "TIER_CHILD="+c.want)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s=%q -short=%s: %v\n%s", Env, c.env, c.short, err, strings.TrimSpace(string(out)))
		}
	}
}
