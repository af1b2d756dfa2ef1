// Package generator builds a pack's print kit: the Renderer (card faces
// drawn from templates, the page helpers every kind shares), the output
// plan and its jobs, staging and swap, previews, and the kit's own files
// (the calibration sheet, components.txt). Each content kind renders in a
// package of its own, registered through a Game descriptor the Renderer is
// given: the kinds every game may use (deck, sheet, board, dice, tokens,
// listed together by kinds) and each game's (generator/<game>). Other
// sub-packages do one job each: draw (the drawing surface), typeset (rich
// text in boxes), icons, impose (which item goes on which page: the one
// page loop) and kitbuild (the build command's policy).
package generator

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
	return r.BuildContext(context.Background(), p, opts)
}

// BuildContext is Build that stops when ctx is cancelled: no new work
// starts, the staging folder is removed and the previous kit, if any, stays
// (or is put back, when the swap had begun). It returns the context's
// cause then.
func (r *Renderer) BuildContext(ctx context.Context, p *schema.Pack, opts BuildOptions) (_ []Artifact, err error) {
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", opts.OutDir, err)
	}
	stage, err := os.MkdirTemp(opts.OutDir, stagePrefix(p.Game.ID))
	if err != nil {
		return nil, fmt.Errorf("creating staging folder: %w", err)
	}
	defer func() {
		// Once swapped in, the staging folder is gone and this is a no-op.
		if rmErr := os.RemoveAll(stage); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("removing staging folder: %w", rmErr))
		}
	}()
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
	arts, err := runJobsContext(ctx, stage, jobs)
	if err != nil {
		return nil, err
	}
	final := filepath.Join(opts.OutDir, p.Game.ID)
	if err := swapInto(ctx, stage, final); err != nil {
		return nil, err
	}
	return arts, nil
}

// stagePrefix is the start of the name of a pack's staging folder; the
// rest is the digits os.MkdirTemp adds. The previous kit is moved aside to
// the staging folder's name plus oldSuffix while the new one is swapped in.
func stagePrefix(id string) string { return "." + id + ".tmp-" }

const oldSuffix = ".old"

// RemoveStale removes what interrupted builds of pack id left in outDir:
// staging folders (.<id>.tmp-<digits>) and previous kits being swapped out
// (.<id>.tmp-<digits>.old). Only folders named exactly so and written by
// runforge (they hold OutputMarker, or are empty) are removed; anything
// else is left alone. It must not run while another build of the pack
// writes into outDir. It returns the folders it removed.
func RemoveStale(outDir, id string) ([]string, error) {
	entries, err := os.ReadDir(outDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("looking for stale staging folders: %w", err)
	}
	var removed []string
	var errs []error
	for _, e := range entries {
		if !isStaleName(e.Name(), id) || e.Type() != fs.ModeDir {
			continue
		}
		dir := filepath.Join(outDir, e.Name())
		if !writtenByRunforge(dir) {
			continue
		}
		if err := os.RemoveAll(dir); err != nil {
			errs = append(errs, fmt.Errorf("removing stale staging folder: %w", err))
			continue
		}
		removed = append(removed, dir)
	}
	return removed, errors.Join(errs...)
}

// isStaleName reports whether name is one a build of pack id gives its
// staging folder or the previous kit it moves aside.
func isStaleName(name, id string) bool {
	rest, ok := strings.CutPrefix(name, stagePrefix(id))
	if !ok {
		return false
	}
	rest = strings.TrimSuffix(rest, oldSuffix)
	return rest != "" && strings.Trim(rest, "0123456789") == ""
}

// writtenByRunforge reports whether dir holds OutputMarker or is empty.
func writtenByRunforge(dir string) bool {
	if _, err := os.Lstat(filepath.Join(dir, OutputMarker)); err == nil {
		return true
	}
	entries, err := os.ReadDir(dir)
	return err == nil && len(entries) == 0
}

// job writes one or more output files into the staging folder: run, or
// parallel for a job that renders on idle cores too.
type job struct {
	name     string // what it writes, for errors; may be ""
	run      func(stage string) ([]Artifact, error)
	parallel func(env jobEnv) ([]Artifact, error)
}

// jobEnv is what a job runs with: the build's context, the staging folder
// and the slots that bound the renderers running at once.
type jobEnv struct {
	ctx   context.Context
	stage string
	slots slots
}

// slots bound the renderers running at once in a build to GOMAXPROCS. A
// job holds a slot while it runs; a job that renders in parallel borrows
// idle slots for its helpers and gives them back when they finish.
type slots chan struct{}

// acquire waits for a slot, or for ctx to be cancelled.
func (s slots) acquire(ctx context.Context) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	select {
	case s <- struct{}{}:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// tryAcquire takes a slot if one is idle.
func (s slots) tryAcquire() bool {
	select {
	case s <- struct{}{}:
		return true
	default:
		return false
	}
}

// release gives a slot back.
func (s slots) release() { <-s }

// fileJob is a job that writes one file.
func fileJob(path string, write func(io.Writer) (pages int, err error)) job {
	return job{name: path, run: func(stage string) ([]Artifact, error) {
		pages := 0
		err := WriteFile(stage, path, func(w io.Writer) error {
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
	opts.Print = effectivePrint(opts.Print)
	var jobs []job
	done := map[schema.Element]bool{}
	for _, o := range plan {
		e := o.Element
		if e == nil || done[e] {
			continue
		}
		done[e] = true
		if kr, ok := r.kindRenderer(e.Kind()); ok && kr.build != nil {
			jobs = append(jobs, kr.build(r, p, e, opts)...)
		}
	}
	pr := opts.Print
	for _, k := range r.kitOutputs() {
		if k.wanted(p, pr, opts.Previews) {
			jobs = append(jobs, fileJob(k.path, func(w io.Writer) (int, error) {
				return k.write(r, w, p, pr)
			}))
		}
	}
	return jobs, nil
}

// effectivePrint is how the build prints with the options it was given.
// Gutterfold is the layout for printers without duplex: the cards fold their
// backs behind their fronts, and everything else (boards, mats, tokens,
// sheets) prints single-sided as under --duplex none, whatever Duplex says.
func effectivePrint(opts PrintOptions) PrintOptions {
	if opts.Layout == LayoutGutterfold {
		opts.Duplex = layout.NoDuplex
	}
	return opts
}

// uncountedCopies is, by component, the copies of the pack's printed decks
// that do not count towards it (Reloaded's promo and expansion cards, for
// instance): the kit prints more than the component list says.
func uncountedCopies(p *schema.Pack) map[string]int {
	out := map[string]int{}
	for _, d := range p.Decks() {
		if d.Component != "" && p.Prints(d) {
			out[d.Component] += d.Total() - d.CountedTotal()
		}
	}
	return out
}

// needsCalibration reports whether the kit prints back pages for duplex,
// and so a calibration sheet to register them.
func (r *Renderer) needsCalibration(p *schema.Pack, opts PrintOptions) bool {
	opts = effectivePrint(opts)
	return opts.Duplex != layout.NoDuplex && slices.ContainsFunc(p.Elements, func(e schema.Element) bool {
		return p.Prints(e) && r.printsBacks(e, opts)
	})
}

// printsBacks reports whether an element prints back pages registered for
// duplex. Most elements know from their content (Facts.Backs); a kind
// may say (Kind.Backs: a two-sided board only when both sides fit one page
// of the paper, two-sided mats only when their halves do).
func (r *Renderer) printsBacks(e schema.Element, opts PrintOptions) bool {
	if kr, ok := r.kindRenderer(e.Kind()); ok && kr.backs != nil {
		return kr.backs(e, opts)
	}
	return e.Facts().Backs
}

// runJobs runs the jobs on all cores and returns the artifacts sorted by path.
func runJobs(stage string, jobs []job) ([]Artifact, error) {
	return runJobsContext(context.Background(), stage, jobs)
}

// runJobsContext runs the jobs with at most GOMAXPROCS renderers at once
// and returns the artifacts sorted by path. Once ctx is cancelled no job
// starts, and it returns the context's cause.
func runJobsContext(ctx context.Context, stage string, jobs []job) ([]Artifact, error) {
	n := runtime.GOMAXPROCS(0)
	env := jobEnv{ctx: ctx, stage: stage, slots: make(slots, n)}
	results := make([][]Artifact, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if env.slots.acquire(ctx) != nil {
					continue
				}
				if ctx.Err() == nil {
					results[i], errs[i] = runSafely(jobs[i], env)
				}
				env.slots.release()
			}
		}()
	}
feed:
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
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
func runSafely(j job, env jobEnv) (arts []Artifact, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while writing %s: %v", cmp.Or(j.name, "output"), p)
		}
	}()
	if j.parallel != nil {
		return j.parallel(env)
	}
	return j.run(env.stage)
}

// swapInto replaces final with the staged folder. It refuses to replace
// anything runforge did not write, so -o can never delete a user's files.
// Cancelled before the new kit is in place, it leaves (or puts back) the
// previous one.
func swapInto(ctx context.Context, stage, final string) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	old := ""
	if info, err := os.Lstat(final); err == nil {
		if !info.IsDir() {
			return fmt.Errorf("refusing to replace %s: it is not a folder runforge wrote", final)
		}
		if _, err := os.Stat(filepath.Join(final, OutputMarker)); err != nil {
			return fmt.Errorf("refusing to replace %s: it was not written by runforge (no %s in it); choose another -o", final, OutputMarker)
		}
		old = stage + oldSuffix
		if err := os.Rename(final, old); err != nil {
			return fmt.Errorf("replacing %s: %w", final, err)
		}
		if ctx.Err() != nil {
			if err := os.Rename(old, final); err != nil {
				return fmt.Errorf("putting the previous output back into %s (it is in %s): %w", final, old, err)
			}
			return context.Cause(ctx)
		}
	}
	if err := os.Rename(stage, final); err != nil {
		if old != "" {
			if rerr := os.Rename(old, final); rerr != nil {
				return fmt.Errorf("moving output into %s: %w; putting the previous output back (it is in %s): %w", final, err, old, rerr)
			}
		}
		return fmt.Errorf("moving output into %s: %w", final, err)
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("removing the previous output: %w", err)
		}
	}
	return nil
}

// writeComponents writes the kit's index: the component checklist, what
// each file holds and how to assemble it, and the pack's assumptions.
func (r *Renderer) writeComponents(w io.Writer, p *schema.Pack, opts PrintOptions) error {
	opts = effectivePrint(opts)
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: components\n\n", p.Game.Title)
	extra := uncountedCopies(p)
	for _, c := range p.Game.Components {
		status := "printed"
		if !c.IsPrinted() {
			status = "NOT PRINTED"
		}
		fmt.Fprintf(&b, "%3d x %s [%s]\n", c.Expected, c.Name, status)
		if n := extra[c.ID]; n > 0 && c.IsPrinted() {
			fmt.Fprintf(&b, "      and %d more %s printed that the published count leaves out (promo or expansion cards)\n", n, PluralOf(n, "card", "cards"))
		}
		if c.Substitute != "" {
			fmt.Fprintf(&b, "      use instead: %s\n", strings.TrimSpace(c.Substitute))
		}
	}
	b.WriteString("\nFiles of this kit:\n")
	if opts.Layout == LayoutGutterfold {
		b.WriteString("(gutterfold: print every file one-sided. The cards fold their backs behind their fronts; " +
			"everything else prints single-sided, as with --duplex none, so no file needs duplex and there is no calibration sheet)\n")
	}
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
		if kr, ok := r.kindRenderer(e.Kind()); ok && kr.index != nil {
			for _, line := range kr.index(r, p, e, opts) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	for _, k := range r.kitOutputs() {
		if k.index == nil || !k.wanted(p, opts, false) {
			continue
		}
		fmt.Fprintf(&b, "- %s: %s\n", k.path, k.what)
		for _, line := range k.index(p, opts) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	if pending := r.notPrintedYet(p); len(pending) > 0 {
		b.WriteString("\nNot printed yet (runforge cannot print these yet; they are checked all the same):\n")
		for _, e := range pending {
			fmt.Fprintf(&b, "- %s: %s\n", p.Registry().Describe(e), e.Facts().Name)
		}
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
