package validate_test

import (
	"fmt"
	"io/fs"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// smallDeck is a generic deck of one card (poker size unless size is set)
// that may print with another deck.
func smallDeck(id, size, printWith string) string {
	s := fmt.Sprintf("kind: Deck\nid: %s\ncardType: generic\n", id)
	if size != "" {
		s += "size: " + size + "\n"
	}
	if printWith != "" {
		s += "printWith: " + printWith + "\n"
	}
	return s + fmt.Sprintf("cards:\n  - {id: %s-card, text: \"Nothing happens.\"}\n", id)
}

func deckPrintCases() []ruleCase {
	const rule = validate.RuleDeckPrintWith
	err := validate.Error
	return []ruleCase{
		{rule: rule, name: "quiet-same-size", files: genericPack("a.yaml", smallDeck("extras", "", "cards"), "b.yaml", smallDeck("more", "poker", "cards"))},
		{rule: rule, name: "quiet-no-print-with", files: genericPack("a.yaml", smallDeck("extras", "tarot", ""))},
		{rule: rule, name: "fires-unknown", files: genericPack("a.yaml", smallDeck("extras", "", "crads")),
			want: []want{{file: "a.yaml", at: "printWith: |crads", sev: err, hint: []string{`did you mean "cards"? fix the spelling`},
				exact: `deck "extras" prints with "crads", which is not a deck of this pack`}}},
		// "minis" is nearer, but of another size: only a deck the rule
		// would accept is suggested.
		{rule: rule, name: "fires-unknown-suggests-a-valid-host", files: genericPack("a.yaml", smallDeck("extras", "", "minnis"), "b.yaml", smallDeck("minis", "mini", ""), "c.yaml", smallDeck("minus", "", "")),
			want: []want{{file: "a.yaml", at: "printWith: |minnis", sev: err, hint: []string{`did you mean "minus"? fix the spelling`},
				exact: `deck "extras" prints with "minnis", which is not a deck of this pack`}}},
		{rule: rule, name: "fires-itself", files: genericPack("a.yaml", smallDeck("extras", "", "extras")),
			want: []want{{file: "a.yaml", at: "printWith: |extras", sev: err, hint: []string{"remove printWith:"},
				exact: `deck "extras" prints with itself`}}},
		{rule: rule, name: "fires-host-not-printed", files: genericPack("a.yaml", smallDeck("extras", "", "blank"), "b.yaml", "kind: Deck\nid: blank\ncardType: generic\ncards: []\n"),
			want: []want{{file: "a.yaml", at: "printWith: |blank", sev: err, related: 1, hint: []string{"print with a deck that is printed"},
				exact: `deck "extras" prints with "blank", which the build does not print (it has no cards, or its component is marked printed: false): its cards would print nowhere`}}},
		{rule: rule, name: "fires-chain", files: genericPack("a.yaml", smallDeck("extras", "", "cards"), "b.yaml", smallDeck("more", "", "extras")),
			want: []want{{file: "b.yaml", at: "printWith: |extras", sev: err, related: 1, hint: []string{`print with "cards" directly`},
				exact: `deck "more" prints with "extras", which itself prints with "cards"`}}},
		{rule: rule, name: "fires-other-size", files: genericPack("a.yaml", smallDeck("extras", "mini", "cards")),
			want: []want{{file: "a.yaml", at: "printWith: |cards", sev: err, related: 1, hint: []string{"only decks of one card size share sheets"},
				exact: `deck "extras" cannot print with "cards": its cards are 44x67mm and those of "cards" 63.5x88.9mm`}}},
		{rule: rule, name: "fires-other-size-host-sized", files: genericPack("a.yaml", smallDeck("extras", "", "minis"), "b.yaml", smallDeck("minis", "mini", "")),
			want: []want{{file: "a.yaml", at: "printWith: |minis", sev: err, related: 1,
				exact: `deck "extras" cannot print with "minis": its cards are 63.5x88.9mm and those of "minis" 44x67mm`}}},
	}
}

// extendingPack loads own over a bundled-style base pack held in memory
// (its decks "cards" and "base-extras") and validates it.
func extendingPack(t *testing.T, own files) []validate.Diagnostic {
	t.Helper()
	base := genericPack("extras.yaml", smallDeck("base-extras", "", "cards")).fs()
	p, probs := schematest.LoadPackWith(own.fs(), packRoot, schema.LoadOptions{
		Base: func(name string) (fs.FS, bool) { return base, name == "base" },
	})
	if p == nil {
		t.Fatalf("the pack does not load: %v", probs)
	}
	return validate.Pack(p, probs, withGames(validate.Options{}))
}

// TestDeckPrintWithExtendedPack: a deck prints with a deck of its own pack,
// and with a deck it overlays, but not with a deck of the pack it extends
// (whose PDFs would change under those who printed them); the base pack's
// own printWith: stands.
func TestDeckPrintWithExtendedPack(t *testing.T) {
	manifest := gameYAML("generic", "extends: base\ncomponents:\n  - {id: cards, name: Cards, expected: 3}\n")
	cases := []struct {
		name  string
		files files
		want  string // the message, or "" for none
		at    string
	}{
		{name: "quiet-own-host", files: files{"game.yaml": manifest,
			"mine.yaml": smallDeck("mine", "", "mine-host"), "host.yaml": smallDeck("mine-host", "", "")}},
		{name: "quiet-overlaid-host", files: files{"game.yaml": manifest,
			"mine.yaml": smallDeck("mine", "", "cards"), "cards.yaml": "kind: Deck\nid: cards\ncardType: generic\ncards: []\n"}},
		{name: "quiet-base-only", files: files{"game.yaml": manifest}},
		{name: "fires-base-host", files: files{"game.yaml": manifest, "mine.yaml": smallDeck("mine", "", "cards")},
			want: `deck "mine" prints with "cards", a deck of the extended pack "base": a deck prints only with a deck of its own pack, so that the extended pack's PDFs stay as they were printed`,
			at:   "printWith: |cards"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ofRule(extendingPack(t, c.files), validate.RuleDeckPrintWith)
			if c.want == "" {
				if len(got) != 0 {
					t.Fatalf("want no %s, got:\n%s", validate.RuleDeckPrintWith, dump(got))
				}
				return
			}
			assertDiags(t, c.files, validate.RuleDeckPrintWith, got,
				[]want{{file: "mine.yaml", at: c.at, sev: validate.Error, exact: c.want, related: 1, hint: []string{"name a deck of this pack"}}})
		})
	}
}

// TestDeckCountNamesWhereCopiesAre: a deck that overlays one of the
// extended pack and only removes a card counts the extended pack's cards;
// deck/count says they are there and that the overlay adds none.
func TestDeckCountNamesWhereCopiesAre(t *testing.T) {
	manifest := gameYAML("generic", "extends: base\n")
	cases := []struct {
		name  string
		files files
		want  string // the message, or "" for none
	}{
		{name: "quiet-overlay-replacing-a-card", files: files{"game.yaml": manifest,
			"cards.yaml": "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: card-b, text: \"Run.\"}\n"}},
		{name: "fires-overlay-only-removing", files: files{"game.yaml": manifest,
			"cards.yaml": "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: card-b, remove: true}\n"},
			want: `component "cards" expects 3 copies but the pack has 2 (2 in base/cards.yaml, pack/cards.yaml removes 1 and adds none)`},
		{name: "fires-overlay-removing-and-adding", files: files{"game.yaml": manifest,
			"cards.yaml": "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: card-b, remove: true}\n  - {id: card-x, count: 3, text: \"X.\"}\n"},
			want: `component "cards" expects 3 copies but the pack has 5 (3 in pack/cards.yaml, which also removes 1, 2 in base/cards.yaml)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ofRule(extendingPack(t, c.files), "deck/count")
			if c.want == "" {
				if len(got) != 0 {
					t.Fatalf("want no deck/count, got:\n%s", dump(got))
				}
				return
			}
			assertDiags(t, c.files, "deck/count", got, []want{{file: "cards.yaml", at: "id: |cards", sev: validate.Error, exact: c.want}})
		})
	}
}
