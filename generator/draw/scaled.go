package draw

// Scaled returns a canvas that draws through c scaled by s from (ox, oy):
// a miniature, such as a board side on its page map.
func Scaled(c Canvas, s, ox, oy float64) Canvas {
	return scaledCanvas{c: c, s: s, ox: ox, oy: oy}
}

// scaledCanvas draws through another canvas scaled by s from (ox, oy).
type scaledCanvas struct {
	c      Canvas
	s      float64
	ox, oy float64
}

func (k scaledCanvas) x(v float64) float64 { return k.ox + k.s*v }
func (k scaledCanvas) y(v float64) float64 { return k.oy + k.s*v }
func (k scaledCanvas) style(st Style) Style {
	st.Width *= k.s
	return st
}

func (k scaledCanvas) Rect(x, y, w, h, r float64, s Style) {
	k.c.Rect(k.x(x), k.y(y), w*k.s, h*k.s, r*k.s, k.style(s))
}
func (k scaledCanvas) Ellipse(x, y, w, h float64, s Style) {
	k.c.Ellipse(k.x(x), k.y(y), w*k.s, h*k.s, k.style(s))
}
func (k scaledCanvas) Line(x1, y1, x2, y2 float64, c Color, width float64) {
	k.c.Line(k.x(x1), k.y(y1), k.x(x2), k.y(y2), c, width*k.s)
}
func (k scaledCanvas) Path(p *Path, c Color) { k.c.Path(p.Transformed(k.s, k.ox, k.oy), c) }
func (k scaledCanvas) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	k.c.Text(k.x(x), k.y(y), s, f, size*k.s, c)
}
func (k scaledCanvas) Push()                      { k.c.Push() }
func (k scaledCanvas) Pop()                       { k.c.Pop() }
func (k scaledCanvas) Translate(dx, dy float64)   { k.c.Translate(dx*k.s, dy*k.s) }
func (k scaledCanvas) Rotate(deg, cx, cy float64) { k.c.Rotate(deg, k.x(cx), k.y(cy)) }
func (k scaledCanvas) ClipRect(x, y, w, h float64) {
	k.c.ClipRect(k.x(x), k.y(y), w*k.s, h*k.s)
}
