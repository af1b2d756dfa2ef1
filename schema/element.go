package schema

import (
	"fmt"
	"sort"
)

// Element is one piece of content a pack declares in a file of its own kind
// (a deck, a token set, a sheet, a board, ...). Generic rules and the build
// see content only through this interface, so a new kind needs no change to
// them: it implements Element, and registers its schema and decoder as a
// Kind of its game's GameSchema.
type Element interface {
	// Kind is the file's kind: Deck, Tokens, Sheet, Board, ...
	Kind() string
	// ElementID is the element's id, unique among the pack's elements.
	ElementID() string
	// Source locates the element's mapping.
	Source() Ref
	// Facts lists what the generic rules check and the files the build writes.
	Facts() Facts
}

// Picture is a picture of the pack an element shows outside its cards'
// templates (a Just Run tile's art:): the build loads it, so validate
// checks it first.
type Picture struct {
	// Path is the picture's path as the pack writes it.
	Path string
	// What names what shows it in messages ("tile \"t1\" art").
	What string
	// Ref locates the path.
	Ref Ref
}

// Pictured is an element that shows pictures of its own (Picture).
type Pictured interface {
	Element
	// Pictures lists them, in file order.
	Pictures() []Picture
}

// Facts is what an element contributes to a pack, for the generic rules and
// the output plan.
type Facts struct {
	// Name is the element's display name (its name:, else its id).
	Name string
	// Copies are the copies the element adds to components of the manifest.
	Copies []Contribution
	// Items are the element's parts with ids of their own (cards, tokens),
	// unique across the pack.
	Items []Item
	// Texts are texts the element prints, which may hold inline {icons}.
	Texts []TextSite
	// Icons are icons the element names outside text (a token's icon).
	Icons []IconSite
	// Outputs are the files the build writes for the element, relative to
	// the kit folder.
	Outputs []string
	// PrintsWith is the id of the element of the same kind whose files
	// hold this element's pieces (printWith:), or "".
	PrintsWith string
	// Printed is false for an element that prints nothing (an empty deck).
	Printed bool
	// Backs is set when the element prints back pages for duplex. A
	// two-sided board leaves it unset: whether its second side goes on a
	// back page depends on the paper (generator.printsBacks decides).
	Backs bool
}

// Contribution is a number of copies counted towards a component.
type Contribution struct {
	// What names the part that counts, e.g. `token "bullet"`.
	What      string
	Component string
	Copies    int
	// Ref is the component: field that names the component.
	Ref Ref
	// Count is the count: field that sets Copies when one field does (a
	// token's, a die's, a board's); unset when the copies are a sum (a
	// deck's cards) or fixed.
	Count Ref
}

// Item is a part of an element with a pack-wide id.
type Item struct {
	What string // "card", "token", ...
	ID   string
	Ref  Ref // the item's mapping; its id: field is Ref.Child("id")
}

// TextSite is one printed text with where it is written.
type TextSite struct {
	What string // e.g. `card "ev-x" text`
	Text string
	Ref  Ref
}

// IconSite is an icon named by a field.
type IconSite struct {
	What string
	Name string
	Ref  Ref
}

// commonKinds are the content kinds every game may use: one line per
// kind. A deck's decoder resolves its card type in r.
func (r *Registry) commonKinds() []Kind {
	return []Kind{
		{"Deck", "deck.schema.json", "deck", r.decodeDeck},
		{"Tokens", "tokens.schema.json", "token set", decodeTokenSet},
		{"Sheet", "sheet.schema.json", "sheet", decodeSheet},
		{"Board", "board.schema.json", "board", decodeBoard},
		{"Dice", "dice.schema.json", "dice set", decodeDiceSet},
		{"Figures", "figures.schema.json", "figure set", decodeFigureSet},
	}
}

// fileKinds are the kinds that are not elements: the manifest and templates.
var fileKinds = map[string]string{
	"Game":      "game.schema.json",
	"Templates": "templates.schema.json",
}

// SchemaFileOf returns the name of the JSON Schema file of a kind
// ("run-map.schema.json" for Map) and whether the kind exists.
func (r *Registry) SchemaFileOf(kind string) (string, bool) {
	if k, ok := r.kinds[kind]; ok {
		return k.Schema, true
	}
	s, ok := fileKinds[kind]
	return s, ok
}

// Kinds lists the kinds a content file may declare.
func (r *Registry) Kinds() []string {
	ks := make([]string, 0, len(r.kinds)+len(fileKinds))
	for k := range r.kinds {
		ks = append(ks, k)
	}
	for k := range fileKinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Overlay is implemented by elements that merge into the element of the
// same kind and id of an extended pack instead of replacing it whole.
type Overlay interface {
	// OverlayOn merges base into the receiver, which then stands for both.
	OverlayOn(base Element) []Problem
}

// Underlay is implemented by elements whose content only makes sense over
// an element of an extended pack (a deck that removes cards); it reports
// what is left dangling when there is none.
type Underlay interface {
	// Standalone reports the problems of an element that overlays nothing.
	Standalone() []Problem
}

// mergeElements lays over onto base by (kind, id): an element of over
// replaces (or overlays) the base element of its kind and id in place; the
// rest of over is appended in order.
func mergeElements(base, over []Element) ([]Element, []Problem) {
	type key struct{ kind, id string }
	byKey := map[key]Element{}
	for _, o := range over {
		byKey[key{o.Kind(), o.ElementID()}] = o
	}
	var probs []Problem
	used := map[Element]bool{}
	out := make([]Element, 0, len(base)+len(over))
	for _, b := range base {
		o, ok := byKey[key{b.Kind(), b.ElementID()}]
		if !ok || used[o] {
			out = append(out, b)
			continue
		}
		used[o] = true
		if ov, ok := o.(Overlay); ok {
			probs = append(probs, ov.OverlayOn(b)...)
		}
		out = append(out, o)
	}
	for _, o := range over {
		if used[o] {
			continue
		}
		if u, ok := o.(Underlay); ok {
			probs = append(probs, u.Standalone()...)
		}
		out = append(out, o)
	}
	return out, probs
}

// ElementsOf returns the pack's elements of type T, in pack order.
func ElementsOf[T Element](p *Pack) []T {
	var out []T
	for _, e := range p.Elements {
		if t, ok := e.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// PlannedOutput is one file of a kit and the element it comes from.
type PlannedOutput struct {
	Path string
	// Element is nil for a file of the kit as a whole.
	Element Element
	// Ref is where the file's name comes from: the element's id.
	Ref Ref
}

// OutputPlan lists every file a build of the pack writes, in pack order,
// with the element it comes from. Elements that print nothing (no copies,
// or counted only towards components marked printed: false) are left out.
// Token sets share the kit's tokens.pdf; the kit's own files come first
// (Registry.KitOutputs).
func OutputPlan(p *Pack) []PlannedOutput {
	kit := p.registry.KitOutputs()
	out := make([]PlannedOutput, 0, len(kit)+2*len(p.Elements))
	for _, path := range kit {
		out = append(out, PlannedOutput{Path: path})
	}
	for _, e := range p.Elements {
		if !p.Prints(e) {
			continue
		}
		for _, path := range PlanFacts(e).Outputs {
			out = append(out, PlannedOutput{Path: path, Element: e, Ref: e.Source().Child("id")})
		}
	}
	return out
}

// Prints reports whether the build prints the element: it has copies, and
// not all the components it counts towards are marked printed: false.
func (p *Pack) Prints(e Element) bool {
	f := PlanFacts(e)
	if !f.Printed {
		return false
	}
	if len(f.Copies) == 0 {
		return true
	}
	for _, c := range f.Copies {
		if comp := p.Component(c.Component); comp == nil || comp.IsPrinted() {
			return true
		}
	}
	return false
}

// planFacter is an element with many parts (a deck's cards) whose facts
// can be had without them.
type planFacter interface {
	planFacts() Facts
}

// PlanFacts is e.Facts() without the element's Items, Texts and Icons
// (nil) where leaving them out saves work: what plans the build (whether
// an element prints, its files, its copies) reads only the rest, and a deck
// of thousands of cards is asked often.
func PlanFacts(e Element) Facts {
	if p, ok := e.(planFacter); ok {
		return p.planFacts()
	}
	return e.Facts()
}

// OutputCollision is two planned outputs with one path.
type OutputCollision struct {
	Path        string
	First, Then PlannedOutput
}

// Collisions returns the planned outputs that would overwrite one another;
// the kit's own files come first in a plan, so Then is always an element.
func Collisions(plan []PlannedOutput) []OutputCollision {
	first := map[string]PlannedOutput{}
	var out []OutputCollision
	for _, o := range plan {
		if f, ok := first[o.Path]; ok {
			out = append(out, OutputCollision{Path: o.Path, First: f, Then: o})
			continue
		}
		first[o.Path] = o
	}
	return out
}

// KindNoun names an element's kind in messages ("token set").
func (r *Registry) KindNoun(e Element) string {
	if noun := r.kinds[e.Kind()].Noun; noun != "" {
		return noun
	}
	return e.Kind()
}

// Describe names an element for messages: `deck "events"`.
func (r *Registry) Describe(e Element) string {
	return fmt.Sprintf("%s %q", r.KindNoun(e), e.ElementID())
}

// PrintsToken reports whether a token set puts anything on the kit's
// tokens.pdf.
func (p *Pack) PrintsToken(ts *TokenSet) bool { return p.Prints(ts) }

// nameOr returns name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}

// KindNouns lists the nouns of the content kinds ("deck", "token set",
// ...), sorted, for messages about elements of any kind.
func (r *Registry) KindNouns() []string {
	out := make([]string, 0, len(r.kinds))
	for _, k := range r.kinds {
		out = append(out, k.Noun)
	}
	sort.Strings(out)
	return out
}
