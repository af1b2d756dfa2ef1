package standalone

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestAjvStrict: each rewrite, and the cases where a rewrite would change
// what the schema accepts and so is not made.
func TestAjvStrict(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"union type becomes anyOf",
			`{"properties": {"equals": {"type": ["string", "integer"], "description": "d"}}}`,
			`{"properties": {"equals": {"anyOf": [{"type": "string"}, {"type": "integer"}], "description": "d"}}}`},
		{"union type with a keyword that needs it stays",
			`{"properties": {"x": {"type": ["string", "null"], "maxLength": 3}}}`,
			`{"properties": {"x": {"type": ["string", "null"], "maxLength": 3}}}`},
		{"required in then is declared",
			`{"type": "object", "properties": {"w": {"type": "string"}}, "then": {"required": ["w"]}}`,
			`{"type": "object", "properties": {"w": {"type": "string"}}, "then": {"properties": {"w": true}, "required": ["w"]}}`},
		{"required under not is declared",
			`{"type": "object", "additionalProperties": false, "properties": {"e": {}}, "if": {"not": {"required": ["e"]}}}`,
			`{"type": "object", "additionalProperties": false, "properties": {"e": {}}, "if": {"not": {"properties": {"e": true}, "required": ["e"]}}}`},
		{"not declared where additionalProperties would change",
			`{"type": "object", "additionalProperties": false, "required": ["x"]}`,
			`{"type": "object", "additionalProperties": false, "required": ["x"]}`},
		{"not declared where unevaluatedProperties could see it",
			`{"type": "object", "unevaluatedProperties": false, "allOf": [{"required": ["x"]}]}`,
			`{"type": "object", "unevaluatedProperties": false, "allOf": [{"required": ["x"]}]}`},
		{"declared under unevaluatedProperties when the refined schema declares it",
			`{"type": "object", "unevaluatedProperties": false, "properties": {"x": {}}, "allOf": [{"required": ["x"]}]}`,
			`{"type": "object", "unevaluatedProperties": false, "properties": {"x": {}}, "allOf": [{"properties": {"x": true}, "required": ["x"]}]}`},
		{"a refined property and its items get the declared types",
			`{"type": "object", "properties": {"cards": {"type": "array", "items": {"type": "object"}}},
			  "allOf": [{"then": {"properties": {"cards": {"items": {"if": {"required": ["remove"]}}}}}}]}`,
			`{"type": "object", "properties": {"cards": {"type": "array", "items": {"type": "object"}}},
			  "allOf": [{"then": {"properties": {"cards": {"type": "array", "items": {"type": "object", "if": {"properties": {"remove": true}, "required": ["remove"]}}}}}}]}`},
		{"no type is made up where nothing declares one",
			`{"$defs": {"d": {"properties": {"a": {"items": {}}}}}}`,
			`{"$defs": {"d": {"properties": {"a": {"items": {}}}}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in, want map[string]any
			if err := json.Unmarshal([]byte(c.in), &in); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(c.want), &want); err != nil {
				t.Fatal(err)
			}
			ajvStrict(in)
			if !reflect.DeepEqual(in, want) {
				got, _ := json.Marshal(in)
				w, _ := json.Marshal(want)
				t.Errorf("got\n%s\nwant\n%s", got, w)
			}
		})
	}
}
