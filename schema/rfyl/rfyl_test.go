package rfyl_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// manifest is a generic pack's manifest.
const manifest = `kind: Game
id: t
title: T
system: generic
components:
  - id: cards
    name: Cards
    expected: 1
`

const rfylManifest = "kind: Game\nid: t\ntitle: T\nsystem: run-for-your-life\ncomponents:\n  - {id: cards, name: Cards, expected: 1}\n"

// loadOne loads a pack with one content file and returns the problems.
func loadOne(t *testing.T, game, name, src string) []schema.Problem {
	t.Helper()
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(game)}}
	if name != "" {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	_, probs := schematest.LoadPack(fsys, "p")
	return probs
}

// jargon matches what a schema message must not show: regular
// expressions, JSON Schema keywords and JSON type names.
var jargon = regexp.MustCompile(`\^|\$|\\|pattern|minLength|maxLength|minimum|maximum|anyOf|oneOf|allOf|additional|propert|'|\bgot\b|\bwant\b|\bstring\b|\binteger\b|\bobject\b|\barray\b`)

// TestSchemaMessagesInPlainWords: the schema errors of Run For Your Life's
// cards say what is allowed, in plain words.
func TestSchemaMessagesInPlainWords(t *testing.T) {
	cases := []struct {
		name, game, file, src string
		line, col             int
		msg, hint             string
	}{
		{"wrong type", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/determination\ncards:\n  - id: a\n    value: high\n", 6, 12,
			"value must be a whole number, not text", ""},
		{"enum with a typo", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/blood\ncards:\n  - id: a\n    countdown: 1\n    result: infectd\n", 7, 13,
			`result must be one of infected, clean, not "infectd"`, `did you mean "infected"? fix the spelling`},
		{"too long", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/event\ncards:\n  - id: a\n    name: " + strings.Repeat("x", 41) + "\n    icons: [blood]\n    text: t\n", 6, 11,
			"name is 41 characters long; at most 40 are allowed", ""},
		{"empty list", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/event\ncards:\n  - id: a\n    name: A\n    icons: []\n    text: t\n", 7, 12,
			"icons has 0 items; at least 1 item needed", ""},
		{"list item type", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/event\ncards:\n  - id: a\n    name: A\n    icons: [blood, 3]\n    text: t\n", 7, 20,
			"item 2 of icons must be text, not a number", ""},
		{"unknown deck setting of the deck's card type", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/blood\ndroptrack: 2\ncards: []\n", 4, 1,
			`unknown field "droptrack"`, `did you mean "dropTrack"? fix the spelling`},
		{"an unknown card type is one finding, not one more per setting", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/bloood\ndropTrack: 2\ncards: []\n", 3, 11,
			`cardType must be one of generic, justrun/card, justrun/scenario, rfod/event, rfod/fleeing, rfod/follower, rfod/location, rfod/loot, rfod/mutant, rfodr/action, rfodr/experience, rfodr/follower, rfodr/location, rfodr/loot, rfodr/mutant, rfodr/reference, rfodr/supply-cache, rfodr/trauma, rfodr/upgrade, rfyl/blood, rfyl/determination, rfyl/event, run/backup, run/rank, not "rfyl/bloood"`, `did you mean "rfyl/blood"? fix the spelling`},
		{"a bad card leaves the deck settings known", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/blood\ndropTrack: 2\ncards:\n  - {id: a, countdown: 1, result: clen}\n", 6, 35,
			`result must be one of infected, clean, not "clen"`, `did you mean "clean"? fix the spelling`},
		{"unknown card field", rfylManifest, "d.yaml", "kind: Deck\nid: d\ncardType: rfyl/blood\ncards:\n  - id: a\n    countdown: 1\n    result: clean\n    txt: x\n", 8, 5,
			`unknown field "txt"`, `did you mean "text"? fix the spelling`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			probs := loadOne(t, c.game, c.file, c.src)
			want := schema.Pos{File: "p/" + c.file, Line: c.line, Col: c.col}
			if len(probs) != 1 || probs[0].Pos != want || probs[0].Message != c.msg {
				t.Fatalf("got %v\nwant %v: schema/invalid: %s", probs, want, c.msg)
			}
			if !strings.Contains(probs[0].Hint, c.hint) {
				t.Errorf("hint %q, want %q", probs[0].Hint, c.hint)
			}
			if m := jargon.FindString(probs[0].Message); m != "" {
				t.Errorf("message %q shows %q", probs[0].Message, m)
			}
		})
	}
}

func TestLoadPackSchemaProblemsArePositioned(t *testing.T) {
	cases := []struct {
		name, deck, msg string
		line, col       int
	}{
		{"wrong type", "kind: Deck\nid: d\ncardType: rfyl/determination\ncards:\n  - id: a\n    value: high\n", "value", 6, 12},
		{"missing field", "kind: Deck\nid: d\ncardType: rfyl/event\ncards:\n  - id: a\n    name: A\n    icons: [blood]\n", `missing required field "text"`, 5, 5},
		{"unknown card field", "kind: Deck\nid: d\ncardType: rfyl/blood\ncards:\n  - id: a\n    countdown: 1\n    result: clean\n    infected: true\n", `unknown field "infected"`, 8, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range loadOne(t, rfylManifest, "deck.yaml", c.deck) {
				if strings.Contains(p.Message, c.msg) {
					if p.Pos.File != "p/deck.yaml" || p.Pos.Line != c.line || p.Pos.Col != c.col {
						t.Errorf("%q at %v, want p/deck.yaml:%d:%d", c.msg, p.Pos, c.line, c.col)
					}
					return
				}
			}
			t.Errorf("no problem with %q", c.msg)
		})
	}
}

// TestForeignCardTypeIsOneProblem: a deck whose card type is another
// game's gets one deck/card-type problem at cardType: instead of a schema
// problem per card, and a deck of the pack's own card type keeps its
// schema problems.
func TestForeignCardTypeIsOneProblem(t *testing.T) {
	deck := "kind: Deck\nid: d\ncardType: rfyl/blood\ncards:\n  - {id: a, count: 1, text: A}\n  - {id: b, count: 1, text: B}\n"
	cases := []struct {
		name, system, rule, hint string
		n, line, col             int
	}{
		{"other game", "generic", "deck/card-type", "use one of those card types", 1, 3, 11},
		{"own game", "run-for-your-life", "schema/invalid", "", 4, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"game.yaml": {Data: []byte(strings.Replace(manifest, "system: generic", "system: "+c.system, 1))},
				"deck.yaml": {Data: []byte(deck)},
			}
			_, probs := schematest.LoadPack(fsys, "p")
			var got []schema.Problem
			for _, p := range probs {
				if p.Pos.File == "p/deck.yaml" {
					got = append(got, p)
				}
			}
			if len(got) != c.n {
				t.Fatalf("%d problems in deck.yaml, want %d: %v", len(got), c.n, got)
			}
			for _, p := range got {
				if p.Rule != c.rule {
					t.Errorf("rule %s, want %s: %v", p.Rule, c.rule, p)
				}
			}
			if c.line > 0 && (got[0].Pos.Line != c.line || got[0].Pos.Col != c.col || !strings.Contains(got[0].Hint, c.hint)) {
				t.Errorf("got %v (hint %q), want line %d:%d with a hint of %q", got[0], got[0].Hint, c.line, c.col, c.hint)
			}
		})
	}
}

// TestForeignCardTypeHint: another game's card type is named with the
// pack's own card types.
func TestForeignCardTypeHint(t *testing.T) {
	_, hint, ok := schematest.Registry().ForeignCardType("d", "rfyl/blood", "generic")
	if !ok || !strings.HasPrefix(hint, "use one of those card types") {
		t.Errorf("hint %q (ok %v)", hint, ok)
	}
}

// TestDeckSides: a deck of a card type of the game takes its default
// templates, unless it names its own.
func TestDeckSides(t *testing.T) {
	cases := []struct {
		deck, face, back, description string
	}{
		{"cardType: rfyl/event", "rfyl-event", "rfyl-event-back", "card type defaults"},
		{"cardType: rfyl/blood\ntemplate: mine", "mine", "rfyl-blood-back", "own face"},
	}
	for _, tc := range cases {
		p, _ := schematest.LoadPack(fstest.MapFS{
			"game.yaml": {Data: []byte(rfylManifest)},
			"deck.yaml": {Data: []byte("kind: Deck\nid: d\n" + tc.deck + "\ncards: []\n")},
		}, "p")
		if p == nil || len(p.Decks()) != 1 {
			t.Fatalf("%s: no deck", tc.description)
		}
		if face, back := p.Decks()[0].Sides(); face != tc.face || back != tc.back {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.description, face, back, tc.face, tc.back)
		}
	}
}

// TestDeckOverlayOfAnotherCardType: a deck that overlays one of another
// card type is one positioned problem, and the base's cards stay.
func TestDeckOverlayOfAnotherCardType(t *testing.T) {
	base := fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: base\ntitle: Base\nsystem: generic\ncomponents:\n  - {id: cards, name: Cards, expected: 3}\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\nname: The cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, text: \"A\"}\n  - {id: b, text: \"B\"}\n  - {id: c, text: \"C\"}\n")},
	}
	over := fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: over\ntitle: Over\nsystem: generic\nextends: base\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncardType: rfyl/determination\ncards:\n  - {id: a, value: 3}\n")},
	}
	p, probs := schematest.LoadPackWith(over, "over", schema.LoadOptions{Base: func(name string) (fs.FS, bool) { return base, name == "base" }})
	if p == nil {
		t.Fatalf("no pack: %v", probs)
	}
	var parts []string
	for _, c := range p.Decks()[0].Cards {
		parts = append(parts, c.ID+"="+c.Str("text"))
	}
	if got := strings.Join(parts, " "); got != "a= b=B c=C" {
		t.Errorf("cards %q, want %q", got, "a= b=B c=C")
	}
	if len(probs) != 1 || !strings.Contains(probs[0].Message, `must have that card type, not "rfyl/determination"`) || probs[0].Pos.Line == 0 {
		t.Fatalf("problems %v", probs)
	}
}

// TestComposedDeckSchema: the deck schema composes the blood deck's
// settings.
func TestComposedDeckSchema(t *testing.T) {
	files, err := schematest.Registry().SchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files["deck.schema.json"]), "rfyl.schema.json#/$defs/bloodDeck") {
		t.Error("deck schema does not compose the blood deck's settings")
	}
}
