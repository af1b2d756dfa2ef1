package generator

import (
	"fmt"
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
)

// The calibration sheet measures how a printer places the back of a sheet
// relative to its front, and whether either side was scaled, in a way that
// works on card stock (nothing has to be seen through the paper):
//
//   - The front has five targets, C at the centre and L, R, T, B 75 mm left
//     and right and 100 mm above and below it. Each is a cross of two cut
//     lines with a small circle at the centre.
//   - The back has, behind each target (mirrored for the flip, shifted by
//     the back offset the sheet is printed with), two scales crossing at the
//     point where the target should be: a horizontal one for X and a
//     vertical one for Y, in 0.5 mm steps, labelled in back-page millimetres.
//   - The user pierces each target's centre with a pin, or cuts along one of
//     its lines so that the cut edge runs across the back's scale, and reads
//     on the back where the hole or the cut edge falls.
//
// Sign: the back's content lands at its intended place plus the printer's
// error e (back-page coordinates). A back drawn at mirror(T) + O therefore
// lands at mirror(T) + O + e, while the pin comes through at mirror(T): the
// reading is -(O + e). A back offset of -e puts every back where it
// belongs, and that is O + reading: the reading is what to add to the
// offset the sheet was printed with, whatever the flip.
//
// Scale: L and R are 150 mm apart, T and B 200 mm; their readings differ
// when the back was printed at another scale than the front. A 100 mm bar on
// each side, measured with a ruler, catches "fit to page".
const (
	calTargetDX   = 75.0  // L and R, from the centre
	calTargetDY   = 100.0 // T and B
	calCrossArm   = 8.0   // half the length of a target's cut lines
	calScaleArm   = 12.0  // half the length of a back scale
	calLabelPt    = 6.0
	calTextPt     = 7.5
	calScaleEvery = 5 // labelled every 5 mm
)

// calTarget is one calibration target: where it is on the front and where
// its scales are on the back page (back-page coordinates).
type calTarget struct {
	Name        string
	Front, Back layout.Point
}

// calibrationTargets places the targets for the paper, flip and offset.
func calibrationTargets(opts PrintOptions) []calTarget {
	pw, ph := opts.Paper.W, opts.Paper.H
	cx, cy := pw/2, ph/2
	pts := []calTarget{
		{"C", layout.Point{X: cx, Y: cy}, layout.Point{}},
		{"L", layout.Point{X: cx - calTargetDX, Y: cy}, layout.Point{}},
		{"R", layout.Point{X: cx + calTargetDX, Y: cy}, layout.Point{}},
		{"T", layout.Point{X: cx, Y: cy - calTargetDY}, layout.Point{}},
		{"B", layout.Point{X: cx, Y: cy + calTargetDY}, layout.Point{}},
	}
	for i := range pts {
		pts[i].Back = backPoint(pts[i].Front, opts)
	}
	return pts
}

// backPoint is where a point of the front goes on the back page: mirrored
// for the flip (the same point of the paper), then shifted by the offset.
func backPoint(p layout.Point, opts PrintOptions) layout.Point {
	switch opts.Duplex {
	case layout.ShortEdge:
		p.Y = opts.Paper.H - p.Y
	default:
		p.X = opts.Paper.W - p.X
	}
	return layout.Point{X: p.X + opts.BackOffset.X, Y: p.Y + opts.BackOffset.Y}
}

// calScaleLabel is the label of the back scale's tick k mm from its centre
// (k > 0: right on the horizontal scale, down on the vertical one): the
// correction to add to the back offset when the hole is there.
func calScaleLabel(k int) string { return fmt.Sprintf("%+d", k) }

// WriteCalibration writes the two-page duplex calibration sheet.
func (r *Renderer) WriteCalibration(w io.Writer, opts PrintOptions) error {
	doc := r.NewPDF(draw.PDFInfo{Title: "runforge duplex calibration", Created: opts.Created, Duplex: opts.Duplex})
	r.drawCalibration(pdfSink{doc}, opts)
	return doc.Write(w)
}

// drawCalibration draws the front and the back of the calibration sheet.
func (r *Renderer) drawCalibration(sink pageSink, opts PrintOptions) {
	pw, ph := opts.Paper.W, opts.Paper.H
	cx, cy := pw/2, ph/2
	ink := draw.RGB(0x20, 0x20, 0x20)
	red := draw.RGB(0xc0, 0x10, 0x10)
	targets := calibrationTargets(opts)
	flip := opts.Duplex
	if flip == layout.NoDuplex {
		flip = layout.LongEdge
	}

	// The bar's place on the front, for the back's own bar behind it.
	var bar layout.Rect
	plan := impose.Plan{Pages: []impose.Page{{W: pw, H: ph}, {W: pw, H: ph, Side: impose.Back, Front: 1}}}
	impose.Draw(sink, plan, func(page draw.Canvas, pg impose.Page) {
		if pg.Side == impose.Front {
			front := r.Surface(page)
			for _, t := range targets {
				x, y := t.Front.X, t.Front.Y
				front.Line(x-calCrossArm, y, x+calCrossArm, y, ink, 0.15)
				front.Line(x, y-calCrossArm, x, y+calCrossArm, ink, 0.15)
				front.Ellipse(x-1.5, y-1.5, 3, 3, draw.Stroked(ink, 0.15))
				front.Text(Round2(x+2), Round2(y-2), t.Name, draw.Bold, 8, ink)
			}
			title := fmt.Sprintf("runforge duplex calibration: %s paper, %s-edge flip, back offset %g,%g", opts.Paper.Name, flip, opts.BackOffset.X, opts.BackOffset.Y)
			text := "1. Print both pages on the two sides of one sheet, with the settings you use for cards: 100% (actual size), no fit to page.\n" +
				"2. Measure the 100 mm bar below on both sides with a ruler. If it is not 100 mm, your print dialog scaled the page: fix that first.\n" +
				"3. Pierce the centre of each target (C, L, R, T, B) with a pin, or cut along one of its lines with a knife and ruler.\n" +
				"4. On the back, read where the hole or the cut edge falls on the scales around it: X on the horizontal scale, Y on the vertical one (mm).\n" +
				fmt.Sprintf("5. Add the readings at C to the offset this sheet used: build with --back-offset X,Y (%g,%g plus the readings), or store it as print.backOffset.\n", opts.BackOffset.X, opts.BackOffset.Y) +
				"6. L and R are 150 mm apart, T and B 200 mm. If their readings differ by more than 0.5 mm, one side was printed at another scale: check the print settings of the back."
			st := typeset.Style{Font: draw.Regular, Size: calTextPt, MinSize: 6, LineHeight: 1.3}
			const textW = 136.0
			tx, ty, th := cx-textW/2, cy-calTargetDY+calCrossArm+4, calTargetDY-2*calCrossArm-10
			front.Text(Round2(tx), Round2(ty+r.Fonts.Ascent(draw.Bold, 9)), title, draw.Bold, 9, ink)
			ty, th = ty+6, th-6
			block := typeset.Layout(r.Fonts, text, st, textW, th)
			typeset.Draw(r.Fonts, front, block, Round2(tx), Round2(ty), textW, th, ink, draw.White)
			bar = layout.Rect{X: cx - ScaleBarLen/2 - LabelPad, Y: cy + calCrossArm + 12, W: ScaleBarLen + 2*LabelPad, H: r.ScaleBarHeight()}
			r.DrawScaleBar(front, bar)
			return
		}
		back := r.Surface(page)
		for _, t := range targets {
			r.drawCalScales(back, t, red)
		}
		// The back's own scale bar and a reminder, behind the front's text.
		bb := backPoint(layout.Point{X: bar.X, Y: bar.Y}, opts)
		if flip == layout.LongEdge {
			bb.X -= bar.W
		} else {
			bb.Y -= bar.H
		}
		r.DrawScaleBar(back, layout.Rect{X: bb.X, Y: bb.Y, W: bar.W, H: bar.H})
		note := "back: where the hole or cut edge falls on each scale is the correction to add to the back offset (X right, Y down, mm)"
		tc := backPoint(layout.Point{X: cx, Y: cy - calTargetDY/2}, opts)
		back.Text(Round2(tc.X-r.Fonts.Width(note, draw.Regular, 6)/2), Round2(tc.Y), note, draw.Regular, 6, red)
	})
}

// drawCalScales draws the two scales of a target on the back page, crossing
// where the target should be: ticks every 0.5 mm, longer every 1 and 5 mm,
// labelled every 5 mm; the horizontal scale has its ticks above the line and
// labels below, the vertical one ticks to the left and labels to the right.
func (r *Renderer) drawCalScales(c draw.Canvas, t calTarget, col draw.Color) {
	x, y := t.Back.X, t.Back.Y
	c.Line(x-calScaleArm, y, x+calScaleArm, y, col, 0.12)
	c.Line(x, y-calScaleArm, x, y+calScaleArm, col, 0.12)
	for i := -2 * int(calScaleArm); i <= 2*int(calScaleArm); i++ {
		d := float64(i) / 2
		tick := 0.8
		switch {
		case i%(2*calScaleEvery) == 0:
			tick = 2.5
		case i%2 == 0:
			tick = 1.5
		}
		c.Line(Round2(x+d), y, Round2(x+d), Round2(y-tick), col, 0.08)
		c.Line(x, Round2(y+d), Round2(x-tick), Round2(y+d), col, 0.08)
		if i%(2*calScaleEvery) == 0 && i != 0 {
			k := i / 2
			l := calScaleLabel(k)
			c.Text(Round2(x+d-r.Fonts.Width(l, draw.Regular, calLabelPt)/2), Round2(y+2.6), l, draw.Regular, calLabelPt, col)
			c.Text(Round2(x+1), Round2(y+d+0.7), l, draw.Regular, calLabelPt, col)
		}
	}
	c.Text(Round2(x+calScaleArm+1), Round2(y+0.7), "X", draw.Bold, 6, col)
	c.Text(Round2(x-1), Round2(y+calScaleArm+2.8), "Y", draw.Bold, 6, col)
	c.Text(Round2(x-calScaleArm), Round2(y-3.5), t.Name, draw.Bold, 7, col)
}
