package schema

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

const baseManifest = `kind: Game
id: base
title: Base
system: generic
components:
  - {id: cards, name: Cards, expected: 3}
`

const baseDeck = `kind: Deck
id: cards
name: The cards
component: cards
cardType: generic
cards:
  - {id: a, text: "A"}
  - {id: b, text: "B"}
  - {id: c, text: "C"}
`

// loadOver loads a pack that extends the base pack above, with the given
// deck file.
func loadOver(t *testing.T, deck string) (*Pack, []Problem) {
	t.Helper()
	base := fstest.MapFS{"game.yaml": {Data: []byte(baseManifest)}, "cards.yaml": {Data: []byte(baseDeck)}}
	over := fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: over\ntitle: Over\nsystem: generic\nextends: base\n")},
		"cards.yaml": {Data: []byte(deck)},
	}
	return LoadPackWith(over, "over", LoadOptions{Registry: testRegistry(), Base: func(name string) (fs.FS, bool) { return base, name == "base" }})
}

func cardSummary(d *Deck) string {
	var parts []string
	for _, c := range d.Cards {
		parts = append(parts, c.ID+"="+c.Str("text"))
	}
	return strings.Join(parts, " ")
}

func TestDeckOverlayMergesCardsByID(t *testing.T) {
	cases := []struct {
		name, deck, want, problem string
	}{
		{"replace one", "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: b, text: \"new B\"}\n", "a=A b=new B c=C", ""},
		{"remove one", "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: a, remove: true}\n", "b=B c=C", ""},
		{"add one", "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: d, text: D}\n", "a=A b=B c=C d=D", ""},
		{"all three", "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: d, text: D}\n  - {id: c, remove: true}\n  - {id: a, text: \"new A\"}\n",
			"a=new A b=B d=D", ""},
		{"remove unknown", "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: bb, remove: true}\n", "a=A b=B c=C",
			`card "bb" is marked remove: true, but deck "cards" of the extended pack has no card of that id`},
		{"another deck", "kind: Deck\nid: more\ncardType: generic\ncards:\n  - {id: z, remove: true}\n", "a=A b=B c=C",
			`overlays no deck of an extended pack`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, probs := loadOver(t, c.deck)
			if p == nil {
				t.Fatalf("no pack: %v", probs)
			}
			d := p.Decks()[0]
			if got := cardSummary(d); got != c.want {
				t.Errorf("cards %q, want %q", got, c.want)
			}
			if d.Name != "The cards" || d.Component != "cards" {
				t.Errorf("deck fields not inherited: name %q component %q", d.Name, d.Component)
			}
			for _, card := range d.Cards {
				if card.Deck != d {
					t.Errorf("card %s belongs to another deck", card.ID)
				}
			}
			if c.problem == "" {
				if len(probs) > 0 {
					t.Fatalf("unexpected problems: %v", probs)
				}
				return
			}
			if len(probs) != 1 || !strings.Contains(probs[0].Message, c.problem) || probs[0].Pos.Line == 0 {
				t.Fatalf("problems %v, want one positioned %q", probs, c.problem)
			}
		})
	}
}

func TestOutputPlanCollisions(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml":  {Data: []byte(manifest)},
		"deck.yaml":  {Data: []byte("kind: Deck\nid: components\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a}\n")},
		"deck2.yaml": {Data: []byte("kind: Deck\nid: calibration\ncardType: generic\ncards:\n  - {id: b}\n")},
	}
	p, probs := LoadPack(fsys, "p", testRegistry())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	cs := Collisions(OutputPlan(p))
	if len(cs) != 1 || cs[0].Path != "calibration.pdf" || cs[0].First.Element != nil || cs[0].Then.Element.ElementID() != "calibration" {
		t.Fatalf("collisions %+v, want calibration.pdf against the kit's file", cs)
	}
}

func TestComposedSchemasListRegisteredTypes(t *testing.T) {
	files, err := testRegistry().SchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	deck, tmpl := string(files["deck.schema.json"]), string(files["templates.schema.json"])
	for _, name := range testRegistry().CardTypeNames() {
		if !strings.Contains(deck, `"`+name+`"`) {
			t.Errorf("deck schema lacks card type %s", name)
		}
	}
	for _, bt := range testRegistry().BoxTypes() {
		if !strings.Contains(tmpl, `"`+bt+`"`) {
			t.Errorf("template schema lacks box type %s", bt)
		}
	}
}

func TestDecoderShapeProblems(t *testing.T) {
	cases := []struct {
		name, file, src, msg string
		line, col            int
	}{
		{"sheet block with two kinds", "aid.yaml", "kind: Sheet\nid: aid\nsize: poker\nfront:\n  - heading: A\n    paragraph: B\n",
			"a block holds one of heading, paragraph, bullets, table or break; this one has heading and paragraph", 5, 5},
		{"removal with more fields", "deck.yaml", "kind: Deck\nid: d\ncardType: generic\ncards:\n  - {id: a, remove: true, count: 2, name: A}\n",
			`card "a" is marked remove: true, which takes only its id; it also has count, name`, 5, 21},
		{"removal in a pack that extends nothing", "deck.yaml", "kind: Deck\nid: d\ncardType: generic\ncards:\n  - {id: a, remove: true}\n",
			`deck "d" overlays no deck of an extended pack`, 5, 21},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}, c.file: {Data: []byte(c.src)}}
			_, probs := LoadPack(fsys, "p", testRegistry())
			for _, p := range probs {
				if strings.Contains(p.Message, c.msg) {
					if p.Pos.Line != c.line || p.Pos.Col != c.col {
						t.Errorf("at %v, want line %d col %d", p.Pos, c.line, c.col)
					}
					return
				}
			}
			t.Fatalf("no problem %q in %v", c.msg, probs)
		})
	}
}
