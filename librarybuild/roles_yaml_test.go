package librarybuild_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/librarybuild"
)

// A library file's roles are read, a role not given keeps its default,
// and a role the format does not know is an error naming the file and
// line.
func TestLibraryRoles(t *testing.T) {
	const acts = "actions:\n  - name: rest\n    tags: [rest]\n    clip: {builtin: idle, frames: [0, 30]}\nentry: [rest]\nnext:\n  rest: [rest]\n"
	lib, _, err := librarybuild.ReadLibrary(strings.NewReader(acts+"roles:\n  stand: rest\n  athletic: [mantle]\n"), "lib.yaml", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := action.DefaultRoles()
	want.Stand, want.Athletic = "rest", []string{"mantle"}
	if !reflect.DeepEqual(lib.Roles, want) {
		t.Errorf("roles %+v, want %+v", lib.Roles, want)
	}
	if !lib.Stands(lib.Actions[0]) {
		t.Error("the action tagged as the stand role does not stand")
	}
	lib, _, err = librarybuild.ReadLibrary(strings.NewReader(acts), "lib.yaml", t.TempDir())
	if err != nil || !reflect.DeepEqual(lib.Roles, action.DefaultRoles()) {
		t.Errorf("no roles given: %+v, %v", lib.Roles, err)
	}
	_, _, err = librarybuild.ReadLibrary(strings.NewReader(acts+"roles:\n  sit: chair\n"), "lib.yaml", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "lib.yaml:9") || !strings.Contains(err.Error(), "sit") {
		t.Errorf("an unknown role: %v", err)
	}
}
