package main

import (
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/report"
	"github.com/spf13/cobra"
)

// validateOptions are the flags of `runforge validate`.
type validateOptions struct {
	format string
	strict bool
	paths  []string
}

func newValidateCmd(s streams) *cobra.Command {
	o := &validateOptions{}
	cmd := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check packs against the schema and the rules of their game",
		Long: `Check content packs: YAML syntax, the JSON Schema of each file, and the
rules engine (deck counts, references, icons, text fit, per-game rules).

A PATH is a pack folder, a folder of packs, a single YAML file inside a pack
(only its diagnostics are shown), or the name of a bundled pack. Without a
PATH, data/ is checked when it exists here, else every bundled pack.

Exit status: 0 clean (warnings allowed unless --strict), 1 findings, 2 usage
or I/O error.`,
		Example: `  runforge validate
  runforge validate data/run-for-your-life/events.yaml
  runforge validate --format github my-pack/`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			return runValidate(s, o)
		},
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text, json, github or sarif")
	cmd.Flags().BoolVar(&o.strict, "strict", false, "fail (exit 1) on warnings too")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(report.Formats(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runValidate(s streams, o *validateOptions) error {
	w, err := report.For(o.format)
	if err != nil {
		return usageError("%v", err)
	}
	_, _, all, sum, err := checkPaths(o.paths)
	if err != nil {
		return err
	}
	dst := s.out
	if o.format == "text" {
		dst = s.err
	}
	if err := w.Write(dst, all, sum); err != nil {
		return usageError("writing report: %v", err)
	}
	if sum.Errors > 0 || (o.strict && sum.Warnings > 0) {
		return errFindings
	}
	return nil
}

// collect merges the diagnostics of all packs, sorted, with a summary.
func collect(results []checked) ([]validate.Diagnostic, report.Summary) {
	var all []validate.Diagnostic
	sum := report.Summary{Packs: len(results)}
	for _, c := range results {
		all = append(all, c.diags...)
		if c.pack != nil {
			sum.Files += len(c.pack.Files)
		}
	}
	validate.Sort(all)
	sum.Errors, sum.Warnings = validate.Count(all)
	return all, sum
}
