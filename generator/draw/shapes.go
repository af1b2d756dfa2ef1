package draw

import "math"

// Pt is a point in mm.
type Pt struct{ X, Y float64 }

// Add is a + b.
func (a Pt) Add(b Pt) Pt { return Pt{a.X + b.X, a.Y + b.Y} }

// Sub is a - b.
func (a Pt) Sub(b Pt) Pt { return Pt{a.X - b.X, a.Y - b.Y} }

// Mul is a scaled by k.
func (a Pt) Mul(k float64) Pt { return Pt{a.X * k, a.Y * k} }

// Perp is a turned a quarter turn (x, y) -> (-y, x).
func (a Pt) Perp() Pt { return Pt{-a.Y, a.X} }

// Len is a's distance from the origin.
func (a Pt) Len() float64 { return math.Hypot(a.X, a.Y) }

// Unit is a scaled to length 1 (a zero point stays near zero).
func (a Pt) Unit() Pt { return a.Mul(1 / math.Max(a.Len(), 1e-9)) }

// Round is a with both coordinates rounded to two decimals, as they are
// written.
func (a Pt) Round() Pt { return Pt{round2(a.X), round2(a.Y)} }

// round2 rounds v to two decimals.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// FillStroke is a style that fills and strokes.
func FillStroke(fill, stroke Color, width float64) Style {
	return Style{Fill: &fill, Stroke: &stroke, Width: width}
}

// Polygon fills a closed polygon and, with width > 0, outlines it.
func Polygon(c Canvas, pts []Pt, fill Color, stroke Color, width float64) {
	if len(pts) < 3 {
		return
	}
	p := &Path{}
	for i, q := range pts {
		q = q.Round()
		k := LineTo
		if i == 0 {
			k = MoveTo
		}
		p.Ops = append(p.Ops, PathOp{Kind: k, P: [3][2]float64{{q.X, q.Y}}})
	}
	p.Ops = append(p.Ops, PathOp{Kind: Close})
	c.Path(p, fill)
	if width > 0 {
		Polyline(c, append(pts, pts[0]), stroke, width)
	}
}

// Polyline strokes a line through the points.
func Polyline(c Canvas, pts []Pt, col Color, width float64) {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1].Round(), pts[i].Round()
		c.Line(a.X, a.Y, b.X, b.Y, col, width)
	}
}

// Local maps a point given along u (x) and across it (y) around centre.
func Local(centre, u Pt, x, y float64) Pt {
	return centre.Add(u.Mul(x)).Add(u.Perp().Mul(y))
}

// ArrowShape is an arrow along u centred on centre, length long, with a
// shaft of width shaft and a head head wide and headLen long.
func ArrowShape(centre, u Pt, long, shaft, head, headLen float64) []Pt {
	h := long / 2
	return []Pt{
		Local(centre, u, -h, -shaft/2), Local(centre, u, h-headLen, -shaft/2), Local(centre, u, h-headLen, -head/2),
		Local(centre, u, h, 0),
		Local(centre, u, h-headLen, head/2), Local(centre, u, h-headLen, shaft/2), Local(centre, u, -h, shaft/2),
	}
}
