// Package standalone turns the JSON Schemas runforge embeds into files
// that each stand alone: every reference to another file is replaced by a
// copy of its target, so that editors and validators resolve each file
// offline wherever it is copied, and ajv's strict mode accepts them.
package standalone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Bundle turns the JSON Schemas runforge embeds (file name to content)
// into files that each stand alone. The embedded files carry $id https://runforge.dev/...
// and refer to each other by relative $ref, so a validator that reads them
// from a folder looks for the siblings on a host that does not exist. Here
// every $ref into another file is replaced by a copy of its target in the
// file's own $defs (common.schema.json#/$defs/id becomes #/$defs/common.id),
// and $id is dropped: each file resolves offline wherever it is copied.
// The files are also made acceptable to ajv's strict mode (see ajvStrict).
func Bundle(files map[string][]byte) (map[string][]byte, error) {
	docs := map[string]map[string]any{}
	for name, b := range files {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		docs[name] = doc
	}
	out := map[string][]byte{}
	for name := range docs {
		doc, err := bundleSchema(name, docs)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		ajvStrict(doc)
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		out[name] = append(b, '\n')
	}
	return out, nil
}

// schemaBundler copies the definitions one schema file needs from the others.
type schemaBundler struct {
	docs   map[string]map[string]any
	self   string
	own    map[string]any // the file's own $defs
	copied map[string]any // definitions copied from other files, by key
	queue  [][2]string    // file and definition name still to copy
}

// bundleSchema returns the schema file name with every reference local.
func bundleSchema(name string, docs map[string]map[string]any) (map[string]any, error) {
	doc := copyJSON(docs[name]).(map[string]any)
	delete(doc, "$id")
	own, _ := doc["$defs"].(map[string]any)
	b := &schemaBundler{docs: docs, self: name, own: own, copied: map[string]any{}}
	if err := b.rewrite(doc, name); err != nil {
		return nil, err
	}
	for len(b.queue) > 0 {
		file, def := b.queue[0][0], b.queue[0][1]
		b.queue = b.queue[1:]
		defs, _ := docs[file]["$defs"].(map[string]any)
		target, ok := defs[def]
		if !ok {
			return nil, fmt.Errorf("$ref to %s#/$defs/%s, which does not exist", file, def)
		}
		target = copyJSON(target)
		if err := b.rewrite(target, file); err != nil {
			return nil, err
		}
		b.copied[bundledDefName(file, def)] = target
	}
	if len(b.copied) > 0 {
		if own == nil {
			own = map[string]any{}
			doc["$defs"] = own
		}
		for k, v := range b.copied {
			own[k] = v
		}
	}
	return doc, nil
}

// rewrite makes every $ref in v, a part of file, local to the bundle.
func (b *schemaBundler) rewrite(v any, file string) error {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ref, ok := v[k].(string); ok && k == "$ref" {
				local, err := b.localRef(ref, file)
				if err != nil {
					return err
				}
				v[k] = local
				continue
			}
			if err := b.rewrite(v[k], file); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range v {
			if err := b.rewrite(e, file); err != nil {
				return err
			}
		}
	}
	return nil
}

// localRef turns ref, written in file, into a reference inside the bundle,
// queueing the definition it needs.
func (b *schemaBundler) localRef(ref, file string) (string, error) {
	target, frag, _ := strings.Cut(ref, "#")
	if target == "" {
		target = file
	}
	if _, ok := b.docs[target]; !ok {
		return "", fmt.Errorf("$ref %q: no schema file %s", ref, target)
	}
	if target == b.self {
		return "#" + frag, nil
	}
	rest, ok := strings.CutPrefix(frag, "/$defs/")
	if !ok {
		return "", fmt.Errorf("$ref %q: only references to another file's $defs can be bundled", ref)
	}
	def, tail, _ := strings.Cut(rest, "/")
	def = jsonPointerUnescape(def)
	key := bundledDefName(target, def)
	if _, clash := b.own[key]; clash {
		return "", fmt.Errorf("$ref %q: the file's own $defs has %s already", ref, key)
	}
	if _, done := b.copied[key]; !done && !b.queued(target, def) {
		b.queue = append(b.queue, [2]string{target, def})
	}
	local := "#/$defs/" + jsonPointerEscape(key)
	if tail != "" {
		local += "/" + tail
	}
	return local, nil
}

func (b *schemaBundler) queued(file, def string) bool {
	for _, q := range b.queue {
		if q == [2]string{file, def} {
			return true
		}
	}
	return false
}

// bundledDefName names a copied definition: common.schema.json's id is common.id.
func bundledDefName(file, def string) string {
	return strings.TrimSuffix(file, ".schema.json") + "." + def
}

func jsonPointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

func jsonPointerUnescape(s string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}

// copyJSON copies a decoded JSON value.
func copyJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = copyJSON(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = copyJSON(e)
		}
		return s
	}
	return v
}
