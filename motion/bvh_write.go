package motion

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// exportChannels is the channel layout a joint is written with: its own
// position channels (the root always has all three), then its rotation
// channels when they name three distinct axes, or Z, Y, X (the CMU order)
// when the file it came from had fewer.
func exportChannels(sk *Skeleton, j int) []Channel {
	if sk.EndSite[j] {
		return nil
	}
	var pos, rot []Channel
	for _, c := range sk.Channels[j] {
		if c.IsRotation() {
			rot = append(rot, c)
		} else {
			pos = append(pos, c)
		}
	}
	if j == 0 && len(pos) != 3 {
		pos = []Channel{Xposition, Yposition, Zposition}
	}
	if len(rot) != 3 {
		rot = []Channel{Zrotation, Yrotation, Xrotation}
	}
	return append(pos, rot...)
}

// WriteBVH writes the clip in the layout CMU files use (tabs, OFFSET and
// CHANNELS lines, End Site blocks, one line per frame) with offsets and
// positions in metres. Rotations are converted to Euler angles in each
// joint's channel order; ReadBVH of the output gives the same world joint
// positions to well under 1e-4 m.
func WriteBVH(w io.Writer, c *Clip) error {
	if err := c.Validate(); err != nil {
		return err
	}
	sk := c.Skeleton
	if err := depthFirst(sk); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	layout := make([][]Channel, sk.NumJoints())
	for j := range layout {
		layout[j] = exportChannels(sk, j)
	}
	children := sk.Children()
	bw.WriteString("HIERARCHY\n")
	var writeJoint func(j, depth int)
	writeJoint = func(j, depth int) {
		ind := strings.Repeat("\t", depth)
		o := sk.Offsets[j]
		if sk.EndSite[j] {
			fmt.Fprintf(bw, "%sEnd Site\n%s{\n%s\tOFFSET %s %s %s\n%s}\n", ind, ind, ind, num(o[0]), num(o[1]), num(o[2]), ind)
			return
		}
		kw := "JOINT"
		if j == 0 {
			kw = "ROOT"
		}
		fmt.Fprintf(bw, "%s%s %s\n%s{\n%s\tOFFSET %s %s %s\n%s\tCHANNELS %d", ind, kw, sk.Names[j], ind, ind, num(o[0]), num(o[1]), num(o[2]), ind, len(layout[j]))
		for _, ch := range layout[j] {
			bw.WriteString(" " + ch.String())
		}
		bw.WriteString("\n")
		for _, ch := range children[j] {
			writeJoint(ch, depth+1)
		}
		fmt.Fprintf(bw, "%s}\n", ind)
	}
	writeJoint(0, 0)
	fmt.Fprintf(bw, "MOTION\nFrames: %d\nFrame Time: %s\n", c.Frames(), strconv.FormatFloat(c.FrameTime, 'g', -1, 64))
	n := sk.NumJoints()
	for f := range c.Frames() {
		first := true
		for j := range n {
			if len(layout[j]) == 0 {
				continue
			}
			t, q := c.Trans[f*n+j], c.Rot[f*n+j]
			var order [3]int
			k := 0
			for _, ch := range layout[j] {
				if ch.IsRotation() {
					order[k] = ch.axis()
					k++
				}
			}
			e := QuatToEuler(q, order)
			k = 0
			for _, ch := range layout[j] {
				var x float64
				if ch.IsRotation() {
					x = e[k] * 180 / math.Pi
					k++
				} else {
					x = t[ch.axis()]
				}
				if !first {
					bw.WriteByte(' ')
				}
				first = false
				bw.WriteString(num(x))
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// num formats a number with enough digits that rounding stays far below
// the round-trip tolerance, and without a negative zero.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 6, 64)
	if strings.Trim(s, "-0.") == "" {
		return "0.000000"
	}
	return s
}

// depthFirst checks the joints are numbered in the order a BVH file lists
// them (each joint's subtree follows it, children in index order), so that
// the written file reads back with the same joint indices.
func depthFirst(sk *Skeleton) error {
	children := sk.Children()
	next := 0
	var walk func(j int) error
	walk = func(j int) error {
		if j != next {
			return fmt.Errorf("joint %q is number %d but a BVH file would list it as number %d; order joints depth first", sk.Names[j], j, next)
		}
		next++
		for _, c := range children[j] {
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(0)
}
