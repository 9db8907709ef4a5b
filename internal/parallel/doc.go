// Package parallel shares a loop's iterations out among goroutines, for
// the offline builds (body sweeps, occupancy spaces, buried positions):
// each iteration writes its own result, so what the loop makes does not
// depend on how many goroutines ran it.
package parallel
