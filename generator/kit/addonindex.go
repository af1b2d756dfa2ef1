package kit

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
)

// The index of an add-on's kit (p is what the kit prints, p.Whole() the
// pack with everything it extends): which kits it needs, where each
// component is, what each file changes and what the other kits hold.

// writeAddOnComponents writes an add-on kit's component checklist: which
// kits it needs and how to print everything at once, then the components
// this kit prints, those each extended pack's kit holds (a component split
// between them, such as a deck of which the add-on replaces some cards, is
// in both, with its share), and those no kit prints.
func writeAddOnComponents(ctx context.Context, b *bytes.Buffer, r *generator.Renderer, whole, p *schema.Pack, opts generator.PrintOptions, where map[string][]string, known map[string][]generator.Artifact) error {
	fmt.Fprintln(b, addOnNeeds(p))
	there, err := basePlaces(ctx, r, p, opts, known)
	if err != nil {
		return err
	}

	here, all := componentCopies(p), componentCopies(whole)
	extra := uncountedCopies(p)
	var printed, unprinted []*schema.Component
	inBase := map[string][]*schema.Component{}
	for _, c := range p.Game.Components {
		switch {
		case !c.IsPrinted():
			unprinted = append(unprinted, c)
			continue
		case here[c.ID] > 0:
			printed = append(printed, c)
		}
		if here[c.ID] == 0 || here[c.ID] < all[c.ID] {
			id := baseOfComponent(whole, p, c.ID).ID
			inBase[id] = append(inBase[id], c)
		}
	}
	if len(printed) > 0 {
		b.WriteString("\nPrinted by this kit:\n")
		for _, c := range printed {
			if here[c.ID] < all[c.ID] {
				fmt.Fprintf(b, "%3d x %s [printed: %d of %d, what this pack changes or adds]\n", here[c.ID], c.Name, here[c.ID], all[c.ID])
			} else {
				fmt.Fprintf(b, "%3d x %s [printed]\n", c.Expected, c.Name)
			}
			writeComponentNotes(b, c, extra[c.ID], where[c.ID])
		}
	}
	for _, bp := range p.Bases {
		if len(inBase[bp.ID]) == 0 {
			continue
		}
		fmt.Fprintf(b, "\nIn %s, on the files and pages that kit prints them on:\n", kitName(bp))
		for _, c := range inBase[bp.ID] {
			if n := here[c.ID]; n > 0 {
				fmt.Fprintf(b, "%3d x %s [in the %s kit: %d of %d, all but what this kit prints]\n", all[c.ID]-n, c.Name, bp.Title, all[c.ID]-n, all[c.ID])
			} else {
				fmt.Fprintf(b, "%3d x %s [in the %s kit]\n", c.Expected, c.Name, bp.Title)
			}
			if places := there[bp.ID][c.ID]; len(places) > 0 {
				fmt.Fprintf(b, "      printed in the %s kit: %s\n", bp.Title, strings.Join(places, "; "))
			}
		}
	}
	if len(unprinted) > 0 {
		b.WriteString("\nNot printed by any kit:\n")
		for _, c := range unprinted {
			fmt.Fprintf(b, "%3d x %s [NOT PRINTED]\n", c.Expected, c.Name)
			writeComponentNotes(b, c, 0, nil)
		}
	}
	return nil
}

// basePlaces says, by extended pack and component, where that pack's own
// kit prints each component, file and pages, as its components.txt says
// (componentPlaces): the pack's kit is planned as its own build plans it
// (what it prints, ganged) with the add-on's print options. Its elements'
// files are those known (by pack id: the files its own build in the same
// command wrote, awaitBases) or else rendered without being written
// (generator.DryRunJobs: only a rendered PDF knows its page count; the
// element's other files are not rendered). The kit-wide files (maps.pdf,
// tokens.pdf, figures.pdf) say their pages from their plans unwritten.
func basePlaces(ctx context.Context, r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions, known map[string][]generator.Artifact) (map[string]map[string][]string, error) {
	out := map[string]map[string][]string{}
	for bp := p.Extended(); bp != nil; bp = bp.Extended() {
		kp := gangPack(r, printedPack(bp, false), opts)
		arts, ok := known[bp.Game.ID]
		if !ok {
			var err error
			if arts, err = dryRunKit(ctx, r, kp, opts); err != nil {
				return nil, fmt.Errorf("planning the %s kit: %w", bp.Game.Title, err)
			}
		}
		out[bp.Game.ID] = componentPlaces(r, kp, opts, &kitRun{arts: arts})
	}
	return out, nil
}

// dryRunKit renders the PDFs of the elements the kit of kp prints with
// opts, writing nothing, and returns them with their pages.
func dryRunKit(ctx context.Context, r *generator.Renderer, kp *schema.Pack, opts generator.PrintOptions) ([]generator.Artifact, error) {
	var jobs []generator.Job
	for _, e := range kp.Elements {
		kr, ok := r.KindOf(e.Kind())
		if !ok || !kp.Prints(e) {
			continue
		}
		for _, j := range kr.Jobs(r, kp, e, generator.BuildOptions{Print: opts}) {
			if f := j.File(); f == "" || strings.HasSuffix(f, ".pdf") {
				jobs = append(jobs, j)
			}
		}
	}
	return generator.DryRunJobs(ctx, jobs)
}

// componentCopies are the copies each component gets from the elements p
// prints.
func componentCopies(p *schema.Pack) map[string]int {
	out := map[string]int{}
	for _, e := range p.Elements {
		if !p.Prints(e) {
			continue
		}
		for _, c := range e.Facts().Copies {
			out[c.Component] += c.Copies
		}
	}
	return out
}

// addOnNeeds says that an add-on's kit prints only what the add-on adds
// or changes, which kits it needs for the rest and how to print everything
// in one kit: the head of its index and of its print plan.
func addOnNeeds(p *schema.Pack) string {
	kits := make([]string, len(p.Bases))
	for i, bp := range p.Bases {
		kits[i] = fmt.Sprintf("the %s kit (the folder %s/ beside this one; runforge build %s)", bp.Title, bp.ID, bp.ID)
	}
	return fmt.Sprintf("This is an add-on kit: it prints only what this pack adds to %s or changes in it.\n"+
		"It needs %s for everything else.\n"+
		"To print everything in this one kit instead: runforge build %s --with-base",
		p.Bases[0].Title, joinAnd(kits), p.Game.ID)
}

// baseOfComponent is the extended pack whose kit holds what p leaves of a
// component to the packs it extends: the pack that declares the
// component, or the pack p extends first when p declares it itself.
func baseOfComponent(whole, p *schema.Pack, component string) schema.BasePack {
	if c := whole.Component(component); c != nil {
		if b, ok := p.BaseOf(c.Ref.File()); ok {
			return b
		}
	}
	return p.Bases[0]
}

// baseOfElement is the extended pack whose kit prints e, or what the
// add-on leaves of it: the pack of its file, or for a deck the add-on
// merges card by card, the pack of its first card that is not the add-on's.
func baseOfElement(p *schema.Pack, e schema.Element) (schema.BasePack, bool) {
	if bp, ok := p.BaseOf(e.Source().File()); ok {
		return bp, true
	}
	if d, ok := e.(*schema.Deck); ok {
		for _, c := range d.Cards {
			if bp, ok := p.BaseOf(c.Ref.File()); ok {
				return bp, true
			}
		}
	}
	return schema.BasePack{}, false
}

// kitName names the kit of an extended pack.
func kitName(b schema.BasePack) string {
	return fmt.Sprintf("the %s kit (%s/)", b.Title, b.ID)
}

// changeLines say what an element the add-on's kit prints changes in the
// extended pack's: for a deck, the cards it replaces, adds and removes.
func changeLines(whole *schema.Pack, e schema.Element) []string {
	if sh, ok := e.(*schema.Sheet); ok {
		if ws, _ := wholeOf(whole, e).(*schema.Sheet); ws != nil && sh.PrintWith == "" && ws.PrintWith != "" {
			return []string{fmt.Sprintf("on pages of its own: the base kit prints it with %q, which this kit does not reprint", ws.PrintWith)}
		}
		return nil
	}
	d, ok := e.(*schema.Deck)
	if !ok {
		if _, parted := e.(schema.Parted); parted && ownPart(whole, wholeOf(whole, e)) != wholeOf(whole, e) {
			return []string{"only the parts this pack changes or adds; the rest are in the base kit"}
		}
		return nil
	}
	wd, _ := wholeOf(whole, e).(*schema.Deck)
	if wd == nil {
		return nil
	}
	var lines []string
	overlay := len(wd.ReplacedCards) > 0 || len(wd.RemovedCards) > 0 || len(d.Cards) < len(wd.Cards)
	if d.PrintWith == "" && wd.PrintWith != "" {
		lines = append(lines, fmt.Sprintf("on sheets of its own: the base kit prints this deck with %q, which this kit does not reprint", wd.PrintWith))
	}
	switch {
	case len(d.Cards) < len(wd.Cards):
		lines = append(lines, fmt.Sprintf("only the cards this pack changes or adds, each complete with all its copies; the other cards of the deck are in the base kit's %s", basePDF(wd)))
		replaced := map[string]*schema.Card{}
		for _, c := range wd.ReplacedCards {
			replaced[c.ID] = c
		}
		var added []string
		for _, c := range d.Cards {
			if old := replaced[c.ID]; old != nil {
				lines = append(lines, fmt.Sprintf("replaces the base kit's %s with %s: take those out of the deck and put these in", cardLabel(old), cardLabel(c)))
			} else {
				added = append(added, cardLabel(c))
			}
		}
		if len(added) > 0 {
			lines = append(lines, "adds "+strings.Join(added, ", "))
		}
		if len(wd.RemovedCards) > 0 {
			var removed []string
			for _, c := range wd.RemovedCards {
				removed = append(removed, cardLabel(c))
			}
			lines = append(lines, fmt.Sprintf("removes %s: take %s out of the base kit's deck", strings.Join(removed, ", "), generator.PluralOf(len(removed), "it", "them")))
		}
	case overlay || changesTemplates(whole, wd):
		lines = append(lines, fmt.Sprintf("the whole deck, since this pack changes how every card prints: use it instead of the base kit's %s", basePDF(wd)))
	}
	return lines
}

// wholeOf is the element of the whole pack that e (an element or part of
// one that the kit prints) stands for.
func wholeOf(whole *schema.Pack, e schema.Element) schema.Element {
	for _, w := range whole.Elements {
		if w.Kind() == e.Kind() && w.ElementID() == e.ElementID() {
			return w
		}
	}
	return e
}

// basePDF is the file of the base kit that prints a deck.
func basePDF(d *schema.Deck) string {
	if d.PrintWith != "" {
		return d.PrintWith + ".pdf"
	}
	return d.ID + ".pdf"
}

// cardLabel names a card with its id and copies: `Lone Sprinter
// (ev-lone-shambler, 3 copies)`.
func cardLabel(c *schema.Card) string {
	copies := generator.PluralOf(c.Count, "copy", "copies")
	if name := c.Str("name"); name != "" && name != c.ID {
		return fmt.Sprintf("%s (%s, %d %s)", name, c.ID, c.Count, copies)
	}
	return fmt.Sprintf("%s (%d %s)", c.ID, c.Count, copies)
}

// writeBaseFiles lists the files of the extended packs' kits that hold
// what the add-on's kit does not print.
func writeBaseFiles(b *bytes.Buffer, r *generator.Renderer, whole, p *schema.Pack, opts generator.PrintOptions) {
	var lines []string
	done := map[schema.Element]bool{}
	fileOf := baseFiles(r, whole, opts)
	for _, o := range schema.OutputPlan(whole) {
		e := o.Element
		if e == nil || done[e] || !strings.HasSuffix(o.Path, ".pdf") {
			continue
		}
		done[e] = true
		o.Path = cmp.Or(fileOf[e], o.Path)
		where := ""
		if len(p.Bases) > 1 {
			if bp, ok := baseOfElement(p, e); ok {
				where = ", in " + kitName(bp)
			}
		}
		switch x := PrintedHere(whole, e); {
		case x == nil:
			lines = append(lines, fmt.Sprintf("- %s: %s%s", o.Path, e.Facts().Name, where))
		case ownPart(whole, e) != e:
			lines = append(lines, fmt.Sprintf("- %s: %s%s, but for what this kit's %s replaces", o.Path, e.Facts().Name, where, o.Path))
		}
	}
	// A file that holds several elements' pieces lists them together.
	slices.SortStableFunc(lines, func(a, b string) int {
		pa, _, _ := strings.Cut(a, ":")
		pb, _, _ := strings.Cut(b, ":")
		return strings.Compare(pa, pb)
	})
	for _, k := range kitOutputs(r) {
		if k.index == nil || k.path == "calibration.pdf" || k.path == printRunPath || !k.wanted(whole, opts, false) {
			continue
		}
		line := fmt.Sprintf("- %s: %s", k.path, k.what)
		if k.wanted(p, opts, false) {
			line += fmt.Sprintf(" (this kit's %s holds only what this pack adds or changes)", k.path)
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return
	}
	if len(p.Bases) == 1 {
		fmt.Fprintf(b, "\nIn %s, what this kit does not print:\n", kitName(p.Bases[0]))
	} else {
		b.WriteString("\nIn the kits of the packs this one extends, what this kit does not print:\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
}

// baseFiles is, for each element of the whole pack that the base kit
// prints on another's sheets (ganged: gangPack), the PDF that holds it
// there: the base kit has no file of its own for it.
func baseFiles(r *generator.Renderer, whole *schema.Pack, opts generator.PrintOptions) map[schema.Element]string {
	ganged := gangPack(r, whole, effectivePrint(opts))
	out := map[schema.Element]string{}
	for i, e := range whole.Elements {
		g := ganged.Elements[i]
		host := g.Facts().PrintsWith
		if g == e || host == "" {
			continue
		}
		for _, h := range ganged.Elements {
			if h.Kind() == g.Kind() && h.ElementID() == host {
				for _, path := range h.Facts().Outputs {
					if strings.HasSuffix(path, ".pdf") {
						out[e] = path
						break
					}
				}
			}
		}
	}
	return out
}

// joinAnd joins items as "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
