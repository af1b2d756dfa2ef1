package layout

import (
	"fmt"
	"math"
)

// Gutterfold layout: fronts on one half of the page, their backs on the
// other, mirrored across a fold line. Printed single-sided, folded along the
// line (print outside) and glued, every back lies behind its own front.
const (
	// FoldClearance is the least distance between the fold line and the
	// bleed of any card, so that a fold a little off the line does not wrap
	// one side's art round to the other.
	FoldClearance = 5.0
	// FoldMarkGap keeps crop marks off the fold line.
	FoldMarkGap = 1.0
)

// Fold is the direction of a gutterfold's fold line.
type Fold int

// Folds.
const (
	// FoldVertical runs top to bottom: fronts on the left half, backs on
	// the right. Folding turns the sheet over left-right, as a card is
	// turned over, so backs are drawn upright.
	FoldVertical Fold = iota
	// FoldHorizontal runs left to right: fronts on the top half, backs on
	// the bottom. Folding turns the sheet over top-bottom, so backs are
	// drawn turned 180 degrees to read upright when a card is turned over
	// left-right.
	FoldHorizontal
)

func (f Fold) String() string { return [...]string{"vertical", "horizontal"}[f] }

// GutterfoldSpec describes a gutterfold imposition request.
type GutterfoldSpec struct {
	Paper  Paper   // portrait; the layout may turn it to landscape
	Margin float64 // printer margin: cards, bleed, marks and labels stay inside it
	CardW  float64 // trim size
	CardH  float64
	Bleed  float64
}

// Gutterfold places cards and their backs on a page. Every card has the full
// bleed on every side, the fold line keeps FoldClearance from every bleed,
// and every trim line has a crop mark of at least MinMarkLength at both ends
// (beyond the outer bleed, in the gutters, in the fold gap), all inside the
// margin.
type Gutterfold struct {
	Spec         GutterfoldSpec
	PageW, PageH float64 // the page as printed: landscape when PageW > PageH
	Fold         Fold
	// FoldAt is the x of a vertical fold line or the y of a horizontal one:
	// the middle of the page.
	FoldAt float64
	// FoldGap is the distance between the trims on either side of the fold.
	FoldGap    float64
	Cols, Rows int     // of the fronts
	GutterX    float64 // between trims of neighbouring fronts
	GutterY    float64
	Origin     Point // top-left of front slot 0's trim
}

// markRoom is the least room beyond a bleed for a crop mark.
func markRoom(bleed float64) float64 { return bleed + MarkGap + MinMarkLength }

// NewGutterfold finds the densest gutterfold layout for the card on the
// paper: portrait or landscape, folded vertically or horizontally, as many
// fronts per half as fit with full bleed, gutters of at least twice the
// bleed, the fold clearance and room for crop marks inside the margin. Ties
// go to a portrait page, then to a vertical fold. Spare room first widens
// the fold gap and the gutters up to what full-length crop marks need; the
// rest is left around the layout, which is centred on the page.
//
// Poker cards with 3 mm bleed and the 1/4 in margin go 2 a page on Letter
// and A4: portrait, a column of two fronts left of a vertical fold at the
// middle of the page, their backs right of it. Three do not fit: folded
// horizontally on a landscape Letter page, a front, the fold gap and a back
// need 2.6 mm more height than the margin leaves (8.5 mm on A4); a third
// row on a portrait A4 page needs 6.4 mm more. Bridge cards go 3 a page on
// Letter (portrait, horizontal fold) and 4 on A4 (landscape, vertical fold);
// mini cards 5 (landscape, horizontal fold).
func NewGutterfold(s GutterfoldSpec) (Gutterfold, error) {
	if s.CardW <= 0 || s.CardH <= 0 {
		return Gutterfold{}, fmt.Errorf("card size %.1fx%.1fmm is empty", s.CardW, s.CardH)
	}
	var best Gutterfold
	for _, landscape := range []bool{false, true} {
		for _, fold := range []Fold{FoldVertical, FoldHorizontal} {
			g, ok := fitGutterfold(s, landscape, fold)
			if ok && g.PerPage() > best.PerPage() {
				best = g
			}
		}
	}
	if best.PerPage() == 0 {
		return Gutterfold{}, fmt.Errorf("a %.1fx%.1fmm card and its back do not fit side by side on %s paper inside a %.2fmm margin with %.2fmm bleed, the fold gap and crop marks",
			s.CardW, s.CardH, s.Paper.Name, s.Margin, s.Bleed)
	}
	return best, nil
}

// fitGutterfold lays out one orientation and fold direction.
func fitGutterfold(s GutterfoldSpec, landscape bool, fold Fold) (Gutterfold, bool) {
	pw, ph := s.Paper.W, s.Paper.H
	if landscape {
		pw, ph = ph, pw
	}
	b := s.Bleed
	room := markRoom(b)
	// The fold gap: the clearance on both sides, and at least room for a
	// short crop mark between each bleed and the fold.
	minFold := 2 * max(b+FoldClearance, room+FoldMarkGap)
	prefFold := 2 * max(b+FoldClearance, b+MarkGap+MarkLength+FoldMarkGap)
	// A gutter of twice the bleed holds no mark; this one holds a full mark.
	prefGutter := 2*(b+MarkGap) + MarkLength

	// across is perpendicular to the fold (the two halves), along parallel.
	across, along := pw, ph
	cardAcross, cardAlong := s.CardW, s.CardH
	if fold == FoldHorizontal {
		across, along = ph, pw
		cardAcross, cardAlong = s.CardH, s.CardW
	}
	half := across/2 - s.Margin
	nAcross := int(math.Floor((half-minFold/2-room+2*b)/(cardAcross+2*b) + 1e-9))
	availAlong := along - 2*s.Margin
	nAlong := int(math.Floor((availAlong-2*room+2*b)/(cardAlong+2*b) + 1e-9))
	if nAcross < 1 || nAlong < 1 {
		return Gutterfold{}, false
	}

	spare := half - (minFold/2 + float64(nAcross)*cardAcross + float64(nAcross-1)*2*b + room)
	extraFold := min(spare, (prefFold-minFold)/2)
	spare -= extraFold
	foldGap := minFold + 2*extraFold
	gutterAcross := 2 * b
	if nAcross > 1 {
		gutterAcross += min(prefGutter-2*b, spare/float64(nAcross-1))
	}
	spare = availAlong - (float64(nAlong)*cardAlong + float64(nAlong-1)*2*b + 2*room)
	gutterAlong := 2 * b
	if nAlong > 1 {
		gutterAlong += min(prefGutter-2*b, spare/float64(nAlong-1))
	}
	blockAlong := float64(nAlong)*cardAlong + float64(nAlong-1)*gutterAlong
	blockAcross := float64(nAcross)*cardAcross + float64(nAcross-1)*gutterAcross

	g := Gutterfold{Spec: s, PageW: pw, PageH: ph, Fold: fold, FoldAt: across / 2, FoldGap: foldGap}
	startAcross := g.FoldAt - foldGap/2 - blockAcross
	startAlong := (along - blockAlong) / 2
	if fold == FoldVertical {
		g.Cols, g.Rows = nAcross, nAlong
		g.GutterX, g.GutterY = gutterAcross, gutterAlong
		g.Origin = Point{startAcross, startAlong}
	} else {
		g.Cols, g.Rows = nAlong, nAcross
		g.GutterX, g.GutterY = gutterAlong, gutterAcross
		g.Origin = Point{startAlong, startAcross}
	}
	return g, true
}

// PerPage is the number of cards (fronts with their backs) on one page.
func (g Gutterfold) PerPage() int { return g.Cols * g.Rows }

// Landscape reports whether the page is printed landscape.
func (g Gutterfold) Landscape() bool { return g.PageW > g.PageH }

// Front is the trim of the front in slot i (row-major).
func (g Gutterfold) Front(i int) Rect {
	return cell(g.Origin, i, g.Cols, g.Spec.CardW, g.Spec.CardH, g.GutterX, g.GutterY)
}

// Back is the trim of the back of slot i: the front's trim mirrored across
// the fold line, so that folding puts it exactly behind the front. Rotated
// reports whether the back art is drawn turned 180 degrees (horizontal fold).
func (g Gutterfold) Back(i int) (r Rect, rotated bool) {
	r = g.Front(i)
	if g.Fold == FoldVertical {
		r.X = 2*g.FoldAt - r.X - r.W
		return r, false
	}
	r.Y = 2*g.FoldAt - r.Y - r.H
	return r, true
}

// Bleed is the bleed of every card and back: always the full bleed.
func (g Gutterfold) Bleed() Sides {
	b := g.Spec.Bleed
	return Sides{b, b, b, b}
}

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

// slots are the trims of the first n fronts and their backs.
func (g Gutterfold) slots(n int) []Rect {
	n = min(n, g.PerPage())
	out := make([]Rect, 0, 2*n)
	for i := 0; i < n; i++ {
		out = append(out, g.Front(i))
	}
	for i := 0; i < n; i++ {
		b, _ := g.Back(i)
		out = append(out, b)
	}
	return out
}

// CropMarks returns the crop marks of a page holding n cards: for every
// trim line of every front and back, a mark at both ends, MarkGap beyond the
// bleed, up to MarkLength long, stopping MarkGap short of any other bleed,
// FoldMarkGap short of the fold line and at the margin; marks shorter than
// MinMarkLength are left out, and a mark that two neighbours share in a
// gutter is drawn once. Marks never cross a card or its bleed.
func (g Gutterfold) CropMarks(n int) []Line {
	slots := g.slots(n)
	b := g.Spec.Bleed
	var marks []Line
	seen := map[[4]int64]bool{}
	add := func(x, y, dx, dy float64) {
		l := g.ray(slots, x, y, dx, dy)
		if l < MinMarkLength-1e-9 {
			return
		}
		m := Line{x, y, x + dx*l, y + dy*l}
		if m.X1 > m.X2 || m.Y1 > m.Y2 {
			m = Line{m.X2, m.Y2, m.X1, m.Y1}
		}
		k := [4]int64{q(m.X1), q(m.Y1), q(m.X2), q(m.Y2)}
		if !seen[k] {
			seen[k] = true
			marks = append(marks, m)
		}
	}
	d := b + MarkGap
	for _, t := range slots {
		for _, x := range []float64{t.X, t.Right()} {
			add(x, t.Y-d, 0, -1)
			add(x, t.Bottom()+d, 0, 1)
		}
		for _, y := range []float64{t.Y, t.Bottom()} {
			add(t.X-d, y, -1, 0)
			add(t.Right()+d, y, 1, 0)
		}
	}
	return marks
}

// q quantises a coordinate to find duplicate marks.
func q(v float64) int64 { return int64(math.Round(v * 1e6)) }

// ray is how long a mark starting at (x, y) in direction (dx, dy) may be:
// at most MarkLength, inside the margin, MarkGap short of every bleed and
// FoldMarkGap short of the fold. It is 0 when the start is not free.
func (g Gutterfold) ray(slots []Rect, x, y float64, dx, dy float64) float64 {
	p := g.Printable()
	const eps = 1e-9
	if x < p.X-eps || x > p.Right()+eps || y < p.Y-eps || y > p.Bottom()+eps {
		return 0
	}
	l := MarkLength
	switch {
	case dx < 0:
		l = min(l, x-p.X)
	case dx > 0:
		l = min(l, p.Right()-x)
	case dy < 0:
		l = min(l, y-p.Y)
	default:
		l = min(l, p.Bottom()-y)
	}
	for _, t := range slots {
		r := t.Inset(-g.Spec.Bleed)
		if x > r.X-MarkGap+eps && x < r.Right()+MarkGap-eps && y > r.Y-MarkGap+eps && y < r.Bottom()+MarkGap-eps {
			return 0
		}
		switch {
		case dx != 0 && y > r.Y-MarkGap+eps && y < r.Bottom()+MarkGap-eps:
			if dx > 0 && r.X >= x {
				l = min(l, r.X-MarkGap-x)
			} else if dx < 0 && r.Right() <= x {
				l = min(l, x-r.Right()-MarkGap)
			}
		case dy != 0 && x > r.X-MarkGap+eps && x < r.Right()+MarkGap-eps:
			if dy > 0 && r.Y >= y {
				l = min(l, r.Y-MarkGap-y)
			} else if dy < 0 && r.Bottom() <= y {
				l = min(l, y-r.Bottom()-MarkGap)
			}
		}
	}
	f := g.FoldAt
	if g.Fold == FoldVertical && dx != 0 {
		if dx > 0 && f >= x {
			l = min(l, f-FoldMarkGap-x)
		} else if dx < 0 && f <= x {
			l = min(l, x-f-FoldMarkGap)
		}
	}
	if g.Fold == FoldHorizontal && dy != 0 {
		if dy > 0 && f >= y {
			l = min(l, f-FoldMarkGap-y)
		} else if dy < 0 && f <= y {
			l = min(l, y-f-FoldMarkGap)
		}
	}
	return max(0, l)
}

// Extent is the area the cards, their bleed and their crop marks can take
// on a full page, inside the margin.
func (g Gutterfold) Extent() Rect {
	slots := g.slots(g.PerPage())
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, t := range slots {
		r := t.Inset(-(g.Spec.Bleed + MarkGap + MarkLength))
		x0, y0, x1, y1 = min(x0, r.X), min(y0, r.Y), max(x1, r.Right()), max(y1, r.Bottom())
	}
	p := g.Printable()
	x0, y0 = max(x0, p.X), max(y0, p.Y)
	x1, y1 = min(x1, p.Right()), min(y1, p.Bottom())
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// CutLines returns full-length cut lines along every trim line of a page
// holding n cards, across the Extent (drawn beneath the cards, they show in
// the gutters, the fold gap and around the cards).
func (g Gutterfold) CutLines(n int) []Line {
	e := g.Extent()
	var xs, ys []float64
	for _, t := range g.slots(n) {
		xs = appendUnique(xs, t.X, t.Right())
		ys = appendUnique(ys, t.Y, t.Bottom())
	}
	var lines []Line
	for _, x := range xs {
		lines = append(lines, Line{x, e.Y, x, e.Bottom()})
	}
	for _, y := range ys {
		lines = append(lines, Line{e.X, y, e.Right(), y})
	}
	return lines
}

// Bands are the free areas inside the margin above and below the Extent,
// for instructions; with a vertical fold each band is split in two at the
// fold line, leaving gap on either side of it for the fold's label.
func (g Gutterfold) Bands(gap float64) []Rect {
	p, e := g.Printable(), g.Extent()
	rows := []Rect{{p.X, p.Y, p.W, e.Y - p.Y}, {p.X, e.Bottom(), p.W, p.Bottom() - e.Bottom()}}
	var out []Rect
	for _, r := range rows {
		if r.H <= 0 {
			continue
		}
		if g.Fold == FoldHorizontal {
			out = append(out, r)
			continue
		}
		out = append(out, Rect{r.X, r.Y, g.FoldAt - gap - r.X, r.H}, Rect{g.FoldAt + gap, r.Y, r.Right() - g.FoldAt - gap, r.H})
	}
	return out
}

// FoldSpans are the stretches of the fold line, from margin to margin, that
// keep clear of the crop marks crossing the fold gap (at the trim edges of
// the cards, FoldMarkGap either side): where a label on the line may go.
// They are positions along the line: y for a vertical fold, x otherwise.
func (g Gutterfold) FoldSpans() [][2]float64 {
	l := g.FoldLine()
	lo, hi := l.Y1, l.Y2
	var edges []float64
	if g.Fold == FoldVertical {
		for r := 0; r < g.Rows; r++ {
			t := g.Front(r * g.Cols)
			edges = append(edges, t.Y, t.Bottom())
		}
	} else {
		lo, hi = l.X1, l.X2
		for c := 0; c < g.Cols; c++ {
			t := g.Front(c)
			edges = append(edges, t.X, t.Right())
		}
	}
	var spans [][2]float64
	at := lo
	for _, e := range edges {
		if e-FoldMarkGap > at {
			spans = append(spans, [2]float64{at, e - FoldMarkGap})
		}
		at = max(at, e+FoldMarkGap)
	}
	if hi > at {
		spans = append(spans, [2]float64{at, hi})
	}
	return spans
}
