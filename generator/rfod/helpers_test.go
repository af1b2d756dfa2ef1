package rfod

import (
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/schema"
)

// Test helpers of the player boards and guide pages, as the
// generator's board tests have them.

// scaleBarLen is the length of a scale bar, in mm.
const scaleBarLen = 100.0

// derivedFields are the fields the game derives from a card of the pack p.
func derivedFields(p *schema.Pack, deck *schema.Deck, card *schema.Card) map[string]string {
	if f, ok := Game().Derived[deck.CardType]; ok {
		return f(p, card)
	}
	return nil
}

func boardRenderer(t testing.TB) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// scaleBarCaption is the scale bar's caption, how tests find the bar.
const scaleBarCaption = "this bar must measure 100 mm"
