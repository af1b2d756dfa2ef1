package rfyl

import (
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

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

func TestCardRenderingGolden(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	saver, _ := generator.NewRenderer(true, kinds.Shared(), Game())
	costly := func(c *schema.Card) bool { return c.Has("bulletCost") }
	weapon := func(c *schema.Card) bool { return c.Has("uses") }
	cases := []struct {
		golden   string
		deck     string
		pick     func(*schema.Card) bool
		template string
		r        *generator.Renderer
	}{
		{"event-bullet-cost.txt", "events", costly, "rfyl-event", r},
		{"event-weapon.txt", "events", weapon, "rfyl-event", r},
		{"event-inksaver.txt", "events", costly, "rfyl-event", saver},
		{"event-back.txt", "events", costly, "rfyl-event-back", r},
		{"determination-10.txt", "determination", func(c *schema.Card) bool { v, _ := c.Int("value"); return v == 10 }, "rfyl-determination", r},
		{"determination-6.txt", "determination", func(c *schema.Card) bool { v, _ := c.Int("value"); return v == 6 }, "rfyl-determination", r},
		{"blood-infected.txt", "blood", func(c *schema.Card) bool { return c.Str("result") == "infected" }, "rfyl-blood", r},
		{"blood-back-3.txt", "blood", func(c *schema.Card) bool { v, _ := c.Int("countdown"); return v == 3 }, "rfyl-blood-back", r},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			d, card := firstCardWith(t, p, c.deck, c.pick)
			rec := &draw.Recorder{}
			c.r.DrawCard(rec, p.Templates[c.template], generator.NewCardData(p, d, card), layout.Sides{Top: 3, Right: 3, Bottom: 3, Left: 3})
			golden.CheckNamed(t, c.golden, "# card "+card.ID+"\n"+rec.String())
		})
	}
}
