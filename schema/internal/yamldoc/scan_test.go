package yamldoc

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// deckHead starts a generic deck whose cards the cases below write.
const deckHead = "kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n"

// TestSyntaxProblemsAtTheirOwnPosition: faults yaml.v3 reports without a
// column, on the wrong line or at 1:1 are placed where they are, with a
// message in plain words.
func TestSyntaxProblemsAtTheirOwnPosition(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       string
	}{
		// yaml.v3 says line 8 for this tab.
		{"tab indents a field", deckHead + "  - id: a\n    name: A\n  - id: b\n\tname: B\n", 9, 1, "a tab cannot indent YAML; use spaces"},
		{"tab after spaces", deckHead + "  - id: a\n  \tname: A\n", 7, 3, "a tab cannot indent YAML"},
		{"tab on a blank line", "a:\n  b: 1\n\t\n  c: 2\n", 3, 1, "a tab cannot indent YAML"},
		{"tab after a dash", "a:\n  - \tx\n", 2, 5, "a tab cannot indent YAML"},
		{"tab before a list item", "a:\n\t- b\n", 2, 1, "a tab cannot indent YAML"},
		{"tab indents a block scalar line", "a: |\n  x\n\ty\n", 3, 1, "a tab cannot indent YAML"},
		{"tab indents the first line", "\ta: b\n", 1, 1, "a tab cannot indent YAML"},
		{"unclosed double quote", deckHead + "  - id: a\n    name: A\n  - id: b\n    name: \"B\n  - id: c\n    name: C\n", 9, 11, "this quote is never closed"},
		{"unclosed single quote", "a:\n  b: c\n  d: 'x\n  e: f\n", 3, 6, "this quote is never closed"},
		{"escaped quote does not close", "a: \"x\\\"\nb: c\n", 1, 4, "this quote is never closed"},
		{"doubled single quote does not close", "a: 'it''s\n", 1, 4, "this quote is never closed"},
		{"quote in a flow list", "a: [x, 'y, z]\nb: c\n", 1, 8, "this quote is never closed"},
		{"quote closed lines later", "a: b\nc: 'd\ne: f\ng: 'h'\n", 2, 4, "this quote is not closed on its line, so YAML reads on to the quote on line 4"},
		{"unclosed flow list", "kind: [Deck\n", 1, 7, "this [ is never closed"},
		{"unclosed flow mapping", "a: {b: 1,\n  c: 2\n", 1, 4, "this { is never closed"},
		{"byte not UTF-8", deckHead + "  - id: a\n    name: caf\xc3\xa9 \xff\n", 7, 16, "byte 0xff is not UTF-8"},
		{"byte not UTF-8 on the first line", "\xfe\xfe: x\n", 1, 1, "byte 0xfe is not UTF-8"},
		{"NUL byte", deckHead + "  - id: a\n    name: x\x00\n", 7, 12, "NUL byte"},
		{"control character", "a: b\nc: d\x07e\n", 2, 5, "control character U+0007 is not allowed in YAML"},
		{"control character after CRLF lines", "a: b\r\nc: d\r\ne: \x1b\r\n", 3, 4, "control character U+001B"},
		{"reserved character", "a:\n  b: `x\n", 2, 6, "@ and ` cannot start a value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, probs := Parse("f.yaml", []byte(c.src))
			if len(probs) != 1 {
				t.Fatalf("want one problem, got %v", probs)
			}
			p := probs[0]
			want := Pos{File: "f.yaml", Line: c.line, Col: c.col}
			if p.Pos != want || p.Rule != "yaml/syntax" || !strings.Contains(p.Message, c.msg) {
				t.Errorf("got %v, want %v: yaml/syntax: %s", p, want, c.msg)
			}
		})
	}
}

// TestLegalYAMLStaysLegal: what yaml.v3 accepts, the scan does not flag: a
// BOM, CRLF line ends, tabs inside quotes or after content, apostrophes in
// plain text, multi-line quotes and UTF-16 text.
func TestLegalYAMLStaysLegal(t *testing.T) {
	for _, src := range []string{
		"\xef\xbb\xbfkind: Deck\r\nid: d\r\n",
		"a: \"x\ty\"\nb: 'p\tq'\n",
		"a:\tb\nc: d\t# comment\n",
		"a: |\n  x\n  \ty\n",
		"a: [1,\n\t2]\n",
		"text: it's Bob's \"card\"\nurl: http://x.y/z\n",
		"text: \"a long\n  text\"\nnext: 'and\n  more'\n",
		"k: \"x\ny\"\n",
		"- |\n  line\n- >-\n  folded\n",
		"a: b # it's \"quoted\" in a comment\n",
		"a: caf\u00e9 \U0001F9DF\n",
	} {
		if _, probs := Parse("f.yaml", []byte(src)); len(probs) > 0 {
			t.Errorf("%q: %v", src, probs)
		}
	}
	utf16 := []byte{0xFF, 0xFE}
	for _, r := range "a: \u00e9\nb: c\n" {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	d, probs := Parse("f.yaml", utf16)
	if len(probs) > 0 || d.Value.(map[string]any)["a"] != "\u00e9" {
		t.Errorf("UTF-16 file: %v %v", probs, d)
	}
}

// TestBOMAndCRLFPositions: a BOM takes no column, a CRLF one line.
func TestBOMAndCRLFPositions(t *testing.T) {
	d, probs := Parse("f.yaml", []byte("\xef\xbb\xbfa: 1\r\nb: [x, y]\r\n"))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if got := d.KeyPosOr("/a"); got.Line != 1 || got.Col != 1 {
		t.Errorf("a at %v", got)
	}
	if got := d.Pos("/b/1"); got.Line != 2 || got.Col != 8 {
		t.Errorf("b/1 at %v", got)
	}
}

// TestNonStringKeys: a key that is not a plain name is shown as written,
// with advice that fits its kind.
func TestNonStringKeys(t *testing.T) {
	cases := []struct {
		name, src, msg, hint string
	}{
		{"sequence", "[a, b]: x\n", "key [a, b] is a list; a mapping key must be a plain name", ""},
		{"explicit sequence", "? [a, b]\n: x\n", "key [a, b] is a list; a mapping key must be a plain name", ""},
		{"mapping", "{a: 1}: x\n", "key {a: 1} is a mapping; a mapping key must be a plain name", ""},
		{"integer", "1: x\n", `key "1" is not a string: YAML reads it as a number; a mapping key must be a plain name`, `write it in quotes: "1"`},
		{"float", "1.5: x\n", `key "1.5" is not a string: YAML reads it as a number`, `"1.5"`},
		{"boolean", "true: x\n", `key "true" is not a string: YAML reads it as true or false`, `"true"`},
		{"null", "~: x\n", `key "~" is not a string: YAML reads it as null (nothing)`, `"~"`},
		{"empty", "? \n: x\n", "this key is empty; a mapping key must be a plain name", ""},
		{"date", "2024-01-02: x\n", `key "2024-01-02" is not a string: YAML reads it as a date`, `"2024-01-02"`},
		{"tag", "!foo bar: x\n", `key "bar" has the tag !foo; a mapping key must be a plain name`, "remove the tag"},
		{"numbered mapping", "spawns: {1: C1, 2: A3, 3: D3}\n", "spawns is written as a mapping whose keys are numbers (1, 2, 3); a mapping key must be a plain name, and numbered entries are a list", "write spawns as a list"},
		{"numbered block mapping", "spawns:\n  1: C1\n  2: A3\n  3: D3\n  4: F2\n  5: C4\n  6: B6\n  7: E5\n  8: D6\n", "spawns is written as a mapping whose keys are numbers (1, 2, 3, ..., 8)", "write spawns as a list"},
		{"long sequence", "[aaaaaaaaaa, bbbbbbbbbb, cccccccccc, dddddddddd, eeeeeeeeee]: x\n", "key [aaaaaaaaaa, bbbbbbbbbb, cccccccccc, ... is a list", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, probs := Parse("f.yaml", []byte(c.src))
			if len(probs) != 1 || probs[0].Rule != "yaml/key" || probs[0].Message != c.msg && !strings.HasPrefix(probs[0].Message, c.msg) {
				t.Fatalf("got %v, want yaml/key: %s", probs, c.msg)
			}
			if !strings.Contains(probs[0].Hint, c.hint) || strings.Contains(probs[0].Message, `""`) {
				t.Errorf("hint %q, want %q", probs[0].Hint, c.hint)
			}
		})
	}
}

// TestAliasCopiesArePlacedAtTheAlias: the values an alias repeats are
// placed at the alias, so a finding about the copy points at it and a
// related position at the anchor differs from it.
func TestAliasCopiesArePlacedAtTheAlias(t *testing.T) {
	d, probs := Parse("f.yaml", []byte("cards:\n  - &c\n    id: a\n    name: A\n  - *c\n"))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if got := d.Pos("/cards/0/id"); got.Line != 3 || got.Col != 9 {
		t.Errorf("anchored id at %v, want 3:9", got)
	}
	if got := d.Pos("/cards/1/id"); got.Line != 5 || got.Col != 5 {
		t.Errorf("aliased id at %v, want the alias at 5:5", got)
	}
	// A bad key inside the anchor is reported once, where it is written.
	_, probs = Parse("f.yaml", []byte("a: &x {1: y}\nb: *x\nc: *x\n"))
	if len(probs) != 1 || probs[0].Pos.Line != 1 {
		t.Errorf("got %v, want one problem on line 1", probs)
	}
}

// TestHugeFileRefusedBeforeParsing: a file of a million entries is refused
// by the byte scan, at the entry that passes the budget, before yaml.v3
// builds a tree of it: the whole load allocates a few megabytes.
func TestHugeFileRefusedBeforeParsing(t *testing.T) {
	for _, tc := range []struct{ name, head, item, tail string }{
		{"block list", deckHead, "- a\n", ""},
		{"flow list", "cards: [", "a,", "a]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.head + strings.Repeat(tc.item, 1_000_000) + tc.tail)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, probs := Parse("f.yaml", src)
			runtime.ReadMemStats(&after)
			if len(probs) != 1 || probs[0].Rule != "yaml/limit" || !strings.Contains(probs[0].Message, "more than 100000 keys and values") {
				t.Fatalf("got %v", probs)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
				t.Errorf("refusing the file allocated %d MB", alloc>>20)
			}
		})
	}
	// The head is 5 keys and values; the item that passes the budget is
	// the (MaxNodes-10+1)th, on the line after the head's 5 and the items
	// before it.
	src := deckHead + strings.Repeat("- a\n", MaxNodes)
	_, probs := Parse("f.yaml", []byte(src))
	if want := 5 + MaxNodes - 10 + 1; len(probs) != 1 || probs[0].Pos.Line != want || probs[0].Pos.Col != 1 {
		t.Errorf("got %v, want the limit at line %d", probs, want)
	}
}

// TestScanCountsNoMoreThanTheNodes: the scan's count is a lower bound of
// the nodes the parser builds, so it never refuses a file within the
// budget. Checked on the bundled packs and varied shapes.
func TestScanCountsNoMoreThanTheNodes(t *testing.T) {
	srcs := []string{
		"a: {b: 1, c: [x, y, {d: 2}]}\n",
		"- [a, b]\n- {c: 1, d: 2}\n- - x\n  - y\n",
		"a: |\n  - not: counted\n  - here\nb: 'x: y, z'\n",
		"? a\n: b\nc: d # e: f\n",
		"a: b\n---\n",
	}
	files, _ := filepath.Glob("../../../data/*/*.yaml")
	builtin, _ := filepath.Glob("../../builtin/*.yaml")
	if len(files) == 0 || len(builtin) == 0 {
		t.Fatal("no bundled YAML files found")
	}
	for _, f := range append(files, builtin...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	for _, src := range srcs {
		d, probs := Parse("f.yaml", []byte(src))
		if len(probs) > 0 {
			t.Fatalf("%q: %v", src[:min(len(src), 40)], probs)
		}
		if got := scanSource("f.yaml", []byte(src), MaxNodes).entries; got > d.Nodes || got == 0 {
			t.Errorf("%q: scan counted %d, the parser built %d", src[:min(len(src), 40)], got, d.Nodes)
		}
	}
}

// TestSyntaxProblemAtTheParsersLine: a tab or reserved character far from
// the parser's error does not take its place.
func TestSyntaxProblemAtTheParsersLine(t *testing.T) {
	_, probs := Parse("f.yaml", []byte("a: @x\nb: c\nd:\n  e: 1\n\t\n"))
	if len(probs) != 1 || probs[0].Pos != (Pos{File: "f.yaml", Line: 1, Col: 4}) {
		t.Errorf("got %v, want the @ at 1:4", probs)
	}
	_, probs = Parse("f.yaml", []byte("a:\n  b: `x\nc: d\ne: f\n\tg: h\n"))
	if len(probs) != 1 || probs[0].Pos != (Pos{File: "f.yaml", Line: 2, Col: 6}) {
		t.Errorf("got %v, want the ` at 2:6", probs)
	}
}
