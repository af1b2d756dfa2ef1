// Package check loads and validates the packs a user names: it resolves
// command-line paths (pack folders, folders of packs, single files and
// sub-folders of a pack, bundled pack names) into targets, loads and
// validates each, and keeps the findings about what was asked for, placed
// in the user's own files.
package check

import (
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/report"
)

// Options say where the bundled packs come from and how packs are
// validated.
type Options struct {
	// Bundled finds a bundled pack by name: a command-line name that is no
	// path on disk, or what a manifest's extends: names.
	Bundled func(name string) (fs.FS, bool)
	// BundledNames lists the bundled packs, sorted.
	BundledNames []string
	// Games are the games packs are loaded as: their kinds, card types,
	// icons and settings.
	Games *schema.Registry
	// Registry is the rule set packs are validated with.
	Registry *validate.Registry
	// Fitter returns what measures the text of a pack, or nil to leave
	// the text-fit rule out; nil Fitter leaves it out for every pack.
	Fitter func(*schema.Pack) validate.TextFitter
	// Cache, if set, is where the files of a target that load clean are
	// kept between runs (schema.LoadOptions.Cache); nil keeps none.
	Cache func(Target) schema.DocCache
	// KeepAnalyses keeps what the rules of each pack computed in its
	// Result, for validate.ExplainWith (--explain); without it nothing is
	// kept past a pack's validation.
	KeepAnalyses bool
}

// Result is a pack after loading and validation.
type Result struct {
	// Target is the pack as the command line named it.
	Target Target
	// Pack is nil when the manifest could not be read.
	Pack *schema.Pack
	// Diags are the findings about what Target asks for, sorted.
	Diags []validate.Diagnostic
	// Files counts the files of the pack read, whatever their state (the
	// manifest alone when it could not be read).
	Files int
	// Analyses are what the rules computed (Options.KeepAnalyses), or nil.
	Analyses *validate.Analyses
}

// Targets loads and validates every target, up to GOMAXPROCS at a time;
// the results keep the targets' order. Diagnostics of a target that names
// one file or sub-folder are limited to it.
func Targets(targets []Target, o Options) []Result {
	out := make([]Result, len(targets))
	sem := make(chan struct{}, max(runtime.GOMAXPROCS(0), 1))
	var wg sync.WaitGroup
	for i, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i] = checkTarget(t, o)
		}()
	}
	wg.Wait()
	return out
}

// checkTarget loads and validates one target.
func checkTarget(t Target, o Options) Result {
	lo := schema.LoadOptions{Base: o.Bundled, BaseNames: o.BundledNames, Registry: o.Games}
	if o.Cache != nil {
		lo.Cache = o.Cache(t)
	}
	p, probs := schema.LoadPackWith(t.FS, t.DisplayName(), lo)
	opts := validate.Options{Registry: o.Registry}
	if o.KeepAnalyses {
		opts.Analyses = validate.NewAnalyses()
	}
	if p != nil && o.Fitter != nil {
		if f := o.Fitter(p); f != nil {
			opts.Fitter = f
		}
	}
	diags := validate.Pack(p, probs, opts)
	diags = ontoOwnFiles(p, diags)
	if t.File != "" {
		diags = forFile(p, diags, t)
	}
	if t.Dir != "" {
		diags = inDir(diags, t.Dir)
	}
	return Result{Target: t, Pack: p, Diags: diags, Files: filesRead(p, probs), Analyses: opts.Analyses}
}

// Collect merges the diagnostics of all packs, sorted, with a summary.
func Collect(results []Result) ([]validate.Diagnostic, report.Summary) {
	var all []validate.Diagnostic
	sum := report.Summary{Packs: len(results)}
	for _, c := range results {
		all = append(all, c.Diags...)
		sum.Files += c.Files
	}
	validate.Sort(all)
	sum.Errors, sum.Warnings = validate.Count(all)
	return all, sum
}

// CheckedFiles are the files of the packs' own that the results report
// on, sorted: every file a pack read but those of the packs it extends,
// or the one file or the files of the one sub-folder a target names.
// Reports that count a clean file as a passing test list them.
func CheckedFiles(results []Result) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range results {
		if r.Pack == nil {
			continue
		}
		for _, f := range r.Pack.Files {
			if slices.Contains(r.Pack.BaseFiles, f) || seen[f] {
				continue
			}
			if r.Target.File != "" && f != r.Target.File {
				continue
			}
			if r.Target.Dir != "" && !strings.HasPrefix(f, r.Target.Dir+"/") {
				continue
			}
			seen[f] = true
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
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
func forFile(p *schema.Pack, diags []validate.Diagnostic, t Target) []validate.Diagnostic {
	if p == nil {
		return diags
	}
	refs := referencesTo(p, t)
	var out []validate.Diagnostic
	explained := false
	for _, d := range diags {
		keep := d.Pos.File == t.File || refs[d.Pos]
		for _, r := range d.Related {
			keep = keep || r.Pos.File == t.File
		}
		if keep {
			out = append(out, d)
			explained = explained || d.Severity == validate.Error
		}
	}
	for _, f := range p.Files {
		if f == t.File {
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
	return append(kept, validate.Diagnostic{Pos: schema.Pos{File: t.File, Line: 1, Col: 1}, Severity: validate.Error,
		Rule: "pack/unused-file", Message: "runforge does not load this file with its pack: " + why,
		Hint: "move the file beside game.yaml or list it under include:, or validate the pack folder"})
}

// referencesTo finds the positions of the manifest entries that name the
// target's file: include: entries and fonts.
func referencesTo(p *schema.Pack, t Target) map[schema.Pos]bool {
	name := strings.TrimPrefix(t.File, t.DisplayName()+"/")
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
