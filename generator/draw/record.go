package draw

import (
	"fmt"
	"strings"
)

// Recorder is a Canvas that logs its drawing operations as text lines, for
// golden tests of renderers.
type Recorder struct {
	Ops []string
}

var _ Canvas = (*Recorder)(nil)

// Logf adds a line to the log: tests note their own steps among the drawing.
func (r *Recorder) Logf(format string, args ...any) {
	r.Ops = append(r.Ops, fmt.Sprintf(format, args...))
}

func styleString(s Style) string {
	var parts []string
	if s.Fill != nil {
		parts = append(parts, "fill="+s.Fill.Hex())
	}
	if s.Stroke != nil {
		parts = append(parts, fmt.Sprintf("stroke=%s/%.2f", s.Stroke.Hex(), s.Width))
	}
	return strings.Join(parts, " ")
}

// Rect implements Canvas.
func (r *Recorder) Rect(x, y, w, h, radius float64, s Style) {
	r.Logf("rect %.2f %.2f %.2f %.2f r=%.2f %s", x, y, w, h, radius, styleString(s))
}

// Ellipse implements Canvas.
func (r *Recorder) Ellipse(x, y, w, h float64, s Style) {
	r.Logf("ellipse %.2f %.2f %.2f %.2f %s", x, y, w, h, styleString(s))
}

// Line implements Canvas.
func (r *Recorder) Line(x1, y1, x2, y2 float64, c Color, width float64) {
	r.Logf("line %.2f %.2f %.2f %.2f %s/%.2f", x1, y1, x2, y2, c.Hex(), width)
}

// Path implements Canvas; it logs the bounding box, not every point.
func (r *Recorder) Path(p *Path, c Color) {
	if len(p.Ops) == 0 {
		r.Logf("path empty")
		return
	}
	x0, y0, x1, y1 := 1e9, 1e9, -1e9, -1e9
	for _, op := range p.Ops {
		n := 1
		if op.Kind == CubicTo {
			n = 3
		} else if op.Kind == Close {
			n = 0
		}
		for _, pt := range op.P[:n] {
			x0, y0 = min(x0, pt[0]), min(y0, pt[1])
			x1, y1 = max(x1, pt[0]), max(y1, pt[1])
		}
	}
	r.Logf("path ops=%d bbox=%.2f,%.2f,%.2f,%.2f fill=%s", len(p.Ops), x0, y0, x1, y1, c.Hex())
}

// Text implements Canvas.
func (r *Recorder) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	r.Logf("text %.2f %.2f %s %.2fpt %s %q", x, y, f, size, c.Hex(), s)
}

// Push implements Canvas.
func (r *Recorder) Push() { r.Logf("push") }

// Pop implements Canvas.
func (r *Recorder) Pop() { r.Logf("pop") }

// Translate implements Canvas.
func (r *Recorder) Translate(dx, dy float64) { r.Logf("translate %.2f %.2f", dx, dy) }

// Rotate implements Canvas.
func (r *Recorder) Rotate(deg, cx, cy float64) { r.Logf("rotate %.0f %.2f %.2f", deg, cx, cy) }

// ClipRect implements Canvas.
func (r *Recorder) ClipRect(x, y, w, h float64) { r.Logf("clip %.2f %.2f %.2f %.2f", x, y, w, h) }

// String returns the log, one operation per line.
func (r *Recorder) String() string { return strings.Join(r.Ops, "\n") + "\n" }
