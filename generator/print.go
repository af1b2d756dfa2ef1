package generator

import (
	"fmt"
	"time"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// PrintOptions are the print settings of a build.
type PrintOptions struct {
	Paper layout.Paper
	// Margin is the printer margin: nothing that must print (marks, cut
	// lines, labels, scale bars) lies closer to the paper edge.
	Margin     float64
	Bleed      float64
	Duplex     layout.Duplex
	BackOffset layout.Point
	CropMarks  bool
	// CutLines draws full-length cut lines on the waste around the cards
	// (along every trim edge and across the gutters; see layout.SheetMarks).
	CutLines bool
	// Layout is how cards are imposed: sheet (n-up, backs on the following
	// page), gutterfold (fronts and backs side by side, folded; a build
	// then prints everything else single-sided, see generator/kit) or
	// press (one piece a page at trim + bleed; see generator/press).
	Layout  Layout
	Created time.Time
}

// Stock is the paper a file is meant to print on.
type Stock int

// Stocks.
const (
	// CardStock is heavy paper for pieces handled in play: cards, tiles,
	// tokens, boards. It is the zero value.
	CardStock Stock = iota
	// PlainPaper is ordinary printer paper: references, rules, guides.
	PlainPaper
	// PrintShop is pages of one piece each at its trim plus bleed (the
	// press layout): for a print shop, not a home printer.
	PrintShop
)

// String is how the print plan names the stock.
func (s Stock) String() string {
	switch s {
	case PlainPaper:
		return "plain paper"
	case PrintShop:
		return "for a print shop (one piece a page at trim + bleed; not for a home printer)"
	}
	return "card stock"
}

// Layout is a way of imposing cards on pages.
type Layout string

// Layouts.
const (
	LayoutSheet      Layout = "sheet"
	LayoutGutterfold Layout = "gutterfold"
	LayoutPress      Layout = "press"
)

// Colours of the marks on deck sheets.
var (
	// markColor is the colour of crop marks: registration-dark grey.
	MarkColor = draw.RGB(0x30, 0x30, 0x30)
	// outlineColor is the light grey of trim outlines on white cards.
	outlineColor = draw.RGB(0xa0, 0xa0, 0xa0)
)

// Sizes of the scale bar and labels on deck sheets.
const (
	ScaleBarLen = 100.0 // mm
	scaleBarPt  = 6.0
	LabelPt     = 6.0
	LabelPad    = 0.6 // white around a label's text
	MarkClear   = 0.5 // between a label or bar and a mark
)

// MarkInk is the colour a mark is drawn in.
func MarkInk(m layout.Mark) draw.Color {
	switch m.Ink {
	case layout.InkKnockout:
		return draw.White
	case layout.InkFaint:
		return outlineColor
	}
	return MarkColor
}

// DrawMarks draws marks in their order (knockouts first).
func DrawMarks(c draw.Canvas, marks []layout.Mark) {
	for _, m := range marks {
		c.Line(m.X1, m.Y1, m.X2, m.Y2, MarkInk(m), m.Width)
	}
}

// ScaleBarHeight is the height of a scale bar with its caption.
func (r *Renderer) ScaleBarHeight() float64 {
	return 2.6 + r.Fonts.Ascent(draw.Regular, scaleBarPt) + r.Fonts.Descent(draw.Regular, scaleBarPt) + 2*LabelPad
}

// DrawScaleBar draws a 100 mm ruler in box (scaleBarLen + 2 x pad wide): a
// line with millimetre ticks, longer every 10 mm, and a caption asking to
// check it, so that a page printed with "fit to page" shows itself.
func (r *Renderer) DrawScaleBar(c draw.Canvas, box layout.Rect) {
	c.Rect(box.X, box.Y, box.W, box.H, 0, draw.Filled(draw.White))
	x0, y := box.X+LabelPad, box.Y+LabelPad
	for i := 0; i <= 100; i++ {
		l := 0.8
		switch {
		case i%50 == 0:
			l = 2.4
		case i%10 == 0:
			l = 1.6
		}
		x := Round2(x0 + float64(i)*ScaleBarLen/100)
		c.Line(x, y, x, Round2(y+l), MarkColor, 0.1)
	}
	c.Line(x0, y, x0+ScaleBarLen, y, MarkColor, 0.15)
	base := Round2(y + 2.6 + r.Fonts.Ascent(draw.Regular, scaleBarPt))
	c.Text(Round2(x0), base, "0", draw.Regular, scaleBarPt, MarkColor)
	end := "100 mm"
	c.Text(Round2(x0+ScaleBarLen-r.Fonts.Width(end, draw.Regular, scaleBarPt)), base, end, draw.Regular, scaleBarPt, MarkColor)
	mid := "this bar must measure 100 mm: if not, print at 100% (actual size, no fit to page)"
	c.Text(Round2(x0+(ScaleBarLen-r.Fonts.Width(mid, draw.Regular, scaleBarPt))/2), base, mid, draw.Regular, scaleBarPt, MarkColor)
}

// DrawPageLabel writes a one-line label on a white ground in the first
// free place inside area: across the page, or else up a gutter. A page too
// full for it goes without; it reports whether the label was written.
func (r *Renderer) DrawPageLabel(c draw.Canvas, area layout.Rect, obstacles []layout.Rect, label string) bool {
	asc, desc := r.Fonts.Ascent(draw.Regular, LabelPt), r.Fonts.Descent(draw.Regular, LabelPt)
	w, h := r.Fonts.Width(label, draw.Regular, LabelPt)+2*LabelPad, asc+desc+2*LabelPad
	if box, ok := layout.FindRoom(area, obstacles, w, h); ok {
		c.Rect(box.X, box.Y, box.W, box.H, 0, draw.Filled(draw.White))
		c.Text(Round2(box.X+LabelPad), Round2(box.Y+LabelPad+asc), label, draw.Regular, LabelPt, MarkColor)
		return true
	}
	box, ok := layout.FindRoom(area, obstacles, h, w)
	if !ok {
		return false
	}
	c.Rect(box.X, box.Y, box.W, box.H, 0, draw.Filled(draw.White))
	// Reading upwards: turn a horizontal w x h box a quarter turn
	// counter-clockwise about the vertical box's centre.
	cx, cy := box.X+box.W/2, box.Y+box.H/2
	c.Push()
	c.Rotate(-90, cx, cy)
	c.Text(Round2(cx-w/2+LabelPad), Round2(cy-h/2+LabelPad+asc), label, draw.Regular, LabelPt, MarkColor)
	c.Pop()
	return true
}

// Backs is what a sheet layout does with the backs of its items (a
// deck's cards, the kit's tokens).
type Backs int

// What sheet layouts do with backs.
const (
	BacksNone     Backs = iota // the deck has no back template
	BacksDuplex                // each front page is followed by its back page, mirrored for the flip
	BacksOwnPages              // duplex none, backs that carry information: pages of their own after the fronts
	BacksLeftOut               // duplex none, a decorative back shared by every card
)

// BleedNote says where the cards have bleed and how to cut them.
func BleedNote(g layout.Grid, opts PrintOptions) string {
	if opts.Bleed <= 0 {
		return "no bleed: cut exactly on the marks"
	}
	cols, rows := g.Butted()
	switch {
	case cols && rows:
		return fmt.Sprintf("%gmm bleed around the sheet only: on %s paper the cards butt on shared cut lines both ways (no room for gutters); cut straight across the sheet along the marks", opts.Bleed, opts.Paper.Name)
	case rows:
		return fmt.Sprintf("%gmm bleed on every side except between rows: on %s paper the rows butt on one shared cut line (no room for gutters); "+
			"cut the rows apart first, straight across the sheet along the marks in the gutters, then each strip along the marks beside its edges", opts.Bleed, opts.Paper.Name)
	case cols:
		return fmt.Sprintf("%gmm bleed on every side except between columns: on %s paper the columns butt on one shared cut line (no room for gutters); "+
			"cut the columns apart first, straight across the sheet along the marks above, below and between the rows, then each strip along the marks beside its edges", opts.Bleed, opts.Paper.Name)
	}
	return fmt.Sprintf("%gmm bleed on every side of every card; marks in the gutters and beside every edge guide each cut, in any order", opts.Bleed)
}

// DrawInSlot draws one side of a card in its slot: clipped to the slot's
// art and turned by the slot's turn about the trim's centre. On a PDF page
// it places the side's recorded template when there is one (drawn with
// the full bleed, its top-left at the bleed's); otherwise draw paints the
// side from the upright trim's top-left corner.
func DrawInSlot(c draw.Canvas, s layout.Slot, bleed float64, template func() *draw.PDFTemplate, paint func(c draw.Canvas, bleed layout.Sides)) {
	art, trim := s.Art(), s.Trim
	c.Push()
	defer c.Pop()
	c.ClipRect(art.X, art.Y, art.W, art.H)
	if s.Turn != 0 {
		c.Rotate(s.Turn, trim.X+trim.W/2, trim.Y+trim.H/2)
	}
	card := UprightTrim(s)
	if pc, ok := c.(*draw.PDFCanvas); ok {
		if tpl := template(); tpl != nil {
			pc.UseTemplate(tpl, card.X-bleed, card.Y-bleed)
			return
		}
	}
	c.Translate(card.X, card.Y)
	paint(c, layout.Sides{Top: bleed, Right: bleed, Bottom: bleed, Left: bleed})
}

// UprightTrim is the card's trim as it is drawn before the slot's turn:
// the slot's trim, its width and height swapped about its centre when the
// card lies sideways.
func UprightTrim(s layout.Slot) layout.Rect {
	t := s.Trim
	if !s.Quarter() {
		return t
	}
	cx, cy := t.X+t.W/2, t.Y+t.H/2
	return layout.Rect{X: cx - t.H/2, Y: cy - t.W/2, W: t.H, H: t.W}
}
