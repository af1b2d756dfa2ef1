package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// Schema errors are told in plain words: no regular expressions, no JSON
// Schema keywords.

// schemaHint is the hint of a problem the message cannot fully explain.
const schemaHint = "`runforge schema` writes the JSON Schemas, which describe every field"

// patternText says in words what each pattern of the embedded schemas
// allows. A test checks that every pattern is here.
// lengthPattern is the pattern of common.schema.json's length.
const lengthPattern = `^[0-9]+(\.[0-9]+)?(mm|cm|in|pt)$`

// negativeLength is a length the pattern refuses only for its minus sign.
var negativeLength = regexp.MustCompile(`^-[0-9]+(\.[0-9]+)?(mm|cm|in|pt)$`)

var patternText = map[string]string{
	`^[a-z0-9][a-z0-9-]*$`:               "lower-case letters, digits and hyphens, starting with a letter or digit (e.g. my-deck-2)",
	`^[0-9]+(\.[0-9]+)?(mm|cm|in|pt)$`:   "a length with a unit: mm, cm, in or pt (e.g. 63mm, 2.5in)",
	`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`: "a colour written #rgb or #rrggbb (e.g. #c00 or #cc0000)",
	`^[^/\\][^\\]*\.ya?ml$`:              "a path inside the pack folder to a .yaml or .yml file, written with / (e.g. decks/events.yaml)",
	`\.(ttf|TTF)$`:                       "the path of a TrueType font file ending in .ttf",
	`^[A-F][1-6]$`:                       "a space of the map: a capital column letter A-F and a row 1-6 (e.g. C3)",
}

// subject names the value at an instance location in a message: the field
// name, "item 3 of icons" for a list item, or "the file".
func subject(loc []string) string {
	n := len(loc)
	if n == 0 {
		return "the file"
	}
	last := loc[n-1]
	i, err := strconv.Atoi(last)
	if err != nil {
		return last
	}
	if n == 1 {
		return fmt.Sprintf("item %d", i+1)
	}
	return fmt.Sprintf("item %d of %s", i+1, loc[n-2])
}

// plainMessage words a leaf schema error about the value named what.
func plainMessage(what string, ek jsonschema.ErrorKind) (string, string) {
	switch k := ek.(type) {
	case *kind.Type:
		return fmt.Sprintf("%s must be %s, not %s", what, orList(typeNames(k.Want)), typeName(k.Got)), ""
	case *kind.Enum:
		return enumMessage(what, k.Got, k.Want)
	case *kind.Const:
		return enumMessage(what, k.Got, []any{k.Want})
	case *kind.Pattern:
		if k.Want == lengthPattern && negativeLength.MatchString(k.Got) {
			return fmt.Sprintf("%s %q must not be negative", what, k.Got), ""
		}
		if text, ok := patternText[k.Want]; ok {
			return fmt.Sprintf("%s %q must be %s", what, k.Got, text), ""
		}
		return fmt.Sprintf("%s %q is not written the way this field needs", what, k.Got), schemaHint
	case *kind.MinLength:
		if k.Want == 1 {
			return fmt.Sprintf("%s must not be empty", what), ""
		}
		return fmt.Sprintf("%s must be at least %d characters long", what, k.Want), ""
	case *kind.MaxLength:
		return fmt.Sprintf("%s is %d characters long; at most %d are allowed", what, k.Got, k.Want), ""
	case *kind.Minimum:
		return fmt.Sprintf("%s is %s; the smallest allowed is %s", what, ratText(k.Got), ratText(k.Want)), ""
	case *kind.Maximum:
		return fmt.Sprintf("%s is %s; the largest allowed is %s", what, ratText(k.Got), ratText(k.Want)), ""
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("%s is %s; it must be more than %s", what, ratText(k.Got), ratText(k.Want)), ""
	case *kind.ExclusiveMaximum:
		return fmt.Sprintf("%s is %s; it must be less than %s", what, ratText(k.Got), ratText(k.Want)), ""
	case *kind.MultipleOf:
		return fmt.Sprintf("%s is %s; it must be a multiple of %s", what, ratText(k.Got), ratText(k.Want)), ""
	case *kind.MinItems:
		return fmt.Sprintf("%s has %s; at least %s needed", what, items(k.Got), items(k.Want)), ""
	case *kind.MaxItems:
		return fmt.Sprintf("%s has %s; at most %s allowed", what, items(k.Got), items(k.Want)), ""
	case *kind.MinProperties:
		return fmt.Sprintf("%s needs at least %d field(s)", what, k.Want), ""
	case *kind.MaxProperties:
		return fmt.Sprintf("%s has %d fields; at most %d are allowed", what, k.Got, k.Want), ""
	case *kind.DependentRequired:
		return fmt.Sprintf("%s sets %s, which needs %s too", what, k.Prop, strings.Join(k.Missing, " and ")), ""
	case *kind.UniqueItems:
		return fmt.Sprintf("%s lists the same value twice (items %d and %d)", what, k.Duplicates[0]+1, k.Duplicates[1]+1), ""
	}
	return fmt.Sprintf("%s is not allowed here", what), schemaHint
}

// enumMessage says which values are allowed, with a did-you-mean.
func enumMessage(what string, got any, want []any) (string, string) {
	names := make([]string, len(want))
	for i, w := range want {
		names[i] = valueText(w)
	}
	msg := fmt.Sprintf("%s must be %s", what, orList(names))
	if len(want) > 1 {
		msg = fmt.Sprintf("%s must be one of %s", what, strings.Join(names, ", "))
	}
	if g, ok := got.(string); ok {
		msg += fmt.Sprintf(", not %q", g)
		plain := make([]string, 0, len(want))
		for _, w := range want {
			if s, ok := w.(string); ok {
				plain = append(plain, s)
			}
		}
		return msg, suggest.Hint(g, plain, "%q", "")
	}
	return msg, ""
}

// valueText writes an allowed value as a user writes it in YAML.
func valueText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case nil:
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// typeNames are the JSON types of a schema in words, without repeats.
func typeNames(types []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range types {
		if n := typeName(t); !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// typeName is a JSON type in words.
func typeName(t string) string {
	switch t {
	case "string":
		return "text"
	case "integer":
		return "a whole number"
	case "number":
		return "a number"
	case "boolean":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "a mapping of fields"
	case "null":
		return "empty"
	}
	return t
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return fmt.Sprintf("%d items", n)
}

func ratText(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// fieldHint suggests the allowed field closest to an unknown one, quoted
// and with "fix the spelling" as every near miss is.
func fieldHint(name string, allowed []string) string {
	if h := suggest.Hint(name, allowed, "%q", ""); h != "" {
		return h
	}
	if len(allowed) > 0 && len(allowed) <= 16 {
		return "fields here: " + strings.Join(allowed, ", ") + "; `runforge schema` describes them"
	}
	return "check the spelling; " + schemaHint
}

// indexSchemas finds every schema compiled by all (and the schemas they
// hold) by its location, for the did-you-mean of unknown fields.
func indexSchemas(all func() (map[string]*jsonschema.Schema, error)) map[string]*jsonschema.Schema {
	out := map[string]*jsonschema.Schema{}
	schemas, err := all()
	if err != nil {
		return out
	}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || out[s.Location] != nil {
			return
		}
		out[s.Location] = s
		for _, sub := range subschemas(s) {
			walk(sub)
		}
	}
	for _, s := range schemas {
		walk(s)
	}
	return out
}

// subschemas lists the schemas a schema holds or refers to.
func subschemas(s *jsonschema.Schema) []*jsonschema.Schema {
	out := []*jsonschema.Schema{s.Ref, s.Not, s.If, s.Then, s.Else, s.PropertyNames, s.UnevaluatedProperties,
		s.Contains, s.Items2020, s.UnevaluatedItems, s.ContentSchema}
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	out = append(out, s.PrefixItems...)
	for _, p := range s.Properties {
		out = append(out, p)
	}
	for _, p := range s.DependentSchemas {
		out = append(out, p)
	}
	if a, ok := s.AdditionalProperties.(*jsonschema.Schema); ok {
		out = append(out, a)
	}
	if a, ok := s.Items.(*jsonschema.Schema); ok {
		out = append(out, a)
	}
	return out
}

// reachable lists s and the schemas that apply to the same value through
// $ref, allOf, anyOf, oneOf and if/then/else. With a value, only the
// branch of an if that the value takes is followed.
func reachable(s *jsonschema.Schema, value any) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema, depth int)
	walk = func(s *jsonschema.Schema, depth int) {
		if s == nil || seen[s] || depth > 32 {
			return
		}
		seen[s] = true
		out = append(out, s)
		for _, sub := range append(append(append([]*jsonschema.Schema{s.Ref}, s.AllOf...), s.AnyOf...), s.OneOf...) {
			walk(sub, depth+1)
		}
		if s.If == nil {
			return
		}
		switch {
		case value == nil:
			walk(s.Then, depth+1)
			walk(s.Else, depth+1)
		case s.If.Validate(value) == nil:
			walk(s.Then, depth+1)
		default:
			walk(s.Else, depth+1)
		}
	}
	walk(s, 0)
	return out
}

// allowedFields lists the fields the schema at location allows for value.
func (r *Registry) allowedFields(location string, value any) []string {
	s := r.schemas.Load().index()[location]
	if s == nil {
		return nil
	}
	set := map[string]bool{}
	for _, sub := range reachable(s, value) {
		for name := range sub.Properties {
			set[name] = true
		}
	}
	out := make([]string, 0, len(set))
	for name := range set {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
