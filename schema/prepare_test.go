package schema

import "testing"

func TestKindHint(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"kind: Deck\nid: x\n", "Deck"},
		{"# yaml-language-server: $schema=deck.schema.json\nkind: Deck\n", "Deck"},
		{"id: x\nkind: \"Map\"  # the map\n", "Map"},
		{"kind: 'TileSet'\r\n", "TileSet"},
		{"id: x\n  kind: Deck\n", ""}, // not at the top level
		{"kinds: Deck\n", ""},
		{"id: x\n", ""},
		{"", ""},
	} {
		if got := kindHint([]byte(tc.src)); got != tc.want {
			t.Errorf("kindHint(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// A schema prepared while the file parses is the one the check uses:
// compiled once.
func TestPrepareSchema(t *testing.T) {
	r := testRegistry()
	r.prepareSchema("Deck")
	r.prepareSchema("NoSuchKind")
	r.prepareSchema("")
	a, err := r.schemaForKind("Deck")
	if err != nil {
		t.Fatal(err)
	}
	r.prepareSchema("Deck")
	b, err := r.schemaForKind("Deck")
	if err != nil || a != b {
		t.Fatalf("compiled again: %p %p %v", a, b, err)
	}
}
