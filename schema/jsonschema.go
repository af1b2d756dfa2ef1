package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema/internal/yamldoc"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

// SchemaBaseURL is the $id prefix of the embedded JSON Schemas.
const SchemaBaseURL = "https://runforge.dev/schema/"

// SchemaFiles returns the JSON Schemas by file name, for editors: the
// embedded files and those of the registry's games, with the games' card
// types and box types composed into the deck and template schemas.
func (r *Registry) SchemaFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	sub, err := fs.Sub(schemaFiles, "jsonschema")
	if err != nil {
		return nil, err
	}
	if err := readSchemaFiles(sub, out); err != nil {
		return nil, err
	}
	var seen []fs.FS
	for _, g := range r.games {
		if g.Schemas == nil || sharedFS(seen, g.Schemas) {
			continue // games that share their files (RFoD and Reloaded) each name them
		}
		seen = append(seen, g.Schemas)
		if err := readSchemaFiles(g.Schemas, out); err != nil {
			return nil, fmt.Errorf("schemas of %q: %w", g.System, err)
		}
	}
	for name, compose := range map[string]func(map[string]any){
		"deck.schema.json":      r.composeDeckSchema,
		"templates.schema.json": r.composeTemplatesSchema,
		"game.schema.json":      r.composeGameSchema,
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

// readSchemaFiles adds the *.schema.json files of fsys to out by file name.
func readSchemaFiles(fsys fs.FS, out map[string][]byte) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".schema.json") {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		out[path.Base(p)] = b
		return err
	})
}

// composeDeckSchema adds every registered card type to the deck schema: the
// cardType enum, and for each type the schema of its cards (or of a removal)
// and of its deck settings.
func (r *Registry) composeDeckSchema(doc map[string]any) {
	props := doc["properties"].(map[string]any)
	names := r.CardTypeNames()
	enum := make([]any, len(names))
	for i, n := range names {
		enum[i] = n
	}
	props["cardType"].(map[string]any)["enum"] = enum
	allOf, _ := doc["allOf"].([]any)
	for _, name := range names {
		ct, _ := r.LookupCardType(name)
		then := map[string]any{"properties": map[string]any{"cards": map[string]any{"items": map[string]any{
			"if":   map[string]any{"required": []any{"remove"}},
			"then": map[string]any{"$ref": "#/$defs/removal"},
			"else": map[string]any{"$ref": ct.Card},
		}}}}
		isType := map[string]any{"properties": map[string]any{"cardType": map[string]any{"const": name}}, "required": []any{"cardType"}}
		allOf = append(allOf, map[string]any{"if": isType, "then": then})
		if ct.Deck != "" {
			// The deck settings are a branch of their own: a failing card
			// must not drop their annotations, or unevaluatedProperties
			// would call every setting an unknown field.
			allOf = append(allOf, map[string]any{"if": isType, "then": map[string]any{"$ref": ct.Deck}})
		}
	}
	doc["allOf"] = allOf
}

// composeGameSchema adds the games' systems and blocks to the manifest
// schema.
func (r *Registry) composeGameSchema(doc map[string]any) {
	props := doc["properties"].(map[string]any)
	var systems []any
	for _, s := range r.Systems() {
		systems = append(systems, s)
	}
	props["system"].(map[string]any)["enum"] = systems
	for _, g := range r.games {
		if b := g.Settings; b != nil {
			props[b.Key] = map[string]any{"$ref": b.Schema, "description": b.Description}
		}
	}
}

// composeTemplatesSchema lists every registered box type in the template
// schema.
func (r *Registry) composeTemplatesSchema(doc map[string]any) {
	box := doc["$defs"].(map[string]any)["box"].(map[string]any)
	types := r.BoxTypes()
	enum := make([]any, len(types))
	for i, t := range types {
		enum[i] = t
	}
	box["properties"].(map[string]any)["type"].(map[string]any)["enum"] = enum
}

// newSchemaCompiler is a compiler holding every schema of the registry as
// a resource. The loader's compiler does not validate the schemas against
// the JSON Schema metaschema (metaschema false): they are embedded in the
// binary, and CheckSchemas, which the tests run, validates them.
func (r *Registry) newSchemaCompiler(metaschema bool) (*jsonschema.Compiler, error) {
	files, err := r.schemas.Load().files()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if !metaschema {
		c.SkipSchemaValidation()
	}
	for name, b := range files {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
		if err := c.AddResource(SchemaBaseURL+name, doc); err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
	}
	return c, nil
}

// schemaSet holds a registry's compiled JSON Schemas, each compiled once on
// first use and never modified afterwards.
type schemaSet struct {
	// all compiles the schema of every kind; it serves the did-you-mean
	// of unknown fields and tests. Validation compiles only the kinds a
	// pack uses (forKind).
	all func() (map[string]*jsonschema.Schema, error)
	// lazy is the compiler of forKind.
	lazy func() (*kindSchemas, error)
	// index finds every compiled schema by its location.
	index func() map[string]*jsonschema.Schema
	// files are the registry's schema files as composed (SchemaFiles).
	files func() (map[string][]byte, error)
}

// newSchemaSet prepares the compiled schemas of r.
func newSchemaSet(r *Registry) *schemaSet {
	s := &schemaSet{files: sync.OnceValues(r.SchemaFiles)}
	s.all = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) { return r.compileAll(false) })
	s.lazy = sync.OnceValues(func() (*kindSchemas, error) {
		c, err := r.newSchemaCompiler(false)
		if err != nil {
			return nil, err
		}
		return &kindSchemas{c: c, compiled: map[string]*jsonschema.Schema{}}, nil
	})
	s.index = sync.OnceValue(func() map[string]*jsonschema.Schema { return indexSchemas(s.all) })
	return s
}

// compileAll compiles the schema of every kind, each schema file validated
// against the metaschema when metaschema is set.
func (r *Registry) compileAll(metaschema bool) (map[string]*jsonschema.Schema, error) {
	c, err := r.newSchemaCompiler(metaschema)
	if err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	for _, k := range r.Kinds() {
		name, _ := r.SchemaFileOf(k)
		s, err := c.Compile(SchemaBaseURL + name)
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", name, err)
		}
		out[k] = s
	}
	return out, nil
}

// CheckSchemas compiles the JSON Schema of every kind of the registry, the
// games' card types and blocks composed in, with every schema file
// validated against the JSON Schema metaschema (draft 2020-12). Loading a
// pack leaves that validation out, for speed: the files are embedded in
// the binary, and the tests run CheckSchemas for them.
func (r *Registry) CheckSchemas() error {
	_, err := r.compileAll(true)
	return err
}

// kindSchemas compiles each kind's schema on first use: a pack of three
// kinds does not pay for compiling the schemas of every game.
type kindSchemas struct {
	mu       sync.Mutex
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

// schemaForKind returns the compiled schema of a kind, compiling it once.
func (r *Registry) schemaForKind(kind string) (*jsonschema.Schema, error) {
	ks, err := r.schemas.Load().lazy()
	if err != nil {
		return nil, err
	}
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if s, ok := ks.compiled[kind]; ok {
		return s, nil
	}
	name, ok := r.SchemaFileOf(kind)
	if !ok {
		return nil, fmt.Errorf("no schema for kind %q", kind)
	}
	s, err := ks.c.Compile(SchemaBaseURL + name)
	if err != nil {
		return nil, fmt.Errorf("embedded schema %s: %w", name, err)
	}
	ks.compiled[kind] = s
	return s, nil
}

// prepareSchema starts compiling the schema of kind, if it is a kind and
// its schema is not compiled yet, and returns at once: schemaForKind then
// waits for it. A failure is left for schemaForKind to report.
func (r *Registry) prepareSchema(kind string) {
	if _, ok := r.SchemaFileOf(kind); !ok {
		return
	}
	ks, err := r.schemas.Load().lazy()
	if err != nil {
		return
	}
	ks.mu.Lock()
	_, done := ks.compiled[kind]
	ks.mu.Unlock()
	if !done {
		go func() {
			if _, err := r.schemaForKind(kind); err != nil {
				return // checkSchema reports it
			}
		}()
	}
}

// kindHint is the kind a YAML file declares on a line of its own at the
// top level ("kind: Deck"), or "" when it has none such: a guess, before
// the file is parsed, of the schema its check will need.
func kindHint(src []byte) string {
	for rest := src; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		v, ok := bytes.CutPrefix(line, []byte("kind:"))
		if !ok {
			continue
		}
		if i := bytes.IndexByte(v, '#'); i >= 0 {
			v = v[:i]
		}
		return strings.Trim(string(bytes.TrimSpace(v)), `"'`)
	}
	return ""
}

// Schema validation of a file with long lists runs over slices of them, so
// that memory stays bounded however many errors the file holds.
const (
	// validateChunk is the most items of a top-level list validated at once.
	validateChunk = 500
	// MaxSchemaProblems is the most schema problems reported for one file;
	// one more says that there are more.
	MaxSchemaProblems = 100
)

// checkSchema validates a document against the schema for its kind and
// returns the kind and the positioned problems, sorted.
func (r *Registry) checkSchema(d *yamldoc.Document) (string, []Problem) {
	obj, ok := d.Value.(map[string]any)
	if !ok {
		return "", []Problem{{Pos: d.Pos(""), Rule: "schema/invalid", Message: "a content file must be a mapping with a kind: field"}}
	}
	k, _ := obj["kind"].(string)
	if _, known := r.SchemaFileOf(k); !known {
		msg := "missing kind: field"
		var hint string
		if _, has := obj["kind"]; has {
			msg = fmt.Sprintf("unknown kind %q", obj["kind"])
			if h := suggest.Hint(k, r.Kinds(), "%q", ""); h != "" {
				hint = h + "; "
			}
		}
		return "", []Problem{{Pos: d.Pos("/kind"), Rule: "schema/invalid", Message: msg,
			Hint: hint + "kind is one of " + strings.Join(r.Kinds(), ", ")}}
	}
	sch, err := r.schemaForKind(k)
	if err != nil {
		return k, []Problem{{Pos: d.Pos(""), Rule: "schema/invalid", Message: err.Error()}}
	}
	c := &collector{d: d, reg: r}
	c.validateInChunks(sch, obj)
	probs := c.probs
	yamldoc.SortProblems(probs)
	probs = dedupe(probs)
	if c.more != nil {
		probs = append(probs, *c.more)
	}
	return k, probs
}

// collector gathers the problems of one file's schema validation, up to
// MaxSchemaProblems.
type collector struct {
	d     *yamldoc.Document
	reg   *Registry
	probs []Problem
	more  *Problem // set once the limit is reached
	// only and offset place the errors of a slice of the top-level list
	// only: their index is offset by offset, and errors elsewhere were
	// reported already.
	only   string
	offset int
}

// unknownCardType reports whether the document is a deck whose cardType
// names no card type: one finding says so, and the deck's other top-level
// fields, settings of the card type meant, are not reported as unknown too.
func (c *collector) unknownCardType() bool {
	obj, _ := c.d.Value.(map[string]any)
	if kind, _ := obj["kind"].(string); kind != "Deck" || c.reg == nil {
		return false
	}
	ct, _ := obj["cardType"].(string)
	_, known := c.reg.LookupCardType(ct)
	return !known
}

func (c *collector) add(p Problem) {
	if len(c.probs) < MaxSchemaProblems {
		c.probs = append(c.probs, p)
		return
	}
	if c.more == nil {
		c.more = &Problem{Pos: p.Pos, Rule: "schema/invalid",
			Message: fmt.Sprintf("more problems in this file than the %d reported; fix those and check again", MaxSchemaProblems)}
	}
}

// validateInChunks validates obj against s; each top-level list longer than
// validateChunk is validated a slice at a time, stopping at the limit.
func (c *collector) validateInChunks(s *jsonschema.Schema, obj map[string]any) {
	var long []string
	part := make(map[string]any, len(obj))
	for k, v := range obj {
		if a, ok := v.([]any); ok && len(a) > validateChunk {
			long = append(long, k)
			v = a[:validateChunk]
		}
		part[k] = v
	}
	sort.Strings(long)
	for _, k := range long {
		// The slices hide the length of the whole list.
		if limit, ok := maxItemsOf(s, k); ok && len(obj[k].([]any)) > limit {
			c.add(Problem{Pos: c.d.Pos("/" + yamldoc.EscapePointer(k)), Rule: "schema/invalid",
				Message: fmt.Sprintf("%s has %d items; at most %d are allowed", k, len(obj[k].([]any)), limit)})
		}
	}
	c.validate(s, part)
	for _, k := range long {
		a := obj[k].([]any)
		c.only = k
		for start := validateChunk; start < len(a) && c.more == nil; start += validateChunk {
			part[k] = a[start:min(start+validateChunk, len(a))]
			c.offset = start
			c.validate(s, part)
		}
		part[k], c.only, c.offset = a[:validateChunk], "", 0
	}
}

// validate runs the schema over v and collects the problems.
func (c *collector) validate(s *jsonschema.Schema, v any) {
	err := s.Validate(v)
	if err == nil {
		return
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		c.add(Problem{Pos: c.d.Pos(""), Rule: "schema/invalid", Message: err.Error()})
		return
	}
	c.collectLeaves(verr)
}

// maxItemsOf finds the maxItems of the top-level property name of s.
func maxItemsOf(s *jsonschema.Schema, name string) (int, bool) {
	for _, sub := range reachable(s, nil) {
		if p := sub.Properties[name]; p != nil {
			for _, ps := range reachable(p, nil) {
				if ps.MaxItems != nil {
					return *ps.MaxItems, true
				}
			}
		}
	}
	return 0, false
}

// location turns an error's instance location into a JSON pointer, with
// the index of a slice of a top-level list put back in place. It returns
// false for an error outside the slice being validated.
func (c *collector) location(loc []string) (string, []string, bool) {
	if c.only != "" {
		if len(loc) < 2 || loc[0] != c.only {
			return "", nil, false
		}
		i, err := strconv.Atoi(loc[1])
		if err != nil {
			return "", nil, false
		}
		loc = append([]string{loc[0], strconv.Itoa(i + c.offset)}, loc[2:]...)
	}
	ptr := ""
	for _, tok := range loc {
		ptr += "/" + yamldoc.EscapePointer(tok)
	}
	return ptr, loc, true
}

// collectLeaves turns the leaves of a validation error into problems, in
// plain words.
func (c *collector) collectLeaves(e *jsonschema.ValidationError) {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if c.collectAlternatives(e) {
			return
		}
	}
	if len(e.Causes) > 0 {
		for _, cause := range e.Causes {
			if c.more != nil {
				return
			}
			c.collectLeaves(cause)
		}
		return
	}
	ptr, loc, ok := c.location(e.InstanceLocation)
	if !ok {
		return
	}
	d := c.d
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		if ptr == "" && c.unknownCardType() {
			return // the deck's settings belong to the card type it misnames
		}
		for _, p := range k.Properties {
			c.add(Problem{Pos: d.KeyPosOr(ptr + "/" + yamldoc.EscapePointer(p)), Rule: "schema/invalid",
				Message: fmt.Sprintf("unknown field %q", p), Hint: fieldHint(p, c.reg.allowedFields(e.SchemaURL, d.ValueAt(ptr)))})
		}
	case *kind.Required:
		for _, p := range k.Missing {
			if c.misspeltAs(e.SchemaURL, ptr, p) {
				continue // the unknown field's did-you-mean names p: one finding
			}
			c.add(Problem{Pos: d.Pos(ptr), Rule: "schema/invalid",
				Message: fmt.Sprintf("missing required field %q", p)})
		}
	case *kind.FalseSchema:
		// Our schemas write no false schema: it comes from
		// unevaluatedProperties, so the instance is a field not allowed.
		msg, hint := "field is not allowed here", fieldHint("", nil)
		if n := len(loc); n > 0 {
			name := loc[n-1]
			parent := ptr[:strings.LastIndexByte(ptr, '/')]
			if parent == "" && c.unknownCardType() {
				return // the deck's settings belong to the card type it misnames
			}
			msg = fmt.Sprintf("unknown field %q", name)
			hint = fieldHint(name, c.reg.allowedFields(strings.TrimSuffix(e.SchemaURL, "/unevaluatedProperties"), d.ValueAt(parent)))
		}
		c.add(Problem{Pos: d.KeyPosOr(ptr), Rule: "schema/invalid", Message: msg, Hint: hint})
	default:
		msg, hint := plainMessage(subject(loc), e.ErrorKind)
		c.add(Problem{Pos: d.Pos(ptr), Rule: "schema/invalid", Message: msg, Hint: hint})
	}
}

// collectAlternatives reports an anyOf or oneOf failure: when the value's
// type matches one of the alternatives, that alternative's problems;
// otherwise one problem naming the types allowed. It returns false when
// the error is better reported by its leaves.
func (c *collector) collectAlternatives(e *jsonschema.ValidationError) bool {
	if len(e.Causes) == 0 {
		return false
	}
	var want []string
	got := ""
	for _, branch := range e.Causes {
		leaves := leavesOf(branch, nil)
		if len(leaves) != 1 {
			return false
		}
		t, ok := leaves[0].ErrorKind.(*kind.Type)
		if !ok {
			// The type matched: the problem is inside this alternative.
			c.collectLeaves(branch)
			return true
		}
		want, got = append(want, t.Want...), t.Got
	}
	ptr, loc, ok := c.location(e.InstanceLocation)
	if !ok {
		return true
	}
	c.add(Problem{Pos: c.d.Pos(ptr), Rule: "schema/invalid",
		Message: fmt.Sprintf("%s must be %s, not %s", subject(loc), orList(typeNames(want)), typeName(got))})
	return true
}

// leavesOf lists the leaf errors under e.
func leavesOf(e *jsonschema.ValidationError, out []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(out, e)
	}
	for _, c := range e.Causes {
		out = leavesOf(c, out)
	}
	return out
}

func dedupe(ps []Problem) []Problem {
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && sameProblem(p, ps[i-1]) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// sameProblem reports whether two problems say the same thing at the same
// place.
func sameProblem(a, b Problem) bool {
	return a.Pos == b.Pos && a.Rule == b.Rule && a.Message == b.Message && a.Hint == b.Hint && len(a.Related) == len(b.Related)
}

// Systems returns the game systems a manifest may declare: the registered
// games' in registration order, then "generic".
func (r *Registry) Systems() []string {
	var out []string
	for _, g := range r.games {
		if g.System != "" {
			out = append(out, g.System)
		}
	}
	return append(out, "generic")
}

// misspeltAs says whether the mapping at ptr holds a field that is not
// allowed there and is a near miss of the required field it lacks (vaule:
// for value:): the unknown field is reported with "did you mean" the
// required one, which says all that the missing field would.
func (c *collector) misspeltAs(schemaURL, ptr, required string) bool {
	m, ok := c.d.ValueAt(ptr).(map[string]any)
	if !ok {
		return false
	}
	allowed := c.reg.allowedFields(schemaURL, m)
	if len(allowed) == 0 {
		return false
	}
	for key := range m {
		if !slices.Contains(allowed, key) && suggest.Nearest(key, []string{required}) == required {
			return true
		}
	}
	return false
}
