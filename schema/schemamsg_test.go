package schema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// jargon matches what a schema message must not show: regular
// expressions, JSON Schema keywords and JSON type names.
var jargon = regexp.MustCompile(`\^|\$|\\|pattern|minLength|maxLength|minimum|maximum|anyOf|oneOf|allOf|additional|propert|'|\bgot\b|\bwant\b|\bstring\b|\binteger\b|\bobject\b|\barray\b`)

// loadDeck loads a generic pack with one content file and returns the
// problems.
// deckHead starts a generic deck whose cards the cases below write.
const deckHead = "kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n"

func loadOne(t *testing.T, game, name, src string) []Problem {
	t.Helper()
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(game)}}
	if name != "" {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	_, probs := LoadPackWith(fsys, "p", LoadOptions{Registry: testRegistry()})
	return probs
}

// TestSchemaMessagesInPlainWords: schema errors say what is allowed, with
// no regex or JSON Schema words, and suggest the closest field or value.
func TestSchemaMessagesInPlainWords(t *testing.T) {
	cases := []struct {
		name, game, file, src string
		line, col             int
		msg, hint             string
	}{
		{"id pattern", manifest, "d.yaml", "kind: Deck\nid: Bad_ID\ncardType: generic\ncards: []\n", 2, 5,
			`id "Bad_ID" must be lower-case letters, digits and hyphens, starting with a letter or digit (e.g. my-deck-2)`, ""},
		{"length pattern", manifest, "d.yaml", "kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: 63 mm\nheight: 88mm\ncards: []\n", 5, 8,
			`width "63 mm" must be a length with a unit: mm, cm, in or pt (e.g. 63mm, 2.5in)`, ""},
		{"negative length", manifest, "d.yaml", "kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: -5mm\nheight: 88mm\ncards: []\n", 5, 8,
			`width "-5mm" must not be negative`, ""},
		{"colour pattern", manifest, "t.yaml", "kind: Templates\ntemplates:\n  - id: x\n    background: red\n", 4, 17,
			`background "red" must be a colour written #rgb or #rrggbb (e.g. #c00 or #cc0000)`, ""},
		{"below the minimum", manifest, "d.yaml", "kind: Deck\nid: d\ncardType: generic\ncards:\n  - id: a\n    count: -1\n", 6, 12,
			"count is -1; the smallest allowed is 0", ""},
		{"one of several types", manifest, "d.yaml", "kind: Deck\nid: d\ncardType: generic\ncards:\n  - id: a\n    extra: {x: 1}\n", 6, 12,
			"extra must be text, a number or a list, not a mapping of fields", ""},
		{"the matching alternative's problem", manifest, "d.yaml", "kind: Deck\nid: d\ncardType: generic\ncards:\n  - id: a\n    extra: " + strings.Repeat("y", 2001) + "\n", 6, 12,
			"extra is 2001 characters long; at most 2000 are allowed", ""},
		{"unknown key under print", manifest + "print:\n  dupex: long\n", "", "", 10, 3,
			`unknown field "dupex"`, `did you mean "duplex"? fix the spelling`},
		{"unknown kind", manifest, "d.yaml", "kind: Dek\nid: d\n", 1, 7, `unknown kind "Dek"`, `did you mean "Deck"? fix the spelling`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			probs := loadOne(t, c.game, c.file, c.src)
			file := "p/" + c.file
			if c.file == "" {
				file = "p/game.yaml"
			}
			want := Pos{File: file, Line: c.line, Col: c.col}
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

// TestEveryPatternHasWords: each pattern of the embedded schemas has a
// plain description, so no message ever shows a regular expression.
func TestEveryPatternHasWords(t *testing.T) {
	files, err := testRegistry().SchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	n := 0
	walk = func(v any) {
		switch t2 := v.(type) {
		case map[string]any:
			if p, ok := t2["pattern"].(string); ok {
				n++
				if patternText[p] == "" {
					t.Errorf("pattern %s has no description in patternText", p)
				}
			}
			for _, e := range t2 {
				walk(e)
			}
		case []any:
			for _, e := range t2 {
				walk(e)
			}
		}
	}
	for name, b := range files {
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(name, err)
		}
		walk(doc)
	}
	if n == 0 {
		t.Fatal("no pattern found in the schemas")
	}
}

// TestSchemaProblemsAreBounded: a file with many errors gets the first
// MaxSchemaProblems and one more saying there are more; a list longer than
// its maximum says so once; a problem far down a long list keeps its
// position.
func TestSchemaProblemsAreBounded(t *testing.T) {
	probs := loadOne(t, manifest, "d.yaml", deckHead+strings.Repeat("  - 7\n", 12_000))
	if len(probs) != MaxSchemaProblems+1 {
		t.Fatalf("got %d problems, want %d", len(probs), MaxSchemaProblems+1)
	}
	if probs[0].Message != "cards has 12000 items; at most 5000 are allowed" || probs[0].Pos.Line != 6 {
		t.Errorf("first problem %v", probs[0])
	}
	if last := probs[len(probs)-1]; !strings.Contains(last.Message, "more problems in this file than the 100 reported") {
		t.Errorf("last problem %v", last)
	}
	var cards strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&cards, "  - id: c%d\n", i)
		if i == 1100 {
			cards.WriteString("    count: -1\n")
		}
	}
	probs = loadOne(t, manifest, "d.yaml", deckHead+cards.String())
	want := Pos{File: "p/d.yaml", Line: 5 + 1101 + 1, Col: 12}
	if len(probs) != 1 || probs[0].Pos != want || probs[0].Message != "count is -1; the smallest allowed is 0" {
		t.Errorf("got %v, want the count of card 1101 at %v", probs, want)
	}
}
