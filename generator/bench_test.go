package generator_test

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/deck"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// Benchmarks of the generator and the validate stage. Run them with
//
//	go test -run '^$' -bench . -benchmem ./generator/
//
// or `bash scripts/bench.sh`, which also times the runforge binary as a
// whole process. Nothing is written into the repository: builds go to
// b.TempDir() and decks to io.Discard.

// printOptions are the print settings `runforge build` uses by default
// (letter, long-edge duplex, crop marks, the fixed build date).
func printOptions(b *testing.B) generator.PrintOptions {
	b.Helper()
	paper, err := layout.PaperByName("letter")
	if err != nil {
		b.Fatal(err)
	}
	duplex, err := layout.ParseDuplex("long")
	if err != nil {
		b.Fatal(err)
	}
	return generator.PrintOptions{
		Paper: paper, Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed, Duplex: duplex,
		CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	}
}

// loadClean loads a pack and fails the benchmark on any diagnostic, so a
// benchmark never measures a pack the CLI would refuse to build.
func loadClean(b *testing.B, r *generator.Renderer, fsys fs.FS, root string) *schema.Pack {
	b.Helper()
	p, probs := schematest.LoadPack(fsys, root)
	if p == nil {
		b.Fatalf("pack %s: %v", root, probs)
	}
	if diags := validate.Pack(p, probs, validate.Options{Fitter: r}); len(diags) > 0 {
		for _, d := range diags {
			b.Log(d)
		}
		b.Fatalf("pack %s: %d diagnostics", root, len(diags))
	}
	return p
}

// newRenderer is a renderer of the kinds every game may use, as the
// command makes one.
func newRenderer(b *testing.B) *generator.Renderer {
	b.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared())
	if err != nil {
		b.Fatal(err)
	}
	return r
}

func benchmarkBuildDeck200(b *testing.B, previews bool) {
	r := newRenderer(b)
	p := loadClean(b, r, os.DirFS("testdata/deck200"), "deck200")
	opts := generator.BuildOptions{
		Print: printOptions(b), OutDir: b.TempDir(), Previews: previews,
	}
	b.ReportAllocs()
	pages, files := 0, 0
	// Every iteration rebuilds into the same folder, as a repeated
	// `runforge build` does: the previous output is swapped out and removed.
	for b.Loop() {
		arts, err := kit.Build(r, p, opts)
		if err != nil {
			b.Fatal(err)
		}
		pages, files = 0, len(arts)
		for _, a := range arts {
			pages += a.Pages
		}
	}
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(files), "files")
}

// BenchmarkBuildDeck200 is `runforge build generator/testdata/deck200`
// without process start-up and validation: cards.pdf, calibration.pdf,
// components.txt, 200 card previews and the contact sheet.
func BenchmarkBuildDeck200(b *testing.B) { benchmarkBuildDeck200(b, true) }

// BenchmarkBuildDeck200NoPreviews is the same build with --no-previews, to
// tell the PDF cost from the PNG cost.
func BenchmarkBuildDeck200NoPreviews(b *testing.B) { benchmarkBuildDeck200(b, false) }

// deckPack is an in-memory generic pack of one deck of distinct cards with
// copies each.
func deckPack(distinct, copies int) fstest.MapFS {
	var sb strings.Builder
	sb.WriteString("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n")
	types := []string{"Creature - Zombie", "Item - Weapon", "Event - Night", "Location - Ruin"}
	for i := 1; i <= distinct; i++ {
		fmt.Fprintf(&sb, "  - id: card-%05d\n", i)
		if copies != 1 {
			fmt.Fprintf(&sb, "    count: %d\n", copies)
		}
		fmt.Fprintf(&sb, "    name: \"Card %d\"\n    cost: %d\n    type: %q\n", i, i%8, types[i%len(types)])
		fmt.Fprintf(&sb, "    text: \"Draw %d cards, then discard one. The horde moves %d spaces toward survivor %d.\"\n",
			i%5+1, i%7+1, i)
	}
	game := fmt.Sprintf(`kind: Game
id: deck10k
title: Benchmark deck 10k
system: generic
components:
  - id: cards
    name: Benchmark cards
    expected: %d
print:
  paper: letter
`, distinct*copies)
	return fstest.MapFS{
		"game.yaml":  {Data: []byte(game)},
		"cards.yaml": {Data: []byte(sb.String())},
	}
}

// BenchmarkWriteDeck10k imposes a large deck into one PDF (written to
// io.Discard, no previews): 5,000 distinct cards (the most a deck file
// holds), each drawn in place, and 2,000 cards of 5 copies (10,000 cards),
// each drawn once as a PDF template.
func BenchmarkWriteDeck10k(b *testing.B) {
	for _, c := range []struct {
		name             string
		distinct, copies int
	}{{"distinct", 5_000, 1}, {"2000x5", 2_000, 5}} {
		b.Run(c.name, func(b *testing.B) {
			r := newRenderer(b)
			p := loadClean(b, r, deckPack(c.distinct, c.copies), "deck10k")
			d := p.Decks()[0]
			faceID, backID := d.Sides()
			face, back, _, err := deck.Sides(p, d, faceID, backID)
			if err != nil {
				b.Fatal(err)
			}
			opts := printOptions(b)
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				if pages, err = deck.Write(r, io.Discard, p, d, face, back, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(pages), "pages")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(d.Total()), "ns/card")
		})
	}
}

// BenchmarkValidateBundled is `runforge validate data/run-for-your-life`
// without process start-up: load, schema, rules and text fit.
func BenchmarkValidateBundled(b *testing.B) {
	r := newRenderer(b)
	fsys := os.DirFS("../data/run-for-your-life")
	b.ReportAllocs()
	for b.Loop() {
		p, probs := schematest.LoadPack(fsys, "data/run-for-your-life")
		if p == nil {
			b.Fatalf("loading: %v", probs)
		}
		if diags := validate.Pack(p, probs, validate.Options{Fitter: r}); len(diags) > 0 {
			b.Fatalf("%d diagnostics, first: %v", len(diags), diags[0])
		}
	}
}
