package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/picture"
	"github.com/foothold/foothold/planner"
)

type libraryJSON struct {
	librarybuild.Report
	Library string `json:"library"`
	Spaces  string `json:"spaces,omitempty"` // the occupancy spaces written beside the library
	// NoSpaces says why no spaces were written (the library was).
	NoSpaces string   `json:"no_spaces,omitempty"`
	PNGs     []string `json:"pngs,omitempty"`
	// Mapped is what the feet, hands and hips were mapped to, once per
	// mapping the sources share.
	Mapped []mappedJSON `json:"mapped"`
}

// mappedJSON is one effector mapping and the sources it is theirs.
type mappedJSON struct {
	Sources   []string `json:"sources"`
	Effectors []string `json:"effectors"`
}

// mappings groups the sources by their effectors' mapping (motion.Effectors.Describe).
func mappings(srcs []librarybuild.Source) []mappedJSON {
	var out []mappedJSON
	for _, s := range srcs {
		lines := s.Effectors.Describe(s.Clip.Skeleton)
		k := slices.IndexFunc(out, func(m mappedJSON) bool { return slices.Equal(m.Effectors, lines) })
		if k < 0 {
			out, k = append(out, mappedJSON{Effectors: lines}), len(out)
		}
		out[k].Sources = append(out[k].Sources, s.Name)
	}
	return out
}

// runLibrary builds an action library from a folder of captures or a glTF
// character and writes it as a library file (actions and graph).
func runLibrary(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner library", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "a folder of captures (.bvh, .amc with their .asf, .glb/.gltf characters; its subfolders too), or one such file")
	effFile := fs.String("effectors", "", "YAML file mapping feet and hands (default: recognised by joint name)")
	out := fs.String("out", "", "the library file to write (YAML: actions and graph)")
	png := fs.String("png", "", "folder for a strip picture of every action")
	clips := fs.String("clips", "", "a regular expression: only the clips whose names (file, or file#animation) match it")
	hands := fs.Bool("hands", false, "keep the hands' docks (by default actions dock their feet only)")
	pivots := fs.Bool("pivots", false, "add turns on the spot (45° and 90° either way) made from the idle's pose even when the captures turn on the spot (when they do not, they are added anyway: a character facing a wall or another character can turn away)")
	noPivots := fs.Bool("no-pivots", false, "never add turns on the spot")
	retarget := fs.Bool("retarget", false, "move clips of another skeleton with the same joint hierarchy (CMU's BVH conversions and Acclaim skeletons, other subjects) onto the library's skeleton instead of skipping them")
	maxErr := fs.Float64("max-pose-error", 0, "the largest pose difference a transition may have, as a share of the leg (default 0.1)")
	spaces := fs.Bool("spaces", true, "also write the library's occupancy spaces for the character's body beside it (LIB.fos), which planner crowd and the demo's --agents read")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *from == "" || *out == "" || fs.NArg() > 0 || !(*maxErr >= 0) {
		fmt.Fprintln(stderr, "planner library: want --from DIR|FILE --out LIB.yaml [--effectors F] [--png DIR] [--max-pose-error E] [--hands] [--pivots|--no-pivots] [--retarget] [--json]")
		return 1
	}
	re, err := regexp.Compile(*clips)
	if err != nil {
		fmt.Fprintf(stderr, "planner library: --clips: %v\n", err)
		return 1
	}
	srcs, skipped, err := librarySources(*from, *effFile, re)
	if err == nil && len(srcs) == 0 {
		err = fmt.Errorf("%s: no captures (.bvh, .amc, .glb, .gltf) named like %q", *from, *clips)
	}
	if err != nil {
		fmt.Fprintf(stderr, "planner library: %v\n", err)
		return 1
	}
	b, err := librarybuild.Build(srcs, librarybuild.BuildOptions{MaxPoseError: *maxErr, Hands: *hands, Retarget: *retarget, Pivots: *pivots, NoPivots: *noPivots})
	if err != nil {
		fmt.Fprintf(stderr, "planner library: %v\n", err)
		return 1
	}
	b.Report.Sources = append(b.Report.Sources, skipped...)
	sum := libraryJSON{Report: b.Report, Library: *out, Mapped: mappings(srcs)}
	if sum.Spaces, sum.NoSpaces, err = writeLibrary(b, *out, *spaces); err != nil {
		fmt.Fprintf(stderr, "planner library: %v\n", err)
		return 1
	}
	if *png != "" {
		if sum.PNGs, err = drawStrips(b, *png); err != nil {
			fmt.Fprintf(stderr, "planner library: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		return printJSON(stdout, sum)
	}
	printLibrary(stdout, sum)
	return 0
}

// writeLibrary writes the library file out and, when spaces, the
// occupancy spaces of the library as it reads back from that file beside
// it (first); it returns the spaces' path, or why there are none (a body
// the crowd cannot check: the library is written all the same).
func writeLibrary(b *librarybuild.Built, out string, spaces bool) (path, none string, err error) {
	dir, err := filepath.Abs(filepath.Dir(out))
	if err != nil {
		return "", "", err
	}
	var text bytes.Buffer
	if err := librarybuild.WriteLibrary(&text, b, dir); err != nil {
		return "", "", err
	}
	if spaces {
		lib, _, err := librarybuild.ReadLibrary(bytes.NewReader(text.Bytes()), out, dir)
		if err != nil {
			return "", "", err
		}
		if path, err = storeSpaces(out, lib); err != nil {
			path, none = "", err.Error()
		}
	}
	return path, none, atomicfile.Write(out, func(w io.Writer) error { _, err := w.Write(text.Bytes()); return err })
}

// storeSpaces writes the occupancy spaces of library file out beside it,
// for the adult's body on its skeleton.
func storeSpaces(out string, lib *action.Library) (string, error) {
	m, err := planner.DefaultBody(lib, nil)
	if err != nil {
		return "", err
	}
	path := bake.SpacesFile(out)
	bars := progress.NewLabelled("occupancy ")
	defer bars.Done()
	if _, err := bake.StoreSpaces(path, lib, m, bake.Options{Progress: bars.Update}); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return path, nil
}

// librarySources reads the clips under from (a folder and its
// subfolders, or one file): every animation of a glTF character, every BVH
// file (its unit guessed from the legs), every AMC motion with SUBJECT.asf
// beside it; in path order, named by their paths below from.
//
// Animations a character file holds but that cannot be read (a joint
// without a pose at some time) come back as skipped sources.
func librarySources(from, effFile string, re *regexp.Regexp) ([]librarybuild.Source, []librarybuild.SourceReport, error) {
	files := []string{from}
	st, err := os.Stat(from)
	if err != nil {
		return nil, nil, err
	}
	absFrom, err := filepath.Abs(from)
	if err != nil {
		return nil, nil, err
	}
	if st.IsDir() {
		files = files[:0]
		err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			return nil, nil, err
		}
		sort.Strings(files)
	}
	var out []librarybuild.Source
	var skipped []librarybuild.SourceReport
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, nil, err
		}
		refs, skips, err := clipRefs(abs)
		if err != nil {
			return nil, nil, err
		}
		for _, sk := range skips {
			skipped = append(skipped, librarybuild.SourceReport{Name: filepath.Base(abs) + "#" + sk.Name, Skipped: sk.Why})
		}
		for _, r := range refs {
			name := filepath.Base(r.BVH + r.AMC + r.GLTF)
			if st.IsDir() {
				if rel, err := filepath.Rel(absFrom, r.BVH+r.AMC+r.GLTF); err == nil && filepath.IsLocal(rel) {
					name = filepath.ToSlash(rel)
				}
			}
			if r.Animation != "" {
				name += "#" + r.Animation
			}
			if !re.MatchString(name) {
				continue
			}
			c, _, err := r.Load()
			if err != nil {
				return nil, nil, err
			}
			eff, err := effectorsFor(c, name, effFile)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, librarybuild.Source{Name: name, Ref: r, Clip: c, Effectors: eff})
		}
	}
	return out, skipped, nil
}

// clipRefs are the clips one file holds; other files hold none.
func clipRefs(path string) ([]librarybuild.ClipRef, []character.Skipped, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb", ".gltf":
		ch, err := character.Load(path, character.Options{})
		if err != nil {
			return nil, nil, err
		}
		var out []librarybuild.ClipRef
		for _, c := range ch.Clips {
			out = append(out, librarybuild.ClipRef{GLTF: path, Animation: c.Name})
		}
		return out, ch.Skipped, nil
	case ".amc":
		subject, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), "_")
		return []librarybuild.ClipRef{{AMC: path, ASF: filepath.Join(filepath.Dir(path), subject+".asf")}}, nil, nil
	case ".bvh":
		c, err := motionfile.LoadBVH(path, motion.BVHOptions{Scale: 1})
		if err != nil {
			return nil, nil, err
		}
		eff, err := motion.DefaultEffectors(c.Skeleton)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		g, err := motion.GuessScale(c.Skeleton, eff)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return []librarybuild.ClipRef{{BVH: path, Scale: g.Scale}}, nil, nil
	}
	return nil, nil, nil
}

// effectorsFor reads the effectors file, or recognises them by name.
func effectorsFor(c *motion.Clip, name, effFile string) (*motion.Effectors, error) {
	if effFile == "" {
		eff, err := motion.DefaultEffectors(c.Skeleton)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return eff, nil
	}
	f, err := os.Open(effFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return librarybuild.ReadEffectors(f, effFile, c.Skeleton)
}

// drawStrips draws every action as a strip into dir.
func drawStrips(b *librarybuild.Built, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []string
	for _, a := range b.Library.Actions {
		p := filepath.Join(dir, a.Name+".png")
		if err := picture.DrawStrip(a, 6).Save(p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func printLibrary(w io.Writer, s libraryJSON) {
	fmt.Fprintf(w, "%s: %d actions, %d transitions, largest pose error at a transition %.3f m\n", s.Library, s.Actions, s.Transitions, s.MaxPoseError)
	var tags []string
	for t, n := range s.Tags {
		tags = append(tags, fmt.Sprintf("%s %d", t, n))
	}
	slices.Sort(tags)
	entry := s.Entry
	if len(entry) > 8 {
		entry = append(entry[:8:8], fmt.Sprintf("… (%d in all)", len(s.Entry)))
	}
	fmt.Fprintf(w, "tags       %s\nentry      %s\n", strings.Join(tags, ", "), strings.Join(entry, ", "))
	for _, m := range s.Mapped {
		who := m.Sources[0]
		if len(m.Sources) > 1 {
			who += fmt.Sprintf(" and %d more", len(m.Sources)-1)
		}
		fmt.Fprintf(w, "mapped     %s:\n", who)
		for _, l := range m.Effectors {
			fmt.Fprintf(w, "             %s\n", l)
		}
	}
	if s.Spaces != "" {
		fmt.Fprintf(w, "occupancy spaces (the body) %s\n", s.Spaces)
	}
	if s.NoSpaces != "" {
		fmt.Fprintf(w, "occupancy spaces none: %s\n", s.NoSpaces)
	}
	for _, src := range s.Sources {
		line := fmt.Sprintf("%d foot docks, %d actions", src.FootDocks, src.Actions)
		switch {
		case src.Skipped != "":
			line = "skipped: " + src.Skipped
		case src.NoDocks != "":
			line = "no foot docked: " + src.NoDocks
		}
		if src.Conformed != "" {
			line += ", " + src.Conformed
		}
		if src.Reordered != "" {
			line += ", its joints put in " + src.Reordered + "'s order"
		}
		if src.Retargeted != "" {
			line += ", retargeted onto " + src.Retargeted + "'s skeleton"
		}
		fmt.Fprintf(w, "  %-40s %5.2f s  %s\n", src.Name, src.Seconds, line)
	}
	if len(s.Dropped) > 0 {
		fmt.Fprintf(w, "dropped    %d pieces with no way on, a popping root or off the feet (listed in --json)\n", len(s.Dropped))
	}
}
