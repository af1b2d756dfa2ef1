package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// offline refuses every load: a schema that needs one does not stand alone.
type offline struct{}

func (offline) Load(url string) (any, error) { return nil, errors.New("offline: no load of " + url) }

// writtenSchemas runs `runforge schema -o DIR` and returns DIR.
func writtenSchemas(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "schemas")
	if code, _, stderr := run(t, "", "schema", "-o", dir); code != 0 {
		t.Fatalf("schema: exit %d: %s", code, stderr)
	}
	return dir
}

// compileOffline compiles one written schema file with nothing else
// reachable.
func compileOffline(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(offline{})
	url := "file:///elsewhere/" + filepath.Base(path)
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile alone: %v", path, err)
	}
	return s
}

// yamlAsJSON reads a YAML content file as the JSON value a validator sees.
func yamlAsJSON(t *testing.T, src []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestSchemaFilesStandAlone: every file `runforge schema` writes has no
// $id and only references into itself, compiles with no other file and
// no network, accepts every file of the bundled pack and rejects broken
// ones.
func TestSchemaFilesStandAlone(t *testing.T) {
	dir := writtenSchemas(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
	if len(files) < 8 {
		t.Fatalf("%d schema files written", len(files))
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if _, has := doc["$id"]; has {
			t.Errorf("%s has an $id", filepath.Base(f))
		}
		walkJSON(doc, func(m map[string]any) {
			if ref, ok := m["$ref"].(string); ok && !strings.HasPrefix(ref, "#") {
				t.Errorf("%s: $ref %q leaves the file", filepath.Base(f), ref)
			}
		})
		compileOffline(t, f)
	}

	pack, _ := filepath.Glob("../../data/run-for-your-life/*.yaml")
	for _, p := range pack {
		src, _ := os.ReadFile(p)
		inst := yamlAsJSON(t, src)
		kind, _ := inst.(map[string]any)["kind"].(string)
		s := compileOffline(t, filepath.Join(dir, strings.ToLower(kind)+".schema.json"))
		if err := s.Validate(inst); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}

	deck := compileOffline(t, filepath.Join(dir, "deck.schema.json"))
	src, _ := os.ReadFile("../../data/run-for-your-life/determination.yaml")
	for _, bad := range [][2]string{
		{"value: 5", "value: five"},         // a field of the card type (rfyl.schema.json)
		{"id: determination", "id: Bad Id"}, // common.schema.json's id
		{"cardType: rfyl/determination", "cardType: rfyl/nope"},
	} {
		if !bytes.Contains(src, []byte(bad[0])) {
			t.Fatalf("determination.yaml has no %q", bad[0])
		}
		inst := yamlAsJSON(t, bytes.Replace(src, []byte(bad[0]), []byte(bad[1]), 1))
		if deck.Validate(inst) == nil {
			t.Errorf("%q accepted", bad[1])
		}
	}
}

// TestSchemaStrictForAjv checks the written files against the rules of
// ajv's strict mode that runforge's schemas ran into: no union type, every
// required name declared beside it, and a type on every schema of a
// property or items that uses items.
func TestSchemaStrictForAjv(t *testing.T) {
	dir := writtenSchemas(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		walkJSON(doc, func(m map[string]any) {
			if _, union := m["type"].([]any); union {
				t.Errorf("%s: union type %v", name, m["type"])
			}
			if _, items := m["items"]; items && m["type"] == nil {
				t.Errorf("%s: items without a type in %v", name, m)
			}
			props, _ := m["properties"].(map[string]any)
			req, _ := m["required"].([]any)
			for _, r := range req {
				if _, ok := props[r.(string)]; !ok {
					t.Errorf("%s: required %q not declared beside it in %v", name, r, m)
				}
			}
		})
	}
}

// walkJSON calls f on every object of a decoded JSON value.
func walkJSON(v any, f func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		f(v)
		for _, e := range v {
			walkJSON(e, f)
		}
	case []any:
		for _, e := range v {
			walkJSON(e, f)
		}
	}
}
