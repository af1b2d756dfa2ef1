package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
)

// Deck is a deck of cards (kind: Deck).
type Deck struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Component string  `json:"component"`
	CardType  string  `json:"cardType"`
	Template  string  `json:"template"`
	Back      string  `json:"back"`
	Size      string  `json:"size"`
	Width     *Length `json:"width"`
	Height    *Length `json:"height"`
	// PrintWith names another deck of the same card size on whose sheets
	// this deck's cards print, after that deck's own cards, each with its
	// own back (small decks share sheets instead of taking one each).
	// Empty: the deck has a PDF of its own.
	PrintWith string `json:"printWith"`
	// Settings are the deck-level fields its card type adds (the per-game
	// schema declares them), e.g. a Run For Your Life blood deck's dropTrack.
	Settings map[string]any `json:"-"`
	Cards    []*Card        `json:"-"`

	Ref Ref `json:"-"`
	// printWithAt is where PrintWith is written: this deck's file, or the
	// extended pack's when an overlay keeps the base deck's.
	printWithAt Ref
	// Removed is the number of counted copies this deck's remove: true
	// entries took out of the extended pack's deck of the same id.
	Removed int `json:"-"`
	// RemovedCards are the extended pack's cards that this deck's remove:
	// true entries took out, in the extended deck's order.
	RemovedCards []*Card `json:"-"`
	// ReplacedCards are the extended pack's cards that cards of this deck
	// replaced (same id), in the extended deck's order.
	ReplacedCards []*Card `json:"-"`
	// removals are the cards a deck of an extending pack removes from the
	// deck it overlays; they are resolved by OverlayOn.
	removals []*Card
	// cardType is the deck's card type as the registry it was loaded with
	// knows it; the zero CardType when it knows none of that name.
	cardType CardType
}

// deckFields are the deck fields every card type has; any other field of a
// deck file is a setting of its card type.
var deckFields = map[string]bool{"kind": true, "id": true, "name": true, "component": true, "cardType": true,
	"template": true, "back": true, "size": true, "width": true, "height": true, "printWith": true, "cards": true}

func (r *Registry) decodeDeck(obj map[string]any, ref Ref) (Element, []Problem) {
	deck := &Deck{Ref: ref, Settings: map[string]any{}, printWithAt: ref.Child("printWith")}
	if err := DecodeInto(obj, deck); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	deck.cardType, _ = r.LookupCardType(deck.CardType)
	for k, v := range obj {
		if !deckFields[k] {
			deck.Settings[k] = normalize(v)
		}
	}
	var probs []Problem
	cards, _ := obj["cards"].([]any)
	for i, c := range cards {
		card := cardFrom(c.(map[string]any))
		card.Deck = deck
		card.Ref = ref.Child("cards").Index(i)
		if card.Remove {
			if extra := sortedFieldNames(card.Fields); len(extra) > 0 || card.Ref.Child("count").Exists() {
				if card.Ref.Child("count").Exists() {
					extra = append([]string{"count"}, extra...)
				}
				probs = append(probs, Problem{Pos: card.Ref.Child("remove").Pos(), Rule: "schema/invalid",
					Message: fmt.Sprintf("card %q is marked remove: true, which takes only its id; it also has %s", card.ID, strings.Join(extra, ", ")),
					Hint:    "to replace the card, drop remove: true; to remove it, drop the other fields"})
			}
			deck.removals = append(deck.removals, card)
			continue
		}
		deck.Cards = append(deck.Cards, card)
	}
	return deck, probs
}

// Kind implements Element.
func (d *Deck) Kind() string { return "Deck" }

// ElementID implements Element.
func (d *Deck) ElementID() string { return d.ID }

// Source implements Element.
func (d *Deck) Source() Ref { return d.Ref }

// Facts implements Element.
func (d *Deck) Facts() Facts {
	f := d.planFacts()
	if n := len(d.Cards) + len(d.removals); n > 0 {
		f.Items = make([]Item, 0, n)
	}
	if len(d.Cards) > 0 && len(d.Cards[0].Fields) > 0 {
		f.Texts = make([]TextSite, 0, len(d.Cards)*len(d.Cards[0].Fields))
	}
	var fields []string
	for _, card := range d.Cards {
		f.Items = append(f.Items, Item{What: "card", ID: card.ID, Ref: card.Ref})
		fields = sortedFieldNamesInto(fields[:0], card.Fields)
		// "card \"ID\" field", as %q quotes the id, without a Sprintf per
		// field: decks of thousands of cards ask for their facts often.
		what := "card " + strconv.Quote(card.ID) + " "
		for _, field := range fields {
			if s, ok := card.Fields[field].(string); ok {
				f.Texts = append(f.Texts, TextSite{What: what + field, Text: s, Ref: card.FieldRef(field)})
			}
		}
	}
	for _, card := range d.removals {
		f.Items = append(f.Items, Item{What: "removed card", ID: card.ID, Ref: card.Ref})
	}
	return f
}

// planFacts is the deck's facts without its cards' items and texts (see
// PlanFacts).
func (d *Deck) planFacts() Facts {
	_, back := d.Sides()
	f := Facts{Name: nameOr(d.Name, d.ID), Printed: d.Total() > 0, Backs: back != "", Outputs: []string{d.ID + ".pdf", "preview/" + d.ID + ".png"}}
	if d.PrintWith != "" {
		f.Outputs = f.Outputs[1:] // its cards print in the host deck's PDF
		f.PrintsWith = d.PrintWith
	}
	if d.Component != "" {
		at := d.Ref.Child("component")
		if !at.Exists() {
			at = d.Ref.Child("id") // a deck that overlays one of an extended pack
		}
		f.Copies = []Contribution{{What: fmt.Sprintf("deck %q", d.ID), Component: d.Component, Copies: d.CountedTotal(), Ref: at}}
	}
	return f
}

// SettingInt returns an integer setting of the deck and whether it is set.
func (d *Deck) SettingInt(name string) (int, bool) {
	v, ok := d.Settings[name].(int64)
	return int(v), ok
}

// OverlayOn merges the deck of an extended pack into d: d's cards replace
// the base cards of the same id in place, cards marked remove: true take
// theirs out, and new cards are added at the end. Deck fields d leaves
// unset keep the base's values.
func (d *Deck) OverlayOn(base Element) []Problem {
	b := base.(*Deck)
	var probs []Problem
	if d.CardType != b.CardType {
		probs = append(probs, Problem{Pos: d.Ref.Child("cardType").Pos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("deck %q overlays the extended pack's deck of card type %q, so it must have that card type, not %q", d.ID, b.CardType, d.CardType),
			Hint:    "give the deck another id to add a new deck"})
	}
	if d.Name == "" {
		d.Name = b.Name
	}
	if d.Component == "" {
		d.Component = b.Component
	}
	if d.Template == "" {
		d.Template = b.Template
	}
	if d.Back == "" {
		d.Back = b.Back
	}
	if d.Size == "" && d.Width == nil {
		d.Size, d.Width, d.Height = b.Size, b.Width, b.Height
	}
	if d.PrintWith == "" {
		d.PrintWith, d.printWithAt = b.PrintWith, b.printWithAt
	}
	for k, v := range b.Settings {
		if _, own := d.Settings[k]; !own {
			d.Settings[k] = v
		}
	}
	own := map[string]*Card{}
	for _, c := range d.Cards {
		own[c.ID] = c
	}
	removed := map[string]bool{}
	for _, c := range d.removals {
		removed[c.ID] = true
	}
	var merged []*Card
	inBase := map[string]bool{}
	for _, c := range b.Cards {
		inBase[c.ID] = true
		switch {
		case removed[c.ID]:
			d.RemovedCards = append(d.RemovedCards, c)
			if ct := b.cardType; ct.CountsCard == nil || ct.CountsCard(c) {
				d.Removed += c.Count
			}
		case own[c.ID] != nil:
			d.ReplacedCards = append(d.ReplacedCards, c)
			merged = append(merged, own[c.ID])
		default:
			merged = append(merged, c)
		}
	}
	for _, c := range d.Cards {
		if !inBase[c.ID] {
			merged = append(merged, c)
		}
	}
	for _, c := range d.removals {
		if !inBase[c.ID] {
			probs = append(probs, Problem{Pos: c.Ref.Child("id").Pos(), Rule: "pack/dangling-ref",
				Message: fmt.Sprintf("card %q is marked remove: true, but deck %q of the extended pack has no card of that id", c.ID, d.ID),
				Hint:    closestHint(c.ID, cardIDs(b.Cards))})
		}
	}
	for _, c := range merged {
		c.Deck = d
	}
	d.Cards, d.removals = merged, nil
	return probs
}

// everyCardFields are the deck fields that change how every card of the
// deck prints: an overlay that writes one reprints the whole deck.
var everyCardFields = []string{"template", "back", "size", "width", "height"}

// OwnParts implements Parted. A deck of the extending pack's own files
// that overlays a deck of an extended pack prints only its own cards, the
// ones it replaces or adds (each complete: the merged deck's face and
// back, all its copies), unless its file writes a field that changes every
// card (its template, back, size or a setting of its card type): then the
// whole merged deck. A deck of an extended pack's files prints none.
func (d *Deck) OwnParts(own func(Ref) bool) Element {
	if !own(d.Ref) {
		return nil
	}
	var mine []*Card
	for _, c := range d.Cards {
		if own(c.Ref) {
			mine = append(mine, c)
		}
	}
	switch {
	case len(mine) == len(d.Cards) || d.writesEveryCard():
		return d
	case len(mine) == 0:
		return nil
	}
	part := *d
	part.Cards = mine
	return &part
}

// writesEveryCard reports whether the deck's own file writes a field that
// changes how every card prints.
func (d *Deck) writesEveryCard() bool {
	for _, f := range everyCardFields {
		if d.Ref.Child(f).Exists() {
			return true
		}
	}
	for k := range d.Settings {
		if d.Ref.Child(k).Exists() {
			return true
		}
	}
	return false
}

// Standalone implements Underlay: removals need a deck to remove from.
func (d *Deck) Standalone() []Problem {
	var probs []Problem
	for _, c := range d.removals {
		probs = append(probs, Problem{Pos: c.Ref.Child("remove").Pos(), Rule: "pack/dangling-ref",
			Message: fmt.Sprintf("card %q is marked remove: true, but deck %q overlays no deck of an extended pack", c.ID, d.ID),
			Hint:    "remove: true takes a card out of a bundled deck of the same id; to drop a card of your own deck, delete it"})
	}
	d.removals = nil
	return probs
}

func cardIDs(cards []*Card) []string {
	ids := make([]string, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
	}
	return ids
}

// Sides returns the face and back template ids of the deck: its own, or the
// defaults of its card type.
func (d *Deck) Sides() (face, back string) {
	face, back = d.Template, d.Back
	if ct := d.cardType; ct.Name != "" {
		if face == "" {
			face = ct.Face
		}
		if back == "" {
			back = ct.Back
		}
	}
	return face, back
}

// PrintWithRef is where the deck's printWith: is written: in the deck's
// own file, or in the extended pack's when the deck overlays one that
// prints with another and leaves printWith: unset.
func (d *Deck) PrintWithRef() Ref { return d.printWithAt }

// Total is the number of copies in the deck.
func (d *Deck) Total() int {
	n := 0
	for _, c := range d.Cards {
		n += c.Count
	}
	return n
}

// Card is one card of a deck with its typed fields.
type Card struct {
	ID     string
	Count  int
	Fields map[string]any // string, int64, float64, bool, []string, or []any/map[string]any of these
	Deck   *Deck
	// Remove marks a card of an extending pack that takes the card of the
	// same id out of the extended pack's deck.
	Remove bool

	Ref Ref
}

// Str returns a text field ("" when absent); numbers are formatted.
func (c *Card) Str(name string) string {
	switch v := c.Fields[name].(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// Int returns an integer field and whether it is set.
func (c *Card) Int(name string) (int, bool) {
	v, ok := c.Fields[name].(int64)
	return int(v), ok
}

// Ints returns a list field of integers (nil when absent or not all
// integers).
func (c *Card) Ints(name string) []int {
	v, _ := c.Fields[name].([]any)
	out := make([]int, 0, len(v))
	for _, e := range v {
		n, ok := e.(int64)
		if !ok {
			return nil
		}
		out = append(out, int(n))
	}
	return out
}

// List returns a list field.
func (c *Card) List(name string) []string {
	v, _ := c.Fields[name].([]string)
	return v
}

// Has reports whether the field is set.
func (c *Card) Has(name string) bool {
	_, ok := c.Fields[name]
	return ok
}

// FieldRef is the reference of one field of the card.
func (c *Card) FieldRef(name string) Ref { return c.Ref.Child(name) }

// cardFrom builds a card from its checked JSON object.
func cardFrom(obj map[string]any) *Card {
	c := &Card{Count: 1, Fields: map[string]any{}}
	for k, v := range obj {
		switch k {
		case "id":
			c.ID, _ = v.(string)
			continue
		case "count":
			if n, err := v.(json.Number).Int64(); err == nil {
				c.Count = int(n)
			}
			continue
		case "remove":
			c.Remove, _ = v.(bool)
			continue
		}
		c.Fields[k] = normalize(v)
	}
	return c
}

func normalize(v any) any {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, err := t.Float64()
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return t.String() // the decoder checks the syntax: never happens
		}
		return f // out of float64's range: ±Inf
	case []any:
		// A list of strings (or an empty list) is a []string; any other
		// list, such as RUN backup ranks or a deck's action vocabulary,
		// keeps its normalized elements.
		out := make([]string, 0, len(t))
		for _, e := range t {
			s, ok := e.(string)
			if !ok {
				return normalizeList(t)
			}
			out = append(out, s)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = normalize(e)
		}
		return out
	}
	return v
}

func normalizeList(t []any) []any {
	out := make([]any, len(t))
	for i, e := range t {
		out[i] = normalize(e)
	}
	return out
}

func sortedFieldNames(m map[string]any) []string {
	return sortedFieldNamesInto(make([]string, 0, len(m)), m)
}

// sortedFieldNamesInto appends m's keys to keys, sorted, and returns them.
func sortedFieldNamesInto(keys []string, m map[string]any) []string {
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// closestHint suggests the candidate nearest to s, if one is close.
func closestHint(s string, candidates []string) string {
	if h := suggest.Hint(s, candidates, "%q", ""); h != "" {
		return h
	}
	if len(candidates) > 12 {
		candidates = append(candidates[:12:12], "...")
	}
	return "ids: " + strings.Join(candidates, ", ")
}

// Decks returns the pack's decks.
func (p *Pack) Decks() []*Deck { return ElementsOf[*Deck](p) }

// DecksPrintedWith returns the decks whose cards print on host's sheets
// (printWith: host), in pack order; a deck the build does not print (see
// Prints) is left out.
func (p *Pack) DecksPrintedWith(host string) []*Deck {
	var out []*Deck
	for _, d := range p.Decks() {
		if d.PrintWith == host && d.ID != host && p.Prints(d) {
			out = append(out, d)
		}
	}
	return out
}

// FromExtendedPack reports whether the reference lies in a file of a pack
// that p extends rather than in p's own files.
func (p *Pack) FromExtendedPack(r Ref) bool {
	return slices.Contains(p.BaseFiles, r.File())
}

// Type returns the deck's card type as the registry the deck was loaded
// with knows it, and whether it knows one of that name.
func (d *Deck) Type() (CardType, bool) { return d.cardType, d.cardType.Name != "" }

// CountedTotal is the number of copies the deck counts towards its
// component: every copy, or those its card type's CountsCard accepts
// (Reloaded: base cards only).
func (d *Deck) CountedTotal() int {
	ct := d.cardType
	n := 0
	for _, c := range d.Cards {
		if ct.CountsCard == nil || ct.CountsCard(c) {
			n += c.Count
		}
	}
	return n
}
