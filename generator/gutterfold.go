package generator

import (
	"fmt"
	"io"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Gutterfold pages: fronts on one half, backs on the other, mirrored across
// a dashed fold line (see layout.NewGutterfold for how many fit and where).
// Printed single-sided, folded print-outside along the line and glued, each
// back lies behind its own front; then the cards are cut out on the marks.

const (
	gutterfoldLabelPt = 6.5
	gutterfoldHintPt  = 7.0
	// gutterfoldHint is printed in a free band of every page.
	gutterfoldHint = "Gutterfold: print at 100% (actual size) on one side. Fold on the dashed line, print outside, " +
		"so that each back lies behind its front; glue the blank halves together, then cut the cards out on the crop marks."
)

var (
	gutterfoldFoldColor = Color{0x55, 0x55, 0x55} // the fold line and its label
	gutterfoldTrimColor = Color{0xa0, 0xa0, 0xa0} // trim outlines of white cards (as on sheets)
)

// WriteDeckGutterfold writes a deck for printers without duplex: every page
// holds layout.NewGutterfold's slots, fronts on one side of the fold line
// and each back mirrored across it, with crop marks at both ends of every
// trim line (when opts.CropMarks), cut lines beneath the cards (when
// opts.CutLines), the dashed fold line labelled "fold", a short instruction
// and, where the page has room below the cards, the 100 mm scale bar of the
// sheet layout (drawScaleBar). A deck without a back template leaves the back slots blank.
// Duplex and back-offset settings do not apply: nothing is printed on the
// other side of the sheet.
func (r *Renderer) WriteDeckGutterfold(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	g, err := layout.NewGutterfold(layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed})
	if err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	doc := NewPDF(PDFInfo{Title: layoutDocTitle(p, d, "gutterfold"), Created: opts.Created, Duplex: layout.NoDuplex}, r.Fonts)
	art := newCardSideArt(r, doc, d, face, back, opts.Bleed)
	copies := deckCards(d)
	per := g.PerPage()
	for start := 0; start < len(copies); start += per {
		page := doc.AddPage(g.PageW, g.PageH)
		r.drawGutterfoldPage(page, g, copies[start:min(start+per, len(copies))], art, opts)
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// drawGutterfoldPage draws one gutterfold page holding sheet's cards.
func (r *Renderer) drawGutterfoldPage(c Canvas, g layout.Gutterfold, sheet []*CardData, art *cardSideArt, opts PrintOptions) {
	n := len(sheet)
	if opts.CutLines {
		for _, l := range g.CutLines(n) {
			c.Line(l.X1, l.Y1, l.X2, l.Y2, markColor, 0.1)
		}
	}
	var outlines []layout.Rect
	for i, cd := range sheet {
		front := g.Front(i)
		art.draw(c, cd, false, front, false)
		if r.gutterfoldShowsTrim(art.face) {
			outlines = append(outlines, front)
		}
		if art.back == nil {
			continue
		}
		trim, rotated := g.Back(i)
		art.draw(c, cd, true, trim, rotated)
		if r.gutterfoldShowsTrim(art.back) {
			outlines = append(outlines, trim)
		}
	}
	for _, t := range outlines {
		c.Rect(t.X, t.Y, t.W, t.H, 0, Stroked(gutterfoldTrimColor, 0.1))
	}
	if opts.CropMarks {
		for _, m := range g.CropMarks(n) {
			c.Line(m.X1, m.Y1, m.X2, m.Y2, markColor, 0.2)
		}
	}
	bar, hasBar := r.gutterfoldScaleBar(g)
	stop := g.PageH
	if hasBar {
		r.drawScaleBar(c, bar)
		stop = bar.Y
	}
	r.drawFoldLine(c, g, stop)
	r.drawGutterfoldHint(c, g, bar)
}

// gutterfoldScaleBar is where the 100 mm scale bar goes: at the bottom of
// the printable area, centred, below the cards' marks (across a vertical
// fold line, which then stops above it). ok is false when there is no room.
func (r *Renderer) gutterfoldScaleBar(g layout.Gutterfold) (box layout.Rect, ok bool) {
	p, e := g.Printable(), g.Extent()
	w, h := scaleBarLen+2*deckLabelPad, r.scaleBarHeight()
	if w > p.W || p.Bottom()-e.Bottom() < h+1 {
		return layout.Rect{}, false
	}
	return layout.Rect{X: round2((g.PageW - w) / 2), Y: round2(p.Bottom() - h - 0.01), W: w, H: h}, true
}

// gutterfoldShowsTrim reports whether a side is printed without a background (white,
// or ink-saver), so that its trim would not show without an outline.
func (r *Renderer) gutterfoldShowsTrim(t *schema.Template) bool {
	return t != nil && (r.InkSaver || colorOr(t.Background, White) == White)
}

// drawFoldLine draws the dashed fold line labelled "fold": at both ends
// when there is room before the first marks, else once in the middle of the
// widest stretch clear of marks (beside a card, between front and back).
// A vertical fold line ends 1.5 mm above stop (the scale bar's top).
func (r *Renderer) drawFoldLine(c Canvas, g layout.Gutterfold, stop float64) {
	const label, gap = "fold", 1.5
	l := g.FoldLine()
	tw := r.Fonts.Width(label, Regular, gutterfoldLabelPt)
	capH := r.Fonts.CapHeight(Regular, gutterfoldLabelPt)
	asc, desc := r.Fonts.Ascent(Regular, gutterfoldLabelPt), r.Fonts.Descent(Regular, gutterfoldLabelPt)
	vertical := g.Fold == layout.FoldVertical
	// size is the label's extent along the line.
	size := tw
	lo, hi := l.X1, l.X2
	if vertical {
		size, lo, hi = asc+desc, l.Y1, min(l.Y2, stop-1.5)
	}
	// Labels keep 0.01mm off the margin, so that rounding their position
	// to 1/100 mm cannot push them into it.
	lo, hi = lo+0.01, hi-0.01
	var spans [][2]float64
	for _, sp := range g.FoldSpans() {
		if sp = [2]float64{max(sp[0], lo), min(sp[1], hi)}; sp[1] > sp[0] {
			spans = append(spans, sp)
		}
	}
	if len(spans) == 0 {
		spans = [][2]float64{{lo, lo}}
	}
	var spots [][2]float64 // label extents along the line
	first, last := spans[0], spans[len(spans)-1]
	switch {
	case len(spans) > 1 && first[0] == lo && last[1] == hi && first[1]-first[0] >= size+gap && last[1]-last[0] >= size+gap:
		spots = [][2]float64{{lo, lo + size}, {hi - size, hi}}
	default:
		best := first
		for _, s := range spans {
			if s[1]-s[0] > best[1]-best[0]+1e-9 {
				best = s
			}
		}
		if best[1]-best[0] >= size+2*gap {
			mid := (best[0] + best[1]) / 2
			spots = [][2]float64{{mid - size/2, mid + size/2}}
		}
	}
	at := lo
	dash := func(a, b float64) {
		if b-a <= 0 {
			return
		}
		if vertical {
			dashedLine(c, layout.Point{X: l.X1, Y: a}, layout.Point{X: l.X1, Y: b}, gutterfoldFoldColor, 0.25)
		} else {
			dashedLine(c, layout.Point{X: a, Y: l.Y1}, layout.Point{X: b, Y: l.Y1}, gutterfoldFoldColor, 0.25)
		}
	}
	for _, s := range spots {
		if vertical {
			c.Text(round2(l.X1-tw/2), round2(s[0]+asc), label, Regular, gutterfoldLabelPt, gutterfoldFoldColor)
		} else {
			c.Text(round2(s[0]), round2(l.Y1+capH/2), label, Regular, gutterfoldLabelPt, gutterfoldFoldColor)
		}
		dash(at, s[0]-gap)
		at = s[1] + gap
	}
	dash(at, hi)
}

// drawGutterfoldHint prints how to fold, glue and cut in the first free
// band it fits in, clear of the scale bar (none on a page too full for it).
func (r *Renderer) drawGutterfoldHint(c Canvas, g layout.Gutterfold, bar layout.Rect) {
	st := TextStyle{Font: Regular, Size: gutterfoldHintPt, MinSize: 5.5, LineHeight: 1.15}
	gap := r.Fonts.Width("fold", Regular, gutterfoldLabelPt)/2 + 2
	for _, band := range g.Bands(gap) {
		box := band.Inset(1)
		if box.W < 20 || box.H < 3 || box.X < bar.Right() && bar.X < box.Right() && box.Y < bar.Bottom() && bar.Y < box.Bottom() {
			continue
		}
		block := r.Fonts.LayoutText(gutterfoldHint, st, box.W, box.H)
		if !block.Fits {
			continue
		}
		r.Fonts.DrawText(c, block, box.X, box.Y, box.W, box.H, gutterfoldFoldColor, White)
		return
	}
}
