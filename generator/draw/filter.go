package draw

// Shapes returns a canvas that draws everything through c but text: the
// first pass of drawing whose text must go over what is drawn between the
// passes (TextOnly draws the second).
func Shapes(c Canvas) Canvas { return textFilter{c: c, shapes: true} }

// TextOnly returns a canvas that draws only the text of at least minPt
// (as the size reaches c: through Scaled, scaled) through c, and the
// transformations and clips it needs; shapes are left out. Text that would
// print smaller is left out too: a miniature keeps the text a reader can
// read at its scale.
func TextOnly(c Canvas, minPt float64) Canvas { return textFilter{c: c, minPt: minPt} }

// textFilter draws through c its shapes (shapes set) or else its text of
// at least minPt.
type textFilter struct {
	c      Canvas
	shapes bool
	minPt  float64
}

func (f textFilter) Rect(x, y, w, h, r float64, s Style) {
	if f.shapes {
		f.c.Rect(x, y, w, h, r, s)
	}
}
func (f textFilter) Ellipse(x, y, w, h float64, s Style) {
	if f.shapes {
		f.c.Ellipse(x, y, w, h, s)
	}
}
func (f textFilter) Line(x1, y1, x2, y2 float64, c Color, width float64) {
	if f.shapes {
		f.c.Line(x1, y1, x2, y2, c, width)
	}
}
func (f textFilter) Path(p *Path, c Color) {
	if f.shapes {
		f.c.Path(p, c)
	}
}
func (f textFilter) Text(x, y float64, s string, st FontStyle, size float64, c Color) {
	if !f.shapes && size >= f.minPt-1e-9 {
		f.c.Text(x, y, s, st, size, c)
	}
}
func (f textFilter) Push()                       { f.c.Push() }
func (f textFilter) Pop()                        { f.c.Pop() }
func (f textFilter) Translate(dx, dy float64)    { f.c.Translate(dx, dy) }
func (f textFilter) Rotate(deg, cx, cy float64)  { f.c.Rotate(deg, cx, cy) }
func (f textFilter) ClipRect(x, y, w, h float64) { f.c.ClipRect(x, y, w, h) }
