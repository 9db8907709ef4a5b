// Package bodysweeps gives tests the character's own body's sweeps of a
// library, measured now: what planner.NewSetup takes to check the body.
package bodysweeps

import (
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/planner"
)

// Measure is the sweeps of every action of lib for the character's own
// body (planner.DefaultBody), measured on every core.
func Measure(tb testing.TB, lib *action.Library) *ccd.Sweeps {
	tb.Helper()
	m, err := planner.DefaultBody(lib, nil)
	if err != nil {
		tb.Fatal(err)
	}
	sw, err := bake.MeasureSweeps(lib, m, ccd.Options{}, bake.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return sw
}
