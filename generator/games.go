package generator

import (
	"fmt"
	"io"
	"slices"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Game is what one game brings to rendering. Each game declares one in its
// own package (generator/<game>); the command passes the games it knows to
// NewRenderer.
type Game struct {
	// Derived computes extra template fields of a card, by card type.
	Derived map[string]DeriveFunc
	// Boxes draws the game's template box types (schema.GameSchema.BoxTypes).
	Boxes map[string]BoxDrawer
	// Kinds builds, checks and indexes the game's content kinds, by kind
	// name (see Kind).
	Kinds map[string]KindRenderer
	// KitOutputs are the files the game adds to the kit as a whole (RUN's
	// maps.pdf, for instance), in the order the kit's index lists them.
	KitOutputs []KitOutput
	// Pieces draws the game's content kinds piece by piece, by kind name,
	// for exports that show each component (see Piece).
	Pieces map[string]PiecesFunc
	// Press lists the content kinds the press layout prints piece by
	// piece (generator/press: each piece on pages of its own at trim plus
	// bleed), by kind name, with their pieces as a print shop makes them.
	// Kinds not listed print as in the sheet layout, but decks, which
	// impose their own press pages.
	Press map[string]PiecesFunc
}

// DeriveFunc computes the extra template fields of a card of the pack p.
// p may be nil (a card drawn without its pack, as in some tests): a
// function that needs the pack's settings then uses the defaults.
type DeriveFunc func(p *schema.Pack, card *schema.Card) map[string]string

// BoxDrawer draws a game-specific box type: the box b of a card's template,
// placed at box, for the card d, in the ink on the paper colour.
type BoxDrawer func(r *Renderer, c draw.Canvas, b *schema.Box, box layout.Rect, d *CardData, ink, paper draw.Color)

// KitOutput is a file the build writes for the kit as a whole rather than
// for one element.
type KitOutput struct {
	// Path is the file's path in the kit's folder.
	Path string
	// Wanted reports whether a build of p with opts (the print options in
	// effect) writes the file; previews says whether it writes previews.
	Wanted func(p *schema.Pack, opts PrintOptions, previews bool) bool
	// Write writes the file and returns its PDF pages (0 for others).
	Write func(r *Renderer, w io.Writer, p *schema.Pack, opts PrintOptions) (int, error)
	// What is the file's line in the kit's index, and Index the lines
	// under it; a file with no Index function is not listed there.
	What  string
	Index func(p *schema.Pack, opts PrintOptions) []string
	// Stock is the paper the file prints on (the zero value: card stock).
	Stock Stock
	// Pages reports, for an element of p printed in this file rather than
	// in files of its own (a RUN map in maps.pdf, a token set in
	// tokens.pdf), the pages of the file that hold its pieces, by the
	// component each piece counts towards: the page of each piece's front
	// and, where its back prints on a page of its own, that page; sorted,
	// each once. An element the file does not hold has none. nil: the file
	// holds no element's pieces, or cannot say where.
	Pages func(p *schema.Pack, e schema.Element, opts PrintOptions) map[string][]int
}

// SpanPages is KitOutput.Pages for a file that says of an element only
// the span of pages that holds all of it (first to last, ok false for
// none): every component the element counts towards is on each page of
// the span.
func SpanPages(span func(p *schema.Pack, e schema.Element, opts PrintOptions) (first, last int, ok bool)) func(*schema.Pack, schema.Element, PrintOptions) map[string][]int {
	return func(p *schema.Pack, e schema.Element, opts PrintOptions) map[string][]int {
		first, last, ok := span(p, e, opts)
		if !ok {
			return nil
		}
		out := map[string][]int{}
		for _, c := range schema.PlanFacts(e).Copies {
			for n := first; n <= last; n++ {
				if !slices.Contains(out[c.Component], n) {
					out[c.Component] = append(out[c.Component], n)
				}
			}
		}
		return out
	}
}

// PageSpan is the first and last page of pages (KitOutput.Pages' answer
// for an element), over every component; ok is false when it names none.
func PageSpan(pages map[string][]int) (first, last int, ok bool) {
	for _, ns := range pages {
		for _, n := range ns {
			if !ok || n < first {
				first = n
			}
			if !ok || n > last {
				last = n
			}
			ok = true
		}
	}
	return first, last, ok
}

// derivedFields adds the fields a game computes from a card of the pack p
// (nil: the game's defaults stand for the pack's settings). They are
// computed over the whole pack even when p holds only what an add-on's kit
// prints (a campaign Trauma card names a location of the extended pack).
func (r *Renderer) derivedFields(p *schema.Pack, deck *schema.Deck, card *schema.Card) map[string]string {
	for _, g := range r.games {
		if f, ok := g.Derived[deck.CardType]; ok {
			return f(p.Whole(), card)
		}
	}
	return nil
}

// withDerived returns d with the fields its game derives from the card
// added (a copy; d itself is shared by the copies of a card), or d when
// the game derives none.
func (r *Renderer) withDerived(d *CardData) *CardData {
	if d.Deck == nil {
		return d
	}
	extra := r.derivedFields(d.pack, d.Deck, d.Card)
	if len(extra) == 0 {
		return d
	}
	out := *d
	out.fields = make(map[string]string, len(d.fields)+len(extra))
	for k, v := range d.fields {
		out.fields[k] = v
	}
	for k, v := range extra {
		out.fields[k] = v
	}
	return &out
}

// boxDrawerFor returns the drawer of a game's box type.
func (r *Renderer) boxDrawerFor(kind string) (BoxDrawer, bool) {
	for _, g := range r.games {
		if d, ok := g.Boxes[kind]; ok {
			return d, true
		}
	}
	return nil, false
}

// kindBuilder plans the output jobs of one element of a kind.
type kindBuilder func(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []job

// kindFitter lists the texts of an element that do not print as written.
type kindFitter func(r *Renderer, p *schema.Pack, e schema.Element) []schema.TextIssue

// KindRenderer is how one content kind is built and checked: one line per
// kind, made by Kind.Renderer; the zero value is a kind that prints
// nothing of its own (and is not listed as not printed yet). Token sets
// print together on the kit's tokens.pdf (see build.go).
type KindRenderer struct {
	build kindBuilder
	fit   kindFitter
	// index describes the element's file in components.txt: what it holds
	// and how to assemble it (nil: its name).
	index kindIndexer
	// backs reports whether the element prints back pages registered for
	// duplex (nil: its facts say).
	backs func(e schema.Element, opts PrintOptions) bool
	// gangs says how an element may share sheets with others (see Gang).
	gangs gangFuncs
	// stock is the paper the element's files print on (nil: card stock).
	stock func(e schema.Element, opts PrintOptions) Stock
}

// kindIndexer describes an element's output for the kit's index.
type kindIndexer func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string

// kind is how the elements of one content kind, of Go type E, are built,
// checked and indexed; any of the three may be nil.
type kind[E schema.Element] struct {
	build func(r *Renderer, p *schema.Pack, e E, opts BuildOptions) []job
	fit   func(r *Renderer, p *schema.Pack, e E) []schema.TextIssue
	index func(r *Renderer, p *schema.Pack, e E, opts PrintOptions) []string
}

// renderer is k for any element: each function is given the element as an
// E. An element of another Go type (a kind registered with the wrong type)
// fails its build with an error and has nothing to fit or index.
func (k kind[E]) renderer() KindRenderer {
	var kr KindRenderer
	if k.build != nil {
		kr.build = func(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []job {
			el, ok := e.(E)
			if !ok {
				return []job{{name: e.Kind(), run: func(string) ([]Artifact, error) {
					return nil, fmt.Errorf("%s: a %s element of Go type %T, want %T", e.Source().Pos(), e.Kind(), e, el)
				}}}
			}
			return k.build(r, p, el, opts)
		}
	}
	if k.fit != nil {
		kr.fit = func(r *Renderer, p *schema.Pack, e schema.Element) []schema.TextIssue {
			if el, ok := e.(E); ok {
				return k.fit(r, p, el)
			}
			return nil
		}
	}
	if k.index != nil {
		kr.index = func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string {
			if el, ok := e.(E); ok {
				return k.index(r, p, el, opts)
			}
			return nil
		}
	}
	return kr
}

// Kind is how a game's elements of one content kind, of Go type E, are
// built, checked and indexed; any of the three may be nil.
type Kind[E schema.Element] struct {
	// Build plans the jobs that write the element's files.
	Build func(r *Renderer, p *schema.Pack, e E, opts BuildOptions) []Job
	// Fit lists the element's texts that do not print as written.
	Fit func(r *Renderer, p *schema.Pack, e E) []schema.TextIssue
	// Index describes the element's file in the kit's index.
	Index func(r *Renderer, p *schema.Pack, e E, opts PrintOptions) []string
	// Backs reports whether the element prints back pages registered for
	// duplex behind its fronts with opts, so that the kit needs a
	// calibration sheet (nil: schema.Facts.Backs says).
	Backs func(e E, opts PrintOptions) bool
	// Gang says how an element whose pieces are smaller than a page may
	// share sheets with others of its class (nil, or false: never).
	Gang func(r *Renderer, p *schema.Pack, e E, opts PrintOptions) (Gang, bool)
	// PrintWith returns a copy of e that prints on host's sheets, as a
	// printWith: host in its file would make it (needed with Gang).
	PrintWith func(e E, host string) E
	// Stock is the paper the element's files print on (nil: card stock).
	Stock func(e E, opts PrintOptions) Stock
}

// Renderer is k for any element, for a line of Game.Kinds: an element of
// another Go type fails its build with an error and has nothing to fit or
// index.
func (k Kind[E]) Renderer() KindRenderer {
	in := kind[E]{fit: k.Fit, index: k.Index}
	if k.Build != nil {
		in.build = func(r *Renderer, p *schema.Pack, e E, opts BuildOptions) []job {
			var out []job
			for _, j := range k.Build(r, p, e, opts) {
				out = append(out, j.j)
			}
			return out
		}
	}
	kr := in.renderer()
	kr.gangs = gangsOf(k)
	if k.Backs != nil {
		kr.backs = func(e schema.Element, opts PrintOptions) bool {
			if el, ok := e.(E); ok {
				return k.Backs(el, opts)
			}
			return schema.PlanFacts(e).Backs
		}
	}
	if k.Stock != nil {
		kr.stock = func(e schema.Element, opts PrintOptions) Stock {
			if el, ok := e.(E); ok {
				return k.Stock(el, opts)
			}
			return CardStock
		}
	}
	return kr
}

// KindOf returns how elements of a kind are rendered: by the first
// of the renderer's games that has it (the kinds every game may use come
// as one: generator/kinds).
func (r *Renderer) KindOf(name string) (KindRenderer, bool) {
	for _, g := range r.games {
		if kr, ok := g.Kinds[name]; ok {
			return kr, true
		}
	}
	return KindRenderer{}, false
}

// NotPrintedYet lists the pack's elements of kinds the build cannot print
// yet (no kind renderer); token sets have none but print together on the
// kit's tokens.pdf.
func (r *Renderer) NotPrintedYet(p *schema.Pack) []schema.Element {
	var out []schema.Element
	for _, e := range p.Elements {
		_, rendered := r.KindOf(e.Kind())
		if _, tokens := e.(*schema.TokenSet); !rendered && !tokens {
			out = append(out, e)
		}
	}
	return out
}

// Jobs plans the jobs that write the files of the element e of p (none for
// a kind that prints nothing of its own).
func (kr KindRenderer) Jobs(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []Job {
	if kr.build == nil {
		return nil
	}
	var out []Job
	for _, j := range kr.build(r, p, e, opts) {
		out = append(out, Job{j})
	}
	return out
}

// Index describes the element's file in the kit's index (nil: nothing
// beyond its name).
func (kr KindRenderer) Index(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string {
	if kr.index == nil {
		return nil
	}
	return kr.index(r, p, e, opts)
}

// PrintsBacks reports whether the element prints back pages registered for
// duplex behind its fronts with opts (the kind's Backs, else its facts).
func (kr KindRenderer) PrintsBacks(e schema.Element, opts PrintOptions) bool {
	if kr.backs == nil {
		return schema.PlanFacts(e).Backs
	}
	return kr.backs(e, opts)
}

// Stock is the paper the element's files print on (the kind's Stock, else
// card stock).
func (kr KindRenderer) Stock(e schema.Element, opts PrintOptions) Stock {
	if kr.stock == nil {
		return CardStock
	}
	return kr.stock(e, opts)
}

// Games are what the renderer's games bring to rendering, in order (the
// kinds every game may use first, as the command passes them).
func (r *Renderer) Games() []Game { return r.games }
