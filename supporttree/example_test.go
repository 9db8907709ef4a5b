package supporttree_test

import (
	"fmt"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/supporttree"
)

// A floor of three positions in a row, the middle one supported at fewer
// yaws: three runs (a run has one yaw set) in one row of one layer.
func ExampleNew() {
	keys := []uint64{supporttree.Key(0, 0, 0), supporttree.Key(1, 0, 0), supporttree.Key(2, 0, 0)}
	masks := []uint64{0b111, 0b011, 0b111}
	t, err := supporttree.New(dock.DefaultLattice(), keys, masks)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Positions(), "positions in", t.Runs(), "runs")
	fmt.Printf("yaws at x=1: %b; at x=3: %b\n", t.YawMask(1, 0, 0), t.YawMask(3, 0, 0))
	// Output:
	// 3 positions in 3 runs
	// yaws at x=1: 11; at x=3: 0
}
