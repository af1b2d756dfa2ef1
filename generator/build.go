package generator

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// BuildOptions configure a build.
type BuildOptions struct {
	Print PrintOptions
	// OutDir is where the pack's folder is created.
	OutDir string
	// Previews writes PNG previews of every card face and contact sheets.
	Previews bool
}

// Artifact is one file a build wrote.
type Artifact struct {
	Path  string // relative to the pack's output folder
	Pages int    // PDF pages, 0 for images
}

// Build writes the pack's print kit into OutDir/<pack id>/. Everything is
// written into a staging folder first and swapped in at the end, so a failed
// build leaves the previous output intact.
func (r *Renderer) Build(p *schema.Pack, opts BuildOptions) ([]Artifact, error) {
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", opts.OutDir, err)
	}
	stage, err := os.MkdirTemp(opts.OutDir, "."+p.Game.ID+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("creating staging folder: %w", err)
	}
	defer os.RemoveAll(stage)
	if err := os.Chmod(stage, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(stage, OutputMarker), []byte("written by runforge build; the folder is replaced on the next build\n"), 0o644); err != nil {
		return nil, err
	}

	jobs, err := r.buildJobs(p, opts)
	if err != nil {
		return nil, err
	}
	arts, err := runJobs(stage, jobs)
	if err != nil {
		return nil, err
	}
	final := filepath.Join(opts.OutDir, p.Game.ID)
	if err := swapInto(stage, final); err != nil {
		return nil, err
	}
	return arts, nil
}

// job writes one or more output files into the staging folder.
type job struct {
	run func(stage string) ([]Artifact, error)
}

// fileJob is a job that writes one file.
func fileJob(path string, write func(io.Writer) (pages int, err error)) job {
	return job{run: func(stage string) ([]Artifact, error) {
		pages := 0
		err := writeFile(stage, path, func(w io.Writer) error {
			bw := bufio.NewWriterSize(w, 64<<10)
			n, err := write(bw)
			pages = n
			if err != nil {
				return err
			}
			return bw.Flush()
		})
		if err != nil {
			return nil, err
		}
		return []Artifact{{Path: path, Pages: pages}}, nil
	}}
}

// buildJobs turns the pack's output plan into jobs: each element's files
// by its kind's builder, then the kit's own files. Two outputs with one path
// are refused (validate reports them, positioned, before a build starts).
func (r *Renderer) buildJobs(p *schema.Pack, opts BuildOptions) ([]job, error) {
	plan := schema.OutputPlan(p)
	if cs := schema.Collisions(plan); len(cs) > 0 {
		return nil, fmt.Errorf("two outputs would be written to %s", cs[0].Path)
	}
	var jobs []job
	done := map[schema.Element]bool{}
	for _, o := range plan {
		e := o.Element
		if e == nil || done[e] {
			continue
		}
		done[e] = true
		if kr, ok := kindRenderers[e.Kind()]; ok && kr.build != nil {
			jobs = append(jobs, kr.build(r, p, e, opts)...)
		}
	}
	pr := opts.Print
	if slices.ContainsFunc(p.TokenSets(), p.PrintsToken) {
		jobs = append(jobs, fileJob("tokens.pdf", func(w io.Writer) (int, error) {
			return r.WriteTokens(w, p, pr)
		}))
		if opts.Previews {
			jobs = append(jobs, fileJob("preview/tokens.png", func(w io.Writer) (int, error) {
				return 0, r.WriteTokenSheetPreview(w, p)
			}))
		}
	}
	if needsCalibration(p, pr) {
		jobs = append(jobs, fileJob("calibration.pdf", func(w io.Writer) (int, error) {
			return 2, r.WriteCalibration(w, pr)
		}))
	}
	jobs = append(jobs, fileJob("components.txt", func(w io.Writer) (int, error) {
		return 0, r.writeComponents(w, p, pr)
	}))
	return jobs, nil
}

// needsCalibration reports whether the kit prints back pages for duplex,
// and so a calibration sheet to register them.
func needsCalibration(p *schema.Pack, opts PrintOptions) bool {
	return opts.Duplex != layout.NoDuplex && slices.ContainsFunc(p.Elements, func(e schema.Element) bool {
		return p.Prints(e) && e.Facts().Backs
	})
}

// runJobs runs the jobs on all cores and returns the artifacts sorted by path.
func runJobs(stage string, jobs []job) ([]Artifact, error) {
	results := make([][]Artifact, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = runSafely(jobs[i], stage)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var arts []Artifact
	for _, r := range results {
		arts = append(arts, r...)
	}
	sort.Slice(arts, func(i, j int) bool { return arts[i].Path < arts[j].Path })
	return arts, nil
}

// OutputMarker is the file that marks a folder as runforge's output; only
// such a folder is ever replaced by a build.
const OutputMarker = ".runforge-output"

// runSafely runs a job, turning a panic in a library into an error so the
// build fails cleanly and removes its staging folder.
func runSafely(j job, stage string) (arts []Artifact, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while writing output: %v", p)
		}
	}()
	return j.run(stage)
}

// swapInto replaces final with the staged folder. It refuses to replace
// anything runforge did not write, so -o can never delete a user's files.
func swapInto(stage, final string) error {
	old := ""
	if info, err := os.Lstat(final); err == nil {
		if !info.IsDir() {
			return fmt.Errorf("refusing to replace %s: it is not a folder runforge wrote", final)
		}
		if _, err := os.Stat(filepath.Join(final, OutputMarker)); err != nil {
			return fmt.Errorf("refusing to replace %s: it was not written by runforge (no %s in it); choose another -o", final, OutputMarker)
		}
		old = stage + ".old"
		if err := os.Rename(final, old); err != nil {
			return fmt.Errorf("replacing %s: %w", final, err)
		}
	}
	if err := os.Rename(stage, final); err != nil {
		if old != "" {
			_ = os.Rename(old, final)
		}
		return fmt.Errorf("moving output into %s: %w", final, err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// writeComponents writes the kit's index: the component checklist, what
// each file holds and how to assemble it, and the pack's assumptions.
func (r *Renderer) writeComponents(w io.Writer, p *schema.Pack, opts PrintOptions) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: components\n\n", p.Game.Title)
	for _, c := range p.Game.Components {
		status := "printed"
		if !c.IsPrinted() {
			status = "NOT PRINTED"
		}
		fmt.Fprintf(&b, "%3d x %s [%s]\n", c.Expected, c.Name, status)
		if c.Substitute != "" {
			fmt.Fprintf(&b, "      use instead: %s\n", strings.TrimSpace(c.Substitute))
		}
	}
	b.WriteString("\nFiles of this kit:\n")
	done := map[schema.Element]bool{}
	for _, o := range schema.OutputPlan(p) {
		e := o.Element
		if e == nil || done[e] || !strings.HasSuffix(o.Path, ".pdf") {
			continue
		}
		done[e] = true
		f := e.Facts()
		extra := ""
		if len(f.Copies) == 0 {
			extra = " (added by runforge; not in the published component list)"
		}
		fmt.Fprintf(&b, "- %s: %s%s\n", o.Path, f.Name, extra)
		if kr, ok := kindRenderers[e.Kind()]; ok && kr.index != nil {
			for _, line := range kr.index(r, p, e, opts) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	if slices.ContainsFunc(p.TokenSets(), p.PrintsToken) {
		b.WriteString("- tokens.pdf: every token of the kit; cut along the grey outlines\n")
	}
	if needsCalibration(p, opts) {
		b.WriteString("- calibration.pdf: print it on both sides of one sheet to measure your printer's duplex misregistration (--back-offset)\n")
	}
	if len(p.Game.Assumptions) > 0 {
		b.WriteString("\nWhere the rulebook is silent, this pack assumes:\n")
		for _, a := range p.Game.Assumptions {
			fmt.Fprintf(&b, "- %s\n", strings.TrimSpace(a))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}
