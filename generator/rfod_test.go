package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
)

// rfodCard is a card of a deck of the card type with the given fields.
func rfodCard(cardType string, fields map[string]any) (*schema.Deck, *schema.Card) {
	deck := &schema.Deck{CardType: cardType}
	return deck, &schema.Card{ID: "c", Count: 1, Deck: deck, Fields: fields}
}

// A Follower's sections flow top-down in the rulebook's order, each a
// paragraph led by its icon, whichever of them the card has.
func TestRFoDFollowerSections(t *testing.T) {
	cases := []struct {
		name     string
		cardType string
		fields   map[string]any
		want     map[string]string
	}{
		{"rfod penalty only", "rfod/follower",
			map[string]any{"vp": int64(3), "penalty": "Lose a reroll."},
			map[string]string{"abilities": "{penalty} **PENALTY:** Lose a reroll."}},
		{"rfod in rulebook order", "rfod/follower",
			map[string]any{"special": "S.", "solitaire": "Solo.", "penalty": "P.", "bonus": "B."},
			map[string]string{"abilities": "{bonus} **BONUS:** B.\n{penalty} **PENALTY:** P.\n{special} **SPECIAL:** S.\n{solitaire} **SOLITAIRE:** Solo."}},
		{"rfod blank text is no section", "rfod/follower",
			map[string]any{"bonus": "  ", "special": "S."},
			map[string]string{"abilities": "{special} **SPECIAL:** S."}},
		{"rfod no text", "rfod/follower", map[string]any{"vp": int64(1)}, nil},
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
			deck, card := rfodCard(c.cardType, c.fields)
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
func TestRFoDFollowerIconsDraw(t *testing.T) {
	for _, sections := range [][]rfodSection{rfodFollowerSections, rfodrFollowerSections} {
		for _, s := range sections {
			if !HasIcon(s.icon) {
				t.Errorf("section %s: icon %q cannot be drawn", s.field, s.icon)
			}
			if _, ok := schema.Icons[s.icon]; !ok {
				t.Errorf("section %s: icon %q is not in the schema's icons", s.field, s.icon)
			}
		}
	}
	if !HasIcon("wound-space") {
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
			deck, card := rfodCard("rfodr/trauma", map[string]any{"effect": "E.", "requires": c.requires})
			if got := derivedFields(c.pack, deck, card)["requirements"]; got != c.want {
				t.Errorf("requirements = %q, want %q", got, c.want)
			}
		})
	}
}

// The bundled campaign's Trauma effects do not repeat their requirements:
// the face derives them, so the two cannot disagree.
func TestRFoDRTraumaEffectsDoNotRepeatRequirements(t *testing.T) {
	dir := filepath.Join("..", "data", "run-fight-or-die-reloaded-campaign")
	p, probs := schema.LoadPackWith(os.DirFS(dir), "run-fight-or-die-reloaded-campaign",
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("the campaign does not load: %v", probs)
	}
	cards := p.RFoDCards("rfodr/trauma")
	if len(cards) == 0 {
		t.Fatal("the campaign has no Trauma cards")
	}
	decks := p.RFoDDecks("rfodr/trauma")
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
