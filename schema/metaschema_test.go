package schema_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// The loader compiles the embedded JSON Schemas without validating them
// against the metaschema: CheckSchemas does it for every bundled game's,
// and catches a file the metaschema rejects.
func TestSchemasPassTheMetaschema(t *testing.T) {
	if err := schematest.Registry().CheckSchemas(); err != nil {
		t.Fatalf("the embedded schemas: %v", err)
	}
	for _, tc := range []struct{ name, card string }{
		{"type is a number", `{"type": 5}`},
		{"required is no list", `{"type": "object", "required": "name"}`},
		{"minimum is a string", `{"type": "integer", "minimum": "one"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			broken := schema.GameSchema{
				System:    "broken",
				CardTypes: []schema.CardType{{Name: "broken/card", Card: "broken.schema.json#/$defs/card", Face: "generic", Back: "generic-back"}},
				Schemas: fstest.MapFS{"broken.schema.json": {Data: []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema",
"$id": "https://runforge.dev/schema/broken.schema.json", "$defs": {"card": ` + tc.card + `}}`)}},
			}
			err := schema.NewRegistry(broken).CheckSchemas()
			if err == nil || !strings.Contains(err.Error(), "broken.schema.json") {
				t.Fatalf("CheckSchemas: %v; want the broken file named", err)
			}
		})
	}
}
