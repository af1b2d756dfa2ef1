package draw

import "github.com/runforge/runforge/layout"

// Tape is a Canvas that keeps its drawing calls to play them later on
// another canvas: a page drawn before it is added to its document, such
// as the pages of a flow that finds its page breaks as it draws. It keeps
// the values it is given; styles and paths are shared, not copied.
type Tape struct {
	ops []func(Canvas)
}

var _ Canvas = (*Tape)(nil)

// Play draws the kept calls on c, in order.
func (t *Tape) Play(c Canvas) {
	for _, op := range t.ops {
		op(c)
	}
}

func (t *Tape) keep(op func(Canvas)) { t.ops = append(t.ops, op) }

// Rect implements Canvas.
func (t *Tape) Rect(x, y, w, h, radius float64, s Style) {
	t.keep(func(c Canvas) { c.Rect(x, y, w, h, radius, s) })
}

// Ellipse implements Canvas.
func (t *Tape) Ellipse(x, y, w, h float64, s Style) {
	t.keep(func(c Canvas) { c.Ellipse(x, y, w, h, s) })
}

// Line implements Canvas.
func (t *Tape) Line(x1, y1, x2, y2 float64, col Color, width float64) {
	t.keep(func(c Canvas) { c.Line(x1, y1, x2, y2, col, width) })
}

// Path implements Canvas.
func (t *Tape) Path(p *Path, col Color) { t.keep(func(c Canvas) { c.Path(p, col) }) }

// Text implements Canvas.
func (t *Tape) Text(x, y float64, s string, f FontStyle, size float64, col Color) {
	t.keep(func(c Canvas) { c.Text(x, y, s, f, size, col) })
}

// Push implements Canvas.
func (t *Tape) Push() { t.keep(func(c Canvas) { c.Push() }) }

// Pop implements Canvas.
func (t *Tape) Pop() { t.keep(func(c Canvas) { c.Pop() }) }

// Translate implements Canvas.
func (t *Tape) Translate(dx, dy float64) { t.keep(func(c Canvas) { c.Translate(dx, dy) }) }

// Rotate implements Canvas.
func (t *Tape) Rotate(deg, cx, cy float64) { t.keep(func(c Canvas) { c.Rotate(deg, cx, cy) }) }

// ClipRect implements Canvas.
func (t *Tape) ClipRect(x, y, w, h float64) { t.keep(func(c Canvas) { c.ClipRect(x, y, w, h) }) }

// placeImage implements imageCanvas: the picture is played on a canvas
// that draws pictures, noted to one that observes them (PictureObserver)
// and left out on others.
func (t *Tape) placeImage(pic picture, dst, clip layout.Rect) {
	t.keep(func(c Canvas) {
		switch c := c.(type) {
		case imageCanvas:
			c.placeImage(pic, dst, clip)
		case PictureObserver:
			c.Picture(dst, clip)
		}
	})
}
