package schema

import (
	"strings"
	"testing"
	"testing/fstest"
)

const manifest = `kind: Game
id: t
title: T
system: generic
components:
  - id: cards
    name: Cards
    expected: 1
`

func TestLoadPackSchemaProblemsArePositioned(t *testing.T) {
	cases := []struct {
		name, deck, msg string
		line, col       int
	}{
		{"unknown field", "kind: Deck\nid: d\ncardType: generic\ncards: []\ncolour: red\n", `unknown field "colour"`, 5, 1},
		{"wrong type", "kind: Deck\nid: d\ncardType: rfyl/determination\ncards:\n  - id: a\n    value: high\n", "value", 6, 12},
		{"missing field", "kind: Deck\nid: d\ncardType: rfyl/event\ncards:\n  - id: a\n    name: A\n    icons: [blood]\n", `missing required field "text"`, 5, 5},
		{"unknown kind", "kind: Dek\nid: d\n", `unknown kind "Dek"`, 1, 7},
		{"unknown card field", "kind: Deck\nid: d\ncardType: rfyl/blood\ncards:\n  - id: a\n    countdown: 1\n    result: clean\n    infected: true\n", `unknown field "infected"`, 8, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"game.yaml": {Data: []byte(manifest)},
				"deck.yaml": {Data: []byte(c.deck)},
			}
			_, probs := LoadPack(fsys, "p")
			for _, p := range probs {
				if strings.Contains(p.Message, c.msg) {
					if p.Pos.File != "p/deck.yaml" || p.Pos.Line != c.line || p.Pos.Col != c.col {
						t.Errorf("%q at %v, want p/deck.yaml:%d:%d", c.msg, p.Pos, c.line, c.col)
					}
					return
				}
			}
			t.Errorf("no problem with %q in %v", c.msg, probs)
		})
	}
}

func TestLoadPackReadsBundledShape(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n  - id: a\n    name: A\n    cost: 3\n")},
	}
	p, probs := LoadPack(fsys, "")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if len(p.Decks()) != 1 || p.Decks()[0].Total() != 1 {
		t.Fatalf("decks: %+v", p.Decks())
	}
	c := p.Decks()[0].Cards[0]
	if c.Str("name") != "A" || c.Str("cost") != "3" {
		t.Errorf("fields: %v", c.Fields)
	}
	if got := c.FieldRef("cost").Pos(); got.Line != 8 || got.Col != 11 {
		t.Errorf("cost at %v", got)
	}
	if _, ok := p.Templates["generic"]; !ok {
		t.Error("built-in templates missing")
	}
}

func TestLoadPackMissingManifest(t *testing.T) {
	p, probs := LoadPack(fstest.MapFS{}, "empty")
	if p != nil || len(probs) == 0 || probs[0].Rule != "pack/missing-file" || probs[0].Pos.File != "empty/game.yaml" {
		t.Fatalf("got %v, %v", p, probs)
	}
}

func TestTemplatesExtend(t *testing.T) {
	tpl := `kind: Templates
templates:
  - id: generic
    extends: generic
    boxes:
      - id: name
        color: "#ff0000"
  - id: mine
    extends: generic
    background: "#000000"
    boxes:
      - id: extra
        text: hi
  - id: loop-a
    extends: loop-b
  - id: loop-b
    extends: loop-a
  - id: orphan
    extends: nothing
`
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}, "t.yaml": {Data: []byte(tpl)}}
	p, probs := LoadPack(fsys, "")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	g := p.Templates["generic"]
	if g.Unresolved != "" || g.Boxes[1].ID != "name" || g.Boxes[1].Color != "#ff0000" || g.Boxes[1].Font != "bold" {
		t.Errorf("override of the built-in generic lost fields: %+v", g.Boxes[1])
	}
	m := p.Templates["mine"]
	if m.Background != "#000000" || m.Boxes[len(m.Boxes)-1].ID != "extra" || m.Boxes[1].Color != "#ff0000" {
		t.Errorf("mine = %+v", m)
	}
	if size, ok := m.TrimSize(); !ok || size.W != 63.5 {
		t.Errorf("size not inherited: %v", size)
	}
	if !p.Templates["loop-a"].Cycle || p.Templates["orphan"].Unresolved != "nothing" {
		t.Error("cycle or missing parent not recorded")
	}
	if m.Boxes[len(m.Boxes)-1].Ref.Pos().File != "t.yaml" {
		t.Errorf("box ref %v", m.Boxes[len(m.Boxes)-1].Ref.Pos())
	}
}

func TestCustomSizeNeedsWidthAndHeight(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: 50mm\ncards: []\n")},
	}
	_, probs := LoadPack(fsys, "")
	if len(probs) != 1 || !strings.Contains(probs[0].Message, `missing required field "height"`) {
		t.Fatalf("got %v", probs)
	}
	fsys["deck.yaml"] = &fstest.MapFile{Data: []byte("kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: 50mm\nheight: 70mm\ncards: []\n")}
	if _, probs := LoadPack(fsys, ""); len(probs) != 0 {
		t.Fatalf("got %v", probs)
	}
}

func TestDeckSides(t *testing.T) {
	cases := []struct {
		deck        Deck
		face, back  string
		description string
	}{
		{Deck{CardType: "generic"}, "generic", "generic-back", "generic defaults"},
		{Deck{CardType: "rfyl/event"}, "rfyl-event", "rfyl-event-back", "card type defaults"},
		{Deck{CardType: "rfyl/blood", Template: "mine"}, "mine", "rfyl-blood-back", "own face"},
		{Deck{CardType: "generic", Back: "plain"}, "generic", "plain", "own back"},
		{Deck{}, "", "", "no card type"},
	}
	for _, tc := range cases {
		face, back := tc.deck.Sides()
		if face != tc.face || back != tc.back {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.description, face, back, tc.face, tc.back)
		}
	}
}
