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

// The runtime is planner's closure within the module, exactly Runtime; no
// runtime package imports an offline package or a Forbidden one (go list
// -f '{{.Imports}}' over them).
func TestRuntimeImports(t *testing.T) {
	runtime := map[string]bool{}
	for _, p := range Runtime {
		runtime[p] = true
	}
	offline := map[string]bool{}
	for _, p := range Offline {
		offline[p] = true
	}
	closure := 0
	for _, d := range goList(t, "-deps", "./planner") {
		if p, ok := strings.CutPrefix(d, Module+"/"); ok {
			closure++
			if !runtime[p] {
				t.Errorf("planner depends on %s, which is not in Runtime", p)
			}
		}
	}
	if closure != len(Runtime) {
		t.Errorf("planner depends on %d packages of the module, Runtime names %d", closure, len(Runtime))
	}
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], Module+"/")
		if runtime[pkg] && offline[pkg] {
			t.Errorf("%s is both runtime and offline", pkg)
		}
		if !runtime[pkg] {
			continue
		}
		for _, imp := range f[1:] {
			if p, ok := strings.CutPrefix(imp, Module+"/"); ok && offline[p] {
				t.Errorf("runtime package %s imports offline package %s", pkg, p)
			}
			for _, x := range Forbidden {
				if imp == x || strings.HasPrefix(imp, x+"/") {
					t.Errorf("runtime package %s imports %s", pkg, imp)
				}
			}
		}
	}
}
