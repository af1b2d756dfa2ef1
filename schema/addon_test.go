package schema

import (
	"strings"
	"testing"
)

// An overlay deck records the base cards it replaces and removes, and its
// own parts are the cards it writes: all of them when it writes a field
// that changes every card, none when it only removes.
func TestDeckOwnParts(t *testing.T) {
	head := "kind: Deck\nid: cards\ncardType: generic\n"
	cases := []struct {
		name, deck             string
		own, replaced, removed string // card ids; own "-" for none printed
	}{
		{"replace one", head + "cards:\n  - {id: b, text: \"new B\"}\n", "b", "b", ""},
		{"add one, remove one", head + "cards:\n  - {id: d, text: D}\n  - {id: a, remove: true}\n", "d", "", "a"},
		{"remove only", head + "cards:\n  - {id: c, remove: true}\n", "-", "", "c"},
		{"a template for every card", head + "template: generic\ncards:\n  - {id: b, text: \"new B\"}\n", "a b c", "b", ""},
		{"a new deck", "kind: Deck\nid: more\ncardType: generic\ncards:\n  - {id: z, text: Z}\n", "z", "", ""},
	}
	ids := func(cards []*Card) string {
		var out []string
		for _, c := range cards {
			out = append(out, c.ID)
		}
		return strings.Join(out, " ")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, probs := loadOver(t, c.deck)
			if p == nil || len(probs) > 0 {
				t.Fatalf("loading: %v", probs)
			}
			d := p.Decks()[len(p.Decks())-1]
			own := "-"
			if part, ok := d.OwnParts(p.OwnsRef).(*Deck); ok && part != nil {
				own = ids(part.Cards)
			}
			if own != c.own {
				t.Errorf("own cards %q, want %q", own, c.own)
			}
			if got := ids(d.ReplacedCards); got != c.replaced {
				t.Errorf("replaced %q, want %q", got, c.replaced)
			}
			if got := ids(d.RemovedCards); got != c.removed {
				t.Errorf("removed %q, want %q", got, c.removed)
			}
			if base := p.Decks()[0]; base.ID == "cards" && d != base && base.OwnParts(p.OwnsRef) != nil {
				t.Errorf("the base's deck has own parts")
			}
			if !p.IsAddOn() || len(p.Bases) != 1 || p.Bases[0].ID != "base" || p.Bases[0].Title != "Base" || !strings.Contains(strings.Join(p.Bases[0].Files, " "), "cards.yaml") {
				t.Errorf("bases %+v, want the base pack with its files", p.Bases)
			}
		})
	}
}
