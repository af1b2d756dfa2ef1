package deck

import (
	"fmt"
	"io"
	"math"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Gutterfold pages: fronts on one half, backs on the other, mirrored across
// a dashed fold line (see layout.NewGutterfold for how many fit and where).
// Printed single-sided, folded print-outside along the line and glued, each
// back lies behind its own front; then the cards are cut out on the marks,
// which are the sheet layout's (layout.SheetMarks).

const (
	gutterfoldLabelPt = 6.5
	gutterfoldHintPt  = 7.0
	// gutterfoldHint is printed in a free place of every page with room.
	gutterfoldHint = "Gutterfold: print at 100% (actual size) on one side. Fold on the dashed line, print outside, " +
		"so that each back lies behind its front; glue the blank halves together, then cut the cards out on the crop marks."
	// gutterfoldLabelGap is the space between the fold line's dashes and a
	// label or box that interrupts it.
	gutterfoldLabelGap = 1.5
)

// gutterfoldFoldColor is the colour of the fold line, its label and the
// instructions.
var gutterfoldFoldColor = draw.RGB(0x55, 0x55, 0x55)

// WriteDeckGutterfold writes a deck for printers without duplex: every page
// holds layout.NewGutterfold's slots, fronts on one side of the fold line
// and each back mirrored across it (turned as the fold needs), with the
// sheet layout's marks (when opts.CropMarks), cut lines (when
// opts.CutLines) and trim outlines round white sides, the dashed fold line
// labelled "fold", a short instruction and the 100 mm scale bar of the sheet
// layout where the page has room for them. A deck without a back template
// leaves the back slots blank. Duplex and back-offset settings do not
// apply: nothing is printed on the other side of the sheet.
func (r renderer) WriteDeckGutterfold(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts generator.PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	g, err := layout.NewGutterfold(gutterfoldSpec(opts, size))
	if err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	doc := r.NewPDF(draw.PDFInfo{Title: layoutDocTitle(p, d, "gutterfold"), Created: opts.Created, Duplex: layout.NoDuplex})
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return 0, err
	}
	art := newGangSideArt(r, doc, parts, opts.Bleed)
	copies := gangCopies(parts)
	per := g.PerPage()
	geoms := map[int]*gutterfoldPage{}
	plan := impose.Sheets(impose.Spec{Items: len(copies), PerSheet: per, W: g.PageW, H: g.PageH})
	impose.Draw(generator.PDFSink(doc), plan, func(c draw.Canvas, p impose.Page) {
		sheet := copies[p.Lo:p.Hi]
		pg, ok := geoms[len(sheet)]
		if !ok {
			pg = r.gutterfoldPageGeom(g, len(sheet), art, opts)
			geoms[len(sheet)] = pg
		}
		r.paintGutterfoldPage(c, pg, sheet, art)
	})
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// gutterfoldSpec is the gutterfold request of a deck's cards.
func gutterfoldSpec(opts generator.PrintOptions, size schema.Size) layout.GutterfoldSpec {
	return layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin, CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed}
}

// gutterfoldPage is what a gutterfold page of n cards holds: computed once
// for all the full pages of a deck.
type gutterfoldPage struct {
	g             layout.Gutterfold
	fronts, backs []layout.Slot
	marks         []layout.Mark
	bar           *layout.Rect // the scale bar, if there is room
	// labels are the places of the fold line's "fold" labels, as extents
	// along the line; dashes the stretches of the line drawn dashed.
	labels, dashes [][2]float64
	hint           *typeset.Block // the instructions, if there is room
	hintBox        layout.Rect
}

// drawGutterfoldPage draws one gutterfold page holding sheet's cards.
func (r renderer) drawGutterfoldPage(c draw.Canvas, g layout.Gutterfold, sheet []*generator.CardData, art *cardSideArt, opts generator.PrintOptions) {
	r.paintGutterfoldPage(c, r.gutterfoldPageGeom(g, len(sheet), art, opts), sheet, art)
}

// gutterfoldPageGeom lays out everything of a page of n cards besides the
// cards' art: marks, the scale bar, the fold line's labels and dashes and
// the instructions, each clear of the others, of the cards' art and of the
// margin.
func (r renderer) gutterfoldPageGeom(g layout.Gutterfold, n int, art *cardSideArt, opts generator.PrintOptions) *gutterfoldPage {
	pg := &gutterfoldPage{g: g, fronts: g.Fronts(n), backs: g.Backs(n)}
	faceWhite, backWhite := art.whites(r)
	pg.marks = g.Marks(n, layout.MarkOptions{Crop: opts.CropMarks, CutLines: opts.CutLines}, faceWhite, backWhite)
	area := g.Printable()
	// Obstacles: the cards' art (trim and bleed, backs included even when
	// blank: they are cut out) and the marks' ink, with a little room. Cut
	// lines are kept apart: the scale bar may interrupt one beyond the cards
	// when it has no other place.
	var arts, cuts []layout.Rect
	for _, s := range append(append([]layout.Slot{}, pg.fronts...), pg.backs...) {
		arts = append(arts, s.Art().Inset(-generator.MarkClear))
	}
	for _, m := range pg.marks {
		r := m.InkRect().Inset(-generator.MarkClear)
		if m.Kind == layout.CutLine {
			cuts = append(cuts, r)
		} else {
			arts = append(arts, r)
		}
	}
	obstacles := outermost(append(arts[:len(arts):len(arts)], cuts...))
	foldBand := gutterfoldFoldBand(g, generator.MarkClear)

	// The scale bar: clear of the fold line if it can be, else across a
	// vertical one (which then stops either side of it); clear of the cut
	// lines if it can be, else over them (they then stop short of it).
	barW, barH := generator.ScaleBarLen+2*generator.LabelPad, r.ScaleBarHeight()
	for _, try := range []struct{ crossFold, overCuts bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		if try.crossFold && g.Fold != layout.FoldVertical || try.overCuts && len(cuts) == 0 {
			continue
		}
		obs := obstacles
		if try.overCuts {
			obs = outermost(arts)
		}
		if !try.crossFold {
			obs = append(obs[:len(obs):len(obs)], foldBand)
		}
		if box, ok := layout.FindRoom(area, obs, barW, barH); ok {
			pg.bar = &box
			if try.overCuts {
				pg.marks = cutAround(pg.marks, box.Inset(-generator.MarkClear))
				obstacles = outermost(append(arts, markRects(pg.marks, layout.CutLine)...))
			}
			break
		}
	}
	if pg.bar != nil {
		obstacles = append(obstacles, pg.bar.Inset(-generator.MarkClear))
	}

	// The fold line's labels, then its dashes around them and the bar.
	pg.labels = r.gutterfoldFoldLabels(g, obstacles)
	var breaks [][2]float64
	for _, l := range pg.labels {
		breaks = append(breaks, l)
		obstacles = append(obstacles, r.gutterfoldLabelRect(g, l).Inset(-generator.MarkClear))
	}
	if pg.bar != nil && overlaps(*pg.bar, foldBand) {
		breaks = append(breaks, alongFold(g, *pg.bar))
	}
	pg.dashes = gutterfoldDashes(g, breaks)

	// The instructions, off the fold line.
	obstacles = append(obstacles, foldBand)
	pg.hint, pg.hintBox = r.gutterfoldHintPlace(area.Inset(0.01), obstacles)
	return pg
}

// paintGutterfoldPage draws a page: the cards' fronts and backs, the marks,
// the scale bar, the fold line and its labels, the instructions.
func (r renderer) paintGutterfoldPage(page draw.Canvas, pg *gutterfoldPage, sheet []*generator.CardData, art *cardSideArt) {
	for i, cd := range sheet {
		art.drawSlot(page, cd, false, pg.fronts[i])
		art.drawSlot(page, cd, true, pg.backs[i])
	}
	c := r.Surface(page)
	generator.DrawMarks(c, pg.marks)
	if pg.bar != nil {
		r.DrawScaleBar(c, *pg.bar)
	}
	r.drawFoldLine(c, pg)
	if pg.hint != nil {
		b := pg.hintBox
		typeset.Draw(r.Fonts, c, *pg.hint, b.X, b.Y, b.W, b.H, gutterfoldFoldColor, draw.White)
	}
}

// drawSlot draws the front or back of a card in a slot: clipped to the
// slot's art (trim and bleed) and turned by the slot's turn about the
// trim's centre, as the sheet layout draws its slots. A back slot of a
// card whose deck has no back template stays blank.
func (a *cardSideArt) drawSlot(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
	a = a.of(cd)
	if back && a.back == nil {
		return
	}
	t := a.face
	if back {
		t = a.back
	}
	generator.DrawInSlot(c, s, a.bleed, func() *draw.PDFTemplate { return a.template(cd, back) },
		func(c draw.Canvas, bleed layout.Sides) { a.r.DrawCard(c, t, a.data(cd, back), bleed) })
}

// markRects are the ink of the marks of a kind, with a little room.
func markRects(marks []layout.Mark, kind layout.MarkKind) []layout.Rect {
	var out []layout.Rect
	for _, m := range marks {
		if m.Kind == kind {
			out = append(out, m.InkRect().Inset(-generator.MarkClear))
		}
	}
	return out
}

// cutAround stops the cut lines (and their knockouts) short of box, where
// the scale bar goes: a cut line across it is split in two, pieces shorter
// than layout.MinTick are dropped. Other marks are kept as they are.
func cutAround(marks []layout.Mark, box layout.Rect) []layout.Mark {
	var out []layout.Mark
	for _, m := range marks {
		if m.Kind != layout.CutLine || !overlaps(m.InkRect(), box) {
			out = append(out, m)
			continue
		}
		a0, a1, b0, b1 := math.Min(m.X1, m.X2), math.Max(m.X1, m.X2), box.X, box.Right()
		if m.Vertical() {
			a0, a1, b0, b1 = math.Min(m.Y1, m.Y2), math.Max(m.Y1, m.Y2), box.Y, box.Bottom()
		}
		for _, p := range [][2]float64{{a0, b0}, {b1, a1}} {
			if p[1]-p[0] < layout.MinTick {
				continue
			}
			piece := m
			if m.Vertical() {
				piece.Y1, piece.Y2 = p[0], p[1]
			} else {
				piece.X1, piece.X2 = p[0], p[1]
			}
			out = append(out, piece)
		}
	}
	return out
}

// outermost drops the rectangles that lie inside another (a mark's dark
// line inside its knockout, edge marks inside the bleed), so that searches
// for room have fewer to look at; the area they cover is the same.
func outermost(rs []layout.Rect) []layout.Rect {
	const eps = 1e-9
	inside := func(a, b layout.Rect) bool {
		return a.X >= b.X-eps && a.Y >= b.Y-eps && a.Right() <= b.Right()+eps && a.Bottom() <= b.Bottom()+eps
	}
	var out []layout.Rect
outer:
	for i, a := range rs {
		for j, b := range rs {
			// Of two equal rectangles, the first is kept.
			if i != j && inside(a, b) && (!inside(b, a) || j < i) {
				continue outer
			}
		}
		out = append(out, a)
	}
	return out
}

func overlaps(a, b layout.Rect) bool {
	return a.X < b.Right() && b.X < a.Right() && a.Y < b.Bottom() && b.Y < a.Bottom()
}

// gutterfoldFoldBand is the fold line from margin to margin, as a strip
// reaching clear either side of it.
func gutterfoldFoldBand(g layout.Gutterfold, clear float64) layout.Rect {
	l := g.FoldLine()
	return layout.Rect{X: l.X1 - clear, Y: l.Y1 - clear, W: l.X2 - l.X1 + 2*clear, H: l.Y2 - l.Y1 + 2*clear}
}

// alongFold is the extent of r along the fold line.
func alongFold(g layout.Gutterfold, r layout.Rect) [2]float64 {
	if g.Fold == layout.FoldVertical {
		return [2]float64{r.Y, r.Bottom()}
	}
	return [2]float64{r.X, r.Right()}
}

// gutterfoldLabelSize is the extent of a "fold" label along the fold line
// and how far it reaches either side of the line: a vertical line has it
// written across, centred on the line; a horizontal one along it, its
// capitals centred on the line.
func (r renderer) gutterfoldLabelSize(g layout.Gutterfold) (along, reach float64) {
	f := r.Fonts
	tw := f.Width("fold", draw.Regular, gutterfoldLabelPt)
	asc, desc, capH := f.Ascent(draw.Regular, gutterfoldLabelPt), f.Descent(draw.Regular, gutterfoldLabelPt), f.CapHeight(draw.Regular, gutterfoldLabelPt)
	if g.Fold == layout.FoldVertical {
		return asc + desc, tw / 2
	}
	return tw, math.Max(asc-capH/2, desc+capH/2)
}

// gutterfoldLabelRect is the area a "fold" label at the extent s along the
// line takes on the page.
func (r renderer) gutterfoldLabelRect(g layout.Gutterfold, s [2]float64) layout.Rect {
	_, reach := r.gutterfoldLabelSize(g)
	if g.Fold == layout.FoldVertical {
		return layout.Rect{X: g.FoldAt - reach, Y: s[0], W: 2 * reach, H: s[1] - s[0]}
	}
	return layout.Rect{X: s[0], Y: g.FoldAt - reach, W: s[1] - s[0], H: 2 * reach}
}

// gutterfoldFoldLabels places the fold line's "fold" labels, as extents
// along the line: at both ends when the line is clear of obstacles there,
// else once in the middle of its longest clear stretch (none when no
// stretch has room).
func (r renderer) gutterfoldFoldLabels(g layout.Gutterfold, obstacles []layout.Rect) [][2]float64 {
	const gap = gutterfoldLabelGap
	size, reach := r.gutterfoldLabelSize(g)
	l := g.FoldLine()
	lo, hi := l.Y1, l.Y2
	if g.Fold == layout.FoldHorizontal {
		lo, hi = l.X1, l.X2
	}
	// Labels keep 0.01mm off the margin, so that rounding their position
	// to 1/100 mm cannot push them into it.
	lo, hi = lo+0.01, hi-0.01
	var spans [][2]float64
	for _, sp := range g.FoldSpans(obstacles, reach, generator.MarkClear) {
		if sp = [2]float64{math.Max(sp[0], lo), math.Min(sp[1], hi)}; sp[1] > sp[0] {
			spans = append(spans, sp)
		}
	}
	if len(spans) == 0 {
		return nil
	}
	first, last := spans[0], spans[len(spans)-1]
	if len(spans) > 1 && first[0] == lo && last[1] == hi && first[1]-first[0] >= size+gap && last[1]-last[0] >= size+gap {
		return [][2]float64{{lo, lo + size}, {hi - size, hi}}
	}
	best := first
	for _, s := range spans {
		if s[1]-s[0] > best[1]-best[0]+1e-9 {
			best = s
		}
	}
	if best[1]-best[0] < size+2*gap {
		return nil
	}
	mid := (best[0] + best[1]) / 2
	return [][2]float64{{mid - size/2, mid + size/2}}
}

// gutterfoldDashes are the stretches of the fold line, margin to margin,
// left when it stops gutterfoldLabelGap short of every break (a label, a
// scale bar across it).
func gutterfoldDashes(g layout.Gutterfold, breaks [][2]float64) [][2]float64 {
	l := g.FoldLine()
	lo, hi := l.Y1, l.Y2
	if g.Fold == layout.FoldHorizontal {
		lo, hi = l.X1, l.X2
	}
	spans := [][2]float64{{lo, hi}}
	for _, b := range breaks {
		a, z := b[0]-gutterfoldLabelGap, b[1]+gutterfoldLabelGap
		var next [][2]float64
		for _, s := range spans {
			if z <= s[0] || a >= s[1] {
				next = append(next, s)
				continue
			}
			if a > s[0] {
				next = append(next, [2]float64{s[0], a})
			}
			if z < s[1] {
				next = append(next, [2]float64{z, s[1]})
			}
		}
		spans = next
	}
	return spans
}

// drawFoldLine draws the dashed fold line and its "fold" labels.
func (r renderer) drawFoldLine(c draw.Canvas, pg *gutterfoldPage) {
	g := pg.g
	l := g.FoldLine()
	vertical := g.Fold == layout.FoldVertical
	for _, s := range pg.dashes {
		if vertical {
			generator.DashedLine(c, layout.Point{X: l.X1, Y: s[0]}, layout.Point{X: l.X1, Y: s[1]}, gutterfoldFoldColor, 0.25)
		} else {
			generator.DashedLine(c, layout.Point{X: s[0], Y: l.Y1}, layout.Point{X: s[1], Y: l.Y1}, gutterfoldFoldColor, 0.25)
		}
	}
	const label = "fold"
	tw := r.Fonts.Width(label, draw.Regular, gutterfoldLabelPt)
	asc, capH := r.Fonts.Ascent(draw.Regular, gutterfoldLabelPt), r.Fonts.CapHeight(draw.Regular, gutterfoldLabelPt)
	for _, s := range pg.labels {
		if vertical {
			c.Text(generator.Round2(l.X1-tw/2), generator.Round2(s[0]+asc), label, draw.Regular, gutterfoldLabelPt, gutterfoldFoldColor)
		} else {
			c.Text(generator.Round2(s[0]), generator.Round2(l.Y1+capH/2), label, draw.Regular, gutterfoldLabelPt, gutterfoldFoldColor)
		}
	}
}

// gutterfoldHintPlace finds room for the instructions inside area, clear
// of the obstacles: the widest box first, at the preferred size, then
// narrower ones and smaller sizes. ok is false on a page too full for them.
func (r renderer) gutterfoldHintPlace(area layout.Rect, obstacles []layout.Rect) (*typeset.Block, layout.Rect) {
	st := typeset.Style{Font: draw.Regular, Size: gutterfoldHintPt, LineHeight: 1.15}
	for _, size := range []float64{gutterfoldHintPt, 6, 5.5} {
		st.Size, st.MinSize = size, size
		for w := math.Min(area.W, 190); w >= 40; w -= 10 {
			block := typeset.Layout(r.Fonts, gutterfoldHint, st, w, area.H)
			if !block.Fits {
				continue
			}
			if box, ok := layout.FindRoom(area, obstacles, w, block.Height); ok {
				return &block, box
			}
		}
	}
	return nil, layout.Rect{}
}

// gutterfoldIndexNote describes a gutterfold page for the kit's index: the
// page, the fold, how the cards lie, their bleed and how to cut.
func gutterfoldIndexNote(g layout.Gutterfold) string {
	page := "portrait"
	if g.Landscape() {
		page = "landscape"
	}
	fold, halves := "vertically", "fronts left of the fold line and backs right of it"
	if g.Fold == layout.FoldHorizontal {
		fold, halves = "horizontally", "fronts above the fold line and backs below it"
	}
	lie := "upright"
	if g.Turned {
		lie = "turned sideways"
	}
	cut := fmt.Sprintf("%gmm bleed on every side of every card, front and back; marks beside every edge and in the gutters guide each cut, in any order", generator.Round2(g.Spec.Bleed))
	if g.Spec.Bleed <= 0 {
		cut = "no bleed: neighbouring cards share their cut lines; cut straight across the sheet along the marks, then along the marks beside the edges"
	}
	return fmt.Sprintf("%s %s page folded %s: %d x %d cards %s, %s; %s", page, g.Spec.Paper.Name, fold, g.Cols, g.Rows, lie, halves, cut)
}
