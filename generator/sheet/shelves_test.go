package sheet

import (
	"math"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// runGang is RUN's card-size sheets as the kit gangs them: the action
// tiles (50 x 35 mm, one PDF through printWith:), the status tile (40 x 40
// mm) and the exhausted card (poker), host first.
func runGang(t *testing.T) []*schema.Sheet {
	t.Helper()
	return runGangOf(t, rendertest.LoadBundled(t, "run"))
}

// runGangOf is runGang of the pack p.
func runGangOf(t *testing.T, p *schema.Pack) []*schema.Sheet {
	t.Helper()
	var host *schema.Sheet
	var rest []*schema.Sheet
	for _, s := range p.Sheets() {
		switch {
		case s.ID == "action-tiles":
			host = s
		case s.PrintWith == "action-tiles", s.ID == "status-tile", s.ID == "exhausted-card":
			rest = append(rest, s)
		}
	}
	if host == nil || len(rest) != 6 {
		t.Fatalf("RUN's sheets: host %v, %d others, want 6", host != nil, len(rest))
	}
	return append([]*schema.Sheet{host}, rest...)
}

// Golden drawing calls of the ganged sheet of mixed sizes, front and back,
// long edge on Letter and short edge on A4, with a back offset; and
// without duplex, where the backs print after the fronts, unmirrored.
func TestShelfSheetGolden(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range []struct {
		golden, paper string
		duplex        layout.Duplex
		pages         int
	}{
		{"shelf-run-letter-long.txt", "letter", layout.LongEdge, 2},
		{"shelf-run-a4-short.txt", "a4", layout.ShortEdge, 2},
		{"shelf-run-letter-none.txt", "letter", layout.NoDuplex, 2},
	} {
		t.Run(c.golden, func(t *testing.T) {
			opts := sheetOpts(c.paper, c.duplex)
			opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
			sink := &recordSink{}
			if err := r.imposeSheets(sink, runGang(t), opts); err != nil {
				t.Fatal(err)
			}
			if sink.pages != c.pages {
				t.Errorf("%d pages, want %d", sink.pages, c.pages)
			}
			golden.CheckNamed(t, c.golden, sink.rec.String())
		})
	}
}

// Every piece of the ganged sheet prints at true size, and its back lies
// exactly behind it once the sheet is flipped (less the back offset).
func TestShelfSheetBacksRegister(t *testing.T) {
	r := newTestRenderer(t)
	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
		for _, paper := range []string{"letter", "a4"} {
			opts := sheetOpts(paper, d)
			opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
			sheets := runGang(t)
			layouts := make([]*sheetLayout, len(sheets))
			for i, s := range sheets {
				l, err := r.layoutSheet(s, opts)
				if err != nil {
					t.Fatal(err)
				}
				layouts[i] = l
			}
			pl, err := r.planShelves(sheets, layouts, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(pl.shelves.Sheets) != 1 || len(pl.fronts) != 7 {
				t.Fatalf("%s %s: %d sheets of %d pieces, want 1 of 7", paper, d, len(pl.shelves.Sheets), len(pl.fronts))
			}
			placed := pl.shelves.Sheets[0]
			fronts := impose.FrontSlots(placed, opts.Bleed)
			backs := impose.BackSlots(opts.Paper, placed, opts.Bleed, d, opts.BackOffset)
			for i, lf := range pl.fronts {
				f, b := fronts[i].Trim, backs[i].Trim
				if math.Abs(f.W-lf.l.geom.readW) > 1e-9 || math.Abs(f.H-lf.l.geom.readH) > 1e-9 {
					t.Errorf("%s %s: %s printed %gx%g, want %gx%g", paper, d, lf.l.title, f.W, f.H, lf.l.geom.readW, lf.l.geom.readH)
				}
				corner := rendertest.FlipPoint(layout.Point{X: b.X - opts.BackOffset.X, Y: b.Y - opts.BackOffset.Y}, opts.Paper, d)
				far := rendertest.FlipPoint(layout.Point{X: b.Right() - opts.BackOffset.X, Y: b.Bottom() - opts.BackOffset.Y}, opts.Paper, d)
				got := layout.Rect{X: math.Min(corner.X, far.X), Y: math.Min(corner.Y, far.Y), W: math.Abs(far.X - corner.X), H: math.Abs(far.Y - corner.Y)}
				if !rendertest.RectNear(got, f, 1e-9) {
					t.Errorf("%s %s: the back of %s lands at %+v, its front is at %+v", paper, d, lf.l.title, got, f)
				}
			}
		}
	}
}

// The kit index describes the shelf-packed sheet: its pieces by size and
// the order to cut.
func TestShelfSheetIndex(t *testing.T) {
	r := newTestRenderer(t)
	p := rendertest.LoadBundled(t, "run")
	sheets := runGangOf(t, p)
	for _, s := range sheets[1:] {
		if s.PrintWith == "" {
			cp := printSheetWith(s, "action-tiles")
			for i, e := range p.Elements {
				if e == s {
					p.Elements[i] = cp
				}
			}
		}
	}
	lines := indexSheet(r.Renderer, p, sheets[0], sheetOpts("letter", layout.LongEdge))
	joined := strings.Join(lines, "\n")
	for _, want := range []string{"7 pieces of mixed sizes (1 of 63.5x88.9mm, 1 of 40x40mm, 5 of 50x35mm) packed in rows on 1 sheet, 2 pages",
		"cut the rows apart first", "Runner status tile (1)", "Runner exhausted card (1)"} {
		if !strings.Contains(joined, want) {
			t.Errorf("index lacks %q:\n%s", want, joined)
		}
	}
}
