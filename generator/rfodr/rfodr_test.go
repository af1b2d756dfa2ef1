package rfodr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
)

// rfodrCard is a card of a deck of the card type with the given fields.
func rfodrCard(cardType string, fields map[string]any) (*schema.Deck, *schema.Card) {
	deck := &schema.Deck{CardType: cardType}
	return deck, &schema.Card{ID: "c", Count: 1, Deck: deck, Fields: fields}
}

// derivedFields are the fields Reloaded derives from a card of the pack p.
func derivedFields(p *schema.Pack, deck *schema.Deck, card *schema.Card) map[string]string {
	if f, ok := Game().Derived[deck.CardType]; ok {
		return f(p, card)
	}
	return nil
}

// A Follower's sections flow top-down in the Follower Key's order, each a
// paragraph led by its icon, whichever of them the card has; an Action
// card prints its timing and outcome.
func TestRFoDRCardFields(t *testing.T) {
	cases := []struct {
		name     string
		cardType string
		fields   map[string]any
		want     map[string]string
	}{
		{"rfodr key icons and wound track", "rfodr/follower",
			map[string]any{"woundSpaces": int64(3), "onDeath": "D.", "onWound": "W.", "negative": "N.", "positive": "P."},
			map[string]string{
				"effects":    "{positive} P.\n{negative} N.\n{on-wound} **ON WOUND:** W.\n{on-death} **ON DEATH:** D.",
				"woundTrack": "wound-space wound-space wound-space",
			}},
		{"rfodr one wound space", "rfodr/follower",
			map[string]any{"woundSpaces": int64(1), "negative": "N."},
			map[string]string{"effects": "{negative} N.", "woundTrack": "wound-space"}},
		{"rfodr no wound spaces", "rfodr/follower",
			map[string]any{"woundSpaces": int64(0), "positive": "P."},
			map[string]string{"effects": "{positive} P."}},
		{"rfodr action any time, reward", "rfodr/action",
			map[string]any{"number": int64(1), "timing": "anytime", "outcomeKind": "reward"},
			map[string]string{"timingText": "USE ANY TIME IN YOUR ACTION PHASE", "outcomeLabel": "REWARD"}},
		{"rfodr action before the roll, penalty", "rfodr/action",
			map[string]any{"timing": "before-roll", "outcomeKind": "penalty"},
			map[string]string{"timingText": "USE BEFORE YOU ROLL", "outcomeLabel": "PENALTY"}},
		{"rfodr action without timing or outcome", "rfodr/action", map[string]any{"number": int64(2)}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			deck, card := rfodrCard(c.cardType, c.fields)
			got := derivedFields(nil, deck, card)
			if len(got) != len(c.want) {
				t.Errorf("fields %q, want %q", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

// Every icon a Follower's sections or wound track name is one the
// generator draws, so that none prints as its {name}.
func TestRFoDRFollowerIconsDraw(t *testing.T) {
	for _, s := range rfodrFollowerSections {
		if !icons.Has(s.Icon) {
			t.Errorf("section %s: icon %q cannot be drawn", s.Field, s.Icon)
		}
		if _, ok := schematest.Registry().Icons()[s.Icon]; !ok {
			t.Errorf("section %s: icon %q is not in the schema's icons", s.Field, s.Icon)
		}
	}
	if !icons.Has("wound-space") {
		t.Error("wound-space cannot be drawn")
	}
}

// A Trauma card's requirements are derived from requires: by the names of
// the pack's cards (L517): nothing is written twice.
func TestRFoDRTraumaRequirements(t *testing.T) {
	p := loadRFPack(t, "rfodr")
	const head = "**TO DISCARD:** mark each with a Wound token.\n"
	cases := []struct {
		name     string
		pack     *schema.Pack
		requires []any
		want     string
	}{
		{"visit and meet by name", p,
			[]any{map[string]any{"visit": "street"}, map[string]any{"meet": "trucker"}},
			head + "{wound-space} Visit the Street\n{wound-space} Meet Trucker"},
		{"unknown ids print as written", p,
			[]any{map[string]any{"visit": "moon"}, map[string]any{"meet": "nobody"}},
			head + "{wound-space} Visit the moon\n{wound-space} Meet nobody"},
		{"no pack: ids as written", nil,
			[]any{map[string]any{"meet": "trucker"}},
			head + "{wound-space} Meet trucker"},
		{"no requirements", p, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			deck, card := rfodrCard("rfodr/trauma", map[string]any{"effect": "E.", "requires": c.requires})
			if got := derivedFields(c.pack, deck, card)["requirements"]; got != c.want {
				t.Errorf("requirements = %q, want %q", got, c.want)
			}
		})
	}
}

// The bundled campaign's Trauma effects do not repeat their requirements:
// the face derives them, so the two cannot disagree.
func TestRFoDRTraumaEffectsDoNotRepeatRequirements(t *testing.T) {
	dir := filepath.Join("..", "..", "data", "run-fight-or-die-reloaded-campaign")
	p, probs := schematest.LoadPackWith(os.DirFS(dir), "run-fight-or-die-reloaded-campaign",
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("the campaign does not load: %v", probs)
	}
	cards := rfodschema.Cards(p, "rfodr/trauma")
	if len(cards) == 0 {
		t.Fatal("the campaign has no Trauma cards")
	}
	decks := rfodschema.Decks(p, "rfodr/trauma")
	for _, card := range cards {
		effect := card.Str("effect")
		got := derivedFields(p, decks[0], card)["requirements"]
		for _, line := range strings.Split(got, "\n")[1:] {
			name := line[strings.Index(line, "} ")+2:]
			if strings.Contains(strings.ToLower(effect), strings.ToLower(name)) {
				t.Errorf("%s: effect %q repeats the requirement %q", card.ID, effect, name)
			}
			if strings.Contains(name, "-") {
				t.Errorf("%s: requirement %q prints an id, not a name", card.ID, name)
			}
		}
		if strings.Contains(effect, "TO DISCARD") {
			t.Errorf("%s: effect %q writes out the requirements", card.ID, effect)
		}
	}
}

// Every bundled Trauma card sets its requirements at full size, so that
// the ring that leads each is at least 3.9 mm across, a place for a 16 mm
// Wound token's edge (L517), and ends at least 3 mm above the frame.
func TestRFoDRTraumaRequirementRings(t *testing.T) {
	const minRing, minGap = 3.9, 3.0
	dir := filepath.Join("..", "..", "data", "run-fight-or-die-reloaded-campaign")
	p, probs := schematest.LoadPackWith(os.DirFS(dir), "run-fight-or-die-reloaded-campaign",
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("the campaign does not load: %v", probs)
	}
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	tpl := p.Templates["rfodr-trauma"]
	if tpl == nil {
		t.Fatal("no rfodr-trauma template")
	}
	var frame, box *schema.Box
	for _, b := range tpl.Boxes {
		switch b.ID {
		case "frame":
			frame = b
		case "requirements-box":
			box = b
		}
	}
	if frame == nil || box == nil {
		t.Fatal("rfodr-trauma has no frame or no requirements-box")
	}
	inner := frame.Y.MM() + frame.H.MM() - frame.StrokeWidth.MM()/2
	if gap := inner - (box.Y.MM() + box.H.MM()); gap < minGap {
		t.Errorf("requirements end %.2f mm above the frame, want at least %.1f", gap, minGap)
	}
	ring := ringDiameter(t)
	for _, card := range rfodschema.Cards(p, "rfodr/trauma") {
		text := derivedFields(p, card.Deck, card)["requirements"]
		block := typeset.Layout(r.Fonts, text, typeset.StyleOf(r.Fonts, box), box.W.MM(), box.H.MM())
		if !block.Fits {
			t.Errorf("%s: the requirements do not fit: %s", card.ID, block.Overflow)
		}
		if d := ring * block.Size * draw.PtMM; d < minRing {
			t.Errorf("%s: set at %.1fpt, the rings are %.2f mm across, want at least %.1f", card.ID, block.Size, d, minRing)
		}
	}
}

// ringDiameter is the wound-space ring's outer diameter per millimetre of
// font size: the inline icon's side (0.95 em) times the share of it the
// outer circle fills.
func ringDiameter(t *testing.T) float64 {
	t.Helper()
	if !icons.Has("wound-space") {
		t.Fatal("no wound-space icon")
	}
	return 0.95 * 2 * icons.WoundSpaceRadius / 100
}
