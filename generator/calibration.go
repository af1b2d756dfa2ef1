package generator

import (
	"fmt"
	"io"

	"github.com/runforge/runforge/layout"
)

// WriteCalibration writes the two-page duplex calibration sheet. The front
// has two scales crossing at the page centre, labelled in the offset to
// pass to --back-offset; the back has a crosshair at the centre, shifted by
// the current offset. Printed duplex and held against a light, the
// crosshair's position on the scales is the correction to add.
func (r *Renderer) WriteCalibration(w io.Writer, opts PrintOptions) error {
	doc := NewPDF(PDFInfo{Title: "runforge duplex calibration", Created: opts.Created}, r.Fonts)
	pw, ph := opts.Paper.W, opts.Paper.H
	cx, cy := pw/2, ph/2
	ink := Color{0x20, 0x20, 0x20}

	front := doc.AddPage(pw, ph)
	// Sign of the correction per axis: a back shifted by +d (in back page
	// coordinates) shows through the front at -d on the flipped axis.
	sx, sy := 1.0, -1.0
	if opts.Duplex == layout.ShortEdge {
		sx, sy = -1, 1
	}
	// Two scales cross at the centre: the horizontal one with its ticks
	// above the line and labels below, the vertical one with its ticks to the
	// left and labels to the right, labelled every 5 mm with the correction to pass (the sign depends on the flip).
	const span = 12.0
	front.Line(cx-span, cy, cx+span, cy, ink, 0.15)
	front.Line(cx, cy-span, cx, cy+span, ink, 0.15)
	for i := -24; i <= 24; i++ {
		d := float64(i) / 2
		tick := 1.0
		switch {
		case i%10 == 0:
			tick = 3
		case i%2 == 0:
			tick = 1.8
		}
		front.Line(cx+d, cy, cx+d, cy-tick, ink, 0.1)
		front.Line(cx, cy+d, cx-tick, cy+d, ink, 0.1)
		if i%10 == 0 && i != 0 {
			lx := fmt.Sprintf("%+g", sx*d)
			ly := fmt.Sprintf("%+g", sy*d)
			front.Text(round2(cx+d-r.Fonts.Width(lx, Regular, 6)/2), round2(cy+3), lx, Regular, 6, ink)
			front.Text(round2(cx+1.5), round2(cy+d+0.7), ly, Regular, 6, ink)
		}
	}
	front.Text(round2(cx+span+2), round2(cy+0.8), "X (mm)", Bold, 6, ink)
	front.Text(round2(cx-2), round2(cy+span+3.5), "Y (mm)", Bold, 6, ink)
	front.Rect(cx-80, cy-110, 160, 220, 0, Stroked(ink, 0.2))
	lines := []string{
		"runforge duplex calibration (" + opts.Duplex.String() + "-edge flip, " + opts.Paper.Name + ")",
		"1. Print this file on both sides of one sheet, with the same settings you use for cards.",
		"2. Hold the sheet against a light. The back shows a crosshair near the centre scales.",
		"3. Read where its centre falls: X on the horizontal scale, Y on the vertical (mm).",
		fmt.Sprintf("4. Build again with --back-offset X,Y added to the offset this sheet used (%g,%g).", opts.BackOffset.X, opts.BackOffset.Y),
		"The large frames of both sides should coincide once the offset is right.",
	}
	for i, l := range lines {
		st := Regular
		if i == 0 {
			st = Bold
		}
		front.Text(cx-75, cy-100+float64(i)*6, l, st, 8, ink)
	}

	back := doc.AddPage(pw, ph)
	bx, by := cx+opts.BackOffset.X, cy+opts.BackOffset.Y
	red := Color{0xc0, 0x10, 0x10}
	back.Line(bx-6, by, bx+6, by, red, 0.3)
	back.Line(bx, by-6, bx, by+6, red, 0.3)
	back.Ellipse(bx-2, by-2, 4, 4, Stroked(red, 0.3))
	back.Rect(pw-(cx-80)-160+opts.BackOffset.X, cy-110+opts.BackOffset.Y, 160, 220, 0, Stroked(red, 0.2))
	return doc.Write(w)
}
