// Package rendertest reads the drawing calls a recorder logged, for the
// tests of the generator and of the games' renderers: where a page label
// went, whether boxes overlap or lie inside an area (to the recorder's
// rounding), and where a back page's point lies on its front.
package rendertest

import (
	"fmt"
	"math"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// eps is the recorder's rounding of coordinates (0.01 mm), with a margin.
const eps = 0.011

// Inside reports whether r lies within area, to the recorder's rounding.
func Inside(r, area layout.Rect) bool {
	return r.X >= area.X-eps && r.Y >= area.Y-eps && r.Right() <= area.Right()+eps && r.Bottom() <= area.Bottom()+eps
}

// OverlapsRounded reports whether a and b share more than the recorder's
// rounding.
func OverlapsRounded(a, b layout.Rect) bool {
	return a.X < b.Right()-eps && b.X < a.Right()-eps && a.Y < b.Bottom()-eps && b.Y < a.Bottom()-eps
}

// RectNear reports whether a and b agree to within tol mm in every field.
func RectNear(a, b layout.Rect, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol && math.Abs(a.W-b.W) <= tol && math.Abs(a.H-b.H) <= tol
}

// PageLabelBox finds the text op holding substr on rec and returns the
// white ground drawn under it (the last white rectangle before it), turned
// back upright when the text reads upwards.
func PageLabelBox(rec *draw.Recorder, substr string) (layout.Rect, bool) {
	var box layout.Rect
	up := false
	for _, op := range rec.Ops {
		switch {
		case strings.HasPrefix(op, "rect ") && strings.HasSuffix(op, "fill=#ffffff"):
			if _, err := fmt.Sscanf(op, "rect %f %f %f %f", &box.X, &box.Y, &box.W, &box.H); err != nil {
				return layout.Rect{}, false
			}
		case strings.HasPrefix(op, "rotate -90 "):
			up = true
		case op == "pop":
			up = false
		case strings.HasPrefix(op, "text ") && strings.Contains(op, substr):
			if up && box.W > box.H {
				cx, cy := box.X+box.W/2, box.Y+box.H/2
				box = layout.Rect{X: cx - box.H/2, Y: cy - box.W/2, W: box.H, H: box.W}
			}
			return box, true
		}
	}
	return layout.Rect{}, false
}

// FlipPoint is where a point of the back page lies on the front page once
// the sheet is turned over on the duplex edge d.
func FlipPoint(p layout.Point, paper layout.Paper, d layout.Duplex) layout.Point {
	if d == layout.ShortEdge {
		return layout.Point{X: p.X, Y: paper.H - p.Y}
	}
	return layout.Point{X: paper.W - p.X, Y: p.Y}
}

// PageLog records every page a sink is given into one log, each page
// opened with a "page n WxH" line.
type PageLog struct {
	Rec   draw.Recorder
	Pages int
}

// AddPage implements impose.Sink.
func (s *PageLog) AddPage(w, h float64) draw.Canvas {
	s.Pages++
	s.Rec.Logf("page %d %.2fx%.2f", s.Pages, w, h)
	return &s.Rec
}
