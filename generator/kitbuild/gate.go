package kitbuild

import (
	"fmt"

	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
	"github.com/runforge/runforge/validate/report"
)

// CheckBuildTargets adds to validate's findings what only this build can
// find: cards, sheets and tokens that do not fit the paper, margin, bleed
// or layout the command line chose instead of the pack's print: settings.
// With AllowOverflow, clipped text is a warning rather than an error.
func (o Options) CheckBuildTargets(results []check.Result, all []validate.Diagnostic) ([]validate.Diagnostic, error) {
	if o.AllowOverflow {
		all = validate.AllowBlocked(all, o.Registry)
	}
	for _, c := range results {
		if c.Pack == nil || c.Pack.Game == nil {
			continue
		}
		eff, err := o.Resolve(c.Pack, o.Created)
		if err != nil {
			return nil, err
		}
		t := validate.PrintTarget{Paper: eff.Print.Paper, Margin: eff.Print.Margin, Bleed: eff.Print.Bleed, Layout: string(eff.Print.Layout)}
		if own := validate.PackPrintTarget(c.Pack); t != own {
			// The flags' paper replaces the pack's: what does not fit the
			// pack's paper may fit this one, and the other way round.
			all = withoutFindings(all, validate.CheckPrint(c.Pack, own))
			t.Flags = true
			all = append(all, validate.CheckPrint(c.Pack, t)...)
		}
	}
	validate.Sort(all)
	return all, nil
}

// withoutFindings drops from all the diagnostics that drop lists.
func withoutFindings(all, drop []validate.Diagnostic) []validate.Diagnostic {
	gone := map[string]bool{}
	for _, d := range drop {
		gone[d.String()] = true
	}
	out := all[:0:0]
	for _, d := range all {
		if !gone[d.String()] {
			out = append(out, d)
		}
	}
	return out
}

// BlocksBuild counts the findings of the rules in reg that would print
// broken components (text or boxes clipped), whatever their severity,
// except those switched off.
func BlocksBuild(reg *validate.Registry, diags []validate.Diagnostic) int {
	n := 0
	for _, d := range diags {
		if r, ok := reg.Lookup(d.Rule); ok && r.BlocksBuild && d.Severity != validate.Off {
			n++
		}
	}
	return n
}

// Refusal is the reason a build stops before writing anything, or "": an
// error, text or a box that would be clipped (clipped counts them; unless
// AllowOverflow) or, with Strict, a warning.
func (o Options) Refusal(sum report.Summary, clipped int) string {
	switch {
	case sum.Errors > 0 && sum.Errors == clipped && !o.AllowOverflow:
		return "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow to print anyway)"
	case sum.Errors > 0:
		return fmt.Sprintf("nothing was built: fix the %s above first", plural(sum.Errors, "error"))
	case clipped > 0 && !o.AllowOverflow:
		return "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow)"
	case o.Strict && sum.Warnings > 0:
		return fmt.Sprintf("nothing was built: --strict stops on the %s above", plural(sum.Warnings, "warning"))
	}
	return ""
}

// plural is "1 warning", "2 warnings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// CheckIDs refuses packs that share an id: they would be written to the
// same folder of o.Out.
func (o Options) CheckIDs(results []check.Result) error {
	seen := map[string]string{}
	for _, c := range results {
		id := c.Pack.Game.ID
		if first, dup := seen[id]; dup {
			return fmt.Errorf("%s: pack id %q is also the id of %s; both would be written to %s/%s: give one another id",
				c.Pack.Game.Ref.Child("id").Pos(), id, first, o.Out, id)
		}
		seen[id] = c.Target.Name
	}
	return nil
}
