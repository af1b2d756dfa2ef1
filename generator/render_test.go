package generator

import (
	"path/filepath"
	"testing"

	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/schema"
)

func loadRFYL(t testing.TB) *schema.Pack {
	t.Helper()
	return rendertest.LoadPack(t, "../data/run-for-your-life")
}

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

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update; name may lead to another folder of testdata (../runmap/golden/x).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}
