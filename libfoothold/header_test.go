package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/planner"
)

// TestHeaderAgrees checks foothold.h's numbered names against the Go
// packages they stand for: the body's parts and the debug geometry's kinds.
func TestHeaderAgrees(t *testing.T) {
	b, err := os.ReadFile("foothold.h")
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^#define (FH_\w+) (-?\d+)`).FindAllStringSubmatch(string(b), -1) {
		defs[m[1]], _ = strconv.Atoi(m[2])
	}
	for p := body.Part(0); p < body.NumParts; p++ {
		name := "FH_PART_" + strings.ToUpper(strings.ReplaceAll(p.String(), "-", "_"))
		if v, ok := defs[name]; !ok || v != int(p) {
			t.Errorf("%s: %d (defined %v), want %d", name, v, ok, p)
		}
	}
	kinds := map[string]planner.DebugKind{"CURRENT": planner.DebugCurrent, "FEASIBLE": planner.DebugFeasible, "DEAD": planner.DebugDead,
		"UNKNOWN": planner.DebugUnknown, "SUPPORTED": planner.DebugSupported, "UNSUPPORTED": planner.DebugUnsupported, "TARGET": planner.DebugTarget}
	for n, k := range kinds {
		if v, ok := defs["FH_DEBUG_"+n]; !ok || v != int(k) {
			t.Errorf("FH_DEBUG_%s: %d (defined %v), want %d", n, v, ok, k)
		}
	}
	if defs["FH_POSE_STRIDE"] != 7 {
		t.Errorf("FH_POSE_STRIDE %d: a pose is 3 + 4 values per joint", defs["FH_POSE_STRIDE"])
	}
}
