package generator

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
)

// TestCalibrationSigns simulates a printer that shifts the back by e: the
// reading at C, added to the offset the sheet was printed with, is the
// offset that puts the scales of every target (and so every back) behind
// its front. A wrong sign, a wrong mirror or a label on the wrong side
// fails here.
func TestCalibrationSigns(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
			for _, o := range []layout.Point{{}, {X: 0.5, Y: -0.25}} {
				for _, e := range []layout.Point{{}, {X: 1.5, Y: 0}, {X: 0, Y: -2}, {X: -0.7, Y: 1.1}} {
					opts := calOpts(paper, d)
					opts.BackOffset = o
					pw, ph := opts.Paper.W, opts.Paper.H
					// The pin goes through the paper: on the back page, a
					// long-edge flip mirrors x, a short-edge flip y.
					hole := func(p layout.Point) layout.Point {
						if d == layout.ShortEdge {
							return layout.Point{X: p.X, Y: ph - p.Y}
						}
						return layout.Point{X: pw - p.X, Y: p.Y}
					}
					var rx, ry float64
					for _, tg := range calibrationTargets(opts) {
						// The scales land shifted by the printer's error;
						// read the labels at the hole.
						h := hole(tg.Front)
						x, y := readScale(h.X-tg.Back.X-e.X), readScale(h.Y-tg.Back.Y-e.Y)
						if e == (layout.Point{}) && o == (layout.Point{}) && (x != 0 || y != 0) {
							t.Errorf("%s %s target %s: a perfect printer reads %g,%g", paper, d, tg.Name, x, y)
						}
						if tg.Name == "C" {
							rx, ry = x, y
						}
					}
					next := opts
					next.BackOffset = layout.Point{X: o.X + rx, Y: o.Y + ry}
					for _, tg := range calibrationTargets(next) {
						landed := layout.Point{X: tg.Back.X + e.X, Y: tg.Back.Y + e.Y}
						if h := hole(tg.Front); math.Abs(landed.X-h.X) > 1e-6 || math.Abs(landed.Y-h.Y) > 1e-6 {
							t.Errorf("%s %s offset %+v error %+v: read %g,%g at C; target %s's scales then land at %+v, not behind it at %+v",
								paper, d, o, e, rx, ry, tg.Name, landed, h)
						}
					}
				}
			}
		}
	}
}

// TestCalibrationPage: both pages inside the margin (with a back offset),
// grayscale grey, and the golden drawing.
func TestCalibrationPage(t *testing.T) {
	r := testRenderer(t)
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		gray   bool
	}{{"letter", layout.LongEdge, false}, {"a4", layout.ShortEdge, true}, {"letter", layout.ShortEdge, true}, {"a4", layout.LongEdge, false}} {
		rr := r.WithOptions(false, c.gray)
		opts := calOpts(c.paper, c.duplex)
		opts.BackOffset = layout.Point{X: 1.5, Y: -1}
		ink := rendertest.NewInkCanvas(rr.Fonts)
		rr.drawCalibration(ink, opts)
		if len(ink.Pages) != 2 {
			t.Fatalf("%d pages", len(ink.Pages))
		}
		area := layout.Printable(opts.Paper, opts.Margin)
		for i, ops := range ink.Pages {
			bars := 0
			for _, op := range ops {
				b := op.Box
				if b.X < area.X || b.Y < area.Y || b.Right() > area.Right() || b.Bottom() > area.Bottom() {
					t.Errorf("%s %s page %d: %s %+v in the margin", c.paper, c.duplex, i+1, op.What, b)
				}
				if c.gray && (op.Col.R != op.Col.G || op.Col.G != op.Col.B) {
					t.Errorf("%s %s page %d: %s in colour %s under grayscale", c.paper, c.duplex, i+1, op.What, op.Col.Hex())
				}
				if op.What == "text 100 mm" {
					bars++
				}
			}
			if bars != 1 {
				t.Errorf("%s %s page %d: %d scale bars", c.paper, c.duplex, i+1, bars)
			}
		}
	}
	sink := &rendertest.PageLog{}
	opts := calOpts("letter", layout.LongEdge)
	opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
	r.drawCalibration(sink, opts)
	golden.CheckNamed(t, "calibration-letter-long.txt", sink.Rec.String())
}

// readScale reads a back scale k mm from its centre, as a user does:
// the labels of the millimetre ticks either side, interpolated.
func readScale(k float64) float64 {
	lo := math.Floor(k)
	var a, b float64
	fmt.Sscanf(calScaleLabel(int(lo)), "%g", &a)
	fmt.Sscanf(calScaleLabel(int(lo)+1), "%g", &b)
	return a + (k-lo)*(b-a)
}

// calOpts prints on paper with duplex d, the default margin and bleed
// and crop marks, dated for reproducible files.
func calOpts(paper string, d layout.Duplex) PrintOptions {
	return PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}
