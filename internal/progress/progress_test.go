package progress

import (
	"bytes"
	"strings"
	"testing"
)

// Labelled starts a bar per part, labelled with its name, and finishes
// each when the next begins.
func TestLabelled(t *testing.T) {
	var out bytes.Buffer
	l := NewLabelled("support ")
	var labels []string
	for _, part := range []string{"foot", "foot", "hand"} {
		l.Update(part, 5, 10)
		l.bar.out = &out // draw into the buffer (stderr is no terminal here)
		l.bar.Set(10, 10)
		if len(labels) == 0 || labels[len(labels)-1] != l.bar.label {
			labels = append(labels, l.bar.label)
		}
	}
	l.Done()
	if strings.Join(labels, "|") != "support foot|support hand" || l.bar != nil {
		t.Errorf("bars %v, last %v", labels, l.bar)
	}
	if got := out.String(); !strings.Contains(got, "support foot [") || !strings.Contains(got, "support hand [") || !strings.Contains(got, "100%") {
		t.Errorf("drawn %q", got)
	}
}
