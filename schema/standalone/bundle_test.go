package standalone

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBundle: a reference into another file becomes a reference into the
// file's own $defs, with a copy of the target (and what it refers to in
// turn); $id is dropped.
func TestBundle(t *testing.T) {
	files := map[string][]byte{
		"common.schema.json": []byte(`{"$id": "https://runforge.dev/common.schema.json",
			"$defs": {"id": {"type": "string", "pattern": "^[a-z]+$"}, "ids": {"type": "array", "items": {"$ref": "#/$defs/id"}}}}`),
		"deck.schema.json": []byte(`{"$id": "https://runforge.dev/deck.schema.json", "type": "object",
			"properties": {"tags": {"$ref": "common.schema.json#/$defs/ids"}}}`),
	}
	out, err := Bundle(files)
	if err != nil {
		t.Fatal(err)
	}
	var deck map[string]any
	if err := json.Unmarshal(out["deck.schema.json"], &deck); err != nil {
		t.Fatal(err)
	}
	if _, ok := deck["$id"]; ok {
		t.Error("$id is kept")
	}
	text := string(out["deck.schema.json"])
	for _, want := range []string{`"$ref": "#/$defs/common.ids"`, `"$ref": "#/$defs/common.id"`, `"pattern": "^[a-z]+$"`} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s in\n%s", want, text)
		}
	}
	if strings.Contains(text, "common.schema.json") {
		t.Errorf("a reference to another file is left:\n%s", text)
	}
	files["bad.schema.json"] = []byte(`{"properties": {"x": {"$ref": "common.schema.json#/$defs/nope"}}}`)
	if _, err := Bundle(files); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a reference to a missing definition: %v", err)
	}
}
