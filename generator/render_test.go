package generator

import (
	"testing"

	"github.com/runforge/runforge/schema"
)

func findCard(t testing.TB, p *schema.Pack, deckID, cardID string) (*schema.Deck, *schema.Card) {
	t.Helper()
	for _, d := range p.Decks() {
		for _, c := range d.Cards {
			if d.ID == deckID && (cardID == "" || c.ID == cardID) {
				return d, c
			}
		}
	}
	t.Fatalf("no card %s/%s", deckID, cardID)
	return nil, nil
}

func firstCardWith(t testing.TB, p *schema.Pack, deckID string, ok func(*schema.Card) bool) (*schema.Deck, *schema.Card) {
	t.Helper()
	for _, d := range p.Decks() {
		if d.ID != deckID {
			continue
		}
		for _, c := range d.Cards {
			if ok(c) {
				return d, c
			}
		}
	}
	t.Fatalf("no matching card in %s", deckID)
	return nil, nil
}
