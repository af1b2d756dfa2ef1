package generator

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// loadRFPack loads a Run, Fight, or Die! fixture pack of the game's
// package (rfod/testdata/<dir>) for the tests of its decks and index.
func loadRFPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	return rendertest.LoadPack(t, filepath.Join("rfod", "testdata", dir))
}

// testRenderer is a renderer of no game, with the embedded fonts.
func testRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// testOpts prints on paper with the default margin, 3 mm bleed and crop
// marks, dated for reproducible files.
func testOpts(paper string) PrintOptions {
	return PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}
