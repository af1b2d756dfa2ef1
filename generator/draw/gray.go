package draw

// grayCanvas draws through another canvas with every colour turned to its
// luminance: the black-and-white variant for monochrome printers.
type grayCanvas struct {
	Canvas
}

// Grayscale wraps c so that everything drawn on it is grey.
func Grayscale(c Canvas) Canvas {
	if g, ok := c.(grayCanvas); ok {
		return g
	}
	return grayCanvas{c}
}

func grayStyle(s Style) Style {
	if s.Fill != nil {
		f := s.Fill.Gray()
		s.Fill = &f
	}
	if s.Stroke != nil {
		k := s.Stroke.Gray()
		s.Stroke = &k
	}
	return s
}

func (g grayCanvas) Rect(x, y, w, h, r float64, s Style) { g.Canvas.Rect(x, y, w, h, r, grayStyle(s)) }
func (g grayCanvas) Ellipse(x, y, w, h float64, s Style) { g.Canvas.Ellipse(x, y, w, h, grayStyle(s)) }
func (g grayCanvas) Line(x1, y1, x2, y2 float64, c Color, width float64) {
	g.Canvas.Line(x1, y1, x2, y2, c.Gray(), width)
}
func (g grayCanvas) Path(p *Path, c Color) { g.Canvas.Path(p, c.Gray()) }
func (g grayCanvas) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	g.Canvas.Text(x, y, s, f, size, c.Gray())
}
