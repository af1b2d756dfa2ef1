package layout

import (
	"fmt"
	"math"
	"sort"
)

// Sheet imposition for cards: n-up grids, bleed, duplex backs and the marks
// that guide the cuts.
//
// # Geometry
//
// The printer margin (GridSpec.Margin, 1/4 in by default) is the part of
// the paper a home printer may not print. Every trim lies inside it, and so
// does every mark. Bleed is different: it is art printed only to be cut
// away, so it may run into the margin; if the printer drops it there, the
// loss is waste.
//
// A grid holds as many cards as fit inside the margin. Along each axis the
// cards get gutters of exactly twice the bleed, so that every card has the
// full bleed on both sides of the gutter, when the paper has room for them.
// When it has not, neighbouring cards butt: they share one cut line and
// have no bleed on that side (a narrower gutter would promise bleed that is
// not there and double the cuts). What is left over is shared equally
// around the grid, which is centred on the paper. Outer edges always get
// the full bleed (into the margin if need be), and so do the open edges of
// a sheet that is not full: an edge whose neighbouring slot is empty.
//
// For poker cards (63.5 x 88.9 mm, 3 mm bleed, 1/4 in margin):
//
//   - Letter (printable 203.2 x 266.7): 3 x 3. Columns: 190.5 + 2 x 6 =
//     202.5 fits, so 6 mm gutters and 3 mm bleed on every side. Rows: 3 x
//     88.9 = 266.7 is the whole printable height, so rows butt, and the top
//     and bottom trims lie on the margin.
//   - A4 (printable 197.3 x 284.3): 3 x 3. Columns: 202.5 does not fit in
//     197.3, so columns butt, with 3.4 mm left on either side of the grid.
//     Rows: 266.7 + 2 x 6 = 278.7 fits: 6 mm gutters, 2.8 mm above and
//     below the grid inside the margin.
//
// A grid whose cards butt may turn them sideways (GridSpec.MayTurn): when
// the turned grid gives every card the full bleed on every side and holds at
// most one card a sheet fewer, it is used instead. On A4 that is 2 x 4 poker
// cards turned, with 6 mm gutters both ways (183.8 x 272.0 mm in 197.3 x
// 284.3), rather than 3 x 3 with butted columns; on Letter a turned grid
// still butts (4 x 63.5 + 3 x 6 = 272 > 266.7), so 3 x 3 stays. A margin of
// at most 3.75 mm (--margin 3.5mm) gives 3 x 3 on A4 full gutters. The kit
// index says which lines butt (Grid.Butted) and whether cards are turned.
//
// # Marks
//
// Cutting a sheet apart removes, with every cut, the waste that marks sit
// on. The marks are therefore of two kinds (see SheetMarks), both drawn
// only on waste (gutters, bleed, the free paper around the grid), never
// over a trim and never in the printer margin:
//
//   - Edge marks: at both ends of every card edge, a short line hugging
//     the edge on its waste side, as long as the edge has waste beside it.
//     An edge mark lies inside the span of its own edge, so no other cut
//     can remove it: whatever was cut before, the cut along that edge has a
//     guide at both ends. Together they show every trim corner.
//   - Crop marks: on every cut line, collinear with it, wherever the line
//     crosses waste: across the gutters between cards and beyond the grid up
//     to the margin. They let a whole-sheet cut be lined up at two places
//     far apart, and they are the only guides of butted lines, which have
//     no waste beside them.
//
// Hence the order to cut: first the lines of the butted direction (rows on
// Letter, columns on A4), each straight across the sheet along its crop
// marks; then every strip along its edge marks. When nothing butts, any
// order works. Every mark has a white knockout on its waste side, so it
// shows on dark bleed as well as on white paper.

// GridSpec describes an imposition request.
type GridSpec struct {
	Paper  Paper
	Margin float64 // printer margin: trims and marks stay inside it
	CardW  float64 // trim size
	CardH  float64
	Bleed  float64
	// CropMarks says whether marks are drawn. Marks never take room from
	// the cards or their bleed (they go on waste), so it does not change the
	// geometry.
	CropMarks bool
	// MayTurn lets NewGrid lay the cards sideways when that gives them full
	// bleed where upright cards would butt, at the cost of at most one card
	// a sheet.
	MayTurn bool
}

// Grid places identical cards on a sheet: columns and rows of trims, with
// gutters of twice the bleed where the paper allows and butted cards
// (shared cuts) where it does not.
type Grid struct {
	// Spec is the request, with the card's width and height swapped when
	// Turned: CardW and CardH are always the trim's size on the page.
	Spec GridSpec
	// Turned says the cards lie sideways: each is drawn turned a quarter
	// turn about its trim's centre (Slot.Turn).
	Turned     bool
	Cols, Rows int
	GutterX    float64 // between trims of adjacent columns: 2 x bleed, or 0 when they butt
	GutterY    float64
	Origin     Point // top-left of the first trim
	OuterBleed Sides // bleed beyond the grid's outer trims
}

// NewGrid fits as many cards as possible inside the margin, then gives
// each axis full gutters where they fit and butts the cards where they do
// not. With MayTurn, a sideways grid replaces an upright one that butts
// when it has full gutters and at most one card a sheet fewer, or when
// the card fits on the paper only sideways.
func NewGrid(s GridSpec) (Grid, error) {
	g, err := newGrid(s)
	if !s.MayTurn || s.CardW == s.CardH || s.Bleed <= 0 {
		return g, err
	}
	if cols, rows := g.Butted(); err == nil && !cols && !rows {
		return g, nil
	}
	t := s
	t.CardW, t.CardH = s.CardH, s.CardW
	turned, terr := newGrid(t)
	turned.Turned = true
	switch {
	case terr != nil:
		return g, err
	case err != nil: // only sideways does the card fit at all
		return turned, nil
	}
	if cols, rows := turned.Butted(); cols || rows || turned.PerPage() < g.PerPage()-1 {
		return g, nil
	}
	return turned, nil
}

func newGrid(s GridSpec) (Grid, error) {
	if s.CardW <= 0 || s.CardH <= 0 {
		return Grid{}, fmt.Errorf("card size %.1fx%.1fmm is empty", s.CardW, s.CardH)
	}
	availW, availH := s.Paper.W-2*s.Margin, s.Paper.H-2*s.Margin
	g := Grid{Spec: s}
	g.Cols = int(math.Floor((availW + 1e-6) / s.CardW))
	g.Rows = int(math.Floor((availH + 1e-6) / s.CardH))
	if g.Cols < 1 || g.Rows < 1 {
		return Grid{}, fmt.Errorf("a %.1fx%.1fmm card does not fit on %s paper inside a %.2fmm margin",
			s.CardW, s.CardH, s.Paper.Name, s.Margin)
	}
	gutter := func(n int, avail, size float64) float64 {
		full := 2 * math.Max(s.Bleed, 0)
		if n < 2 || float64(n)*size+float64(n-1)*full > avail+1e-6 {
			return 0
		}
		return full
	}
	g.GutterX = gutter(g.Cols, availW, s.CardW)
	g.GutterY = gutter(g.Rows, availH, s.CardH)
	gridW := float64(g.Cols)*s.CardW + float64(g.Cols-1)*g.GutterX
	gridH := float64(g.Rows)*s.CardH + float64(g.Rows-1)*g.GutterY
	g.Origin = Point{(s.Paper.W - gridW) / 2, (s.Paper.H - gridH) / 2}
	ox := math.Max(0, math.Min(s.Bleed, g.Origin.X))
	oy := math.Max(0, math.Min(s.Bleed, g.Origin.Y))
	g.OuterBleed = Sides{oy, ox, oy, ox}
	return g, nil
}

// PerPage is the number of cards on one sheet.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Butted reports whether neighbouring columns (cols) or rows (rows) share
// their cut lines, without bleed between them, because the paper has no
// room for gutters of twice the bleed.
func (g Grid) Butted() (cols, rows bool) {
	return g.Cols > 1 && g.GutterX < 2*g.Spec.Bleed-1e-9, g.Rows > 1 && g.GutterY < 2*g.Spec.Bleed-1e-9
}

// Trim is the trim rectangle of the card in slot i (row-major) on a front page.
func (g Grid) Trim(i int) Rect {
	return cell(g.Origin, i, g.Cols, g.Spec.CardW, g.Spec.CardH, g.GutterX, g.GutterY)
}

// cell is slot i (row-major) of a grid of cols columns of w x h cells from
// origin, gx and gy apart.
func cell(origin Point, i, cols int, w, h, gx, gy float64) Rect {
	col, row := i%cols, i/cols
	return Rect{X: origin.X + float64(col)*(w+gx), Y: origin.Y + float64(row)*(h+gy), W: w, H: h}
}

// Bleed is how far the card in slot i of a full sheet may print beyond its
// trim on each side: half the gutter between cards (none where cards
// butt), the outer bleed at the grid's edge. Slots gives the bleed of a
// sheet that is not full.
func (g Grid) Bleed(i int) Sides {
	col, row := i%g.Cols, i/g.Cols
	b := Sides{g.GutterY / 2, g.GutterX / 2, g.GutterY / 2, g.GutterX / 2}
	if row == 0 {
		b.Top = g.OuterBleed.Top
	}
	if row == g.Rows-1 {
		b.Bottom = g.OuterBleed.Bottom
	}
	if col == 0 {
		b.Left = g.OuterBleed.Left
	}
	if col == g.Cols-1 {
		b.Right = g.OuterBleed.Right
	}
	return b
}

// Slot is a card's place on a page.
type Slot struct {
	Index int   // slot on the front page, row-major
	Trim  Rect  // the card's trim, on the page
	Bleed Sides // how far its art reaches beyond the trim
	// Turn is how far the card is drawn turned clockwise about its trim's
	// centre, in degrees (0, 90, 180 or 270): 180 for a short-edge back of
	// an upright card, 90 or 270 for the sides of a turned grid's cards.
	// The card's own width and height are the trim's swapped when the turn
	// is a quarter.
	Turn float64
}

// Quarter reports whether the slot's card lies sideways.
func (s Slot) Quarter() bool { return math.Mod(s.Turn, 180) != 0 }

// Art is the area the card prints: its trim and bleed.
func (s Slot) Art() Rect { return growRect(s.Trim, s.Bleed) }

func growRect(r Rect, b Sides) Rect {
	return Rect{r.X - b.Left, r.Y - b.Top, r.W + b.Left + b.Right, r.H + b.Top + b.Bottom}
}

// Slots are the first n slots of a front page (a sheet holding n cards).
// A butted edge whose neighbour slot is empty is an open edge: it gets the
// full bleed, unless that would overlap the art of another card (possible
// only where both rows and columns butt).
func (g Grid) Slots(n int) []Slot {
	n = max(0, min(n, g.PerPage()))
	slots := make([]Slot, n)
	for i := range slots {
		slots[i] = Slot{Index: i, Trim: g.Trim(i), Bleed: g.Bleed(i), Turn: g.frontTurn()}
	}
	full := math.Max(g.Spec.Bleed, 0)
	open := func(i int, side *float64) {
		if *side >= full {
			return
		}
		old := *side
		*side = full
		art := slots[i].Art()
		for j := range slots {
			if j != i && markOverlaps(art, slots[j].Art()) {
				*side = old
				return
			}
		}
	}
	for i := range slots {
		col, row := i%g.Cols, i/g.Cols
		if col < g.Cols-1 && i+1 >= n {
			open(i, &slots[i].Bleed.Right)
		}
		if row < g.Rows-1 && i+g.Cols >= n {
			open(i, &slots[i].Bleed.Bottom)
		}
	}
	return slots
}

// frontTurn is the turn of every front: a quarter turn anticlockwise
// (the card's top to the left) on a turned grid.
func (g Grid) frontTurn() float64 {
	if g.Turned {
		return 270
	}
	return 0
}

// BackTrim is where the back of the card in front slot i goes on the back
// page, so that it lands behind its front after the sheet is flipped; offset
// shifts it to make up for a printer that misregisters. turn is how far the
// back is drawn turned (Slot.Turn) so that it stands the way its front
// does when the card is turned over about its own long side: with the
// front turned by t, a long-edge flip mirrors the page left to right and
// the back turns by -t; a short-edge flip mirrors it top to bottom and the
// back turns by 180-t (180 for upright cards). NoDuplex leaves the slot
// where it is, turned like its front (backs printed on pages of their own,
// in the fronts' order).
func (g Grid) BackTrim(i int, d Duplex, offset Point) (r Rect, turn float64) {
	return BackOf(g.Spec.Paper, g.Trim(i), g.frontTurn(), d, offset)
}

// BackOf is where the back of a piece whose front lies at r, turned by t,
// goes on the back page of paper, and how far it is turned, as BackTrim
// says for a card: mirrored left to right (LongEdge) or top to bottom and
// turned 180 degrees (ShortEdge), then shifted by offset. Token sheets
// place their backs with it.
func BackOf(paper Paper, r Rect, t float64, d Duplex, offset Point) (Rect, float64) {
	turn := t
	switch d {
	case LongEdge:
		r.X = paper.W - r.X - r.W
		turn = -t
	case ShortEdge:
		r.Y = paper.H - r.Y - r.H
		turn = 180 - t
	}
	r.X += offset.X
	r.Y += offset.Y
	return r, math.Mod(turn+360, 360)
}

// BackBleed is the bleed of the back of front slot i on a full sheet,
// mirrored like its trim.
func (g Grid) BackBleed(i int, d Duplex) Sides { return mirrorSides(g.Bleed(i), d) }

func mirrorSides(b Sides, d Duplex) Sides {
	switch d {
	case LongEdge:
		b.Left, b.Right = b.Right, b.Left
	case ShortEdge:
		b.Top, b.Bottom = b.Bottom, b.Top
	}
	return b
}

// BackSlots are the backs of a sheet holding n cards: slot k is the back
// of front slot k, placed and mirrored for the flip and shifted by offset,
// with exactly the bleed of its front (mirrored), so a back never has less
// bleed than its front.
func (g Grid) BackSlots(n int, d Duplex, offset Point) []Slot {
	slots := g.Slots(n)
	for k := range slots {
		trim, turn := g.BackTrim(k, d, offset)
		slots[k].Trim, slots[k].Turn = trim, turn
		slots[k].Bleed = mirrorSides(slots[k].Bleed, d)
	}
	return slots
}

// Printable is the part of the paper inside the margin.
func (g Grid) Printable() Rect { return Printable(g.Spec.Paper, g.Spec.Margin) }

// Printable is the part of the paper inside the margin.
func Printable(p Paper, margin float64) Rect {
	return Rect{margin, margin, p.W - 2*margin, p.H - 2*margin}
}

// Marks are the marks of a front page holding n cards (see SheetMarks).
func (g Grid) Marks(n int, o MarkOptions) []Mark {
	return SheetMarks(g.Printable(), g.Slots(n), o)
}

// BackMarks are the marks of the back page of a sheet holding n cards, at
// the backs' trims (offset included).
func (g Grid) BackMarks(n int, d Duplex, offset Point, o MarkOptions) []Mark {
	return SheetMarks(g.Printable(), g.BackSlots(n, d, offset), o)
}

// CropMarks returns the centre lines of the crop and edge marks of a front
// page holding n cards, to be drawn MarkWidth wide (without knockouts).
func (g Grid) CropMarks(n int) []Line {
	var out []Line
	for _, m := range g.Marks(n, MarkOptions{Crop: true}) {
		if m.Ink == InkDark {
			out = append(out, m.Line)
		}
	}
	return out
}

// Mark sizes, in mm.
const (
	// MarkWidth is the width of the dark line of a crop or edge mark.
	MarkWidth = 0.2
	// KnockoutWidth is the white band along a mark's dark line (both sides
	// of a crop mark, the waste side of an edge mark).
	KnockoutWidth = 0.2
	// CutLineWidth is the width of full-length cut lines and trim outlines.
	CutLineWidth = 0.1
	// MinTick is the shortest crop or edge mark drawn.
	MinTick = 2.0
	// markClearance is how close to a trim the line of a crop mark may run
	// beside it: closer, and the trim blocks it.
	markClearance = MarkWidth/2 + KnockoutWidth + 0.1
)

// MarkKind says what a mark guides.
type MarkKind int

// Kinds of marks.
const (
	// CropMark lies on a cut line, in waste: a gutter or beyond the grid.
	CropMark MarkKind = iota
	// EdgeMark hugs a trim edge on its waste side, at one end of the edge.
	EdgeMark
	// CutLine is a full-length cut line (MarkOptions.CutLines): a crop mark
	// across the whole of a stretch of waste, or an edge mark along the
	// whole edge.
	CutLine
	// TrimOutline is a light hairline just outside the trim, along every
	// edge with waste beside it: it shows the trim of a white card.
	TrimOutline
)

func (k MarkKind) String() string {
	return [...]string{"crop", "edge", "cut", "outline"}[k]
}

// MarkInk is how a mark is painted. Marks are drawn in this order.
type MarkInk int

// Inks.
const (
	// InkKnockout is white, under a mark's dark line, so that it shows on
	// dark bleed.
	InkKnockout MarkInk = iota
	// InkFaint is a light grey (trim outlines).
	InkFaint
	// InkDark is the mark itself.
	InkDark
)

// Mark is a straight stroke of ink Width wide, centred on its line, with
// butt ends: it paints exactly InkRect.
type Mark struct {
	Line
	Width float64
	Kind  MarkKind
	Ink   MarkInk
}

// InkRect is the area a mark paints.
func (m Mark) InkRect() Rect {
	h := m.Width / 2
	if m.Y1 == m.Y2 {
		return Rect{math.Min(m.X1, m.X2), m.Y1 - h, math.Abs(m.X2 - m.X1), m.Width}
	}
	return Rect{m.X1 - h, math.Min(m.Y1, m.Y2), m.Width, math.Abs(m.Y2 - m.Y1)}
}

// Vertical reports whether the mark runs top to bottom.
func (m Mark) Vertical() bool { return m.X1 == m.X2 && m.Y1 != m.Y2 }

// MarkOptions choose the marks of a page.
type MarkOptions struct {
	Crop        bool // crop and edge marks
	CutLines    bool // full-length cut lines
	TrimOutline bool // a light hairline just outside every trim
}

// SheetMarks computes the marks of a page whose cards occupy slots, all of
// them inside printable (the paper less the margin) and none over a trim.
//
// Crop marks run along every cut line (every trim edge's x or y), wherever
// the line crosses waste: a stretch between two trims (a gutter) gets a
// mark across it, or one at each end when it is longer than two marks; a
// stretch between a trim and the margin gets a mark at the trim's end, and
// when it is long (the open part of a sheet that is not full) another at
// the margin, far along the line. Marks stop MarkGap short of the
// trims they point at and are MarkLength long at most; a mark on a line that
// lies on the margin (Letter's top and bottom trims) is moved inside it by
// half its width.
//
// Edge marks hug every trim edge at both ends, MarkLength long, on the
// waste side; an edge with no waste beside it inside the margin (butted, or
// on the margin) has none.
//
// Cut lines are crop marks across the whole of every stretch of waste plus
// edge marks along the whole of every edge, CutLineWidth wide: a line to
// follow with a knife or scissors on every cut. They are drawn over the
// waste rather than beneath the cards: with gutters of exactly twice the
// bleed, the cards' bleed would hide a line beneath them everywhere, while a
// line on the waste beside the trim shows, survives every other cut (like
// an edge mark) and goes with the waste when its own cut is made. Trim outlines are the
// edge-hugging part of that, light grey, for white cards. The result is in
// drawing order: knockouts, then faint lines, then dark ones.
func SheetMarks(printable Rect, slots []Slot, o MarkOptions) []Mark {
	ms := &markSet{area: printable, slots: slots}
	if o.TrimOutline {
		for _, s := range slots {
			ms.edges(s.Trim, CutLineWidth, 0, TrimOutline, InkFaint, false)
		}
	}
	if o.CutLines {
		ms.cropLines(true)
		for _, s := range slots {
			ms.edges(s.Trim, CutLineWidth, KnockoutWidth, CutLine, InkDark, false)
		}
	}
	if o.Crop {
		ms.cropLines(false)
		for _, s := range slots {
			ms.edges(s.Trim, MarkWidth, KnockoutWidth, EdgeMark, InkDark, true)
		}
	}
	// Knockouts first, then faint, then dark; stable, so the order is fixed.
	sort.SliceStable(ms.out, func(i, j int) bool { return ms.out[i].Ink < ms.out[j].Ink })
	return ms.out
}

type markSet struct {
	area  Rect
	slots []Slot
	out   []Mark
}

const markEps = 1e-6

func markOverlaps(a, b Rect) bool {
	return a.X < b.Right()-markEps && b.X < a.Right()-markEps && a.Y < b.Bottom()-markEps && b.Y < a.Bottom()-markEps
}

func markWithin(r, area Rect) bool {
	return r.X >= area.X-markEps && r.Y >= area.Y-markEps && r.Right() <= area.Right()+markEps && r.Bottom() <= area.Bottom()+markEps
}

// hitsTrim reports whether r overlaps any trim.
func (ms *markSet) hitsTrim(r Rect) bool {
	for _, s := range ms.slots {
		if markOverlaps(r, s.Trim) {
			return true
		}
	}
	return false
}

// cuts are the distinct cut coordinates of the page: the x of every
// vertical trim edge (vertical) or the y of every horizontal one.
func (ms *markSet) cuts(vertical bool) []float64 {
	var cs []float64
	for _, s := range ms.slots {
		if vertical {
			cs = appendUnique(cs, s.Trim.X, s.Trim.Right())
		} else {
			cs = appendUnique(cs, s.Trim.Y, s.Trim.Bottom())
		}
	}
	sort.Float64s(cs)
	return cs
}

// cropLines adds the crop marks (or, full, the cut lines) of every cut line.
func (ms *markSet) cropLines(full bool) {
	for _, vertical := range []bool{true, false} {
		for _, c := range ms.cuts(vertical) {
			for _, seg := range ms.wasteAlong(vertical, c) {
				ms.cropMarksOn(vertical, c, seg, full)
			}
		}
	}
}

// span is a stretch of waste along a cut line; trimA and trimB say whether
// its ends are at a trim (else at the margin).
type span struct {
	a, b         float64
	trimA, trimB bool
}

// wasteAlong returns the stretches of the cut line at c that run over no
// trim (nor beside one, within markClearance), inside the printable area,
// each shortened by MarkGap at a trim.
func (ms *markSet) wasteAlong(vertical bool, c float64) []span {
	lo, hi := ms.area.X, ms.area.Right()
	if vertical {
		lo, hi = ms.area.Y, ms.area.Bottom()
	}
	type iv struct{ a, b float64 }
	var blocked []iv
	for _, s := range ms.slots {
		t := s.Trim
		across0, across1, along0, along1 := t.Y, t.Bottom(), t.X, t.Right()
		if vertical {
			across0, across1, along0, along1 = t.X, t.Right(), t.Y, t.Bottom()
		}
		if c > across0-markClearance && c < across1+markClearance {
			blocked = append(blocked, iv{along0, along1})
		}
	}
	sort.Slice(blocked, func(i, j int) bool { return blocked[i].a < blocked[j].a })
	var out []span
	at, atTrim := lo, false
	emit := func(b float64, bTrim bool) {
		s := span{at, b, atTrim, bTrim}
		if s.trimA {
			s.a += MarkGap
		}
		if s.trimB {
			s.b -= MarkGap
		}
		s.a, s.b = math.Max(s.a, lo), math.Min(s.b, hi)
		if s.b-s.a >= MinTick-markEps {
			out = append(out, s)
		}
	}
	for _, b := range blocked {
		if b.a > at+markEps {
			emit(math.Min(b.a, hi), b.a < hi)
		}
		if b.b > at {
			at, atTrim = b.b, true
		}
	}
	if at < hi-markEps {
		emit(hi, false)
	}
	return out
}

// cropMarksOn adds the crop marks (or the cut line) of one stretch of waste.
func (ms *markSet) cropMarksOn(vertical bool, c float64, s span, full bool) {
	w, kind := MarkWidth, CropMark
	if full {
		w, kind = CutLineWidth, CutLine
	}
	var parts [][2]float64
	switch {
	case full:
		if s.trimA || s.trimB {
			parts = append(parts, [2]float64{s.a, s.b})
		}
	case s.trimA && s.trimB && s.b-s.a <= 2*MarkLength+2*MarkGap:
		parts = append(parts, [2]float64{s.a, s.b})
	default:
		// A mark at each trim end; a long stretch running to the margin
		// (the open part of a sheet that is not full) also gets one at the
		// margin, far along the line, to line a straightedge up with.
		long := s.b-s.a >= 2*MarkLength+2*MarkGap
		if s.trimA || long {
			parts = append(parts, [2]float64{s.a, math.Min(s.b, s.a+MarkLength)})
		}
		if s.trimB || long {
			parts = append(parts, [2]float64{math.Max(s.a, s.b-MarkLength), s.b})
		}
	}
	// Across the line, the dark ink must lie inside the printable area: a
	// line on the margin moves in by up to half the mark's width.
	lo, hi := ms.area.Y, ms.area.Bottom()
	if vertical {
		lo, hi = ms.area.X, ms.area.Right()
	}
	centre := c
	if centre-w/2 < lo {
		centre = lo + w/2
	}
	if centre+w/2 > hi {
		centre = hi - w/2
	}
	if math.Abs(centre-c) > w/2+markEps {
		return
	}
	for _, p := range parts {
		ms.add(vertical, centre, p[0], p[1], w, kind, InkDark)
		// The knockout: white on both sides, clipped to the printable area.
		k0, k1 := math.Max(centre-w/2-KnockoutWidth, lo), math.Min(centre+w/2+KnockoutWidth, hi)
		ms.add(vertical, (k0+k1)/2, p[0], p[1], k1-k0, kind, InkKnockout)
	}
}

// add appends a mark along the line at across (x of a vertical line, y of
// a horizontal one) from a to b.
func (ms *markSet) add(vertical bool, across, a, b, w float64, kind MarkKind, ink MarkInk) {
	m := Mark{Line: Line{a, across, b, across}, Width: w, Kind: kind, Ink: ink}
	if vertical {
		m.Line = Line{across, a, across, b}
	}
	ms.out = append(ms.out, m)
}

// edges adds, on the waste side of every edge of trim, a line hugging it:
// at both ends, MarkLength long (ticks), or along the whole edge. The dark
// line is w wide and touches the trim; a knockout k wide lies beyond it.
// Where the line would leave the printable area across, or run over
// another trim, the edge has no waste beside it and gets none; along the
// edge, it is cut short at the margin.
func (ms *markSet) edges(t Rect, w, k float64, kind MarkKind, ink MarkInk, ticks bool) {
	type edge struct {
		vertical bool
		at, dir  float64 // the edge's x or y, and the waste side (-1 or 1)
		a, b     float64 // its extent along
	}
	for _, e := range []edge{
		{false, t.Y, -1, t.X, t.Right()},
		{true, t.Right(), 1, t.Y, t.Bottom()},
		{false, t.Bottom(), 1, t.X, t.Right()},
		{true, t.X, -1, t.Y, t.Bottom()},
	} {
		lo, hi := ms.area.X, ms.area.Right()
		if e.vertical {
			lo, hi = ms.area.Y, ms.area.Bottom()
		}
		var parts [][2]float64
		if ticks {
			l := math.Min(MarkLength, (e.b-e.a)/3)
			parts = [][2]float64{{e.a, e.a + l}, {e.b - l, e.b}}
		} else {
			parts = [][2]float64{{e.a, e.b}}
		}
		for _, p := range parts {
			a, b := math.Max(p[0], lo), math.Min(p[1], hi)
			if b-a < math.Min(MinTick, p[1]-p[0])-markEps {
				continue
			}
			dark := e.at + e.dir*w/2
			m := Mark{Width: w, Kind: kind, Ink: ink}
			ms.setLine(&m, e.vertical, dark, a, b)
			r := m.InkRect()
			if !markWithin(r, ms.area) || ms.hitsTrim(r) {
				continue
			}
			ms.out = append(ms.out, m)
			if k <= 0 {
				continue
			}
			// The knockout, clipped to the printable area; left out where
			// it would touch another trim.
			k0, k1 := e.at+e.dir*w, e.at+e.dir*(w+k)
			if k0 > k1 {
				k0, k1 = k1, k0
			}
			alo, ahi := ms.area.Y, ms.area.Bottom()
			if e.vertical {
				alo, ahi = ms.area.X, ms.area.Right()
			}
			k0, k1 = math.Max(k0, alo), math.Min(k1, ahi)
			if k1-k0 < 0.05 {
				continue
			}
			ko := Mark{Width: k1 - k0, Kind: kind, Ink: InkKnockout}
			ms.setLine(&ko, e.vertical, (k0+k1)/2, a, b)
			if !ms.hitsTrim(ko.InkRect()) {
				ms.out = append(ms.out, ko)
			}
		}
	}
}

func (ms *markSet) setLine(m *Mark, vertical bool, across, a, b float64) {
	if vertical {
		m.Line = Line{across, a, across, b}
	} else {
		m.Line = Line{a, across, b, across}
	}
}

// FindRoom looks for a w x h rectangle inside area that overlaps none of
// the obstacles, scanning from the top (then from the left, trying the
// centre first). It is how labels and scale bars find a free place.
func FindRoom(area Rect, obstacles []Rect, w, h float64) (Rect, bool) {
	if w > area.W+markEps || h > area.H+markEps {
		return Rect{}, false
	}
	ys := []float64{area.Y}
	xs := []float64{area.X + (area.W-w)/2, area.X}
	for _, o := range obstacles {
		ys = append(ys, o.Bottom(), o.Y-h)
		xs = append(xs, o.Right(), o.X-w)
	}
	sort.Float64s(ys)
	for _, y := range ys {
		if y < area.Y-markEps || y+h > area.Bottom()+markEps {
			continue
		}
		for _, x := range xs {
			if x < area.X-markEps || x+w > area.Right()+markEps {
				continue
			}
			r := Rect{x, y, w, h}
			free := true
			for _, o := range obstacles {
				if markOverlaps(r, o) {
					free = false
					break
				}
			}
			if free {
				return r, true
			}
		}
	}
	return Rect{}, false
}

func appendUnique(list []float64, vs ...float64) []float64 {
outer:
	for _, v := range vs {
		for _, e := range list {
			if math.Abs(e-v) < 1e-6 {
				continue outer
			}
		}
		list = append(list, v)
	}
	return list
}
