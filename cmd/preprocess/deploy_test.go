package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The fields of batch/v1 Job the deploy manifests may use (Kubernetes API
// reference, batch/v1): decoding with KnownFields refuses any other, so a
// misspelt field fails here rather than on the cluster.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimitPerIndex int    `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string         `yaml:"restartPolicy"`
				Containers    []k8sContainer `yaml:"containers"`
				Volumes       []struct {
					Name string `yaml:"name"`
					PVC  struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type k8sContainer struct {
	Name      string   `yaml:"name"`
	Image     string   `yaml:"image"`
	Command   []string `yaml:"command"`
	Args      []string `yaml:"args"`
	Resources struct {
		Requests map[string]string `yaml:"requests"`
		Limits   map[string]string `yaml:"limits"`
	} `yaml:"resources"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
	} `yaml:"volumeMounts"`
}

// TestDeployJobs checks deploy/support-tiles-job.yaml against the Job
// schema above and against the command line: an Indexed Job whose pod I
// runs `preprocess build --tiles I/N` with N its completions, each share
// parsing as the command parses it, and a merge Job over the folder the
// shares write.
func TestDeployJobs(t *testing.T) {
	data, err := os.ReadFile("../../deploy/support-tiles-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var jobs []k8sJob
	for {
		var j k8sJob
		if err := dec.Decode(&j); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("not a batch/v1 Job this test knows: %v", err)
		}
		jobs = append(jobs, j)
	}
	if len(jobs) != 2 {
		t.Fatalf("%d documents, want the build Job and the merge Job", len(jobs))
	}
	for _, j := range jobs {
		s := j.Spec.Template.Spec
		if j.APIVersion != "batch/v1" || j.Kind != "Job" || j.Metadata.Name == "" || len(s.Containers) != 1 ||
			s.RestartPolicy != "Never" && s.RestartPolicy != "OnFailure" || s.Containers[0].Image == "" {
			t.Fatalf("job %q: not a well-formed batch/v1 Job (kind, name, one container with an image, restartPolicy Never or OnFailure)", j.Metadata.Name)
		}
	}
	build, mergeJob := jobs[0], jobs[1]
	n := build.Spec.Completions
	if build.Spec.CompletionMode != "Indexed" || n < 1 || build.Spec.Parallelism > n {
		t.Fatalf("the build Job: completionMode %q, completions %d, parallelism %d", build.Spec.CompletionMode, n, build.Spec.Parallelism)
	}
	line := strings.Join(build.Spec.Template.Spec.Containers[0].Args, " ")
	args := strings.Fields(strings.ReplaceAll(line, `"`, ""))
	if len(args) < 2 || args[0] != "preprocess" || args[1] != "build" {
		t.Fatalf("the build Job runs %q, not preprocess build", line)
	}
	flags := map[string]string{}
	for k := 2; k+1 < len(args); k += 2 {
		flags[args[k]] = args[k+1]
	}
	for i := range n {
		share := strings.ReplaceAll(flags["--tiles"], "$JOB_COMPLETION_INDEX", fmt.Sprint(i))
		if gi, gn, err := parseShare(share); err != nil || gi != i || gn != n {
			t.Fatalf("pod %d runs --tiles %q: share %d of %d, %v; want %d of %d", i, share, gi, gn, err, i, n)
		}
	}
	m := mergeJob.Spec.Template.Spec.Containers[0]
	margs := append(append([]string{}, m.Command...), m.Args...)
	if strings.Join(margs, " ") != "preprocess merge --dir "+flags["--out"] {
		t.Fatalf("the merge Job runs %q; want preprocess merge --dir %s", strings.Join(margs, " "), flags["--out"])
	}
}
