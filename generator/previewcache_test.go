package generator

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/runforge/runforge/generator/draw"
)

// mapCache is a PreviewCache in memory that counts its hits.
type mapCache struct {
	mu      sync.Mutex
	entries map[string][]byte
	hits    int
	bands   int // hits of contact sheet rows
}

func (m *mapCache) Get(name string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.entries[name]
	if ok {
		m.hits++
		if strings.HasPrefix(name, "band-") {
			m.bands++
		}
	}
	return b, ok
}

func (m *mapCache) Put(name string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries[name] = bytes.Clone(data)
}

func (m *mapCache) PutFile(name string, data []byte) { m.Put(name, data) }

func (m *mapCache) LinkFile(name, dst string) (bool, error) {
	b, ok := m.Get(name)
	if !ok {
		return false, nil
	}
	return true, os.WriteFile(dst, b, 0o644)
}

// colourSheet is a contact sheet of n cards, card i filled with colours[i]
// and labelled with its number.
func colourSheet(r *Renderer, colours []draw.Color) []job {
	items := make([]previewItem, len(colours))
	for i, c := range colours {
		path := fmt.Sprintf("preview/cards/c%d.png", i)
		if i == 2 {
			path = "" // a cell without a PNG of its own
		}
		items[i] = previewItem{label: fmt.Sprint(i), path: path, draw: func(cv draw.Canvas) {
			cv.Rect(2, 2, 59.5, 84.9, 3, draw.Filled(c))
			cv.Text(10, 20, fmt.Sprint("card ", i), draw.Regular, 12, draw.Black)
		}}
	}
	return []job{{name: "sheet", parallel: func(env jobEnv) ([]Artifact, error) {
		return r.writeContactSheet(env, "preview/cards.png", 63.5, 88.9, items)
	}}}
}

// readTree reads every file under dir.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPreviewCacheGivesTheSamePNGs renders contact sheets with a cache
// through a series of changes and checks each against one rendered
// without: the same files, byte for byte, and the unchanged cards taken
// from the cache.
func TestPreviewCacheGivesTheSamePNGs(t *testing.T) {
	plain := testRenderer(t)
	cache := &mapCache{entries: map[string][]byte{}}
	cached := plain.WithPreviewCache(cache, "base")
	red, green, blue := draw.RGB(200, 0, 0), draw.RGB(0, 160, 0), draw.RGB(0, 0, 200)
	rows := func(changed int) []draw.Color {
		c := make([]draw.Color, 25) // three rows of cells
		for i := range c {
			c[i] = draw.RGB(uint8(10*i), 100, 50)
		}
		if changed >= 0 {
			c[changed] = red
		}
		return c
	}
	steps := []struct {
		name    string
		colours []draw.Color
		damage  func()
		hits    int // at least
		bands   int // rows read from the cache, exactly (-1: any)
	}{
		{"first", []draw.Color{red, green, blue, red}, nil, 0, 0},
		{"unchanged: the sheet from the cache", []draw.Color{red, green, blue, red}, nil, 1, 0},
		{"one card changed", []draw.Color{red, blue, blue, red}, nil, 3, 0},
		{"a card added", []draw.Color{red, blue, blue, red, green}, nil, 4, 0},
		{"three rows", rows(-1), nil, 0, 0},
		{"a card of the middle row changed: the other rows from the cache", rows(14), nil, 2, 2},
		{"a card of the last row changed", rows(23), nil, 2, 2},
		{"cells damaged", []draw.Color{red, blue, blue, red, green}, func() {
			for name, b := range cache.entries {
				if strings.HasPrefix(name, "cell-") || strings.HasPrefix(name, "band-") {
					cache.entries[name] = b[:len(b)/2]
				}
				if strings.HasPrefix(name, "sheet-") {
					delete(cache.entries, name)
				}
			}
		}, 0, -1},
	}
	for _, st := range steps {
		if st.damage != nil {
			st.damage()
		}
		cache.hits, cache.bands = 0, 0
		want, got := t.TempDir(), t.TempDir()
		if _, err := runJobs(want, colourSheet(plain, st.colours)); err != nil {
			t.Fatal(err)
		}
		if _, err := runJobs(got, colourSheet(cached, st.colours)); err != nil {
			t.Fatal(err)
		}
		w, g := readTree(t, want), readTree(t, got)
		if len(w) != len(g) {
			t.Errorf("%s: %d files, want %d", st.name, len(g), len(w))
		}
		for p, b := range w {
			if !bytes.Equal(g[p], b) {
				t.Errorf("%s: %s differs from the one rendered without a cache", st.name, p)
			}
		}
		if cache.hits < st.hits {
			t.Errorf("%s: %d entries from the cache, want at least %d", st.name, cache.hits, st.hits)
		}
		if st.bands >= 0 && cache.bands != st.bands {
			t.Errorf("%s: %d rows of the sheet from the cache, want %d", st.name, cache.bands, st.bands)
		}
	}
}

// TestPreviewKeysFollowTheDrawing checks that the key of a preview changes
// with what it draws and with the cache's base, and only then.
func TestPreviewKeysFollowTheDrawing(t *testing.T) {
	r := testRenderer(t).WithPreviewCache(&mapCache{entries: map[string][]byte{}}, "base")
	item := func(text string, c draw.Color) previewItem {
		return previewItem{draw: func(cv draw.Canvas) {
			cv.Rect(0, 0, 10, 10, 0, draw.Filled(c))
			cv.Text(1, 5, text, draw.Regular, 8, draw.Black)
		}}
	}
	keysOf := func(r *Renderer, ch float64, items ...previewItem) []string {
		t.Helper()
		env := jobEnv{ctx: context.Background(), slots: make(slots, 2)}
		keys, err := r.previewKeys(env, 63.5, ch, items)
		if err != nil {
			t.Fatal(err)
		}
		return keys
	}
	keys := keysOf(r, 88.9, item("a", draw.Black), item("a", draw.Black), item("b", draw.Black), item("a", draw.RGB(0, 0, 1)))
	if keys[0] != keys[1] {
		t.Error("one drawing, two keys")
	}
	if keys[0] == keys[2] || keys[0] == keys[3] {
		t.Error("another text or colour, the same key")
	}
	other := testRenderer(t).WithPreviewCache(&mapCache{}, "another base")
	if k := keysOf(other, 88.9, item("a", draw.Black)); k[0] == keys[0] {
		t.Error("another base, the same key")
	}
	if k := keysOf(r, 90, item("a", draw.Black)); k[0] == keys[0] {
		t.Error("another size, the same key")
	}
	if keysOf(testRenderer(t), 88.9, item("a", draw.Black)) != nil {
		t.Error("a renderer without a cache has keys")
	}
}
