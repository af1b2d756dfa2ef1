package scaffold

import (
	"testing"

	"github.com/runforge/runforge/schema/schematest"
)

func TestRepointModeline(t *testing.T) {
	known := map[string]bool{"deck.schema.json": true, "board.schema.json": true, "run-map.schema.json": true}
	to := func(name string) (string, bool) { return "../s/" + name, known[name] }
	cases := []struct {
		name, in, want string
		edit           modelineEdit
	}{
		{"first line", "# yaml-language-server: $schema=../../schema/jsonschema/deck.schema.json\nkind: Deck\n",
			"# yaml-language-server: $schema=../s/deck.schema.json\nkind: Deck\n", modelineRewritten},
		{"after other comments, CRLF kept", "# my deck\r\n#yaml-language-server: $schema=deck.schema.json\r\nkind: Deck\r\n",
			"# my deck\r\n#yaml-language-server: $schema=../s/deck.schema.json\r\nkind: Deck\r\n", modelineRewritten},
		{"already right", "# yaml-language-server: $schema=../s/deck.schema.json\nkind: Deck\n",
			"# yaml-language-server: $schema=../s/deck.schema.json\nkind: Deck\n", modelineKept},
		{"added from kind", "kind: Board # a board\nid: b\n",
			"# yaml-language-server: $schema=../s/board.schema.json\nkind: Board # a board\nid: b\n", modelineAdded},
		{"added from a kind whose schema has another name", "kind: Map\nid: m\n",
			"# yaml-language-server: $schema=../s/run-map.schema.json\nkind: Map\nid: m\n", modelineAdded},
		{"a schema runforge does not write", "# yaml-language-server: $schema=other.json\nkind: Deck\n",
			"# yaml-language-server: $schema=other.json\nkind: Deck\n", modelineForeign},
		{"a modeline after the content is not one", "kind: Nope\n# yaml-language-server: $schema=deck.schema.json\n",
			"kind: Nope\n# yaml-language-server: $schema=deck.schema.json\n", modelineNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, edit := repointModeline([]byte(c.in), schematest.Registry(), to)
			if string(got) != c.want || edit != c.edit {
				t.Errorf("got %q (%d), want %q (%d)", got, edit, c.want, c.edit)
			}
		})
	}
}
