package schema

import (
	"strings"
	"testing"
	"testing/fstest"
)

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
			_, probs := LoadPack(fsys, "p")
			var got []Problem
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

// TestForeignCardTypeSuggestsOwnKind: the hint names the pack's own card
// type of the same kind.
func TestForeignCardTypeSuggestsOwnKind(t *testing.T) {
	tests := []struct{ cardType, system, want string }{
		{"rfod/follower", RFoDReloadedSystem, "did you mean rfodr/follower? "},
		{"rfodr/location", RFoDSystem, "did you mean rfod/location? "},
		{"rfyl/blood", "generic", "use one of those card types"},
	}
	for _, tc := range tests {
		_, hint, ok := Bundled().ForeignCardType("d", tc.cardType, tc.system)
		if !ok || !strings.HasPrefix(hint, tc.want) {
			t.Errorf("%s in %s: hint %q (ok %v), want it to begin %q", tc.cardType, tc.system, hint, ok, tc.want)
		}
	}
	if _, _, ok := Bundled().ForeignCardType("d", "generic", RFoDSystem); ok {
		t.Error("generic is every game's card type")
	}
}
