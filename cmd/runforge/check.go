package main

import (
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/report"
)

// checked is a pack after loading and validation.
type checked struct {
	target target
	pack   *schema.Pack // nil when the manifest could not be read
	diags  []validate.Diagnostic
}

// checkPaths resolves command-line paths and loads and validates the packs,
// returning the renderer (it measures text) for a build to reuse.
func checkPaths(paths []string) (*generator.Renderer, []checked, []validate.Diagnostic, report.Summary, error) {
	targets, err := resolveTargets(paths)
	if err != nil {
		return nil, nil, nil, report.Summary{}, err
	}
	r, err := generator.NewRenderer(false)
	if err != nil {
		return nil, nil, nil, report.Summary{}, usageError("%v", err)
	}
	results := checkTargets(targets, r)
	all, sum := collect(results)
	return r, results, all, sum, nil
}

// checkTargets loads and validates every target. Diagnostics of a target
// that names one file are limited to that file.
func checkTargets(targets []target, r *generator.Renderer) []checked {
	out := make([]checked, 0, len(targets))
	for _, t := range targets {
		p, probs := schema.LoadPackWith(t.fsys, t.displayName(), schema.LoadOptions{Base: data.Pack})
		opts := validate.Options{}
		if p != nil {
			if pr, err := r.ForPack(p); err == nil {
				opts.Fitter = pr
			}
		}
		diags := validate.Pack(p, probs, opts)
		if t.file != "" {
			diags = onlyFile(diags, t.file)
		}
		out = append(out, checked{target: t, pack: p, diags: diags})
	}
	return out
}

// onlyFile keeps diagnostics in file or with a related position in it.
func onlyFile(diags []validate.Diagnostic, file string) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range diags {
		keep := d.Pos.File == file
		for _, r := range d.Related {
			keep = keep || r.Pos.File == file
		}
		if keep {
			out = append(out, d)
		}
	}
	return out
}
