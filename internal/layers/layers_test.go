package layers

import (
	"os/exec"
	"strings"
	"testing"
)

// goList runs the go command's list in the module root.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH to list packages with")
	}
	cmd := exec.Command(gobin, append([]string{"list"}, args...)...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// Every package has a layer and imports only packages of lower layers.
func TestLayers(t *testing.T) {
	seen := 0
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], Module+"/")
		l, ok := Layer[pkg]
		if !ok {
			t.Errorf("package %s has no layer: place it in doc.go", pkg)
			continue
		}
		seen++
		for _, imp := range f[1:] {
			if !strings.HasPrefix(imp, Module+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, Module+"/")
			if dl, ok := Layer[dep]; !ok || dl >= l {
				t.Errorf("%s (layer %d) imports %s (layer %d): only lower layers may be imported", pkg, l, dep, dl)
			}
		}
	}
	if seen != len(Layer) {
		t.Errorf("%d packages listed, %d have layers: remove the ones that no longer exist", seen, len(Layer))
	}
}

// The runtime imports no image, YAML, glTF or generator package, nor any
// offline builder.
func TestRuntimeDeps(t *testing.T) {
	deps := goList(t, "-deps", "./planner")
	for _, d := range deps {
		for _, f := range Forbidden {
			if d == f || strings.HasPrefix(d, f+"/") {
				t.Errorf("the runtime (planner) depends on %s", d)
			}
		}
	}
	if len(deps) < 10 {
		t.Fatalf("go list -deps ./planner gave %d packages: %v", len(deps), deps)
	}
}
