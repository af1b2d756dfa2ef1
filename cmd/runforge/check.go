package main

import (
	"fmt"
	"path"
	"runtime"
	"strings"
	"sync"

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
	// files counts the files of the pack read, whatever their state (the
	// manifest alone when it could not be read).
	files int
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

// checkTargets loads and validates every target, up to GOMAXPROCS at a
// time; the results keep the targets' order. Diagnostics of a target that
// names one file are limited to that file.
func checkTargets(targets []target, r *generator.Renderer) []checked {
	out := make([]checked, len(targets))
	sem := make(chan struct{}, max(runtime.GOMAXPROCS(0), 1))
	var wg sync.WaitGroup
	for i, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i] = checkTarget(t, r)
		}()
	}
	wg.Wait()
	return out
}

// checkTarget loads and validates one target.
func checkTarget(t target, r *generator.Renderer) checked {
	p, probs := schema.LoadPackWith(t.fsys, t.displayName(), schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs(), Registry: schemaRegistry()})
	opts := validate.Options{}
	if p != nil {
		if pr, err := r.ForPack(p); err == nil {
			opts.Fitter = pr
		}
	}
	diags := validate.Pack(p, probs, opts)
	diags = ontoOwnFiles(p, diags)
	if t.file != "" {
		diags = forFile(p, diags, t)
	}
	if t.dir != "" {
		diags = inDir(diags, t.dir)
	}
	return checked{target: t, pack: p, diags: diags, files: filesRead(p, probs)}
}

// ontoOwnFiles moves findings placed in a bundled pack that the pack
// extends onto the pack's own file that brought them about: a related
// position in the pack's own files, else its extends: line. The bundled
// position stays as a related one. (Positions in a bundled pack name no
// file on disk, so editors and CI annotations cannot show them.)
func ontoOwnFiles(p *schema.Pack, diags []validate.Diagnostic) []validate.Diagnostic {
	if p == nil || p.Game == nil || len(p.BaseFiles) == 0 {
		return diags
	}
	base := map[string]bool{}
	for _, f := range p.BaseFiles {
		base[f] = true
	}
	extends := p.Game.Ref.Child("extends").Pos()
	for i, d := range diags {
		if !base[d.Pos.File] {
			continue
		}
		bundled := validate.Related{Pos: d.Pos, Message: "reported here, in the extended pack " + strings.SplitN(d.Pos.File, "/", 2)[0]}
		at, own := extends, -1
		for j, r := range d.Related {
			if r.Pos.Line > 0 && !base[r.Pos.File] {
				at, own = r.Pos, j
				break
			}
		}
		related := []validate.Related{bundled}
		for j, r := range d.Related {
			if j != own {
				related = append(related, r)
			}
		}
		if own < 0 {
			d.Message = fmt.Sprintf("in the extended pack %s: %s", p.Game.Extends, d.Message)
		}
		d.Pos, d.Related = at, related
		diags[i] = d
	}
	validate.Sort(diags)
	return diags
}

// filesRead counts the files of a pack that were read: when the manifest
// could not be loaded, the manifest if it was found.
func filesRead(p *schema.Pack, probs []schema.Problem) int {
	if p != nil {
		return len(p.Files)
	}
	files := map[string]bool{}
	for _, pr := range probs {
		if pr.Rule != "pack/missing-file" && pr.Pos.File != "" {
			files[pr.Pos.File] = true
		}
	}
	return len(files)
}

// inDir keeps the diagnostics about files in dir (a sub-folder of the
// pack the user named): those in it, or with a related position in it.
func inDir(diags []validate.Diagnostic, dir string) []validate.Diagnostic {
	prefix := dir + "/"
	var out []validate.Diagnostic
	for _, d := range diags {
		keep := strings.HasPrefix(d.Pos.File, prefix)
		for _, r := range d.Related {
			keep = keep || strings.HasPrefix(r.Pos.File, prefix)
		}
		if keep {
			out = append(out, d)
		}
	}
	return out
}

// forFile keeps the diagnostics of the one file a target names: those in
// it, with a related position in it, or at the manifest entries that name
// it. A file the pack does not load gets an error saying so. When the
// manifest itself is broken, its diagnostics are kept: they are why the
// file could not be checked.
func forFile(p *schema.Pack, diags []validate.Diagnostic, t target) []validate.Diagnostic {
	if p == nil {
		return diags
	}
	refs := referencesTo(p, t)
	var out []validate.Diagnostic
	explained := false
	for _, d := range diags {
		keep := d.Pos.File == t.file || refs[d.Pos]
		for _, r := range d.Related {
			keep = keep || r.Pos.File == t.file
		}
		if keep {
			out = append(out, d)
			explained = explained || d.Severity == validate.Error
		}
	}
	for _, f := range p.Files {
		if f == t.file {
			return out
		}
	}
	if explained {
		return out
	}
	kept := out[:0]
	for _, d := range out {
		if d.Rule != "pack/unused-file" {
			kept = append(kept, d)
		}
	}
	why := "only the YAML files beside game.yaml are loaded, as game.yaml has no include: list"
	if len(p.Game.Include) > 0 {
		why = "the include: list of game.yaml does not name it"
	}
	return append(kept, validate.Diagnostic{Pos: schema.Pos{File: t.file, Line: 1, Col: 1}, Severity: validate.Error,
		Rule: "pack/unused-file", Message: "runforge does not load this file with its pack: " + why,
		Hint: "move the file beside game.yaml or list it under include:, or validate the pack folder"})
}

// referencesTo finds the positions of the manifest entries that name the
// target's file: include: entries and fonts.
func referencesTo(p *schema.Pack, t target) map[schema.Pos]bool {
	name := strings.TrimPrefix(t.file, t.displayName()+"/")
	refs := map[schema.Pos]bool{}
	for i, inc := range p.Game.Include {
		if path.Clean(inc) == name {
			refs[p.Game.Ref.Child("include").Index(i).Pos()] = true
		}
	}
	for _, f := range p.Game.Fonts {
		if path.Clean(f.File) == name {
			refs[f.Ref.Child("file").Pos()] = true
			refs[f.Ref.Child("name").Pos()] = true
		}
	}
	return refs
}
