// Package tier says which tier of the test suite is running. The default
// tier (go test ./...) takes the short form of every test that has one,
// so that the whole suite runs in a few minutes; the long tier
// (FOOTHOLD_LONG=1 go test ./...) runs every test at its full size: the
// long soaks (walks from many starts, crowds at scale, sweeps over every
// shared level) and the full counts of the sampled oracle checks. CI
// runs both. Tests only.
package tier

import (
	"os"
	"testing"
)

// Env is the variable that selects the long tier when set to 1.
const Env = "FOOTHOLD_LONG"

// Long reports whether the long tier runs.
func Long() bool { return os.Getenv(Env) == "1" }

// Short reports whether a test takes its short form: in the default tier,
// or under go test -short in either.
func Short() bool { return testing.Short() || !Long() }
