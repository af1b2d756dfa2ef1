package validate_test

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// TestLoaderProblemsBecomeDiagnostics: YAML and schema problems found while
// loading come out of validate.Pack as diagnostics with the rule's severity
// and the position of the offending node.
func TestLoaderProblemsBecomeDiagnostics(t *testing.T) {
	cases := []struct {
		name  string
		files files
		// nilPack: the manifest itself is broken, so there is no pack.
		nilPack   bool
		rule      string
		file      string
		line, col int
		msg       []string
	}{
		{name: "unknown-field-in-manifest-points-at-the-key",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+"colour: red\n")),
			//                    line 9 = 4 header lines + 4 component lines + 1
			// An unknown field leaves the manifest's values valid: the
			// pack is loaded and its other files checked.
			rule: "schema/invalid", file: "game.yaml", line: 9, col: 1,
			msg: []string{`unknown field "colour"`}},
		{name: "unknown-field-in-a-deck-points-at-the-key",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\n  # comment\ncolour: red\ncardType: generic\ncards: []\n"),
			rule:  "schema/invalid", file: "cards.yaml", line: 5, col: 1,
			msg: []string{`unknown field "colour"`}},
		{name: "unknown-field-in-a-card-points-at-the-nested-key",
			files: rfylPack("determination.yaml",
				"kind: Deck\nid: determination\ncardType: rfyl/determination\ncards:\n  - id: det-1\n    value: 1\n    colour: red\n"),
			rule: "schema/invalid", file: "determination.yaml", line: 7, col: 5,
			msg: []string{`unknown field "colour"`}},
		{name: "token-back-takes-its-fronts-size",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\ntokens:\n  - id: a\n    count: 1\n    shape: round\n    size: 16mm\n    back:\n      label: HIDDEN\n      size: 20mm\n"),
			rule:  "schema/invalid", file: "tokens.yaml", line: 10, col: 7,
			msg: []string{`unknown field "size"`}},
		{name: "token-back-label-too-long",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\ntokens:\n  - id: a\n    count: 1\n    shape: round\n    size: 16mm\n    back: {label: THIRTEEN-CHAR}\n"),
			rule:  "schema/invalid", file: "tokens.yaml", line: 8, col: 19,
			msg: []string{"label"}},
		{name: "token-set-back-bad-colour",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\nback:\n  fill: reddish\ntokens:\n  - {id: a, count: 1, shape: round, size: 16mm}\n"),
			rule:  "schema/invalid", file: "tokens.yaml", line: 4, col: 9,
			msg: []string{"fill"}},
		{name: "wrong-type-points-at-the-value",
			files: genericPack("cards.yaml", edit(genericCards, "count: 2", "count: two")),
			rule:  "schema/invalid", file: "cards.yaml", line: 7, col: 12,
			msg: []string{"count"}},
		{name: "missing-required-field",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncards: []\n"),
			rule:  "schema/invalid", file: "cards.yaml", line: 1, col: 1,
			msg: []string{`missing required field "cardType"`}},
		{name: "unknown-kind",
			files: genericPack("notes.yaml", "kind: Notes\ntext: hello\n"),
			rule:  "schema/invalid", file: "notes.yaml", line: 1, col: 7,
			msg: []string{`unknown kind "Notes"`}},
		{name: "yaml-syntax-mapping-in-plain-value",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncardType: generic\nname: a: b\ncards: []\n"),
			rule:  "yaml/syntax", file: "cards.yaml", line: 4, col: 1,
			msg: []string{"mapping values are not allowed"}},
		{name: "yaml-syntax-in-manifest-at-the-unclosed-quote",
			files:   genericPack("game.yaml", "kind: Game\nid: test-pack\ntitle: 'Test pack\n"),
			nilPack: true, rule: "yaml/syntax", file: "game.yaml", line: 3, col: 8,
			msg: []string{"this quote is never closed"}},
		{name: "yaml-key-not-a-string",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncardType: generic\ncards: []\n1: x\n"),
			rule:  "yaml/key", file: "cards.yaml", line: 5, col: 1,
			msg: []string{`key "1" is not a string`}},
		{name: "yaml-key-not-a-string-in-manifest",
			files:   genericPack("game.yaml", gameYAML("generic", "components: []\n  \ntrue: yes\n")),
			nilPack: true, rule: "yaml/key", file: "game.yaml", line: 7, col: 1,
			msg: []string{`key "true" is not a string`}},
		{name: "yaml-key-repeated",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncardType: generic\nid: again\ncards: []\n"),
			rule:  "yaml/key", file: "cards.yaml", line: 4, col: 1,
			msg: []string{`key "id" appears twice`}},
		{name: "yaml-merge-key",
			files: genericPack("cards.yaml", "kind: Deck\nid: cards\ncardType: generic\nbase: &b {id: x}\ncards:\n  - <<: *b\n"),
			rule:  "yaml/key", file: "cards.yaml", line: 6, col: 5,
			msg: []string{"merge keys"}},
		{name: "second-manifest",
			files: genericPack("other.yaml", gameYAML("generic", "components: []\n")),
			rule:  "schema/invalid", file: "other.yaml", line: 1, col: 7,
			msg: []string{"one manifest"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, probs := schematest.LoadPack(tc.files.fs(), packRoot)
			if (p == nil) != tc.nilPack {
				t.Fatalf("pack is nil: %v, want %v (problems %v)", p == nil, tc.nilPack, probs)
			}
			got := ofRule(validate.Pack(p, probs, withGames(validate.Options{})), tc.rule)
			if len(got) != 1 {
				t.Fatalf("want one %s diagnostic, got:\n%s", tc.rule, dump(got))
			}
			d := got[0]
			wantPos := schema.Pos{File: packRoot + "/" + tc.file, Line: tc.line, Col: tc.col}
			if d.Pos != wantPos {
				t.Errorf("at %s, want %s: %s", d.Pos, wantPos, d)
			}
			if d.Severity != validate.Error {
				t.Errorf("severity %s, want error", d.Severity)
			}
			for _, s := range tc.msg {
				if !strings.Contains(d.Message, s) {
					t.Errorf("message %q lacks %q", d.Message, s)
				}
			}
		})
	}
}

// TestUnknownFieldHint: the schema diagnostic says how to find the allowed
// fields.
func TestUnknownFieldHint(t *testing.T) {
	f := genericPack("cards.yaml", genericCardsWith("colour: red\n"))
	got := ofRule(check(t, f, validate.Options{}), "schema/invalid")
	if len(got) != 1 || !strings.Contains(got[0].Hint, "runforge schema") {
		t.Fatalf("want one schema/invalid with a hint naming `runforge schema`, got:\n%s", dump(got))
	}
}

// TestYAMLSyntaxUnclosedFlow: an unclosed flow sequence is reported in its
// file with a line. (yaml.v3 reports the line of the construct's start,
// counted from 0, so only the file and a positive line are checked.)
func TestYAMLSyntaxUnclosedFlow(t *testing.T) {
	f := genericPack("cards.yaml", "kind: Deck\nid: cards\ncardType: generic\ncards: [a, b\n")
	got := check(t, f, validate.Options{})
	syn := ofRule(got, "yaml/syntax")
	if len(syn) != 1 {
		t.Fatalf("want one yaml/syntax diagnostic, got:\n%s", dump(got))
	}
	if syn[0].Pos.File != "pack/cards.yaml" || syn[0].Pos.Line < 1 || syn[0].Severity != validate.Error {
		t.Errorf("got %s", syn[0])
	}
}

// TestMissingManifest: a folder of content without game.yaml gets one
// diagnostic at the start of each of its YAML files (the manifest it lacks
// is no file a position could name) and nothing else; an empty one gets
// one on the manifest's name.
func TestMissingManifest(t *testing.T) {
	for _, c := range []struct {
		files files
		want  []string
	}{
		{files{"cards.yaml": genericCards, "more.yml": genericCards, "notes.txt": "x"}, []string{"pack/cards.yaml:1:1", "pack/more.yml:1:1"}},
		{files{"notes.txt": "x"}, []string{"pack/game.yaml"}},
	} {
		p, probs := schematest.LoadPack(c.files.fs(), packRoot)
		if p != nil {
			t.Fatalf("want no pack without a manifest")
		}
		got := validate.Pack(p, probs, withGames(validate.Options{}))
		if len(got) != len(c.want) {
			t.Fatalf("want %d diagnostics, got:\n%s", len(c.want), dump(got))
		}
		for i, d := range got {
			if d.Rule != "pack/missing-file" || d.Pos.String() != c.want[i] || d.Severity != validate.Error {
				t.Errorf("diagnostic %d: want pack/missing-file error at %s, got:\n%s", i, c.want[i], dump(got))
			}
		}
	}
}

// TestManifestUnknownFieldDoesNotStopTheCheck: a misspelt field in
// game.yaml is reported with the findings of the other files, not alone;
// a value of the wrong type still stops the check at the manifest.
func TestManifestUnknownFieldDoesNotStopTheCheck(t *testing.T) {
	twin := edit(genericCards, "  - id: card-b\n", "  - id: card-a\n")
	got := check(t, genericPack("game.yaml", gameYAML("generic", genericComponents+"titel: Oops\n"), "cards.yaml", twin), validate.Options{})
	if len(ofRule(got, "schema/invalid")) != 1 || len(ofRule(got, "pack/duplicate-id")) != 1 {
		t.Errorf("want the manifest's unknown field and the deck's repeated id, got:\n%s", dump(got))
	}
	got = check(t, genericPack("game.yaml", gameYAML("generic", "components: 5\n"), "cards.yaml", twin), validate.Options{})
	if len(got) != 1 || got[0].Rule != "schema/invalid" {
		t.Errorf("want the manifest's one schema error alone, got:\n%s", dump(got))
	}
}
