package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
	"github.com/runforge/runforge/validate/report"
	"github.com/spf13/cobra"
)

// validateOptions are the flags of `runforge validate`.
type validateOptions struct {
	format       string
	strict       bool
	explain      bool
	changedSince string
	changed      bool
	paths        []string
}

func newValidateCmd(s streams, c *catalog) *cobra.Command {
	o := &validateOptions{}
	cmd := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check packs against the schema and the rules of their game",
		Long: `Check content packs: YAML syntax, the JSON Schema of each file, and the
rules engine (deck counts, references, icons, text fit, per-game rules).

A PATH is a pack folder, a folder of packs, a single YAML file inside a pack
(only its diagnostics are shown), or the name of a bundled pack. Without a
PATH, the current folder is checked when it is a pack, else data/ when it
exists here, else the packs in its sub-folders; when there is none, validate
says so (on standard error, before the report) and checks every bundled pack.

The report goes to standard output in every format (text, json, github,
sarif, junit, gitlab, tap), so it can be piped or redirected; runforge's own errors go to
standard error. --format takes any letter case (json, JSON, Json).

--explain adds, after the report, for every RUN map a shortest winning
sequence per spawn point and rank within one action board (or the one that
needs exhaustion), rank 5 without the diagonal wild, and the gadget report;
for a Just Run pack, every metric of the board simulation (both board
lengths, both policies, with N, seed, 95% intervals and the assumptions);
for Run, Fight, or Die! and Reloaded, every character combo's exact odds
(with and without Fleeing) and the odds card's icon counts ("=k" is exactly
k, ">=k" at least k).
With --format json the same data is in the report's "explain" field.

--changed-since REF asks git for the files changed since the commit REF
(committed, staged, changed in the work tree or new and not ignored) and
checks the packs that hold them, and the packs that extend one of those;
PATHs, when given, limit it to the packs they name. --changed reads the
PATHs as changed files (a pre-commit hook passes them so) and checks the
packs that hold them, and those here that extend them, rather than only
those files' findings. A file in no pack is passed over; when no pack
changed, the report is empty and validate says so on standard error.

Exit status: 0 clean (warnings allowed unless --strict), 1 findings, 2 usage
or I/O error.`,
		Example: `  runforge validate
  runforge validate my-pack/events.yaml
  runforge validate --format github my-pack/
  runforge validate --format sarif my-pack/ > runforge.sarif
  runforge validate --changed-since origin/main --format junit > runforge.xml`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			return runValidate(s, c, o)
		},
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "report format: "+strings.Join(report.Formats(), ", ")+" (written to standard output)")
	cmd.Flags().BoolVar(&o.strict, "strict", false, "fail (exit 1) on warnings too")
	cmd.Flags().StringVar(&o.changedSince, "changed-since", "", "check only the packs holding files git says changed since this commit (and the packs extending them)")
	cmd.Flags().BoolVar(&o.changed, "changed", false, "read the PATHs as changed files and check the packs that hold them (and the packs extending them)")
	cmd.Flags().BoolVar(&o.explain, "explain", false, "after the report, explain how each RUN map is won, the Just Run board simulation's metrics and the RFoD dice odds (text, or json under \"explain\")")
	mustComplete(cmd, "format", cobra.FixedCompletions(report.Formats(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runValidate(s streams, c *catalog, o *validateOptions) error {
	format, err := report.ParseFormat(o.format)
	if err != nil {
		return usageError("--format: %v", err)
	}
	if o.explain && format != "text" && format != "json" {
		return usageError("--explain writes text or json: use it with --format text (the default) or --format json")
	}
	var results []check.Result
	var all []validate.Diagnostic
	var sum report.Summary
	if o.changedSince != "" || o.changed {
		targets, err := changedTargets(o, c, s.err)
		if err != nil {
			return err
		}
		_, results, all, sum, err = checkTargets(targets, c, o.explain)
		if err != nil {
			return err
		}
	} else if _, results, all, sum, err = checkPaths(o.paths, c, s.err, o.explain); err != nil {
		return err
	}
	var explained []*validate.PackExplanation
	if o.explain {
		for _, res := range results {
			if e := validate.ExplainWith(res.Pack, games.Rules(c.games), res.Analyses); e != nil {
				explained = append(explained, e)
			}
		}
	}
	opts := report.Options{ToolVersion: versionString(), BaseDir: workDir(), Registry: c.rules, Files: check.CheckedFiles(results)}
	if format == "json" && o.explain {
		opts.Explain = explained
		if explained == nil {
			opts.Explain = []*validate.PackExplanation{}
		}
	}
	w, err := report.New(format, opts)
	if err != nil {
		return usageError("--format: %v", err)
	}
	if err := w.Write(s.out, all, sum); err != nil {
		return usageError("writing report: %v", err)
	}
	if format == "text" {
		for _, e := range explained {
			fmt.Fprint(s.out, "\n"+e.String())
		}
	}
	if sum.Errors > 0 || (o.strict && sum.Warnings > 0) {
		return errFindings
	}
	return nil
}

// workDir is the absolute working folder, which relative paths in a report
// are relative to; "" when it cannot be found.
func workDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// checkPaths resolves command-line paths and loads and validates the packs
// as games of c with their rules, returning the renderer (it measures text)
// for a build to reuse; explain keeps what the rules computed for
// validate.ExplainWith.
func checkPaths(paths []string, c *catalog, note console, explain bool) (*generator.Renderer, []check.Result, []validate.Diagnostic, report.Summary, error) {
	if len(paths) == 0 {
		paths = localPacks(note)
	}
	targets, err := check.Resolve(paths, c.checkOptions())
	if err != nil {
		return nil, nil, nil, report.Summary{}, usageError("%v", err)
	}
	return checkTargets(targets, c, explain)
}

// checkTargets loads and validates packs as games of c with their rules,
// returning the renderer (it measures text) for a build to reuse; explain
// keeps what the rules computed for validate.ExplainWith.
func checkTargets(targets []check.Target, c *catalog, explain bool) (*generator.Renderer, []check.Result, []validate.Diagnostic, report.Summary, error) {
	opts := c.checkOptions()
	opts.KeepAnalyses = explain
	r, err := c.renderer()
	if err != nil {
		return nil, nil, nil, report.Summary{}, usageError("%v", err)
	}
	opts.Fitter = func(p *schema.Pack) validate.TextFitter {
		if pr, err := r.ForPack(p); err == nil {
			return pr
		}
		return nil
	}
	results := check.Targets(targets, opts)
	all, sum := check.Collect(results)
	return r, results, all, sum, nil
}

// checkOptions are how packs are loaded and validated as games of c.
func (c *catalog) checkOptions() check.Options {
	return check.Options{Bundled: data.Pack, BundledNames: data.Packs(), Games: c.schemas, Registry: c.rules}
}

// renderer is a renderer of the games of c (it loads the fonts).
func (c *catalog) renderer() (*generator.Renderer, error) {
	return generator.NewRenderer(false, games.Renders(c.games)...)
}
