package kit

import (
	"io"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
)

// BenchmarkPrintRun times the print run of the Run For Your Life kit: the
// plan and the joining of the kit's written PDFs.
func BenchmarkPrintRun(b *testing.B) {
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		b.Fatal(err)
	}
	p := rendertest.LoadBundled(b, "run-for-your-life")
	out := b.TempDir()
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: layout.LongEdge, CropMarks: true, Layout: generator.LayoutSheet, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	arts, err := Build(r, p, generator.BuildOptions{OutDir: out, Print: opts})
	if err != nil {
		b.Fatal(err)
	}
	stage := out + "/" + p.Game.ID
	b.ResetTimer()
	for b.Loop() {
		run := &kitRun{stage: stage, arts: arts}
		if _, err := writePrintRun(r, io.Discard, p, opts, run); err != nil {
			b.Fatal(err)
		}
	}
}
