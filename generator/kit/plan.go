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
// by its kind's builder, then the kit's own files. Two outputs with one path
// are refused (validate reports them, positioned, before a build starts).
// p is the pack as the kit prints it: of an add-on, what it adds or changes
// (printedPack), ganged (gangPack).
func buildJobs(r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) ([]generator.Job, error) {
	if cs := schema.Collisions(schema.OutputPlan(p)); len(cs) > 0 {
		return nil, fmt.Errorf("two outputs would be written to %s", cs[0].Path)
	}
	plan := schema.OutputPlan(p)
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
			if pressed(r, p, e, opts.Print) {
				jobs = append(jobs, pressJobs(r, p, e, kr, opts)...)
				continue
			}
			jobs = append(jobs, kr.Jobs(r, p, e, opts)...)
		}
	}
	pr := opts.Print
	for _, k := range kitOutputs(r) {
		if k.after == nil && k.wanted(p, pr, opts.Previews) {
			jobs = append(jobs, generator.FileJob(k.path, func(w io.Writer) (int, error) {
				return k.write(r, w, p, pr)
			}))
			jobs = append(jobs, pressImageJobs(r, p, k, pr)...)
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
		return p.Prints(e) && printsBacks(r, p, e, opts)
	})
}

// printsBacks reports whether an element prints back pages registered for
// duplex. Most elements know from their content (Facts.Backs); a kind
// may say (Kind.Backs: a two-sided board only when both sides fit one page
// of the paper, two-sided mats only when their halves do). Elements
// printed for a print shop (the press layout) have nothing to register.
func printsBacks(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) bool {
	if pressed(r, p, e, opts) || pressesNothing(r, p, e, opts) {
		return false
	}
	if kr, ok := r.KindOf(e.Kind()); ok {
		return kr.Stock(e, opts) != generator.PrintShop && kr.PrintsBacks(e, opts)
	}
	return schema.PlanFacts(e).Backs
}

// writeComponents writes the kit's index: the component checklist, what
// each file holds and how to assemble it, and the pack's assumptions. p is
// what the kit prints (printedPack); an add-on's index also names the kits
// of the packs it extends and what of them this kit leaves to those.
func writeComponents(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions, run *kitRun) error {
	opts = effectivePrint(opts)
	whole := p.Whole()
	addOn := p != whole
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: components\n\n", p.Game.Title)
	where := componentPlaces(r, p, opts, run)
	if addOn {
		if err := writeAddOnComponents(run.context(), &b, r, whole, p, opts, where, run.baseFiles()); err != nil {
			return err
		}
	} else {
		writePlainComponents(&b, p, where)
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
		f := schema.PlanFacts(e)
		extra := ""
		if len(f.Copies) == 0 {
			extra = unlistedNote(e)
		}
		fmt.Fprintf(&b, "- %s: %s%s\n", o.Path, f.Name, extra)
		if addOn {
			for _, line := range changeLines(whole, e) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
		if kr, ok := r.KindOf(e.Kind()); ok {
			for _, line := range indexOf(r, p, e, kr, opts) {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	for _, k := range kitOutputs(r) {
		if !k.wanted(p, opts, false) {
			continue
		}
		var lines []string
		switch {
		case k.path == printRunPath:
			if run == nil || run.plan(r, p, opts) != nil {
				continue
			}
			lines = indexPrintRun(run.rp)
		case k.index == nil:
			continue
		default:
			lines = k.index(p, opts)
		}
		listed++
		fmt.Fprintf(&b, "- %s: %s\n", k.path, k.what)
		if addOn && k.path != "calibration.pdf" && k.path != printRunPath {
			fmt.Fprintf(&b, "    only what this pack adds or changes; the rest is in %s\n", kitName(p.Bases[0]))
		}
		for _, line := range lines {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	if addOn {
		if listed == 0 {
			b.WriteString("(none: this pack adds or changes nothing that prints)\n")
		}
		writeBaseFiles(&b, r, whole, p, opts)
	}
	if lines := gangIndex(r, p, opts); len(lines) > 0 {
		b.WriteString("\nShared sheets (pieces smaller than a page share sheets when they share stock and duplex need; they print in the PDF of the first of them):\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "%s\n", l)
		}
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
func writePlainComponents(b *bytes.Buffer, p *schema.Pack, where map[string][]string) {
	extra := uncountedCopies(p)
	for _, c := range p.Game.Components {
		status := "printed"
		if !c.IsPrinted() {
			status = "NOT PRINTED"
		}
		fmt.Fprintf(b, "%3d x %s [%s]\n", c.Expected, c.Name, status)
		writeComponentNotes(b, c, extra[c.ID], where[c.ID])
	}
}

// writeComponentNotes writes the lines under a component: the printed
// cards its count leaves out, where the kit prints it (places: file and
// pages) and what to use instead.
func writeComponentNotes(b *bytes.Buffer, c *schema.Component, extra int, places []string) {
	if extra > 0 && c.IsPrinted() {
		fmt.Fprintf(b, "      and %d more %s printed that the published count leaves out (promo or expansion cards)\n", extra, generator.PluralOf(extra, "card", "cards"))
	}
	if len(places) > 0 && c.IsPrinted() {
		fmt.Fprintf(b, "      printed in: %s\n", strings.Join(places, "; "))
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
	// stock is the paper the file prints on; stockOf, when set, says it
	// for a build (see stockFor).
	stock   generator.Stock
	stockOf func(p *schema.Pack, opts generator.PrintOptions) generator.Stock
	// pages are the pages of the file that hold the pieces of an element
	// printed in it, by component (generator.KitOutput.Pages); nil for
	// none.
	pages func(p *schema.Pack, e schema.Element, opts generator.PrintOptions) map[string][]int
	// after, when set, writes the file instead of write, once every other
	// file of the kit is written: arts are those files, in the folder
	// stage (the print run gathers their pages).
	after func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions, run *kitRun) (int, error)
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
			o := kitOutput{path: k.Path, wanted: k.Wanted, write: k.Write, what: k.What, index: k.Index, stock: k.Stock, pages: k.Pages}
			if o.pages != nil {
				o = o.pressing(r)
			}
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

// stockFor is the paper the file prints on in a build of p with opts.
func (k kitOutput) stockFor(p *schema.Pack, opts generator.PrintOptions) generator.Stock {
	if k.stockOf != nil {
		return k.stockOf(p, opts)
	}
	return k.stock
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

// closingOutputs are the kit's calibration sheet, its print run and its
// index, after the games' own files.
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
			path:   printRunPath,
			wanted: func(*schema.Pack, generator.PrintOptions, bool) bool { return true },
			after:  writePrintRun,
			what:   "every page of the kit's other PDFs in print order, after a print plan (its first page): print it group by group",
		},
		{
			path:   "components.txt",
			wanted: func(*schema.Pack, generator.PrintOptions, bool) bool { return true },
			after: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions, run *kitRun) (int, error) {
				return 0, writeComponents(r, w, p, opts, run)
			},
		},
	}
}

// componentPlaces says, by component, where the kit prints its pieces: each
// file of the elements that count towards it, with its pages (all of an
// element's own file, but its press pages: those of the component's own
// pieces; of a kit file that holds several elements, the pages its kit
// output names for the component's own pieces), adjacent page ranges of
// one file joined. Without run (nothing written yet) pages
// are unknown and only files are named.
func componentPlaces(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions, run *kitRun) map[string][]string {
	pages := map[string]int{}
	if run != nil {
		for _, a := range run.arts {
			pages[a.Path] = a.Pages
		}
	}
	kits := kitOutputs(r)
	type span struct{ lo, hi int }
	type place struct {
		path  string
		spans []span
	}
	byComp := map[string][]*place{}
	add := func(component, path string, sp span) {
		i := slices.IndexFunc(byComp[component], func(pl *place) bool { return pl.path == path })
		if i < 0 {
			byComp[component] = append(byComp[component], &place{path: path})
			i = len(byComp[component]) - 1
		}
		pl := byComp[component][i]
		if sp.lo > 0 && !slices.Contains(pl.spans, sp) {
			pl.spans = append(pl.spans, sp)
		}
	}
	for _, e := range p.Elements {
		if !p.Prints(e) {
			continue
		}
		f := schema.PlanFacts(e)
		outputs := f.Outputs
		if f.PrintsWith != "" {
			i := slices.IndexFunc(p.Elements, func(h schema.Element) bool { return h.Kind() == e.Kind() && h.ElementID() == f.PrintsWith })
			if i >= 0 {
				outputs = schema.PlanFacts(p.Elements[i]).Outputs
			}
		}
		type found struct {
			path string
			sp   span
		}
		var places []found
		own, ownPath, pressedOwn := ownPressPages(r, p, e, opts)
		for _, path := range outputs {
			if !strings.HasSuffix(path, ".pdf") {
				continue
			}
			n, written := pages[path]
			switch {
			case run == nil:
				places = append(places, found{path, span{}})
			case written && n > 0 && pressedOwn && path == ownPath:
				// Press pages: each component its own pieces' pages.
				for _, c := range f.Copies {
					for _, pg := range own[c.Component] {
						add(c.Component, path, span{pg, pg})
					}
				}
			case written && n > 0:
				places = append(places, found{path, span{1, n}})
			}
		}
		for _, c := range f.Copies {
			for _, pl := range places {
				add(c.Component, pl.path, pl.sp)
			}
		}
		if slices.ContainsFunc(outputs, func(path string) bool { return strings.HasSuffix(path, ".pdf") }) {
			continue
		}
		for _, k := range kits {
			if k.pages == nil || !k.wanted(p, opts, false) {
				continue
			}
			held := k.pages(p, e, opts)
			for _, c := range f.Copies {
				for _, n := range held[c.Component] {
					add(c.Component, k.path, span{n, n})
				}
			}
		}
	}
	out := map[string][]string{}
	for comp, places := range byComp {
		for _, pl := range places {
			slices.SortFunc(pl.spans, func(a, b span) int { return a.lo - b.lo })
			var merged []span
			for _, sp := range pl.spans {
				if n := len(merged); n > 0 && sp.lo <= merged[n-1].hi+1 {
					merged[n-1].hi = max(merged[n-1].hi, sp.hi)
					continue
				}
				merged = append(merged, sp)
			}
			text := pl.path
			switch len(merged) {
			case 0:
			case 1:
				text += " (" + generator.PageRange(merged[0].lo, merged[0].hi) + ")"
			default:
				// "pages 1, 3-4": the pages of pieces on sheets apart.
				var parts []string
				for _, sp := range merged {
					part := fmt.Sprint(sp.lo)
					if sp.hi > sp.lo {
						part += fmt.Sprintf("-%d", sp.hi)
					}
					parts = append(parts, part)
				}
				text += " (pages " + strings.Join(parts, ", ") + ")"
			}
			out[comp] = append(out[comp], text)
		}
	}
	return out
}

// unlistedNote is what the kit's index says of an element that counts
// towards no component of the manifest. The bundled packs' sheets and odds
// cards are runforge's additions to the published component list; a deck
// without component: is the pack author's own (no bundled deck lacks
// one), so it is not said to be runforge's.
func unlistedNote(e schema.Element) string {
	if _, ok := e.(*schema.Deck); ok {
		return " (in no component of game.yaml: give it component: to count its cards)"
	}
	return " (added by runforge; not in the published component list)"
}
