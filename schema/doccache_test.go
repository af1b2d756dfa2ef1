package schema_test

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
	"github.com/runforge/runforge/schema/rfyl"
	runschema "github.com/runforge/runforge/schema/run"
)

// mapCache is a DocCache in memory that counts its hits.
type mapCache struct {
	mu      sync.Mutex
	entries map[string][]byte
	hits    int
}

func (c *mapCache) Get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.entries[key]
	if ok {
		c.hits++
	}
	return b, ok
}

func (c *mapCache) Put(key string, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[key] = data
}

// freshRegistry is a registry of every bundled game that has read
// nothing yet (a registry reads its built-in templates once).
func freshRegistry() *schema.Registry {
	return schema.NewRegistry(rfyl.Schema, runschema.Schema, justrunschema.Schema, rfodschema.Schema, rfodrschema.Schema)
}

// loadDump loads a pack and writes down what a later stage sees of it
// that its files' parsing gives: the problems, the files read, and the
// position of every template, box, element and card.
func loadDump(t *testing.T, fsys fs.FS, root string, cache schema.DocCache) string {
	t.Helper()
	p, probs := schema.LoadPackWith(fsys, root, schema.LoadOptions{Registry: freshRegistry(), Base: data.Pack, Cache: cache})
	var b strings.Builder
	fmt.Fprintf(&b, "problems %v\n", probs)
	if p == nil {
		return b.String()
	}
	fmt.Fprintf(&b, "files %v\n", p.Files)
	ids := make([]string, 0, len(p.Templates))
	for id := range p.Templates {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		tp := p.Templates[id]
		fmt.Fprintf(&b, "template %s %s %v %q\n", id, tp.Ref.Pos(), tp.ParentBoxes, tp.Unresolved)
		for _, bx := range tp.Boxes {
			box := *bx
			box.Ref = schema.Ref{}
			fmt.Fprintf(&b, "  box %+v %s\n", box, bx.Ref.Pos())
		}
	}
	for _, el := range p.Elements {
		fmt.Fprintf(&b, "element %s %s %s %v\n", el.Kind(), el.ElementID(), el.Source().Pos(), el.Source().Child("id").Pos())
	}
	for _, d := range p.Decks() {
		for _, c := range d.Cards {
			fmt.Fprintf(&b, "card %s %d %v %s %s\n", c.ID, c.Count, c.Fields, c.Ref.Pos(), c.Ref.Child("name").Pos())
		}
	}
	return b.String()
}

// A pack loaded with its files (and the built-in templates) from a cache
// is the pack loaded from the files; a file that changed, or that has a
// problem, is not taken from the cache.
func TestDocCacheLoadsThePackTheFilesGive(t *testing.T) {
	for _, name := range []string{"run-for-your-life", "run", "just-run", "run-fight-or-die-reloaded-campaign"} {
		t.Run(name, func(t *testing.T) {
			fsys, ok := data.Pack(name)
			if !ok {
				t.Fatalf("no bundled pack %s", name)
			}
			want := loadDump(t, fsys, name, nil)
			cache := &mapCache{entries: map[string][]byte{}}
			if got := loadDump(t, fsys, name, cache); got != want {
				t.Fatalf("filling the cache changed the pack")
			}
			if cache.hits != 0 || len(cache.entries) < 6 {
				t.Fatalf("first load: %d hits, %d entries", cache.hits, len(cache.entries))
			}
			if got := loadDump(t, fsys, name, cache); got != want {
				t.Errorf("the pack from the cache differs:\n%s", firstDiff(got, want))
			}
			if cache.hits != len(cache.entries) {
				t.Errorf("second load: %d hits of %d entries", cache.hits, len(cache.entries))
			}
		})
	}
}

func TestDocCacheMissesChangedAndBrokenFiles(t *testing.T) {
	pack := fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: mine\ntitle: Mine\nsystem: generic\ncomponents:\n  - {id: cards, name: Cards, expected: 1}\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A, text: One.}\n")},
	}
	cache := &mapCache{entries: map[string][]byte{}}
	loadDump(t, pack, "mine", cache)
	entries := len(cache.entries)
	for _, tc := range []struct{ name, cards string }{
		{"changed", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: B, text: One.}\n"},
		{"broken", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: B, text: One., count: many}\n"},
	} {
		pack["cards.yaml"] = &fstest.MapFile{Data: []byte(tc.cards)}
		want := loadDump(t, pack, "mine", nil)
		hits := cache.hits
		if got := loadDump(t, pack, "mine", cache); got != want {
			t.Errorf("%s: the pack differs:\n%s", tc.name, firstDiff(got, want))
		}
		// The manifest and the built-in templates come from the cache,
		// the deck does not.
		if cache.hits-hits != entries-1 {
			t.Errorf("%s: %d hits, want %d", tc.name, cache.hits-hits, entries-1)
		}
	}
	if !strings.Contains(loadDump(t, pack, "mine", cache), `count`) {
		t.Errorf("the broken deck loads without its problem")
	}
	if len(cache.entries) != entries+1 {
		t.Errorf("%d entries, want %d (the changed deck's added, the broken one's not)", len(cache.entries), entries+1)
	}
}

// firstDiff shows the first line where two dumps differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}
