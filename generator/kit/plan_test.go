package kit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// TestComponentsListExtraPrintedCards: a card the published count leaves
// out (a Reloaded promo card) still prints, and components.txt says how
// many under its component; a kit without one says nothing.
func TestComponentsListExtraPrintedCards(t *testing.T) {
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true}
	components := func(p *schema.Pack) string {
		var b bytes.Buffer
		if err := writeComponents(r, &b, p, opts, nil); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if out := components(rendertest.LoadPack(t, "../rfod/testdata/rfod")); strings.Contains(out, "published count leaves out") {
		t.Errorf("RFoD counts every card, yet components.txt speaks of extra cards:\n%s", out)
	}
	p := rendertest.LoadPack(t, "../rfod/testdata/rfodr")
	before := uncountedCopies(p)["followers"]
	for _, d := range p.Decks() {
		if d.Component == "followers" {
			d.Cards = append(d.Cards, &schema.Card{ID: "promo-guy", Count: 2, Deck: d,
				Fields: map[string]any{"name": "Promo Guy", "leadership": int64(1), "set": "promo"}})
		}
	}
	if got := uncountedCopies(p)["followers"]; got != before+2 {
		t.Fatalf("uncounted followers %d, want %d", got, before+2)
	}
	want := fmt.Sprintf("30 x Follower Cards [printed]\n      and %d more cards printed that the published count leaves out", before+2)
	if out := components(p); !strings.Contains(out, want) {
		t.Errorf("components.txt lacks %q:\n%s", want, out)
	}
}
