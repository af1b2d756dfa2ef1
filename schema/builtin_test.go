package schema_test

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"
)

// Every field a built-in face or back template shows (field:, ${name} in a
// text, when:) is one its card type's cards can have, or one the game
// derives: otherwise the box prints empty on every card of the type (as a
// Fleeing card's name band once did).
func TestBuiltinTemplatesShowOnlyFieldsCardsHave(t *testing.T) {
	files, err := schematest.Registry().SchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	interp := regexp.MustCompile(`\$\{([A-Za-z0-9_-]+)\}`)
	for _, g := range schematest.Registry().Games() {
		system := g.System
		if system == "" {
			system = "generic"
		}
		p, probs := schematest.LoadPack(fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: " + system + "\ncomponents: []\n")}}, "t")
		if p == nil {
			t.Fatalf("%s: %v", system, probs)
		}
		for _, ct := range g.CardTypes {
			props := cardProperties(t, files, ct.Card)
			allowed := map[string]bool{"id": true, "count": true}
			for _, f := range props {
				allowed[f] = true
			}
			for _, f := range ct.Derived {
				allowed[f] = true
			}
			for _, id := range []string{ct.Face, ct.Back} {
				tpl, ok := p.Templates[id]
				if !ok {
					t.Errorf("%s: template %q does not exist", ct.Name, id)
					continue
				}
				var bad []string
				for _, b := range tpl.Boxes {
					names := []string{b.Field, strings.TrimPrefix(b.When, "!")}
					for _, m := range interp.FindAllStringSubmatch(b.Text, -1) {
						names = append(names, m[1])
					}
					for _, n := range names {
						if n != "" && !allowed[n] {
							bad = append(bad, b.ID+": "+n)
						}
					}
				}
				if len(bad) > 0 {
					sort.Strings(bad)
					t.Errorf("%s: template %q shows fields no %s card has: %s", ct.Name, id, ct.Name, strings.Join(bad, ", "))
				}
			}
		}
	}
}

// cardProperties lists the properties a card schema reference allows, such
// as "rfod.schema.json#/$defs/fleeing" (with allOf/$ref parts followed).
func cardProperties(t *testing.T, files map[string][]byte, ref string) []string {
	t.Helper()
	file, ptr, _ := strings.Cut(ref, "#")
	var doc map[string]any
	if err := json.Unmarshal(files[file], &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	node := any(doc)
	for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		m, _ := node.(map[string]any)
		node = m[part]
	}
	var out []string
	var walk func(n any)
	walk = func(n any) {
		m, ok := n.(map[string]any)
		if !ok {
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			for k := range props {
				out = append(out, k)
			}
		}
		for _, key := range []string{"allOf", "anyOf", "oneOf"} {
			if list, ok := m[key].([]any); ok {
				for _, x := range list {
					walk(x)
				}
			}
		}
		if r, ok := m["$ref"].(string); ok {
			if strings.HasPrefix(r, "#") {
				out = append(out, cardProperties(t, files, file+r)...)
			} else {
				out = append(out, cardProperties(t, files, r)...)
			}
		}
	}
	walk(node)
	return out
}
