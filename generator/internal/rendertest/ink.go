package rendertest

import (
	"math"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// InkCanvas notes the page-space bounding box of everything drawn on it,
// through Push, Translate and Rotate, page by page.
type InkCanvas struct {
	fonts *draw.Fonts
	Pages [][]InkOp
	m     [6]float64 // x' = m0 x + m2 y + m4, y' = m1 x + m3 y + m5
	stack [][6]float64
}

// InkOp is one thing drawn on an InkCanvas: what, its page-space box and
// its colour.
type InkOp struct {
	What string
	Box  layout.Rect
	Col  draw.Color
}

// NewInkCanvas is an InkCanvas measuring text with the fonts f.
func NewInkCanvas(f *draw.Fonts) *InkCanvas { return &InkCanvas{fonts: f} }

// AddPage implements impose.Sink.
func (c *InkCanvas) AddPage(w, h float64) draw.Canvas {
	c.Pages = append(c.Pages, nil)
	c.m, c.stack = [6]float64{1, 0, 0, 1, 0, 0}, nil
	return c
}

func (c *InkCanvas) apply(x, y float64) (float64, float64) {
	return c.m[0]*x + c.m[2]*y + c.m[4], c.m[1]*x + c.m[3]*y + c.m[5]
}

func (c *InkCanvas) note(what string, col draw.Color, x0, y0, x1, y1 float64) {
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := c.apply(p[0], p[1])
		bx0, by0, bx1, by1 = math.Min(bx0, x), math.Min(by0, y), math.Max(bx1, x), math.Max(by1, y)
	}
	n := len(c.Pages) - 1
	c.Pages[n] = append(c.Pages[n], InkOp{what, layout.Rect{X: bx0, Y: by0, W: bx1 - bx0, H: by1 - by0}, col})
}

func (c *InkCanvas) Rect(x, y, w, h, r float64, s draw.Style) {
	d := s.Width / 2
	col := draw.White
	if s.Fill != nil {
		col = *s.Fill
	}
	if s.Stroke != nil {
		col = *s.Stroke
	}
	c.note("rect", col, x-d, y-d, x+w+d, y+h+d)
}

func (c *InkCanvas) Ellipse(x, y, w, h float64, s draw.Style) { c.Rect(x, y, w, h, 0, s) }

func (c *InkCanvas) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {
	d := width / 2
	switch {
	case y1 == y2:
		c.note("line", col, math.Min(x1, x2), y1-d, math.Max(x1, x2), y1+d)
	case x1 == x2:
		c.note("line", col, x1-d, math.Min(y1, y2), x1+d, math.Max(y1, y2))
	default:
		c.note("line", col, math.Min(x1, x2)-d, math.Min(y1, y2)-d, math.Max(x1, x2)+d, math.Max(y1, y2)+d)
	}
}

func (c *InkCanvas) Path(p *draw.Path, col draw.Color) {}

func (c *InkCanvas) Text(x, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	c.note("text "+s, col, x, y-c.fonts.Ascent(f, size), x+c.fonts.Width(s, f, size), y+c.fonts.Descent(f, size))
}

func (c *InkCanvas) Push() { c.stack = append(c.stack, c.m) }

func (c *InkCanvas) Pop() {
	if n := len(c.stack); n > 0 {
		c.m, c.stack = c.stack[n-1], c.stack[:n-1]
	}
}

func (c *InkCanvas) Translate(dx, dy float64) {
	c.m[4], c.m[5] = c.apply(dx, dy)
}

func (c *InkCanvas) Rotate(deg, cx, cy float64) {
	c.Translate(cx, cy)
	s, k := math.Sincos(deg * math.Pi / 180)
	m := c.m
	c.m[0], c.m[1] = m[0]*k+m[2]*s, m[1]*k+m[3]*s
	c.m[2], c.m[3] = -m[0]*s+m[2]*k, -m[1]*s+m[3]*k
	c.Translate(-cx, -cy)
}

func (c *InkCanvas) ClipRect(x, y, w, h float64) {}
