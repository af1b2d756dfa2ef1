package figures

import (
	"fmt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// A standee is one strip of paper, cut along its outline: from the top,
// the back's base tab, the back face (turned 180 degrees), the fold line
// along the head, the front face upright and the front's base tab. Folded
// at the head, the back lands behind the front, upright when seen from
// behind; the tabs then fold outwards to stand (or glue to a coin), or go
// together through the slit of a base (base: slot).
type standee struct {
	w, h, tab float64
	slot      bool
}

// Standee sizes, in mm: the depth of a base tab (shorter with a slotted
// base, which holds the figure), and the slotted base's size beyond the
// standee's width and its depth.
const (
	baseExtraW = layout.StandeeBaseExtraW
	baseDepth  = layout.StandeeBaseDepth
	// standeeBleed is how far a face's colour reaches past the cut line at
	// its sides (the folds need none).
	standeeBleed = 1.0
	// faceMargin keeps a face's icon, mark and label off its edges.
	faceMargin = 1.5
	// faceBand is the width of the ink-saver colour band inside a face.
	faceBand = 1.5
)

// standeeOf is the standee of a figure set's standee: form.
func standeeOf(st *schema.StandeeForm) standee {
	s := standee{w: st.Width.MM(), h: st.Height.MM(), tab: layout.StandeeTab, slot: st.Base == schema.StandeeBaseSlot}
	if s.slot {
		s.tab = layout.StandeeSlotTab
	}
	return s
}

// height is the strip's height along its cut outline.
func (s standee) height() float64 { return 2*s.h + 2*s.tab }

// fold is the y of the fold line along the head, from the strip's top.
func (s standee) fold() float64 { return s.tab + s.h }

// back and front are the faces' rectangles, from the strip's top-left.
func (s standee) back() layout.Rect  { return layout.Rect{X: 0, Y: s.tab, W: s.w, H: s.h} }
func (s standee) front() layout.Rect { return layout.Rect{X: 0, Y: s.tab + s.h, W: s.w, H: s.h} }

// folds are the y of the three fold lines: back tab, head, front tab.
func (s standee) folds() [3]float64 { return [3]float64{s.tab, s.tab + s.h, s.tab + 2*s.h} }

// base is the size of the slotted base of a slot standee.
func (s standee) base() (w, h float64) { return s.w + baseExtraW, baseDepth }

// faceLayout is where a standee face's parts go, relative to the face's
// top-left: the mark's centre and cap height, the icon's square, the
// label's baseline and size.
type faceLayout struct {
	markY, markH        float64
	iconX, iconY, iconS float64
	labelY, labelPt     float64
	labelFits           bool
}

// layoutFace lays out a face w x h of the figure f.
func layoutFace(fonts *draw.Fonts, f *schema.Figure, w, h float64) faceLayout {
	var fl faceLayout
	fl.labelPt, fl.labelFits = LabelSize(fonts, f.Label, w-2*faceMargin-2*faceBand, labelMaxPt)
	fl.labelY = h - faceMargin - faceBand - fonts.Descent(draw.Bold, fl.labelPt)
	top := faceMargin + faceBand
	if f.Mark != "" {
		fl.markH = min(h*0.12, w*0.3)
		fl.markY = top + fl.markH/2
		top += fl.markH + faceMargin
	}
	bottom := fl.labelY - fonts.CapHeight(draw.Bold, fl.labelPt) - faceMargin
	fl.iconS = max(0, min(w-2*faceMargin-2*faceBand, bottom-top))
	fl.iconX, fl.iconY = (w-fl.iconS)/2, top+(bottom-top-fl.iconS)/2
	return fl
}

// drawFace draws a standee face of f in r: its colour (with bleed at the
// sides), mark, icon and label.
func drawFace(gr *generator.Renderer, c draw.Canvas, f *schema.Figure, r layout.Rect) {
	col := coloursOf(f, gr)
	if col.band {
		c.Rect(r.X+faceBand/2, r.Y+faceBand/2, r.W-faceBand, r.H-faceBand, 0, draw.Stroked(col.fill, faceBand))
	} else {
		c.Rect(r.X-standeeBleed, r.Y, r.W+2*standeeBleed, r.H, 0, draw.Filled(col.fill))
	}
	fl := layoutFace(gr.Fonts, f, r.W, r.H)
	if f.Mark != "" {
		pt := fl.markH / gr.Fonts.CapHeight(draw.Bold, 1)
		if mw := gr.Fonts.Width(f.Mark, draw.Bold, pt); mw > r.W-2*faceMargin-2*faceBand {
			pt *= (r.W - 2*faceMargin - 2*faceBand) / mw
		}
		pt = generator.Round2(max(pt, schema.FigureLabelMinPt))
		mw := gr.Fonts.Width(f.Mark, draw.Bold, pt)
		c.Text(generator.Round2(r.X+(r.W-mw)/2), generator.Round2(r.Y+fl.markY+gr.Fonts.CapHeight(draw.Bold, pt)/2), f.Mark, draw.Bold, pt, col.ink)
	}
	icons.Draw(c, f.Icon, generator.Round2(r.X+fl.iconX), generator.Round2(r.Y+fl.iconY), generator.Round2(fl.iconS), col.ink, col.paper)
	lw := gr.Fonts.Width(f.Label, draw.Bold, fl.labelPt)
	c.Text(generator.Round2(r.X+(r.W-lw)/2), generator.Round2(r.Y+fl.labelY), f.Label, draw.Bold, fl.labelPt, col.ink)
}

// Colours of a standee's tabs and marks.
var (
	tabFill  = draw.RGB(0xe6, 0xe6, 0xe6)
	tabInk   = draw.RGB(0x44, 0x44, 0x44)
	cutWidth = 0.25
	// foldWidth is the width of the dashed fold lines.
	foldWidth = 0.3
)

// Marks around a piece: crop marks continue its cut edges from cropOff
// past the cut line to markReach, and fold ticks continue its fold lines
// on both sides; tabPt is the size of the words on tabs and bases.
const (
	cropOff  = 1.5
	tabPt    = 7.0
	markLine = 0.2
)

// markReach is how far a piece's marks reach past its cut line.
const markReach = layout.StandeeMarkReach

// drawStandee draws one standee of f with its strip's top-left at (x, y):
// tabs, both faces, fold lines, the cut outline, crop marks and fold
// ticks.
func drawStandee(gr *generator.Renderer, c draw.Canvas, f *schema.Figure, s standee, x, y float64) {
	c = gr.Surface(c)
	col := coloursOf(f, gr)
	word := "GLUE"
	if s.slot {
		word = "TO BASE"
	}
	for _, ty := range []float64{0, s.tab + 2*s.h} {
		if !gr.InkSaver {
			by, bh := y+ty, s.tab+standeeBleed
			if ty == 0 {
				by -= standeeBleed
			}
			c.Rect(x-standeeBleed, by, s.w+2*standeeBleed, bh, 0, draw.Filled(tabFill))
		}
		tw := gr.Fonts.Width(word, draw.Bold, tabPt)
		c.Text(generator.Round2(x+(s.w-tw)/2), generator.Round2(y+ty+s.tab/2+gr.Fonts.CapHeight(draw.Bold, tabPt)/2), word, draw.Bold, tabPt, tabInk)
	}
	front, back := s.front(), s.back()
	drawFace(gr, c, f, layout.Rect{X: x + front.X, Y: y + front.Y, W: front.W, H: front.H})
	bx, by := x+back.X, y+back.Y
	c.Push()
	c.Rotate(180, bx+back.W/2, by+back.H/2)
	drawFace(gr, c, f, layout.Rect{X: bx, Y: by, W: back.W, H: back.H})
	c.Pop()
	// Fold lines: light over a dark face.
	faceCut := cutColour(col.fill, gr.InkSaver)
	for i, fy := range s.folds() {
		ink := darkCut
		if i == 1 {
			ink = faceCut
		}
		generator.DashedLine(c, layout.Point{X: x, Y: y + fy}, layout.Point{X: x + s.w, Y: y + fy}, ink, foldWidth)
	}
	// The cut outline: the ends along the tabs, the sides light where
	// they run along a dark face.
	c.Line(x, y, x+s.w, y, darkCut, cutWidth)
	c.Line(x, y+s.height(), x+s.w, y+s.height(), darkCut, cutWidth)
	for _, sx := range []float64{x, x + s.w} {
		c.Line(sx, y, sx, y+s.tab, darkCut, cutWidth)
		c.Line(sx, y+s.tab, sx, y+s.tab+2*s.h, faceCut, cutWidth)
		c.Line(sx, y+s.tab+2*s.h, sx, y+s.height(), darkCut, cutWidth)
	}
	drawCropMarks(c, layout.Rect{X: x, Y: y, W: s.w, H: s.height()})
	for _, fy := range s.folds() {
		generator.DashedLine(c, layout.Point{X: x - markReach, Y: y + fy}, layout.Point{X: x - cropOff, Y: y + fy}, generator.MarkColor, markLine)
		generator.DashedLine(c, layout.Point{X: x + s.w + cropOff, Y: y + fy}, layout.Point{X: x + s.w + markReach, Y: y + fy}, generator.MarkColor, markLine)
	}
}

// drawBase draws the slotted base of a slot standee with its top-left at
// (x, y): a card strip with a slit as wide as the standee to cut, and its
// crop marks.
func drawBase(gr *generator.Renderer, c draw.Canvas, s standee, x, y float64) {
	c = gr.Surface(c)
	w, h := s.base()
	c.Rect(x, y, w, h, 0, draw.Stroked(darkCut, cutWidth))
	sy := y + h*0.6
	c.Line(x+(w-s.w)/2, sy, x+(w+s.w)/2, sy, darkCut, 0.4)
	const note = "BASE: CUT THE SLIT"
	pt := tabPt
	nw := gr.Fonts.Width(note, draw.Bold, pt)
	c.Text(generator.Round2(x+(w-nw)/2), generator.Round2(sy-2), note, draw.Bold, pt, tabInk)
	drawCropMarks(c, layout.Rect{X: x, Y: y, W: w, H: h})
}

// drawCropMarks draws short marks continuing each edge of the cut
// rectangle r past its corners, from cropOff outside it.
func drawCropMarks(c draw.Canvas, r layout.Rect) {
	for _, cx := range []float64{r.X, r.Right()} {
		for _, cy := range []float64{r.Y, r.Bottom()} {
			dx, dy := -1.0, -1.0
			if cx == r.Right() {
				dx = 1
			}
			if cy == r.Bottom() {
				dy = 1
			}
			c.Line(cx+dx*cropOff, cy, cx+dx*markReach, cy, generator.MarkColor, markLine)
			c.Line(cx, cy+dy*cropOff, cx, cy+dy*markReach, generator.MarkColor, markLine)
		}
	}
}

// describe is a standee's size for the kit's index: "25 x 45 mm faces,
// base tabs".
func (s standee) describe() string {
	base := "base tabs"
	if s.slot {
		base = fmt.Sprintf("short tabs and a %s x %s mm slotted base", generator.FormatMM(s.w+baseExtraW), generator.FormatMM(baseDepth))
	}
	return fmt.Sprintf("%s x %s mm faces, %s", generator.FormatMM(s.w), generator.FormatMM(s.h), base)
}
