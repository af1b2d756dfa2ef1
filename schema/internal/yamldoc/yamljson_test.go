package yamldoc

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseDocumentValues(t *testing.T) {
	d, probs := Parse("f.yaml", []byte("date: 2024-01-02\nn: 3\nf: 1.5\nb: true\nz: null\nlist: [a, 2]\n"))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	obj := d.Value.(map[string]any)
	if _, ok := obj["date"].(string); !ok {
		t.Errorf("date decoded as %T, want string", obj["date"])
	}
	if got := d.Pos("/list/1"); got.Line != 6 || got.Col != 11 {
		t.Errorf("position of /list/1 = %v", got)
	}
	if got := d.KeyPosOr("/b"); got.Line != 4 || got.Col != 1 {
		t.Errorf("key position of /b = %v", got)
	}
}

func TestParseDocumentProblems(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g"} {
		bomb += n + ": &" + n + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n"
		prev = n
	}
	cases := []struct {
		name, src, rule, msg string
		line, col            int
	}{
		{"non-string key", "kind: Deck\n1: x\n", "yaml/key", "not a string", 2, 1},
		{"sequence key", "kind: Deck\n[a, b]: x\n", "yaml/key", "key [a, b] is a list; a mapping key must be a plain name", 2, 1},
		{"bool key", "kind: Deck\ntrue: x\n", "yaml/key", "not a string", 2, 1},
		{"merge key", "base: &b {x: 1}\nother:\n  <<: *b\n", "yaml/key", "merge keys", 3, 3},
		{"duplicate key", "a: 1\nb: 2\na: 3\n", "yaml/key", "appears twice", 3, 1},
		{"syntax", "a: [1, 2\nb: 3\n", "yaml/syntax", "this [ is never closed", 1, 4},
		{"alias bomb", bomb, "yaml/limit", "expands to more than", 5, 36}, // at the alias that passes the limit
		{"empty", "", "yaml/syntax", "empty", 1, 1},
		{"second document", "kind: Deck\nid: a\n---\nkind: Sheet\nid: b\n", "yaml/syntax", "a second YAML document", 4, 1},
		{"third document after an empty one", "kind: Deck\n---\n---\nkind: Sheet\n", "yaml/syntax", "a second YAML document", 4, 1},
		{"unclosed bracket before a block value", "cards:\n  - id: a\n    name: [Town\n    text: >-\n      Long.\n", "yaml/syntax", "this [ is never closed", 3, 11},
		{"missing colon", "kind: Deck\ncards:\n  - id: a\n    name Town\n    text: x\n", "yaml/syntax", "a colon and a space are missing", 4, 5},
		{"missing colon on a list item", "kind: Deck\ncards:\n  - id a\n    text: x\n", "yaml/syntax", "a colon and a space are missing", 3, 5},
		{"second document with a syntax error", "kind: Deck\n---\na: [1, 2\nb: 3\n", "yaml/syntax", "this [ is never closed", 3, 4},
		{"too deep", strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n", "yaml/limit", "nesting deeper", 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, probs := Parse("f.yaml", []byte(c.src))
			if len(probs) == 0 {
				t.Fatal("no problem reported")
			}
			p := probs[0]
			if p.Rule != c.rule || !strings.Contains(p.Message, c.msg) {
				t.Errorf("got %v, want rule %s with %q", p, c.rule, c.msg)
			}
			if c.line != 0 && p.Pos.Line != c.line {
				t.Errorf("line = %d, want %d", p.Pos.Line, c.line)
			}
			if c.col != 0 && p.Pos.Col != c.col {
				t.Errorf("col = %d, want %d", p.Pos.Col, c.col)
			}
			if p.Pos.Line == 0 {
				t.Errorf("problem without a line: %v", p)
			}
		})
	}
}

// A leading "---" and a trailing "---" or "..." are not a second document.
func TestParseDocumentOneDocumentMarkers(t *testing.T) {
	for _, src := range []string{"---\nkind: Deck\n", "kind: Deck\n---\n", "kind: Deck\n...\n", "---\nkind: Deck\n...\n"} {
		if _, probs := Parse("f.yaml", []byte(src)); len(probs) > 0 {
			t.Errorf("%q: %v", src, probs)
		}
	}
}

// TestOverIndentedLine: a line indented under a key that already has its
// value is reported at that line and its first character, not where yaml.v3
// puts it (column 1 of an earlier line); block scalars may indent freely.
func TestOverIndentedLine(t *testing.T) {
	cases := []struct {
		src  string
		want string // line:col, or "" when the file is valid
	}{
		{"kind: Deck\ncards:\n  - id: a\n    name: A\n      text: x\n", "5:7"},
		{"kind: Deck\ncards:\n  - id: a\n    text: |\n      one\n        two\n    name: B\n      bad: 1\n", "8:7"},
		{"kind: Deck\ncards:\n  - id: a\n    text: |\n      one\n        two\n    name: B\n", ""},
		{"kind: Deck\r\nid: x\r\n  name: y\r\n", "3:3"},
	}
	for _, c := range cases {
		_, probs := Parse("f.yaml", []byte(c.src))
		got := ""
		if len(probs) > 0 {
			got = fmt.Sprintf("%d:%d", probs[0].Pos.Line, probs[0].Pos.Col)
		}
		if got != c.want {
			t.Errorf("%q: problem at %q, want %q (%v)", c.src, got, c.want, probs)
		}
	}
}

// TestDuplicateKeyPointsAtTheFirst: the second of two equal keys is the
// finding, and the first is its related position.
func TestDuplicateKeyPointsAtTheFirst(t *testing.T) {
	_, probs := Parse("f.yaml", []byte("a: 1\nb:\n  c: 2\n  c: 3\n"))
	if len(probs) != 1 || probs[0].Pos.Line != 4 || len(probs[0].Related) != 1 || probs[0].Related[0].Pos.Line != 3 || probs[0].Related[0].Pos.Col != 3 {
		t.Fatalf("got %+v", probs)
	}
}
