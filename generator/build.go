// Package generator renders a pack's print kit: the Renderer (card faces
// drawn from templates, the page helpers every kind shares), jobs and their
// runner, staging and swap, previews and the calibration sheet; the kit's
// plan and index are generator/kit's. Each content kind renders in a
// package of its own, registered through a Game descriptor the Renderer is
// given: the kinds every game may use (deck, sheet, board, dice, tokens,
// listed together by kinds) and each game's (generator/<game>). Other
// sub-packages do one job each: draw (the drawing surface), typeset (rich
// text in boxes), icons, impose (which item goes on which page: the one
// page loop) and kitbuild (the build command's policy).
package generator

import (
	"bufio"
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
)

// BuildOptions configure a build.
type BuildOptions struct {
	Print PrintOptions
	// OutDir is where the pack's folder is created.
	OutDir string
	// Previews writes PNG previews of every card face and contact sheets.
	Previews bool
	// WithBase prints everything of a pack that extends another, the
	// extended pack's content too; without it, such a pack's kit prints
	// only what the pack adds or changes (generator/kit.PrintedHere).
	WithBase bool
	// PNGDPI, when above 0, also writes every card face and back as a PNG
	// at that resolution under png/<deck>/ (outside the press layout's
	// images): <card>.png, and <card>-back.png or the deck's shared
	// _back.png.
	PNGDPI int
	// Jobs, when set, is the pool the kit's jobs run in, shared with the
	// other packs one command builds at once; else the build has its own.
	Jobs *JobPool
	// Kits, when set, is how the packs one command builds at once share
	// their kits' files: an add-on's index takes the pages of the kit of
	// the pack it extends from that pack's build (SharedKits).
	Kits *SharedKits
	// Turn, when set, is waited for once the kit is written, before it is
	// swapped in, and Swapped called once it is in place, before the
	// previous kit is removed (StageInTurn): packs built at once are
	// swapped in in their order.
	Turn    func() error
	Swapped func()
}

// Bounds of BuildOptions.PNGDPI: a card at 1200 dpi is some 3000 x 4200
// px, as far as a print shop asks; under 50 a face cannot be read.
const (
	MinPNGDPI = 50
	MaxPNGDPI = 1200
)

// Artifact is one file a build wrote.
type Artifact struct {
	Path  string // relative to the pack's output folder
	Pages int    // PDF pages, 0 for images
}

// Stage writes a pack's kit into outDir/<id>/: write writes the files
// into a staging folder first, which is swapped in at the end, so a failed
// or cancelled build leaves the previous kit intact (or puts it back, when
// the swap had begun). When ctx is cancelled no new work starts and it
// returns the context's cause.
func Stage(ctx context.Context, outDir, id string, write func(stage string) ([]Artifact, error)) ([]Artifact, error) {
	return StageInTurn(ctx, outDir, id, nil, nil, write)
}

// StageInTurn is Stage that, once the kit is written, waits for turn (when
// not nil) before swapping it in, and calls swapped (when not nil) as soon
// as the new kit is in place, while the previous one is still being
// removed; an error from turn fails the build as an error from write
// does, leaving the previous kit as it was.
func StageInTurn(ctx context.Context, outDir, id string, turn func() error, swapped func(), write func(stage string) ([]Artifact, error)) (_ []Artifact, err error) {
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", outDir, err)
	}
	stage, err := os.MkdirTemp(outDir, stagePrefix(id))
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
	arts, err := write(stage)
	if err != nil {
		return nil, err
	}
	if turn != nil {
		if err := turn(); err != nil {
			return nil, err
		}
	}
	if err := swapInto(ctx, stage, filepath.Join(outDir, id), swapped); err != nil {
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
	file     string // the one file it writes, for a FileJob
	run      func(stage string) ([]Artifact, error)
	parallel func(env jobEnv) ([]Artifact, error)
	// write, for a job of one file (fileJob), writes it to a writer: how
	// DryRunJobs runs it without creating the file.
	write func(io.Writer) (pages int, err error)
	// err, for ErrorJob, is the error it fails with.
	err error
	// items is how many pictures a parallel job renders: the larger ones
	// start first (feedOrder).
	items int
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
	return job{name: path, write: write, run: func(stage string) ([]Artifact, error) {
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

// RunJobs runs the jobs with at most GOMAXPROCS renderers at once, writing
// into the folder stage, and returns the artifacts sorted by path. Once ctx
// is cancelled no job starts, and it returns the context's cause.
func RunJobs(ctx context.Context, stage string, jobs []Job) ([]Artifact, error) {
	var own *JobPool
	return own.Run(ctx, stage, jobs)
}

// DryRunJobs runs the jobs as RunJobs does and returns the same
// artifacts (the pages of each PDF), but creates no file: a FileJob's
// bytes are thrown away as they are written. Jobs that write into the
// staging folder themselves (StageJob, ContactSheetJob) are run in a
// temporary folder, removed again, made only when there is such a job.
// Creating files is slow on some file systems; this is for a build that
// needs only what a kit's files would be (an add-on's index, which says
// on which pages the kit of the pack it extends prints each component).
func DryRunJobs(ctx context.Context, jobs []Job) (_ []Artifact, err error) {
	in := make([]job, len(jobs))
	staged := false
	for i, j := range jobs {
		in[i] = j.j
		switch {
		case j.j.write != nil:
			in[i].run, in[i].parallel = discardFile(j.j.name, j.j.write), nil
		case j.j.err == nil:
			staged = true
		}
	}
	stage := ""
	if staged {
		if stage, err = os.MkdirTemp("", "runforge-dry-"); err != nil {
			return nil, err
		}
		defer func() {
			if rmErr := os.RemoveAll(stage); err == nil && rmErr != nil {
				err = rmErr
			}
		}()
	}
	return runJobsIn(ctx, stage, in, NewJobPool().slots)
}

// discardFile is the run of a file job whose file is not created: write
// writes into io.Discard, and the artifact says its pages.
func discardFile(path string, write func(io.Writer) (int, error)) func(string) ([]Artifact, error) {
	return func(string) ([]Artifact, error) {
		pages, err := write(io.Discard)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return []Artifact{{Path: path, Pages: pages}}, nil
	}
}

// JobPool bounds the renderers running at once to GOMAXPROCS across every
// run of jobs given it: the packs one command builds at once share one, so
// that one pack's jobs keep the cores busy while another plans its kit,
// gathers its print run or waits for its last job. A job running in a
// pool must not run jobs in the same pool: it would wait for a slot it
// may itself hold.
type JobPool struct {
	slots slots
}

// NewJobPool returns a pool of GOMAXPROCS slots.
func NewJobPool() *JobPool {
	return &JobPool{slots: make(slots, runtime.GOMAXPROCS(0))}
}

// Run is RunJobs in the pool; a nil pool is a pool of its own.
func (p *JobPool) Run(ctx context.Context, stage string, jobs []Job) ([]Artifact, error) {
	in := make([]job, len(jobs))
	for i, j := range jobs {
		in[i] = j.j
	}
	if p == nil {
		p = NewJobPool()
	}
	return runJobsIn(ctx, stage, in, p.slots)
}

// runJobs runs the jobs on all cores and returns the artifacts sorted by path.
func runJobs(stage string, jobs []job) ([]Artifact, error) {
	return runJobsContext(context.Background(), stage, jobs)
}

// runJobsContext runs the jobs with at most GOMAXPROCS renderers at once
// and returns the artifacts sorted by path. Once ctx is cancelled no job
// starts, and it returns the context's cause.
func runJobsContext(ctx context.Context, stage string, jobs []job) ([]Artifact, error) {
	return runJobsIn(ctx, stage, jobs, NewJobPool().slots)
}

// runJobsIn runs the jobs with at most cap(s) renderers at once, s shared
// with other runs, and returns the artifacts sorted by path.
func runJobsIn(ctx context.Context, stage string, jobs []job, s slots) ([]Artifact, error) {
	n := cap(s)
	env := jobEnv{ctx: ctx, stage: stage, slots: s}
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
	for _, i := range feedOrder(jobs) {
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

// feedOrder is the order the jobs start in: the jobs that render in
// parallel (contact sheets), most pictures first, then the others as
// given. A contact sheet ends with work for one renderer (the sheet's own
// PNG), which then overlaps the other jobs instead of ending the build
// alone. The order changes no output: every job writes its own files.
func feedOrder(jobs []job) []int {
	order := make([]int, len(jobs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := jobs[a].parallel != nil, jobs[b].parallel != nil
		switch {
		case pa != pb && pa:
			return -1
		case pa != pb:
			return 1
		}
		return jobs[b].items - jobs[a].items
	})
	return order
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
// previous one. Once the new kit is in place it calls swapped, if not
// nil, then removes the previous kit.
func swapInto(ctx context.Context, stage, final string, swapped func()) error {
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
	if swapped != nil {
		swapped()
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("removing the previous output: %w", err)
		}
	}
	return nil
}
