package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

// SchemaBaseURL is the $id prefix of the embedded JSON Schemas.
const SchemaBaseURL = "https://runforge.dev/schema/"

// SchemaFiles returns the JSON Schemas by file name, for editors: the
// embedded files, with the games' card types and box types composed into
// the deck and template schemas.
func SchemaFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(schemaFiles, "jsonschema", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := schemaFiles.ReadFile(p)
		out[path.Base(p)] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	for name, compose := range map[string]func(map[string]any){
		"deck.schema.json":      composeDeckSchema,
		"templates.schema.json": composeTemplatesSchema,
	} {
		var doc map[string]any
		if err := json.Unmarshal(out[name], &doc); err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
		compose(doc)
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			return nil, err
		}
		out[name] = append(b, '\n')
	}
	return out, nil
}

// composeDeckSchema adds every registered card type to the deck schema: the
// cardType enum, and for each type the schema of its cards (or of a removal)
// and of its deck settings.
func composeDeckSchema(doc map[string]any) {
	props := doc["properties"].(map[string]any)
	names := CardTypeNames()
	enum := make([]any, len(names))
	for i, n := range names {
		enum[i] = n
	}
	props["cardType"].(map[string]any)["enum"] = enum
	allOf, _ := doc["allOf"].([]any)
	for _, name := range names {
		ct, _ := LookupCardType(name)
		then := map[string]any{"properties": map[string]any{"cards": map[string]any{"items": map[string]any{
			"if":   map[string]any{"required": []any{"remove"}},
			"then": map[string]any{"$ref": "#/$defs/removal"},
			"else": map[string]any{"$ref": ct.Card},
		}}}}
		if ct.Deck != "" {
			then["$ref"] = ct.Deck
		}
		allOf = append(allOf, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"cardType": map[string]any{"const": name}}, "required": []any{"cardType"}},
			"then": then,
		})
	}
	doc["allOf"] = allOf
}

// composeTemplatesSchema lists every registered box type in the template
// schema.
func composeTemplatesSchema(doc map[string]any) {
	box := doc["$defs"].(map[string]any)["box"].(map[string]any)
	types := BoxTypes()
	enum := make([]any, len(types))
	for i, t := range types {
		enum[i] = t
	}
	box["properties"].(map[string]any)["type"].(map[string]any)["enum"] = enum
}

// compiledSchemas compiles the embedded schemas once; the result is never
// modified afterwards.
var compiledSchemas = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	files, err := SchemaFiles()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	for name, b := range files {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
		if err := c.AddResource(SchemaBaseURL+name, doc); err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, k := range Kinds() {
		name, _ := schemaOf(k)
		s, err := c.Compile(SchemaBaseURL + name)
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
		out[k] = s
	}
	return out, nil
})

var printer = message.NewPrinter(language.English)

// checkSchema validates a document against the schema for its kind and
// returns the kind and the positioned problems, sorted.
func checkSchema(d *document) (string, []Problem) {
	obj, ok := d.value.(map[string]any)
	if !ok {
		return "", []Problem{{Pos: d.pos(""), Rule: "schema/invalid", Message: "a content file must be a mapping with a kind: field"}}
	}
	k, _ := obj["kind"].(string)
	if _, known := schemaOf(k); !known {
		msg := "missing kind: field"
		if _, has := obj["kind"]; has {
			msg = fmt.Sprintf("unknown kind %q", obj["kind"])
		}
		return "", []Problem{{Pos: d.pos("/kind"), Rule: "schema/invalid", Message: msg,
			Hint: "kind is one of " + strings.Join(Kinds(), ", ")}}
	}
	schemas, err := compiledSchemas()
	if err != nil {
		return k, []Problem{{Pos: d.pos(""), Rule: "schema/invalid", Message: err.Error()}}
	}
	err = schemas[k].Validate(d.value)
	if err == nil {
		return k, nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return k, []Problem{{Pos: d.pos(""), Rule: "schema/invalid", Message: err.Error()}}
	}
	var probs []Problem
	collectLeaves(d, verr, &probs)
	sortProblems(probs)
	return k, dedupe(probs)
}

func collectLeaves(d *document, e *jsonschema.ValidationError, probs *[]Problem) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			collectLeaves(d, c, probs)
		}
		return
	}
	ptr := ""
	for _, tok := range e.InstanceLocation {
		ptr += "/" + escapePointer(tok)
	}
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			*probs = append(*probs, Problem{Pos: d.keyPosOr(ptr + "/" + escapePointer(p)), Rule: "schema/invalid",
				Message: fmt.Sprintf("unknown field %q", p), Hint: "check the spelling; `runforge schema` writes the allowed fields"})
		}
	case *kind.Required:
		for _, p := range k.Missing {
			*probs = append(*probs, Problem{Pos: d.pos(ptr), Rule: "schema/invalid",
				Message: fmt.Sprintf("missing required field %q", p)})
		}
	case *kind.FalseSchema:
		// Our schemas write no false schema: it comes from
		// unevaluatedProperties, so the instance is a field not allowed.
		msg := "field is not allowed here"
		if n := len(e.InstanceLocation); n > 0 {
			msg = fmt.Sprintf("unknown field %q", e.InstanceLocation[n-1])
		}
		*probs = append(*probs, Problem{Pos: d.keyPosOr(ptr), Rule: "schema/invalid", Message: msg,
			Hint: "check the spelling; `runforge schema` writes the allowed fields"})
	default:
		where := "value"
		if len(e.InstanceLocation) > 0 {
			where = e.InstanceLocation[len(e.InstanceLocation)-1]
		}
		*probs = append(*probs, Problem{Pos: d.pos(ptr), Rule: "schema/invalid",
			Message: fmt.Sprintf("%s: %s", where, e.ErrorKind.LocalizedString(printer))})
	}
}

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Pos != ps[j].Pos {
			return ps[i].Pos.Less(ps[j].Pos)
		}
		return ps[i].Message < ps[j].Message
	})
}

func dedupe(ps []Problem) []Problem {
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return out
}
