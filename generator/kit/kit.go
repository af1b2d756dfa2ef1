// Package kit plans a pack's print kit and writes it: the files of every
// element by its kind's renderer, then the kit's own files (the games',
// the calibration sheet, components.txt: the kit's index), all staged and
// swapped in at the end.
package kit

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
)

// Build writes the pack's print kit into OutDir/<pack id>/. Everything is
// written into a staging folder first and swapped in at the end, so a
// failed build leaves the previous output intact.
func Build(r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) ([]generator.Artifact, error) {
	return BuildContext(context.Background(), r, p, opts)
}

// BuildContext is Build that stops when ctx is cancelled: no new work
// starts, the staging folder is removed and the previous kit, if any, stays
// (or is put back, when the swap had begun). It returns the context's
// cause then.
func BuildContext(ctx context.Context, r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) ([]generator.Artifact, error) {
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	if cs := schema.Collisions(schema.OutputPlan(p)); len(cs) > 0 {
		return nil, fmt.Errorf("two outputs would be written to %s", cs[0].Path)
	}
	loaded := p
	p = AsPrinted(r, p, opts)
	jobs, err := buildJobs(r, p, opts)
	if err != nil {
		return nil, err
	}
	return generator.StageInTurn(ctx, opts.OutDir, p.Game.ID, opts.Turn, opts.Swapped, func(stage string) ([]generator.Artifact, error) {
		arts, err := opts.Jobs.Run(ctx, stage, jobs)
		if err != nil {
			return nil, err
		}
		shareKit(r, loaded, opts, arts)
		bases, err := awaitBases(ctx, r, p, opts)
		if err != nil {
			return nil, err
		}
		more, err := opts.Jobs.Run(ctx, stage, afterJobs(ctx, r, p, opts, stage, arts, bases))
		if err != nil {
			return nil, err
		}
		arts = append(arts, more...)
		slices.SortFunc(arts, func(a, b generator.Artifact) int { return strings.Compare(a.Path, b.Path) })
		return arts, nil
	})
}

// afterJobs are the jobs of the kit's files that gather the others (the
// print run, and the index that describes it), once the files arts are
// written into stage. A kit without a PDF to gather has no print run. ctx
// stops the work they start of their own (an add-on's index plans the
// extended kit); bases are the files of the extended packs' kits that
// other builds of the command shared (awaitBases).
func afterJobs(ctx context.Context, r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions, stage string, arts []generator.Artifact, bases map[string][]generator.Artifact) []generator.Job {
	pr := effectivePrint(opts.Print)
	run := &kitRun{ctx: ctx, stage: stage, arts: arts, bases: bases}
	gathers := slices.ContainsFunc(arts, func(a generator.Artifact) bool {
		return strings.HasSuffix(a.Path, ".pdf") && a.Path != "calibration.pdf" && a.Pages > 0
	})
	var jobs []generator.Job
	for _, k := range kitOutputs(r) {
		if k.path == printRunPath && !gathers {
			continue
		}
		if k.after != nil && k.wanted(p, pr, opts.Previews) {
			jobs = append(jobs, generator.FileJob(k.path, func(w io.Writer) (int, error) {
				return k.after(r, w, p, opts.Print, run)
			}))
		}
	}
	return jobs
}

// AsPrinted is pack p as its kit prints it with opts: of an add-on, what
// it adds or changes (PrintedHere: every file, the print run and the index
// alike), unless opts.WithBase; and pieces smaller than a page ganged onto
// shared sheets (gang.go), each element that prints on another's sheets
// naming that one in its Facts().PrintsWith.
func AsPrinted(r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) *schema.Pack {
	p = printedPack(p, opts.WithBase)
	return gangPack(r, p, effectivePrint(opts.Print))
}

// NeedsCalibration reports whether the kit of p printed with opts has back
// pages registered for duplex, and so a calibration sheet to register them.
func NeedsCalibration(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) bool {
	return needsCalibration(r, p, opts)
}

// OwnFiles are the paths of the files a build with r writes for the kit as
// a whole (the games', the calibration sheet, components.txt), in the order
// it plans them.
func OwnFiles(r *generator.Renderer) []string {
	var paths []string
	for _, k := range kitOutputs(r) {
		paths = append(paths, k.path)
	}
	return paths
}
