package layout

import (
	"fmt"
	"math"
	"sort"
)

// Gutterfold layout: fronts on one half of the page, their backs on the
// other, mirrored across a fold line. Printed single-sided, folded along the
// line (print outside) and glued, every back lies behind its own front.
//
// # Geometry
//
// The rules are the sheet layout's (see Grid): every trim and every mark
// lies inside the printer margin; bleed, art printed only to be cut away,
// may run into it. Every card, front and back, has the full bleed on every
// side: neighbouring cards on one half are exactly twice the bleed apart,
// and the outer trims keep at least the bleed from the paper's edge. The
// fold line runs down the middle of the page and keeps FoldClearance from
// every bleed, so that a fold a little off the line does not wrap one
// side's art round to the other.
//
// The cards may lie sideways (Gutterfold.Turned), a quarter turn, when that
// puts more of them on a page.
//
// # Marks
//
// The marks are the sheet layout's (SheetMarks, over the fronts and the
// backs together, inside the margin): edge marks hugging every trim edge at
// both ends on its waste side (on the bleed, with a white knockout), and
// crop marks along every cut line wherever it crosses waste: the gutters,
// the fold gap and the paper beyond the cards up to the margin. The marks
// crossing the fold gap stop FoldMarkGap short of the fold line, so that
// nothing but the dashed fold line lies on it.
const (
	// FoldClearance is the least distance between the fold line and the
	// bleed of any card, so that a fold a little off the line does not wrap
	// one side's art round to the other.
	FoldClearance = 5.0
	// FoldMarkGap keeps crop marks and cut lines off the fold line.
	FoldMarkGap = 1.0
	// trimRoom is the least waste between a trim and the margin: room for
	// the dark line of the edge mark that hugs that edge.
	trimRoom = MarkWidth
)

// Fold is the direction of a gutterfold's fold line.
type Fold int

// Folds.
const (
	// FoldVertical runs top to bottom: fronts on the left half, backs on
	// the right. Folding turns the sheet over left-right, as a card is
	// turned over, so upright backs are drawn upright.
	FoldVertical Fold = iota
	// FoldHorizontal runs left to right: fronts on the top half, backs on
	// the bottom. Folding turns the sheet over top-bottom, so upright backs
	// are drawn turned 180 degrees to read upright when a card is turned
	// over left-right.
	FoldHorizontal
)

func (f Fold) String() string { return [...]string{"vertical", "horizontal"}[f] }

// GutterfoldSpec describes a gutterfold imposition request.
type GutterfoldSpec struct {
	Paper Paper // portrait; the layout may turn it to landscape
	// Margin is the printer margin: trims, marks and labels stay inside it;
	// bleed may run into it.
	Margin float64
	CardW  float64 // trim size, upright
	CardH  float64
	Bleed  float64
}

// Gutterfold places cards and their backs on a page. Every card has the full
// bleed on every side, neighbours on one half are twice the bleed apart, the
// fold line keeps FoldClearance from every bleed, and every trim lies inside
// the margin with room for its edge marks.
type Gutterfold struct {
	Spec         GutterfoldSpec
	PageW, PageH float64 // the page as printed: landscape when PageW > PageH
	Fold         Fold
	// FoldAt is the x of a vertical fold line or the y of a horizontal one:
	// the middle of the page.
	FoldAt float64
	// Turned says the cards lie sideways: every front is drawn a quarter
	// turn anticlockwise (its top to the left), every back turned so that
	// the fold puts it upright behind its front (BackTurn).
	Turned bool
	// CardW and CardH are the trim's size on the page: the spec's, swapped
	// when Turned.
	CardW, CardH float64
	// FoldGap is the distance between the trims on either side of the fold.
	FoldGap    float64
	Cols, Rows int     // of the fronts
	GutterX    float64 // between trims of neighbouring fronts: twice the bleed
	GutterY    float64
	Origin     Point // top-left of front slot 0's trim
}

// NewGutterfold finds the densest gutterfold layout for the card on the
// paper (GutterfoldLayouts): portrait or landscape, folded vertically or
// horizontally, cards upright or sideways, as many fronts per half as fit
// inside the margin with full bleed, gutters of twice the bleed and the
// fold clearance. Ties go to upright cards, then to a portrait page, then
// to a vertical fold. Along the fold the cards are centred on the page;
// across it they lie as close to the fold as the clearance allows (a
// little further when that gives the marks in the fold gap their full
// length), leaving the spare paper beyond them for the instructions and
// the scale bar.
//
// Sideways cards on a portrait page are the same sheet as upright cards on
// a landscape page folded the other way, and the other way round, so a
// turned layout always ties with an upright one and, upright cards being
// preferred, is not chosen; GutterfoldLayouts lists them all the same, and
// the turned ones are drawn and tested like the others.
//
// With 3 mm bleed and the 1/4 in margin (printable 203.2 x 266.7 mm on
// Letter, 197.3 x 284.3 on A4), every trim is at least 3 + 5 = 8 mm from
// the fold, neighbours are 6 mm apart and outer trims keep 0.2 mm inside
// the margin for their edge marks:
//
//   - Poker (63.5 x 88.9) go 3 a page on Letter: portrait, folded
//     horizontally, a row of 3 fronts above the fold (3 x 63.5 + 2 x 6 =
//     202.5 of 203.2 mm; 88.9 + 8 of the 133.35 mm from the margin to the
//     fold). A fourth needs 4 x 63.5 + 3 x 6 = 272 mm where the page has
//     266.7 at most, and a landscape 2 x 2 needs 2 x 63.5 + 6 + 8 = 141 of
//     133.35. On A4 they go 4 a page: landscape, folded vertically, 2 x 2
//     fronts left of the fold (141 of 142.15 mm; 2 x 88.9 + 6 = 183.8 of
//     197.3). Three layouts tie with it: the same sheet turned a quarter
//     (portrait, 2 x 2 turned fronts above a horizontal fold), a landscape
//     row of 4 upright fronts above a horizontal fold (272 of 284.3 mm;
//     96.9 of 98.65), and that sheet turned a quarter (portrait, a column
//     of 4 turned fronts left of a vertical fold).
//   - Bridge (57.2 x 88.9) go 4 a page on Letter and on A4: landscape,
//     folded vertically, 2 x 2 fronts (2 x 57.2 + 6 + 8 = 128.4 of 133.35
//     and 142.15 mm; 183.8 of 203.2 and 197.3).
//   - Mini (44 x 67) go 5 a page on Letter and on A4: landscape, folded
//     horizontally, a row of 5 fronts (5 x 44 + 4 x 6 = 244 of 266.7 and
//     284.3 mm; 67 + 8 of 101.6 and 98.65).
//   - Tarot (70 x 120) go 2 a page: portrait, folded vertically, a column
//     of 2 fronts (2 x 120 + 6 = 246 of 266.7 and 284.3 mm).
func NewGutterfold(s GutterfoldSpec) (Gutterfold, error) {
	if s.CardW <= 0 || s.CardH <= 0 {
		return Gutterfold{}, fmt.Errorf("card size %.1fx%.1fmm is empty", s.CardW, s.CardH)
	}
	var best Gutterfold
	for _, g := range GutterfoldLayouts(s) {
		if g.PerPage() > best.PerPage() {
			best = g
		}
	}
	if best.PerPage() == 0 {
		return Gutterfold{}, fmt.Errorf("a %.1fx%.1fmm card and its back do not fit side by side on %s paper inside a %.2fmm margin with %.2fmm bleed and the %gmm fold clearance",
			s.CardW, s.CardH, s.Paper.Name, s.Margin, s.Bleed, FoldClearance)
	}
	return best, nil
}

// GutterfoldLayouts are the layouts of the card on the paper that hold at
// least one card, in the order NewGutterfold prefers them when they hold
// as many: upright cards first, then a portrait page, then a vertical fold.
// Square cards are not turned.
func GutterfoldLayouts(s GutterfoldSpec) []Gutterfold {
	var out []Gutterfold
	if s.CardW <= 0 || s.CardH <= 0 {
		return nil
	}
	for _, turned := range []bool{false, true} {
		if turned && s.CardW == s.CardH {
			continue
		}
		for _, landscape := range []bool{false, true} {
			for _, fold := range []Fold{FoldVertical, FoldHorizontal} {
				if g, ok := fitGutterfold(s, landscape, fold, turned); ok {
					out = append(out, g)
				}
			}
		}
	}
	return out
}

// fitGutterfold lays out one orientation of the page, fold direction and
// turn of the cards.
func fitGutterfold(s GutterfoldSpec, landscape bool, fold Fold, turned bool) (Gutterfold, bool) {
	pw, ph := s.Paper.W, s.Paper.H
	if landscape {
		pw, ph = ph, pw
	}
	cw, ch := s.CardW, s.CardH
	if turned {
		cw, ch = ch, cw
	}
	b := math.Max(s.Bleed, 0)
	gutter := 2 * b
	// The least distance from the page edge to a trim: inside the margin
	// with room for an edge mark, and far enough in for the full bleed.
	outer := math.Max(s.Margin+trimRoom, b)
	// The least distance from a trim to the fold line.
	minFold := b + FoldClearance
	// Room for a full crop mark each side of the fold in the fold gap.
	prefFold := math.Max(minFold, MarkGap+MarkLength+FoldMarkGap)

	// across is perpendicular to the fold (the two halves), along parallel.
	across, along := pw, ph
	cardAcross, cardAlong := cw, ch
	if fold == FoldHorizontal {
		across, along = ph, pw
		cardAcross, cardAlong = ch, cw
	}
	const eps = 1e-9
	half := across/2 - outer // from the outermost trim to the fold
	nAcross := int(math.Floor((half-minFold+gutter)/(cardAcross+gutter) + eps))
	availAlong := along - 2*outer
	nAlong := int(math.Floor((availAlong+gutter)/(cardAlong+gutter) + eps))
	if nAcross < 1 || nAlong < 1 {
		return Gutterfold{}, false
	}
	blockAcross := float64(nAcross)*cardAcross + float64(nAcross-1)*gutter
	blockAlong := float64(nAlong)*cardAlong + float64(nAlong-1)*gutter
	toFold := minFold + math.Max(0, math.Min(half-minFold-blockAcross, prefFold-minFold))

	g := Gutterfold{Spec: s, PageW: pw, PageH: ph, Fold: fold, FoldAt: across / 2, Turned: turned,
		CardW: cw, CardH: ch, FoldGap: 2 * toFold, GutterX: gutter, GutterY: gutter}
	startAcross := g.FoldAt - toFold - blockAcross
	startAlong := (along - blockAlong) / 2
	if fold == FoldVertical {
		g.Cols, g.Rows = nAcross, nAlong
		g.Origin = Point{startAcross, startAlong}
	} else {
		g.Cols, g.Rows = nAlong, nAcross
		g.Origin = Point{startAlong, startAcross}
	}
	return g, true
}

// PerPage is the number of cards (fronts with their backs) on one page.
func (g Gutterfold) PerPage() int { return g.Cols * g.Rows }

// Landscape reports whether the page is printed landscape.
func (g Gutterfold) Landscape() bool { return g.PageW > g.PageH }

// Front is the trim of the front in slot i (row-major), on the page.
func (g Gutterfold) Front(i int) Rect {
	return cell(g.Origin, i, g.Cols, g.CardW, g.CardH, g.GutterX, g.GutterY)
}

// FrontTurn is how far every front is drawn turned clockwise about its
// trim's centre (Slot.Turn): a quarter turn anticlockwise when the cards
// lie sideways, else none.
func (g Gutterfold) FrontTurn() float64 {
	if g.Turned {
		return 270
	}
	return 0
}

// BackTurn is how far every back is drawn turned (Slot.Turn), so that it
// reads upright behind its front once the sheet is folded and the card
// turned over left to right about its own vertical axis. The fold mirrors
// the page: with the front turned by t, a vertical fold (left to right)
// turns the back by -t, a horizontal one (top to bottom) by 180 - t.
func (g Gutterfold) BackTurn() float64 {
	t := g.FrontTurn()
	if g.Fold == FoldVertical {
		t = -t
	} else {
		t = 180 - t
	}
	return math.Mod(t+360, 360)
}

// Back is the trim of the back of slot i: the front's trim mirrored across
// the fold line, so that folding puts it exactly behind the front, and the
// turn it is drawn with (BackTurn).
func (g Gutterfold) Back(i int) (r Rect, turn float64) {
	return g.mirror(g.Front(i)), g.BackTurn()
}

// mirror reflects r across the fold line.
func (g Gutterfold) mirror(r Rect) Rect {
	if g.Fold == FoldVertical {
		r.X = 2*g.FoldAt - r.X - r.W
	} else {
		r.Y = 2*g.FoldAt - r.Y - r.H
	}
	return r
}

// Bleed is the bleed of every card and back: always the full bleed.
func (g Gutterfold) Bleed() Sides {
	b := math.Max(g.Spec.Bleed, 0)
	return Sides{b, b, b, b}
}

// Fronts are the slots of the first n fronts.
func (g Gutterfold) Fronts(n int) []Slot {
	n = max(0, min(n, g.PerPage()))
	out := make([]Slot, n)
	for i := range out {
		out[i] = Slot{Index: i, Trim: g.Front(i), Bleed: g.Bleed(), Turn: g.FrontTurn()}
	}
	return out
}

// Backs are the slots of the backs of the first n fronts: slot k is the
// back of front k.
func (g Gutterfold) Backs(n int) []Slot {
	out := g.Fronts(n)
	for k := range out {
		out[k].Trim, out[k].Turn = g.Back(k)
	}
	return out
}

// Slots are the fronts and then the backs of a page holding n cards.
func (g Gutterfold) Slots(n int) []Slot { return append(g.Fronts(n), g.Backs(n)...) }

// FoldLine is the fold line, from margin to margin.
func (g Gutterfold) FoldLine() Line {
	m := g.Spec.Margin
	if g.Fold == FoldVertical {
		return Line{g.FoldAt, m, g.FoldAt, g.PageH - m}
	}
	return Line{m, g.FoldAt, g.PageW - m, g.FoldAt}
}

// Printable is the area inside the margin.
func (g Gutterfold) Printable() Rect {
	m := g.Spec.Margin
	return Rect{m, m, g.PageW - 2*m, g.PageH - 2*m}
}

// Marks are the marks of a page holding n cards: SheetMarks over the
// fronts and backs with o's crop marks and cut lines, inside the margin,
// and trim outlines (in place of o.TrimOutline) round the fronts when
// outlineFronts and round the backs when outlineBacks: the sides printed
// white. Marks and cut lines crossing the fold gap stop FoldMarkGap short
// of the fold line, and none lies along it. The result is in drawing order:
// knockouts, faint lines, dark ones.
func (g Gutterfold) Marks(n int, o MarkOptions, outlineFronts, outlineBacks bool) []Mark {
	area := g.Printable()
	o.TrimOutline = false
	marks := SheetMarks(area, g.Slots(n), o)
	var white []Slot
	if outlineFronts {
		white = append(white, g.Fronts(n)...)
	}
	if outlineBacks {
		white = append(white, g.Backs(n)...)
	}
	if len(white) > 0 {
		marks = append(marks, SheetMarks(area, white, MarkOptions{TrimOutline: true})...)
	}
	var out []Mark
	for _, m := range marks {
		out = append(out, g.offFold(m)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Ink < out[j].Ink })
	return out
}

// offFold is what is left of a mark FoldMarkGap clear of the fold line: a
// mark across it is split in two, pieces shorter than MinTick are dropped.
func (g Gutterfold) offFold(m Mark) []Mark {
	lo, hi := g.FoldAt-FoldMarkGap, g.FoldAt+FoldMarkGap
	r := m.InkRect()
	a0, a1 := r.X, r.Right() // the mark's extent across the fold line
	if g.Fold == FoldHorizontal {
		a0, a1 = r.Y, r.Bottom()
	}
	if a1 <= lo+markEps || a0 >= hi-markEps {
		return []Mark{m}
	}
	// Perpendicular to the fold: the mark runs across, along its length.
	across := m.Vertical() == (g.Fold == FoldHorizontal)
	if !across {
		return nil
	}
	var out []Mark
	for _, p := range [][2]float64{{a0, lo}, {hi, a1}} {
		if p[1]-p[0] < MinTick-markEps {
			continue
		}
		piece := m
		if g.Fold == FoldVertical {
			piece.X1, piece.X2 = p[0], p[1]
		} else {
			piece.Y1, piece.Y2 = p[0], p[1]
		}
		out = append(out, piece)
	}
	return out
}

// FoldSpans are the stretches of the fold line, inside the margin, where a
// label reaching reach either side of the line keeps gap clear of every
// obstacle (marks' ink, a scale bar): positions along the line, y for a
// vertical fold and x for a horizontal one, in order.
func (g Gutterfold) FoldSpans(obstacles []Rect, reach, gap float64) [][2]float64 {
	l := g.FoldLine()
	lo, hi := l.Y1, l.Y2
	if g.Fold == FoldHorizontal {
		lo, hi = l.X1, l.X2
	}
	type iv struct{ a, b float64 }
	var blocked []iv
	for _, o := range obstacles {
		a0, a1, b0, b1 := o.X, o.Right(), o.Y, o.Bottom() // across, along
		if g.Fold == FoldHorizontal {
			a0, a1, b0, b1 = o.Y, o.Bottom(), o.X, o.Right()
		}
		if a1 > g.FoldAt-reach-gap && a0 < g.FoldAt+reach+gap {
			blocked = append(blocked, iv{b0 - gap, b1 + gap})
		}
	}
	sort.Slice(blocked, func(i, j int) bool { return blocked[i].a < blocked[j].a })
	var spans [][2]float64
	at := lo
	for _, b := range blocked {
		if b.a > at {
			spans = append(spans, [2]float64{at, math.Min(b.a, hi)})
		}
		at = math.Max(at, b.b)
	}
	if hi > at {
		spans = append(spans, [2]float64{at, hi})
	}
	var out [][2]float64
	for _, s := range spans {
		if s[1] > s[0] {
			out = append(out, s)
		}
	}
	return out
}
