package kit

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// buildJobs turns the pack's output plan into jobs: each element's files
// by its kind's builder, then the kit's own files, all of what the kit
// prints of the pack (printedPack: an add-on's kit, what it adds or
// changes). Two outputs with one path are refused (validate reports them,
// positioned, before a build starts).
func buildJobs(r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) ([]generator.Job, error) {
	p = printedPack(p, opts.WithBase)
	plan := schema.OutputPlan(p)
	if cs := schema.Collisions(plan); len(cs) > 0 {
		return nil, fmt.Errorf("two outputs would be written to %s", cs[0].Path)
	}
	opts.Print = effectivePrint(opts.Print)
	var jobs []generator.Job
	done := map[schema.Element]bool{}
	for _, o := range plan {
		e := o.Element
		if e == nil || done[e] {
			continue
		}
		done[e] = true
		if kr, ok := r.KindOf(e.Kind()); ok {
			jobs = append(jobs, kr.Jobs(r, p, e, opts)...)
		}
	}
	pr := opts.Print
	for _, k := range kitOutputs(r) {
		if k.wanted(p, pr, opts.Previews) {
			jobs = append(jobs, generator.FileJob(k.path, func(w io.Writer) (int, error) {
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
func effectivePrint(opts generator.PrintOptions) generator.PrintOptions {
	if opts.Layout == generator.LayoutGutterfold {
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
func needsCalibration(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) bool {
	opts = effectivePrint(opts)
	return opts.Duplex != layout.NoDuplex && slices.ContainsFunc(p.Elements, func(e schema.Element) bool {
		return p.Prints(e) && printsBacks(r, e, opts)
	})
}

// printsBacks reports whether an element prints back pages registered for
// duplex. Most elements know from their content (Facts.Backs); a kind
// may say (Kind.Backs: a two-sided board only when both sides fit one page
// of the paper, two-sided mats only when their halves do).
func printsBacks(r *generator.Renderer, e schema.Element, opts generator.PrintOptions) bool {
	if kr, ok := r.KindOf(e.Kind()); ok {
		return kr.PrintsBacks(e, opts)
	}
	return e.Facts().Backs
}

// writeComponents writes the kit's index: the component checklist, what
// each file holds and how to assemble it, and the pack's assumptions. p is
// what the kit prints (printedPack); an add-on's index also names the kits
// of the packs it extends and what of them this kit leaves to those.
func writeComponents(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) error {
	opts = effectivePrint(opts)
	whole := p.Whole()
	addOn := p != whole
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: components\n\n", p.Game.Title)
	if addOn {
		writeAddOnComponents(&b, whole, p)
	} else {
		writePlainComponents(&b, p)
	}
	b.WriteString("\nFiles of this kit:\n")
	if opts.Layout == generator.LayoutGutterfold {
		b.WriteString("(gutterfold: print every file one-sided. The cards fold their backs behind their fronts; " +
			"everything else prints single-sided, as with --duplex none, so no file needs duplex and there is no calibration sheet)\n")
	}
	done := map[schema.Element]bool{}
	listed := 0
	for _, o := range schema.OutputPlan(p) {
		e := o.Element
		if e == nil || done[e] || !strings.HasSuffix(o.Path, ".pdf") {
			continue
		}
		done[e] = true
		listed++
		f := e.Facts()
		extra := ""
		if len(f.Copies) == 0 {
			extra = " (added by runforge; not in the published component list)"
		}
		fmt.Fprintf(&b, "- %s: %s%s\n", o.Path, f.Name, extra)
		if addOn {
			for _, line := range changeLines(whole, e) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
		if kr, ok := r.KindOf(e.Kind()); ok {
			for _, line := range kr.Index(r, p, e, opts) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	for _, k := range kitOutputs(r) {
		if k.index == nil || !k.wanted(p, opts, false) {
			continue
		}
		listed++
		fmt.Fprintf(&b, "- %s: %s\n", k.path, k.what)
		if addOn && k.path != "calibration.pdf" {
			fmt.Fprintf(&b, "    only what this pack adds or changes; the rest is in %s\n", kitName(p.Bases[0]))
		}
		for _, line := range k.index(p, opts) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	if addOn {
		if listed == 0 {
			b.WriteString("(none: this pack adds or changes nothing that prints)\n")
		}
		writeBaseFiles(&b, r, whole, p, opts)
	}
	if pending := r.NotPrintedYet(p); len(pending) > 0 {
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

// writePlainComponents writes the component checklist of a kit that
// prints its whole pack: each component, printed or what to use instead.
func writePlainComponents(b *bytes.Buffer, p *schema.Pack) {
	extra := uncountedCopies(p)
	for _, c := range p.Game.Components {
		status := "printed"
		if !c.IsPrinted() {
			status = "NOT PRINTED"
		}
		fmt.Fprintf(b, "%3d x %s [%s]\n", c.Expected, c.Name, status)
		writeComponentNotes(b, c, extra[c.ID])
	}
}

// writeComponentNotes writes the lines under a component: the printed
// cards its count leaves out, and what to use instead.
func writeComponentNotes(b *bytes.Buffer, c *schema.Component, extra int) {
	if extra > 0 && c.IsPrinted() {
		fmt.Fprintf(b, "      and %d more %s printed that the published count leaves out (promo or expansion cards)\n", extra, generator.PluralOf(extra, "card", "cards"))
	}
	if c.Substitute != "" {
		fmt.Fprintf(b, "      use instead: %s\n", strings.TrimSpace(c.Substitute))
	}
}

// kitOutput is a file the build writes for the kit as a whole rather than
// for one element.
type kitOutput struct {
	path string
	// wanted reports whether a build of p with opts (the print options in
	// effect) writes the file; previews says whether it writes previews.
	wanted func(p *schema.Pack, opts generator.PrintOptions, previews bool) bool
	// write writes the file and returns its PDF pages (0 for others).
	write func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error)
	// what is the file's line in the kit's index, and index the lines
	// under it; a file with no index function is not listed there.
	what  string
	index func(p *schema.Pack, opts generator.PrintOptions) []string
}

// kitOutputs are the files of the kit as a whole, in the order the build
// plans them and the kit's index lists them: the one list the writers and
// the index use. The games' own come first, in the order of the renderer's
// games (the shared kinds' token sheet first: generator/kinds; a path two games list is one file, see
// orElse), then the calibration sheet and the index. Their paths are
// schema.KitOutputs, which the output plan (and so validate's collision
// check) reserves; a test holds the two equal.
func kitOutputs(r *generator.Renderer) []kitOutput {
	var out []kitOutput
	at := map[string]int{}
	for _, g := range r.Games() {
		for _, k := range g.KitOutputs {
			o := kitOutput{path: k.Path, wanted: k.Wanted, write: k.Write, what: k.What, index: k.Index}
			if i, ok := at[k.Path]; ok {
				out[i] = out[i].orElse(o)
				continue
			}
			at[k.Path] = len(out)
			out = append(out, o)
		}
	}
	return append(out, closingOutputs(r)...)
}

// orElse is the one file that k's game and then o's list under one path
// (games that share a file, each with its own settings): k writes and
// indexes it for the packs it wants it for, o for the others; the file's
// line in the index is k's. Which one a pack's is does not depend on the
// build's previews.
func (k kitOutput) orElse(o kitOutput) kitOutput {
	of := func(p *schema.Pack, opts generator.PrintOptions) kitOutput {
		if k.wanted(p, opts, false) || k.wanted(p, opts, true) {
			return k
		}
		return o
	}
	out := k
	out.wanted = func(p *schema.Pack, opts generator.PrintOptions, previews bool) bool {
		return k.wanted(p, opts, previews) || o.wanted(p, opts, previews)
	}
	out.write = func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
		return of(p, opts).write(r, w, p, opts)
	}
	if k.index != nil || o.index != nil {
		out.index = func(p *schema.Pack, opts generator.PrintOptions) []string {
			if x := of(p, opts); x.index != nil {
				return x.index(p, opts)
			}
			return nil
		}
	}
	return out
}

// closingOutputs are the kit's calibration sheet and its index, after the
// games' own files.
func closingOutputs(r *generator.Renderer) []kitOutput {
	return []kitOutput{
		{
			path:   "calibration.pdf",
			wanted: func(p *schema.Pack, opts generator.PrintOptions, _ bool) bool { return needsCalibration(r, p, opts) },
			write: func(r *generator.Renderer, w io.Writer, _ *schema.Pack, opts generator.PrintOptions) (int, error) {
				return 2, r.WriteCalibration(w, opts)
			},
			what:  "print it on both sides of one sheet to measure your printer's duplex misregistration (--back-offset)",
			index: func(*schema.Pack, generator.PrintOptions) []string { return nil },
		},
		{
			path:   "components.txt",
			wanted: func(*schema.Pack, generator.PrintOptions, bool) bool { return true },
			write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
				return 0, writeComponents(r, w, p, opts)
			},
		},
	}
}
