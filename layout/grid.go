package layout

import (
	"fmt"
	"math"
)

// GridSpec describes an imposition request.
type GridSpec struct {
	Paper  Paper
	Margin float64 // printer margin: trims stay inside it
	CardW  float64 // trim size
	CardH  float64
	Bleed  float64
	// CropMarks reserves room for marks outside the grid.
	CropMarks bool
}

// Grid places identical cards on a sheet: columns and rows of trims, with
// gutters wide enough for bleed where the paper allows and butted cards
// (shared cuts) where it does not.
type Grid struct {
	Spec       GridSpec
	Cols, Rows int
	GutterX    float64 // between trims of adjacent columns
	GutterY    float64
	Origin     Point // top-left of the first trim
	OuterBleed Sides // bleed beyond the grid's outer trims
}

// NewGrid fits as many cards as possible on the sheet.
func NewGrid(s GridSpec) (Grid, error) {
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
		if n < 2 {
			return 0
		}
		return math.Min(2*s.Bleed, (avail-float64(n)*size)/float64(n-1))
	}
	g.GutterX = gutter(g.Cols, availW, s.CardW)
	g.GutterY = gutter(g.Rows, availH, s.CardH)
	gridW := float64(g.Cols)*s.CardW + float64(g.Cols-1)*g.GutterX
	gridH := float64(g.Rows)*s.CardH + float64(g.Rows-1)*g.GutterY
	g.Origin = Point{(s.Paper.W - gridW) / 2, (s.Paper.H - gridH) / 2}
	outer := func(space float64) float64 {
		if !s.CropMarks {
			return math.Min(s.Bleed, space)
		}
		return math.Max(0, math.Min(s.Bleed, space-MarkGap-EdgeGap-MinMarkLength))
	}
	ox, oy := outer(g.Origin.X), outer(g.Origin.Y)
	g.OuterBleed = Sides{oy, ox, oy, ox}
	return g, nil
}

// PerPage is the number of cards on one sheet.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Trim is the trim rectangle of the card in slot i (row-major) on a front page.
func (g Grid) Trim(i int) Rect {
	col, row := i%g.Cols, i/g.Cols
	return Rect{
		X: g.Origin.X + float64(col)*(g.Spec.CardW+g.GutterX),
		Y: g.Origin.Y + float64(row)*(g.Spec.CardH+g.GutterY),
		W: g.Spec.CardW, H: g.Spec.CardH,
	}
}

// Bleed is how far the card in slot i may print beyond its trim on each
// side: half the gutter between cards (none where cards butt), the outer
// bleed at the grid's edge.
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

// BackTrim is where the back of the card in front slot i goes on the back
// page, so that it lands behind its front after the sheet is flipped; offset
// shifts it to make up for a printer that misregisters. Rotated reports
// whether the back must be drawn turned 180 degrees (short-edge flip).
func (g Grid) BackTrim(i int, d Duplex, offset Point) (r Rect, rotated bool) {
	r = g.Trim(i)
	switch d {
	case LongEdge:
		r.X = g.Spec.Paper.W - r.X - r.W
	case ShortEdge:
		r.Y = g.Spec.Paper.H - r.Y - r.H
		rotated = true
	}
	r.X += offset.X
	r.Y += offset.Y
	return r, rotated
}

// BackBleed is the bleed of the back of front slot i, mirrored like its trim.
func (g Grid) BackBleed(i int, d Duplex) Sides {
	b := g.Bleed(i)
	switch d {
	case LongEdge:
		b.Left, b.Right = b.Right, b.Left
	case ShortEdge:
		b.Top, b.Bottom = b.Bottom, b.Top
	}
	return b
}

// CropMarks returns the crop marks of a sheet holding n cards: for every cut
// line, a short mark beyond the grid's outer bleed on both ends, never across
// a card and never reaching the page edge.
func (g Grid) CropMarks(n int) []Line {
	if n <= 0 {
		return nil
	}
	cols := min(n, g.Cols)
	rows := (n + g.Cols - 1) / g.Cols
	var xs, ys []float64
	for c := 0; c < cols; c++ {
		t := g.Trim(c)
		xs = appendUnique(xs, t.X, t.Right())
	}
	for r := 0; r < rows; r++ {
		t := g.Trim(r * g.Cols)
		ys = appendUnique(ys, t.Y, t.Bottom())
	}
	left, top := g.Origin.X, g.Origin.Y
	right := g.Trim(cols - 1).Right()
	bottom := g.Trim((rows - 1) * g.Cols).Bottom()
	var marks []Line
	span := func(from, dir, edge float64) (float64, float64, bool) {
		start := from + dir*MarkGap
		end := start + dir*MarkLength
		limit := edge - dir*EdgeGap
		if dir < 0 {
			end = math.Max(end, limit)
		} else {
			end = math.Min(end, limit)
		}
		if math.Abs(end-start) < MinMarkLength-1e-9 {
			return 0, 0, false
		}
		return start, end, true
	}
	for _, x := range xs {
		if a, b, ok := span(top-g.OuterBleed.Top, -1, 0); ok {
			marks = append(marks, Line{x, a, x, b})
		}
		if a, b, ok := span(bottom+g.OuterBleed.Bottom, 1, g.Spec.Paper.H); ok {
			marks = append(marks, Line{x, a, x, b})
		}
	}
	for _, y := range ys {
		if a, b, ok := span(left-g.OuterBleed.Left, -1, 0); ok {
			marks = append(marks, Line{a, y, b, y})
		}
		if a, b, ok := span(right+g.OuterBleed.Right, 1, g.Spec.Paper.W); ok {
			marks = append(marks, Line{a, y, b, y})
		}
	}
	return marks
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
