package deck

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// A deck that prints with another (printWith: host) has no PDF of its own:
// its cards follow the host's own cards on the host's sheets, each card with
// its own deck's face and back, in every layout. The decks of one PDF are
// its gang; a deck that nothing prints with is a gang of one.

// deckPart is one deck of a gang: its sides at the gang's card size and
// every copy of its cards, in deck order.
type deckPart struct {
	deck       *schema.Deck
	face, back *schema.Template
	copies     []*generator.CardData
}

// deckGang returns the decks whose cards print in host's PDF: host with the
// given sides, then the decks that print with it, in pack order, each with
// its own sides. A deck of another card size is an error (validate reports
// it, positioned, before a build).
func deckGang(p *schema.Pack, host *schema.Deck, face, back *schema.Template) ([]deckPart, error) {
	parts := []deckPart{{deck: host, face: face, back: back, copies: deckCards(p, host)}}
	if p == nil {
		return parts, nil
	}
	size, _ := face.TrimSize()
	for _, g := range p.DecksPrintedWith(host.ID) {
		faceID, backID := g.Sides()
		gf, gb, gs, err := Sides(p, g, faceID, backID)
		if err != nil {
			return nil, err
		}
		if !sameSize(gs, size) {
			return nil, fmt.Errorf("deck %s prints with %s, but its cards are %gx%gmm and those of %s %gx%gmm",
				g.ID, host.ID, gs.W.MM(), gs.H.MM(), host.ID, size.W.MM(), size.H.MM())
		}
		parts = append(parts, deckPart{deck: g, face: gf, back: gb, copies: deckCards(p, g)})
	}
	return parts, nil
}

// sameSize reports whether two card sizes are the same to 0.01 mm.
func sameSize(a, b schema.Size) bool {
	return math.Abs(a.W.MM()-b.W.MM()) <= 0.01 && math.Abs(a.H.MM()-b.H.MM()) <= 0.01
}

// gangCopies lists every copy of the gang's cards, host's first.
func gangCopies(parts []deckPart) []*generator.CardData {
	var copies []*generator.CardData
	for _, part := range parts {
		copies = append(copies, part.copies...)
	}
	return copies
}

// gangBacks decides what becomes of the backs of a gang's cards on sheet
// pages (see deckBacksOf): the pages the gang needs, and for each copy
// whether its back is drawn on them. Under duplex every card with a back
// template gets it; under duplex none only backs that carry information are
// kept, on pages of their own, and the other slots stay blank.
func gangBacks(parts []deckPart, d layout.Duplex) (generator.Backs, []bool) {
	mode := generator.BacksNone
	for _, part := range parts {
		switch m := deckBacksOf(part.back, d); {
		case m == generator.BacksDuplex || m == generator.BacksOwnPages:
			mode = m
		case m == generator.BacksLeftOut && mode == generator.BacksNone:
			mode = m
		}
	}
	var shown []bool
	for _, part := range parts {
		m := deckBacksOf(part.back, d)
		show := m == mode && (m == generator.BacksDuplex || m == generator.BacksOwnPages)
		for range part.copies {
			shown = append(shown, show)
		}
	}
	return mode, shown
}

// sheetsWithBacks lists the sheets of per cards that have a back to draw
// (shown, one entry a card, as gangBacks gives it).
func sheetsWithBacks(shown []bool, per int) []int {
	var out []int
	for lo := 0; lo < len(shown); lo += per {
		if slices.Contains(shown[lo:min(lo+per, len(shown))], true) {
			out = append(out, lo/per)
		}
	}
	return out
}

// gangTitle names the decks of host's PDF: "Upgrade cards, with
// Experience card and Supply Cache card".
func gangTitle(p *schema.Pack, host *schema.Deck) string {
	title := deckTitle(host)
	if p == nil {
		return title
	}
	var guests []string
	for _, g := range p.DecksPrintedWith(host.ID) {
		guests = append(guests, deckTitle(g))
	}
	if len(guests) == 0 {
		return title
	}
	return title + ", with " + andList(guests)
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// gangSheetLabels name the decks of the cards on one sheet of a gang, in
// their order, for the sheet's front page: by name ("cards of this sheet,
// in order: Upgrade cards (4), Experience card (1)"), then, for a page
// with less room, by id ("upgrades 4, experience 1"). None for a gang of
// one, whose sheets need no label.
func gangSheetLabels(parts []deckPart, sheet []*generator.CardData) []string {
	if len(parts) < 2 {
		return nil
	}
	var names, ids []string
	n := 0
	for i, cd := range sheet {
		n++
		if i+1 == len(sheet) || sheet[i+1].Deck != cd.Deck {
			names = append(names, fmt.Sprintf("%s (%d)", deckTitle(cd.Deck), n))
			ids = append(ids, fmt.Sprintf("%s %d", cd.Deck.ID, n))
			n = 0
		}
	}
	return []string{"cards of this sheet, in order: " + strings.Join(names, ", "), strings.Join(ids, ", ")}
}

// gangIndexLine is the kit index's line on the decks of a gang; "" for a
// gang of one.
func gangIndexLine(parts []deckPart) string {
	if len(parts) < 2 {
		return ""
	}
	var guests []string
	for _, part := range parts[1:] {
		guests = append(guests, fmt.Sprintf("%s (%d)", deckTitle(part.deck), len(part.copies)))
	}
	return fmt.Sprintf("%s (%d), then on the same sheets: %s; each card has its own deck's back",
		deckTitle(parts[0].deck), len(parts[0].copies), strings.Join(guests, ", "))
}

// gangDrawer draws each card with its own deck's art.
func gangDrawer(r renderer, doc *draw.PDF, parts []deckPart, bleed float64) generator.CardDrawer {
	arts := map[*schema.Deck]*deckArt{}
	for _, part := range parts {
		arts[part.deck] = &deckArt{r: r, doc: doc, deck: part.deck, face: part.face, back: part.back, bleed: bleed,
			faces: map[*generator.CardData]*draw.PDFTemplate{}, backs: map[*generator.CardData]*draw.PDFTemplate{}}
	}
	return func(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
		arts[cd.Deck].draw(c, cd, back, s)
	}
}

// newGangSideArt is the cardSideArt of a gang: the host's, drawing the
// cards of the other decks with theirs.
func newGangSideArt(r renderer, doc *draw.PDF, parts []deckPart, bleed float64) *cardSideArt {
	host := newCardSideArt(r, doc, parts[0].deck, parts[0].face, parts[0].back, bleed)
	for _, g := range parts[1:] {
		if host.guests == nil {
			host.guests = map[*schema.Deck]*cardSideArt{}
		}
		host.guests[g.deck] = newCardSideArt(r, doc, g.deck, g.face, g.back, bleed)
	}
	return host
}

// of returns the art of the card's deck: a guest deck's, or a's own.
func (a *cardSideArt) of(cd *generator.CardData) *cardSideArt {
	if g, ok := a.guests[cd.Deck]; ok {
		return g
	}
	return a
}

// whites reports whether any face, and any back, of the gang prints
// without a background, so that trim outlines must show it.
func (a *cardSideArt) whites(r renderer) (face, back bool) {
	for _, x := range append([]*cardSideArt{a}, a.guestArts()...) {
		face = face || r.whiteCard(x.face)
		back = back || x.back != nil && r.whiteCard(x.back)
	}
	return face, back
}

// guestArts are the arts of the guest decks, in no particular order (only
// their union matters).
func (a *cardSideArt) guestArts() []*cardSideArt {
	out := make([]*cardSideArt, 0, len(a.guests))
	for _, g := range a.guests {
		out = append(out, g)
	}
	return out
}
