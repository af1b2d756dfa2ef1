package kit

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/schema"
)

// The press layout prints every piece it can for a print shop (see
// generator/press): the elements of the kinds the games list for press
// (generator.Game.Press) whose pieces are at most press.MaxSide a side.
// Such an element's own PDF holds its press pages (and those of the
// elements that print with it); a kit file that holds the pieces of
// several elements (tokens.pdf, figures.pdf, maps.pdf) holds theirs. Each
// element's images and manifest go to press/<id>/. Decks press themselves
// with the same pages (generator/deck); everything else prints as in the
// sheet layout.

// pressSet is the press set of the element e of p: ok when opts lay out
// pages for a print shop, e's kind prints piece by piece there, e has
// pieces and every one is at most press.MaxSide a side; err (with ok)
// when its pieces cannot be drawn.
func pressSet(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) (press.Set, bool, error) {
	if opts.Layout != generator.LayoutPress || !p.Prints(e) {
		return press.Set{}, false, nil
	}
	pieces, ok, err := r.PressPieces(p, e)
	if !ok {
		return press.Set{}, false, nil
	}
	if err != nil {
		return press.Set{}, true, fmt.Errorf("%s %q: %w", e.Kind(), e.ElementID(), err)
	}
	set, err := press.FromPieces(press.DirOf(e.ElementID()), pieces)
	if err != nil {
		return press.Set{}, true, fmt.Errorf("%s %q: %w", e.Kind(), e.ElementID(), err)
	}
	if len(set.Items) == 0 || !set.Fits() {
		return press.Set{}, false, nil
	}
	return set, true, nil
}

// pressesNothing reports whether e is of a kind the press layout prints
// piece by piece but has no piece of its own to press (a RUN map on the
// back of another's card, whose front's piece holds it).
func pressesNothing(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) bool {
	if opts.Layout != generator.LayoutPress {
		return false
	}
	pieces, ok, err := r.PressPieces(p, e)
	if !ok || err != nil {
		return false
	}
	set, err := press.FromPieces("", pieces)
	return err == nil && len(set.Items) == 0
}

// pressed reports whether the press layout prints e piece by piece.
// An element whose pieces cannot be drawn is pressed: its press job
// reports the error.
func pressed(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) bool {
	_, ok, err := pressSet(r, p, e, opts)
	return ok || err != nil
}

// tooLarge reports whether e is of a kind the press layout prints piece by
// piece but has a piece larger than press.MaxSide: it prints as in the
// sheet layout.
func tooLarge(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) bool {
	if opts.Layout != generator.LayoutPress || !p.Prints(e) {
		return false
	}
	_, ok, err := r.PressPieces(p, e)
	return ok && err == nil && !pressed(r, p, e, opts) && !pressesNothing(r, p, e, opts)
}

// ownPDF is the PDF of the element's own ("" for an element printed in a
// kit file or in the PDF of the element it prints with).
func ownPDF(e schema.Element) string {
	for _, path := range e.Facts().Outputs {
		if strings.HasSuffix(path, ".pdf") {
			return path
		}
	}
	return ""
}

// pressPart is a pressed element and its set, as a part of a press PDF.
type pressPart struct {
	e   schema.Element
	set press.Set
}

// pressParts are the pressed elements whose pages go in the own PDF of
// host: host's, then those that print with it (printWith:), in pack order.
func pressParts(r *generator.Renderer, p *schema.Pack, host schema.Element, opts generator.PrintOptions) ([]pressPart, error) {
	var parts []pressPart
	for _, e := range p.Elements {
		if e != host && (e.Kind() != host.Kind() || e.Facts().PrintsWith != host.ElementID()) {
			continue
		}
		set, ok, err := pressSet(r, p, e, opts)
		if err != nil {
			return nil, err
		}
		if ok {
			parts = append(parts, pressPart{e, set})
		}
	}
	return parts, nil
}

// setsOf are the parts' sets.
func setsOf(parts []pressPart) []press.Set {
	sets := make([]press.Set, len(parts))
	for i, pt := range parts {
		sets[i] = pt.set
	}
	return sets
}

// pressTitle is the title of a press PDF holding what.
func pressTitle(p *schema.Pack, what string) string {
	return p.Game.Title + " - " + what + " (press)"
}

// pressJobs are the jobs of a pressed element: its kind's jobs but those of
// its PDFs (its previews) and, for an element with a PDF of its own, that
// PDF as press pages with the images and manifests of everything in it (it
// and the elements that print with it). The pieces of an element printed
// in a kit file go with that file (pressImageJobs).
func pressJobs(r *generator.Renderer, p *schema.Pack, e schema.Element, kr generator.KindRenderer, opts generator.BuildOptions) []generator.Job {
	if _, _, err := pressSet(r, p, e, opts.Print); err != nil {
		return []generator.Job{generator.ErrorJob(err)}
	}
	var jobs []generator.Job
	for _, j := range kr.Jobs(r, p, e, opts) {
		if f := j.File(); f == "" || !strings.HasSuffix(f, ".pdf") {
			jobs = append(jobs, j)
		}
	}
	pdf := ownPDF(e)
	if pdf == "" {
		return jobs
	}
	parts, err := pressParts(r, p, e, opts.Print)
	if err != nil {
		return []generator.Job{generator.ErrorJob(err)}
	}
	jobs = append(jobs, generator.FileJob(pdf, func(w io.Writer) (int, error) {
		return press.WritePDF(w, r, pressTitle(p, e.Facts().Name), opts.Print, setsOf(parts)...)
	}))
	for _, pt := range parts {
		jobs = append(jobs, press.Jobs(r, pt.set)...)
	}
	return jobs
}

// indexOf describes the element's file in the kit's index: its press
// pages and images when pressed, else as its kind says.
func indexOf(r *generator.Renderer, p *schema.Pack, e schema.Element, kr generator.KindRenderer, opts generator.PrintOptions) []string {
	if !pressed(r, p, e, opts) {
		lines := kr.Index(r, p, e, opts)
		if tooLarge(r, p, e, opts) {
			lines = append([]string{fmt.Sprintf("not pressed: larger than %g mm a side, so printed as in the sheet layout, tiled on %s paper", press.MaxSide, opts.Paper.Name)}, lines...)
		}
		return lines
	}
	parts, err := pressParts(r, p, e, opts)
	if err != nil {
		return nil
	}
	return partLines(parts)
}

// partLines describe the press pages of parts, each named when there are
// several.
func partLines(parts []pressPart) []string {
	var lines []string
	for _, pt := range parts {
		if len(pt.set.Items) == 0 {
			continue
		}
		for i, l := range press.IndexLines(pt.set) {
			if len(parts) > 1 && i == 0 {
				l = pt.e.Facts().Name + ": " + l
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// stockOf is the paper the element's files print on: for a print shop
// when pressed.
func stockOf(r *generator.Renderer, p *schema.Pack, e schema.Element, kr generator.KindRenderer, opts generator.PrintOptions) generator.Stock {
	if pressed(r, p, e, opts) {
		return generator.PrintShop
	}
	return kr.Stock(e, opts)
}

// pressHeld are the press parts of the elements a kit file holds (those
// whose pieces it prints under the sheet layout: k.pages names pages for
// them), in pack order; ok is false when the build does not press it (not
// the press layout, or one of them does not press).
func (k kitOutput) pressHeld(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) (parts []pressPart, ok bool) {
	if opts.Layout != generator.LayoutPress || k.pages == nil {
		return nil, false
	}
	for _, e := range p.Elements {
		if !p.Prints(e) || ownPDF(e) != "" || len(k.pages(p, e, opts)) == 0 {
			continue
		}
		set, ok, err := pressSet(r, p, e, opts)
		switch {
		case ok && err == nil:
			parts = append(parts, pressPart{e, set})
		case !ok && pressesNothing(r, p, e, opts):
		default:
			return nil, false
		}
	}
	return parts, len(parts) > 0
}

// pressing is k, which may hold the pieces of several elements, as the
// press layout prints it: the press pages of the elements it holds, when
// all of them press; else as k prints them.
func (k kitOutput) pressing(r *generator.Renderer) kitOutput {
	out := k
	out.write = func(gr *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
		if parts, ok := k.pressHeld(r, p, opts); ok {
			return press.WritePDF(w, gr, pressTitle(p, strings.TrimSuffix(k.path, ".pdf")), opts, setsOf(parts)...)
		}
		return k.write(gr, w, p, opts)
	}
	if k.index != nil {
		out.index = func(p *schema.Pack, opts generator.PrintOptions) []string {
			if parts, ok := k.pressHeld(r, p, opts); ok {
				return partLines(parts)
			}
			return k.index(p, opts)
		}
	}
	out.pages = func(p *schema.Pack, e schema.Element, opts generator.PrintOptions) map[string][]int {
		parts, ok := k.pressHeld(r, p, opts)
		if !ok {
			return k.pages(p, e, opts)
		}
		first := 1
		for _, pt := range parts {
			n := pt.set.Pages()
			if pt.e != e {
				first += n
				continue
			}
			if n == 0 {
				return nil
			}
			return componentPages(e, pt.set, first)
		}
		return nil
	}
	out.stockOf = func(p *schema.Pack, opts generator.PrintOptions) generator.Stock {
		if _, ok := k.pressHeld(r, p, opts); ok {
			return generator.PrintShop
		}
		return k.stock
	}
	return out
}

// componentPages are the pages of a press PDF that hold the pieces of e,
// by component, set being e's and first its first page. When e's pieces
// name their components (tokens, figures, dice, mats) each component has
// the pages of its own pieces; otherwise every component e counts towards
// has all of the set's pages.
func componentPages(e schema.Element, set press.Set, first int) map[string][]int {
	var whole []string
	for _, c := range schema.PlanFacts(e).Copies {
		if !slices.Contains(whole, c.Component) {
			whole = append(whole, c.Component)
		}
	}
	perItem := slices.ContainsFunc(set.Items, func(it press.Item) bool { return it.Component != "" })
	out := map[string][]int{}
	for i, span := range set.ItemPages(first) {
		comps := whole
		if perItem {
			comps = []string{set.Items[i].Component}
		}
		for _, c := range comps {
			for n := span[0]; c != "" && n <= span[1]; n++ {
				if !slices.Contains(out[c], n) {
					out[c] = append(out[c], n)
				}
			}
		}
	}
	return out
}

// ownPressPages are the pages of the press PDF of its own (or of the
// element it prints with) that hold e's pieces, by component
// (componentPages), and that PDF; ok is false when e is not pressed
// there. A deck's pieces are its cards (generator.Renderer.Pieces).
func ownPressPages(r *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions) (_ map[string][]int, pdf string, ok bool) {
	host := e
	if id := e.Facts().PrintsWith; id != "" {
		i := slices.IndexFunc(p.Elements, func(h schema.Element) bool { return h.Kind() == e.Kind() && h.ElementID() == id })
		if i < 0 {
			return nil, "", false
		}
		host = p.Elements[i]
	}
	if opts.Layout != generator.LayoutPress || ownPDF(host) == "" {
		return nil, "", false
	}
	var parts []pressPart
	if d, ok := host.(*schema.Deck); ok {
		// A deck presses itself (generator/deck): its cards, then those of
		// the decks printed with it, a page per side of each copy.
		for _, g := range append([]*schema.Deck{d}, p.DecksPrintedWith(d.ID)...) {
			pieces, _, err := r.Pieces(p, g)
			if err != nil {
				return nil, "", false
			}
			set, err := press.FromPieces("", pieces)
			if err != nil {
				return nil, "", false
			}
			parts = append(parts, pressPart{g, set})
		}
	} else {
		if !pressed(r, p, host, opts) {
			return nil, "", false
		}
		var err error
		if parts, err = pressParts(r, p, host, opts); err != nil {
			return nil, "", false
		}
	}
	first := 1
	for _, pt := range parts {
		if pt.e == e {
			return componentPages(e, pt.set, first), ownPDF(host), true
		}
		first += pt.set.Pages()
	}
	return nil, "", false
}

// pressImageJobs are the jobs of the press images and manifests of the
// elements the kit files hold.
func pressImageJobs(r *generator.Renderer, p *schema.Pack, k kitOutput, opts generator.PrintOptions) []generator.Job {
	parts, ok := k.pressHeld(r, p, opts)
	if !ok {
		return nil
	}
	var jobs []generator.Job
	for _, pt := range parts {
		jobs = append(jobs, press.Jobs(r, pt.set)...)
	}
	return jobs
}
