package schema

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const diceManifest = `kind: Game
id: dicetest
title: Dice test
system: generic
components:
  - {id: door-die, name: Door die, expected: 1}
  - {id: dice, name: Dice, expected: 7}
`

const diceFile = `kind: Dice
id: dice
name: Doors and dice
dice:
  - {id: door-die, component: door-die, color: "#ffffff", ink: "#000000", faces: [unlocked, unlocked, unlocked, locked, locked, blocked]}
  - id: action
    component: dice
    role: action
    count: 5
    color: white
    faces:
      - bat
      - run
      - search
      - gun
      - book
      - zombie
    labels: {book: "Book of the Dead"}
  - {id: event, component: dice, role: event, count: 2, color: grey, faces: [all-quiet, ambush, amulet, charge, nurse, zombies-rise]}
`

func loadDice(t *testing.T, src string) (*Pack, []Problem) {
	t.Helper()
	return LoadPack(fstest.MapFS{"game.yaml": {Data: []byte(diceManifest)}, "dice.yaml": {Data: []byte(src)}}, "p", testRegistry())
}

func TestDiceDecode(t *testing.T) {
	p, probs := loadDice(t, diceFile)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	sets := p.DiceSets()
	if len(sets) != 1 {
		t.Fatalf("%d dice sets, want 1", len(sets))
	}
	ds := sets[0]
	if ds.ID != "dice" || ds.Name != "Doors and dice" || len(ds.Dice) != 3 || ds.Kind() != "Dice" || testRegistry().KindNoun(ds) != "dice set" {
		t.Fatalf("dice set %+v", ds)
	}
	door, action, event := ds.Dice[0], ds.Dice[1], ds.Dice[2]
	if door.Count != 1 {
		t.Errorf("door die count %d, want the default 1", door.Count)
	}
	if action.Count != 5 || action.Role != "action" || action.Component != "dice" || action.Set != ds {
		t.Errorf("action die %+v", action)
	}
	if !reflect.DeepEqual(door.Faces, []string{"unlocked", "unlocked", "unlocked", "locked", "locked", "blocked"}) {
		t.Errorf("door faces %v", door.Faces)
	}
	if got := len(p.AllDice()); got != 3 {
		t.Errorf("AllDice: %d dice, want 3", got)
	}

	// Positions: faces of a flow list, of a block list, and a label key.
	for _, c := range []struct {
		name   string
		ref    Ref
		line   int
		needle string
	}{
		{name: "door face 4", ref: door.FaceRef(3), line: 5, needle: "locked, locked, blocked"},
		{name: "action face 1", ref: action.FaceRef(0), line: 12, needle: "bat"},
		{name: "action face 6", ref: action.FaceRef(5), line: 17, needle: "zombie"},
		{name: "event face 6", ref: event.FaceRef(5), line: 19, needle: "zombies-rise"},
	} {
		want := Pos{File: "p/dice.yaml", Line: c.line, Col: colOf(t, diceFile, c.line, c.needle)}
		if pos := c.ref.Pos(); pos != want {
			t.Errorf("%s at %s, want %s", c.name, pos, want)
		}
	}
	if pos, col := action.LabelRef("book").KeyPos(), colOf(t, diceFile, 18, "book"); pos.Line != 18 || pos.Col != col {
		t.Errorf("label key book at %s, want line 18 col %d", pos, col)
	}

	// Words and colours.
	for face, want := range map[string]string{"all-quiet": "ALL QUIET", "zombies-rise": "ZOMBIES RISE"} {
		if got := event.FaceWord(face); got != want {
			t.Errorf("FaceWord(%q) = %q, want %q", face, got, want)
		}
	}
	if got := action.FaceWord("book"); got != "Book of the Dead" {
		t.Errorf("labelled word %q", got)
	}
	if door.ColorHex() != "#ffffff" || door.InkHex() != "#000000" || action.ColorHex() != "#ffffff" || event.ColorHex() != "#8c8c8c" || action.InkHex() != "" {
		t.Errorf("colours: %s/%s %s/%s %s", door.ColorHex(), door.InkHex(), action.ColorHex(), action.InkHex(), event.ColorHex())
	}
	if got := (&Die{}).ColorHex(); got != "#ffffff" {
		t.Errorf("default colour %s, want white", got)
	}
}

func TestDiceFacts(t *testing.T) {
	p, probs := loadDice(t, diceFile)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	f := p.DiceSets()[0].Facts()
	if f.Name != "Doors and dice" || !f.Printed || f.Backs {
		t.Errorf("facts %+v", f)
	}
	if !reflect.DeepEqual(f.Outputs, []string{"dice.pdf", "preview/dice.png"}) {
		t.Errorf("outputs %v", f.Outputs)
	}
	var copies []string
	for _, c := range f.Copies {
		copies = append(copies, c.What+"->"+c.Component+"x"+string(rune('0'+c.Copies)))
	}
	if got := strings.Join(copies, " "); got != `die "door-die"->door-diex1 die "action"->dicex5 die "event"->dicex2` {
		t.Errorf("copies %s", got)
	}
	var items []string
	for _, it := range f.Items {
		items = append(items, it.What+":"+it.ID)
	}
	if got := strings.Join(items, " "); got != "die:door-die die:action die:event" {
		t.Errorf("items %s", got)
	}
	if len(f.Texts) != 1 || f.Texts[0].Text != "Book of the Dead" || f.Texts[0].Ref.Pos().Line != 18 {
		t.Errorf("texts %+v", f.Texts)
	}
	if len(f.Icons) != 0 {
		t.Errorf("faces must not be icon sites: %+v", f.Icons)
	}
}

// TestDiceSchemaProblems: a die of the wrong shape gets a positioned
// schema problem, never a panic or a silently dropped die.
func TestDiceSchemaProblems(t *testing.T) {
	for _, c := range []struct {
		name, die, msg string
		at             string // where the problem points, in the die's line
	}{
		{"five faces", "{id: d, faces: [a, b, c, d, e]}", "faces has 5 items; at least 6 items needed", "[a"},
		{"seven faces", "{id: d, faces: [a, b, c, d, e, f, g]}", "faces has 7 items; at most 6 items allowed", "[a"},
		{"no faces", "{id: d}", `missing required field "faces"`, "{id"},
		{"face not an id", "{id: d, faces: [a, b, c, d, e, F]}", `item 6 of faces "F" must be lower-case letters`, "F"},
		{"too many copies", "{id: d, count: 101, faces: [a, b, c, d, e, f]}", "count is 101; the largest allowed is 100", "101"},
		{"bad colour", `{id: d, color: "#12", faces: [a, b, c, d, e, f]}`, `color "#12" must be a colour written #rgb or #rrggbb`, `"#12"`},
		{"unknown field", "{id: d, sides: 6, faces: [a, b, c, d, e, f]}", `unknown field "sides"`, "sides"},
		{"long label", "{id: d, faces: [a, b, c, d, e, f], labels: {a: " + strings.Repeat("x", 25) + "}}", "is 25 characters long; at most 24", "xxx"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "kind: Dice\nid: dice\ndice:\n  - " + c.die + "\n"
			_, probs := loadDice(t, src)
			want := Pos{File: "p/dice.yaml", Line: 4, Col: colOf(t, src, 4, c.at)}
			var found bool
			for _, pr := range probs {
				if pr.Rule == "schema/invalid" && strings.Contains(pr.Message, c.msg) {
					found = true
					if pr.Pos != want {
						t.Errorf("%q at %s, want %s", pr.Message, pr.Pos, want)
					}
				}
			}
			if !found {
				t.Errorf("no problem saying %q; got %v", c.msg, probs)
			}
		})
	}
}

// colOf is the 1-based column of needle in line (1-based) of src.
func colOf(t *testing.T, src string, line int, needle string) int {
	t.Helper()
	lines := strings.Split(src, "\n")
	i := strings.Index(lines[line-1], needle)
	if i < 0 {
		t.Fatalf("%q not in line %d: %q", needle, line, lines[line-1])
	}
	return i + 1
}

// TestMisspeltRequiredFieldIsOneProblem: a required field written with a
// typo (facse: for faces:) is one problem, the unknown field with its
// did-you-mean, not also "missing required field"; a required field that is
// simply absent, beside an unrelated unknown field, is still reported.
func TestMisspeltRequiredFieldIsOneProblem(t *testing.T) {
	for _, c := range []struct {
		name, die string
		want      []string
	}{
		{"misspelt", "{id: d, facse: [a, b, c, d, e, f]}", []string{`unknown field "facse"`}},
		{"absent beside another field", "{id: d, sides: 6}", []string{`unknown field "sides"`, `missing required field "faces"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, probs := loadDice(t, "kind: Dice\nid: dice\ndice:\n  - "+c.die+"\n")
			var got []string
			for _, pr := range probs {
				if pr.Rule == "schema/invalid" {
					got = append(got, pr.Message)
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(c.want))
			if !slices.Equal(got, want) {
				t.Errorf("problems %q, want %q", got, want)
			}
		})
	}
}
