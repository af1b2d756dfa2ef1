package rfod

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
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
	for _, sections := range [][]Section{rfodFollowerSections} {
		for _, s := range sections {
			if !icons.Has(s.Icon) {
				t.Errorf("section %s: icon %q cannot be drawn", s.Field, s.Icon)
			}
			if _, ok := schematest.Registry().Icons()[s.Icon]; !ok {
				t.Errorf("section %s: icon %q is not in the schema's icons", s.Field, s.Icon)
			}
		}
	}
	if !icons.Has("wound-space") {
		t.Error("wound-space cannot be drawn")
	}
}

// rfodPackFor is a pack whose manifest supports up to maxPlayers.
func rfodPackFor(maxPlayers int) *schema.Pack {
	s := rfodschema.Defaults()
	s.Players.Max = maxPlayers
	return &schema.Pack{Game: &schema.Game{Settings: map[string]any{rfodschema.Key: s}}}
}

// The Town Line's printed table is derived from townLine:, the table the
// checker reads (rfod/town-line-table), one line per player count the
// pack supports (L466-471, A9, A11).
func TestRFoDTownLineTable(t *testing.T) {
	rows := func(pairs ...int64) []any {
		var out []any
		for i := 0; i+1 < len(pairs); i += 2 {
			out = append(out, map[string]any{"players": pairs[i], "followers": pairs[i+1]})
		}
		return out
	}
	const base = "**2 players:** 7 Followers\n**3 players:** 9 Followers\n**4 players:** 11 Followers"
	cases := []struct {
		name     string
		pack     *schema.Pack
		townLine any
		want     string
	}{
		{"the rulebook's table, 1-4 players", rfodPackFor(4),
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11), "perPlayerOver4": int64(2)}, base},
		{"no pack: the default 1-4 players", nil,
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11), "perPlayerOver4": int64(2)}, base},
		{"rows in any order print by player count", rfodPackFor(4),
			map[string]any{"followersToEnd": rows(4, 11, 2, 7, 3, 9)}, base},
		{"the printed numbers are the data's", rfodPackFor(4),
			map[string]any{"followersToEnd": rows(2, 7, 3, 10, 4, 11)},
			"**2 players:** 7 Followers\n**3 players:** 10 Followers\n**4 players:** 11 Followers"},
		{"no row for a count the pack does not support", rfodPackFor(3),
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11), "perPlayerOver4": int64(2)},
			"**2 players:** 7 Followers\n**3 players:** 9 Followers"},
		{"counts over 4 from perPlayerOver4", rfodPackFor(6),
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11), "perPlayerOver4": int64(2)},
			base + "\n**5 players:** 13 Followers\n**6 players:** 15 Followers"},
		{"a written row over 4 wins", rfodPackFor(5),
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11, 5, 14), "perPlayerOver4": int64(2)},
			base + "\n**5 players:** 14 Followers"},
		{"over 4 without perPlayerOver4 prints no row", rfodPackFor(6),
			map[string]any{"followersToEnd": rows(2, 7, 3, 9, 4, 11)}, base},
		{"a solo row is singular", rfodPackFor(2),
			map[string]any{"followersToEnd": rows(1, 4, 2, 7)},
			"**1 player:** 4 Followers\n**2 players:** 7 Followers"},
		{"a repeated row prints once, the first", rfodPackFor(4),
			map[string]any{"followersToEnd": rows(2, 7, 2, 8)}, "**2 players:** 7 Followers"},
		{"malformed rows are skipped", rfodPackFor(4),
			map[string]any{"followersToEnd": []any{"x", map[string]any{"players": int64(2)}, map[string]any{"players": int64(3), "followers": int64(9)}}},
			"**3 players:** 9 Followers"},
		{"an empty table prints nothing", rfodPackFor(4), map[string]any{"followersToEnd": []any{}}, ""},
		{"not the Town Line", rfodPackFor(4), nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fields := map[string]any{"name": "Town Line", "text": "T."}
			if c.townLine != nil {
				fields["townLine"] = c.townLine
			}
			deck, card := rfodCard("rfod/location", fields)
			got := derivedFields(c.pack, deck, card)
			if got["townLineTable"] != c.want {
				t.Errorf("townLineTable = %q, want %q", got["townLineTable"], c.want)
			}
			if c.want == "" && got != nil {
				t.Errorf("fields %q, want none", got)
			}
		})
	}
}

// playerCount matches a player count written in a text: "3 players".
var playerCount = regexp.MustCompile(`(?i)\b\d+\s+players?\b|\bplayers? over\b`)

// The bundled Town Line's text does not repeat its table: the card prints
// the table from townLine:, so the printed numbers cannot disagree with
// the ones the checker reads.
func TestRFoDTownLineTextDoesNotRepeatTable(t *testing.T) {
	dir := filepath.Join("..", "..", "data", "run-fight-or-die")
	p, probs := schematest.LoadPackWith(os.DirFS(dir), "run-fight-or-die",
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("the pack does not load: %v", probs)
	}
	var found bool
	for _, card := range rfodschema.Cards(p, "rfod/location") {
		if !card.Has("townLine") {
			continue
		}
		found = true
		for _, field := range []string{"text", "solitaire"} {
			if err := townLineRepeatsTable(card.Str(field), derivedFields(p, card.Deck, card)["townLineTable"]); err != "" {
				t.Errorf("%s %s: %s", card.ID, field, err)
			}
		}
	}
	if !found {
		t.Fatal("the pack has no Town Line")
	}
}

// townLineRepeatsTable says how text repeats the derived table: a player
// count, or a number of Followers of the table; "" when it does not.
func townLineRepeatsTable(text, table string) string {
	if table == "" {
		return "no table is derived"
	}
	if m := playerCount.FindString(text); m != "" {
		return fmt.Sprintf("text %q writes out %q: the table prints from townLine:", text, m)
	}
	for _, line := range strings.Split(table, "\n") {
		n := strings.Fields(line[strings.Index(line, ":**")+3:])[0]
		if regexp.MustCompile(`\b` + n + `\b`).MatchString(text) {
			return fmt.Sprintf("text %q writes out the table's %s: the table prints from townLine:", text, n)
		}
	}
	return ""
}

// townLineRepeatsTable catches a text that writes out the table, in
// either form.
func TestTownLineRepeatsTable(t *testing.T) {
	table := "**2 players:** 7 Followers\n**3 players:** 9 Followers"
	for text, repeats := range map[string]bool{
		"The game ends if the Followers reach the number below.":  false,
		"The game ends: 2 players 7, 3 players 9.":                true,
		"You need 9 Followers.":                                   true,
		"2 more per player over 4.":                               true,
		"The sign says \"Now leaving Hokenville\". Add 1 zombie.": false,
	} {
		if got := townLineRepeatsTable(text, table) != ""; got != repeats {
			t.Errorf("%q: repeats = %v, want %v", text, got, repeats)
		}
	}
}

// No text of a bundled RFoD Location, the Town Line's text and table
// included, shrinks to fit its box: each is set at its box's size, as on
// the cards beside it.
func TestRFoDLocationTextsAtFullSize(t *testing.T) {
	dir := filepath.Join("..", "..", "data", "run-fight-or-die")
	p, probs := schematest.LoadPackWith(os.DirFS(dir), "run-fight-or-die",
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("the pack does not load: %v", probs)
	}
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	decks := rfodschema.Decks(p, "rfod/location")
	if len(decks) == 0 {
		t.Fatal("the pack has no Location deck")
	}
	for _, deck := range decks {
		tpl := p.Templates[deck.Template]
		if tpl == nil {
			tpl = p.Templates["rfod-location"]
		}
		for _, card := range deck.Cards {
			d := r.CardData(p, deck, card)
			for _, b := range tpl.Boxes {
				if b.Kind() != "text" || !d.Visible(b) {
					continue
				}
				block := typeset.Layout(r.Fonts, d.BoxText(b), typeset.StyleOf(r.Fonts, b), b.W.MM(), b.H.MM())
				if want := b.Size.Pt(); block.Size < want {
					t.Errorf("%s %s: set at %.1fpt, want its size %.1fpt", card.ID, b.ID, block.Size, want)
				}
			}
		}
	}
}

// The campaign's own decks, its Reference cards included, have a campaign
// back: none borrows the base game's "RELOADED" one, so that they are not
// sorted into the base game's cards.
func TestRFoDRCampaignDecksHaveCampaignBacks(t *testing.T) {
	load := func(name string) *schema.Pack {
		p, probs := schematest.LoadPackWith(os.DirFS(filepath.Join("..", "..", "data", name)), name,
			schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
		if p == nil {
			t.Fatalf("%s does not load: %v", name, probs)
		}
		return p
	}
	base := map[string]bool{}
	for _, d := range load("run-fight-or-die-reloaded").Decks() {
		base[d.ID] = true
	}
	p := load("run-fight-or-die-reloaded-campaign")
	var checked int
	for _, d := range p.Decks() {
		if base[d.ID] {
			continue
		}
		back := d.Back
		if back == "" {
			ct, _ := schematest.Registry().LookupCardType(d.CardType)
			back = ct.Back
		}
		tpl := p.Templates[back]
		if tpl == nil {
			t.Errorf("deck %s: no back template %q", d.ID, back)
			continue
		}
		checked++
		var texts []string
		for _, b := range tpl.Boxes {
			texts = append(texts, b.Text)
		}
		if all := strings.Join(texts, " "); !strings.Contains(all, "CAMPAIGN") || strings.Contains(all, "RELOADED") {
			t.Errorf("deck %s: back %s says %q, want a campaign back", d.ID, back, all)
		}
	}
	if checked == 0 {
		t.Fatal("the campaign has no decks of its own")
	}
}
