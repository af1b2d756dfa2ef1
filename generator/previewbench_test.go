package generator_test

import (
	"os"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kit"
)

// BenchmarkBuildDeck200Cold is BenchmarkBuildDeck200 with a new renderer
// every iteration, as every `runforge build` process has: nothing the
// renderer keeps (fonts, glyphs) carries over from the previous build.
func BenchmarkBuildDeck200Cold(b *testing.B) {
	p := loadClean(b, newRenderer(b), os.DirFS("testdata/deck200"), "deck200")
	opts := generator.BuildOptions{Print: printOptions(b), OutDir: b.TempDir(), Previews: true}
	for b.Loop() {
		if _, err := kit.Build(newRenderer(b), p, opts); err != nil {
			b.Fatal(err)
		}
	}
}
