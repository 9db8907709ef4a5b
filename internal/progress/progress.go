// Package progress draws a one-line progress bar on stderr for work that can
// take more than a second, and draws nothing when stderr is not a terminal
// (logs, CI, pipes), so machine-read output is never polluted.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// Bar reports progress of Total steps. Safe for concurrent Add.
type Bar struct {
	label string
	total int64
	done  atomic.Int64
	out   io.Writer // nil: silent
	start time.Time
	last  atomic.Int64 // unix nanos of the last draw
}

// New returns a bar on stderr, silent when stderr is not a terminal.
func New(label string, total int64) *Bar {
	var out io.Writer
	if isTerminal(os.Stderr) {
		out = os.Stderr
	}
	return &Bar{label: label, total: total, out: out, start: time.Now()}
}

// Add records n more steps done, redrawing at most ten times a second.
func (b *Bar) Add(n int64) {
	d := b.done.Add(n)
	if b.out == nil {
		return
	}
	now := time.Now().UnixNano()
	if last := b.last.Load(); now-last < int64(100*time.Millisecond) && d < b.total || !b.last.CompareAndSwap(last, now) {
		return
	}
	b.draw(d)
}

// Set records done steps out of total (total may change), redrawing at most
// ten times a second.
func (b *Bar) Set(done, total int64) {
	b.total = total
	b.done.Store(0)
	b.Add(done)
}

// Done finishes the line.
func (b *Bar) Done() {
	if b.out == nil {
		return
	}
	b.draw(b.total)
	fmt.Fprintln(b.out)
}

func (b *Bar) draw(d int64) {
	const width = 30
	frac := 1.0
	if b.total > 0 {
		frac = min(float64(d)/float64(b.total), 1)
	}
	n := int(frac * width)
	fmt.Fprintf(b.out, "\r%s [%s%s] %3.0f%% %.1fs", b.label, strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*frac, time.Since(b.start).Seconds())
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Labelled reports work done in named parts, one bar per part on stderr
// (a new bar when the name changes): Update fits callbacks such as
// planner.WorldOptions.Progress. Call Done when the work ends.
type Labelled struct {
	prefix string
	name   string
	bar    *Bar
}

// NewLabelled returns bars labelled prefix + the part's name.
func NewLabelled(prefix string) *Labelled { return &Labelled{prefix: prefix} }

// Update records done steps out of total of the named part.
func (l *Labelled) Update(name string, done, total int) {
	if l.bar == nil || name != l.name {
		l.Done()
		l.bar, l.name = New(l.prefix+name, int64(total)), name
	}
	l.bar.Set(int64(done), int64(total))
}

// Done finishes the current bar, if any.
func (l *Labelled) Done() {
	if l.bar != nil {
		l.bar.Done()
		l.bar = nil
	}
}
