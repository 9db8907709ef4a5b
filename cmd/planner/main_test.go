package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBadScene(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"walks", "--scene", "builtin:moon"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "builtin:moon") {
		t.Errorf("exit %d, stderr %q; want 1 and a message naming the scene", code, errOut.String())
	}
}

// Every command is reached by its name, and the unknown-command message
// and the main job's -h both list every command.
func TestEveryCommandListed(t *testing.T) {
	var out, unknown, help bytes.Buffer
	if code := run([]string{"nope"}, &out, &unknown); code != 1 {
		t.Errorf("unknown command: exit %d, want 1", code)
	}
	run([]string{"-h"}, &out, &help)
	for _, c := range commands {
		if !strings.Contains(unknown.String(), c.name) {
			t.Errorf("the unknown-command message %q lacks %s", unknown.String(), c.name)
		}
		if !strings.Contains(help.String(), "  "+c.name+" ") {
			t.Errorf("-h lacks %s:\n%s", c.name, help.String())
		}
		var own bytes.Buffer
		run([]string{c.name, "-h"}, &out, &own)
		if !strings.Contains(own.String(), "planner "+c.name) {
			t.Errorf("%s -h does not print %s's own flags:\n%s", c.name, c.name, own.String())
		}
	}
}
