// Package figures prints the figures of a pack's figure sets (kind:
// Figures): fold-over standees on the kit's figures.pdf, and the faces of
// pawns, which generator/tokens prints on the token sheets with the
// tokens. A face shows the figure's icon and its label at 8 pt or more,
// and a player colour always comes with a letter or number (its mark), so
// that faces stay apart in grey.
package figures

import (
	"math"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/schema"
)

// Face colours: a figure without a player colour prints on light grey.
var (
	plainFill = draw.RGB(0xd6, 0xd6, 0xd6)
	darkInk   = draw.RGB(0x1a, 0x1a, 0x1a)
	lightCut  = draw.RGB(0xf2, 0xf2, 0xf2)
	darkCut   = draw.RGB(0x55, 0x55, 0x55)
)

// labelMaxPt is the largest size a label prints at; it shrinks from there
// to schema.FigureLabelMinPt to fit, never below.
const labelMaxPt = 14.0

// faceColours are a face's fill, the ink of its icon, label and mark, the
// paper under them (the fill, or white with ink-saver) and the colour of
// its ink-saver band (the fill).
type faceColours struct {
	fill, ink, paper draw.Color
	band             bool
}

// coloursOf picks the colours of a figure's face as r prints it: its
// player colour or light grey, with black or white ink, whichever
// contrasts more with the fill as printed (in grey in the grayscale
// variant: Renderer.ReadableInk). Ink-saver prints the face white with the
// colour as a band inside the cut line, and black ink.
func coloursOf(f *schema.Figure, r *generator.Renderer) faceColours {
	inkSaver := r != nil && r.InkSaver
	fill := plainFill
	if f.Color != "" {
		fill = draw.ColorOr(f.Color, plainFill)
	}
	if inkSaver {
		return faceColours{fill: fill, ink: darkInk, paper: draw.White, band: true}
	}
	ink := InkOn(fill)
	if r != nil {
		ink = r.ReadableInk(ink, fill)
	}
	return faceColours{fill: fill, ink: ink, paper: fill}
}

// InkOn is black or white, whichever contrasts more with fill (WCAG
// contrast ratio of relative luminances).
func InkOn(fill draw.Color) draw.Color {
	l := luminance(fill)
	if (l+0.05)/0.05 >= 1.05/(l+0.05) {
		return darkInk
	}
	return draw.White
}

// luminance is a colour's relative luminance (WCAG 2).
func luminance(c draw.Color) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// cutColour is the colour of a cut line over fill: light over a dark
// colour, so that it shows where the scissors go.
func cutColour(fill draw.Color, inkSaver bool) draw.Color {
	if !inkSaver && !generator.IsLight(fill) {
		return lightCut
	}
	return darkCut
}

// LabelSize is the size a label prints at in a box w wide: the largest
// size from max down to schema.FigureLabelMinPt, in half points, at which
// it fits; ok is false when it does not fit even at the minimum (it then
// prints at the minimum, too wide: validate reports it).
func LabelSize(fonts *draw.Fonts, label string, w, max float64) (pt float64, ok bool) {
	for pt = math.Floor(max*2) / 2; pt >= schema.FigureLabelMinPt; pt -= 0.5 {
		if fonts.Width(label, draw.Bold, pt) <= w {
			return pt, true
		}
	}
	return schema.FigureLabelMinPt, false
}

// pawnLayout is where a pawn's parts go, relative to its top-left corner:
// the icon's square, the mark's centre and cap height, and the label's
// baseline, width and size.
type pawnLayout struct {
	iconX, iconY, iconS float64
	markX, markY, markH float64
	labelY, labelW      float64
	labelPt             float64
	labelFits           bool
}

// Pawn proportions, as shares of the pawn's size: the margin inside the
// cut line (a disc's at the label's baseline, wider, since its cut is
// harder to follow), the label's baseline (higher on a disc, where its
// chord is wider), the top of the icon.
const (
	pawnMargin        = 0.05
	pawnRoundMargin   = 0.07
	pawnBaseline      = 0.8
	pawnRoundBaseline = 0.72
	pawnTop           = 0.12
)

// layoutPawn lays out the face of a pawn of size s (a disc, or a square).
func layoutPawn(fonts *draw.Fonts, f *schema.Figure, s float64, round bool) pawnLayout {
	var pl pawnLayout
	pl.labelY = s * pawnBaseline
	// The label's width: the chord at its baseline on a disc (its
	// narrowest line for capitals), less the margin.
	pl.labelW = s * (1 - 2*pawnMargin)
	if round {
		pl.labelY = s * pawnRoundBaseline
		d := pl.labelY - s/2
		pl.labelW = 2*math.Sqrt(max(0, s*s/4-d*d)) - 2*pawnRoundMargin*s
	}
	pl.labelPt, pl.labelFits = LabelSize(fonts, f.Label, pl.labelW, max(schema.FigureLabelMinPt, min(labelMaxPt, s*0.2/draw.PtMM)))
	capH := fonts.CapHeight(draw.Bold, pl.labelPt)
	top, bottom := s*pawnTop, pl.labelY-capH-s*0.04
	pl.iconS = max(0, bottom-top)
	pl.iconX, pl.iconY = (s-pl.iconS)/2, top
	if f.Mark != "" {
		// The mark beside the icon, as tall as the icon allows.
		pl.iconS = min(pl.iconS, s*0.36)
		pl.iconX = s/2 - s*0.02 - pl.iconS
		pl.iconY = top + (bottom-top-pl.iconS)/2
		pl.markX, pl.markY, pl.markH = s/2+s*0.04, top+(bottom-top)/2, pl.iconS*0.8
	}
	return pl
}

// DrawPawn draws a figure's pawn centred in a size x size square at (x, y),
// its set's shape: its colour with bleed (a band inside the cut line with
// ink-saver), its icon, its mark beside the icon and its label under it,
// and a thin cut line.
func DrawPawn(r *generator.Renderer, c draw.Canvas, f *schema.Figure, x, y, bleed float64) {
	if f.Set == nil || f.Set.Pawn == nil {
		return
	}
	c = r.Surface(c)
	s := f.Set.Pawn.Size.MM()
	round := f.Set.Pawn.Shape != "square"
	shape := c.Ellipse
	if !round {
		shape = func(x, y, w, h float64, st draw.Style) { c.Rect(x, y, w, h, 0, st) }
	}
	col := coloursOf(f, r)
	if col.band {
		// The ink-saver colour band stays inside the label's margin.
		ring := generator.Round2(s * pawnMargin)
		if round {
			ring = generator.Round2(s * pawnRoundMargin)
		}
		shape(x+ring/2, y+ring/2, s-ring, s-ring, draw.Stroked(col.fill, ring))
	} else {
		shape(x-bleed, y-bleed, s+2*bleed, s+2*bleed, draw.Filled(col.fill))
	}
	shape(x, y, s, s, draw.Stroked(cutColour(col.fill, r.InkSaver), 0.25))
	pl := layoutPawn(r.Fonts, f, s, round)
	icons.Draw(c, f.Icon, generator.Round2(x+pl.iconX), generator.Round2(y+pl.iconY), generator.Round2(pl.iconS), col.ink, col.paper)
	if f.Mark != "" {
		drawMark(r, c, f.Mark, x+pl.markX, y+pl.markY, pl.markH, s*0.4, col.ink)
	}
	lw := r.Fonts.Width(f.Label, draw.Bold, pl.labelPt)
	c.Text(generator.Round2(x+(s-lw)/2), generator.Round2(y+pl.labelY), f.Label, draw.Bold, pl.labelPt, col.ink)
}

// drawMark writes a mark in bold with its left edge at x and its capitals
// centred on y, capH tall (or less, to stay w wide).
func drawMark(r *generator.Renderer, c draw.Canvas, mark string, x, y, capH, w float64, ink draw.Color) {
	pt := capH / r.Fonts.CapHeight(draw.Bold, 1)
	if mw := r.Fonts.Width(mark, draw.Bold, pt); mw > w {
		pt *= w / mw
	}
	pt = generator.Round2(max(pt, schema.FigureLabelMinPt))
	c.Text(generator.Round2(x), generator.Round2(y+r.Fonts.CapHeight(draw.Bold, pt)/2), mark, draw.Bold, pt, ink)
}
