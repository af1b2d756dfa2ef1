package rendertest

import (
	"math"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// GroundCanvas finds what lies under every run of text drawn on it, on
// one page: the topmost fill (rectangle, ellipse or path, through every
// transformation and clip) under points along the middle of the run's
// box, or the white paper where there is none. Strokes are not grounds.
// A draw.PDF observed with one canvas a page (draw.PDF.Observe) gives the
// texts of a document as it prints.
type GroundCanvas struct {
	fonts *draw.Fonts
	// Texts are the runs of text drawn, in order (blank runs left out).
	Texts []GroundText
	m     affine
	clip  []polygon // page-space clips in force
	note  string
	stack []groundState
	fills []groundFill
}

// GroundText is a run of text and what it was drawn on.
type GroundText struct {
	Text string
	Font draw.FontStyle
	// Size is the font size in points.
	Size float64
	Ink  draw.Color
	// Box is the run's page-space bounding box (ascent to descent).
	Box layout.Rect
	// Grounds are the distinct colours under the run, in the order met
	// from its start.
	Grounds []draw.Color
	// Picture says that part of the run lies on a picture, whose colours
	// are not known here.
	Picture bool
	// Note is what the drawing said it was drawing then (draw.Note), such
	// as a card's template box; "" for nothing.
	Note string
}

type groundState struct {
	m    affine
	clip []polygon
	note string
}

type groundFill struct {
	shapes  []polygon // nonzero winding over all of them
	clip    []polygon
	col     draw.Color
	picture bool
}

// affine maps (x, y) to (a x + c y + e, b x + d y + f).
type affine [6]float64

func (m affine) apply(x, y float64) [2]float64 {
	return [2]float64{m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]}
}

type polygon [][2]float64

// NewGroundCanvas is a GroundCanvas for one page, measuring text with f.
func NewGroundCanvas(f *draw.Fonts) *GroundCanvas {
	return &GroundCanvas{fonts: f, m: affine{1, 0, 0, 1, 0, 0}}
}

var (
	_ draw.Canvas          = (*GroundCanvas)(nil)
	_ draw.Noter           = (*GroundCanvas)(nil)
	_ draw.PictureObserver = (*GroundCanvas)(nil)
)

func (c *GroundCanvas) rectPoly(x, y, w, h float64) polygon {
	return polygon{c.m.apply(x, y), c.m.apply(x+w, y), c.m.apply(x+w, y+h), c.m.apply(x, y+h)}
}

func (c *GroundCanvas) fill(col draw.Color, shapes ...polygon) {
	c.fills = append(c.fills, groundFill{shapes: shapes, clip: c.clip, col: col})
}

// Rect implements draw.Canvas.
func (c *GroundCanvas) Rect(x, y, w, h, r float64, s draw.Style) {
	if s.Fill != nil {
		c.fill(*s.Fill, c.rectPoly(x, y, w, h))
	}
}

// Ellipse implements draw.Canvas.
func (c *GroundCanvas) Ellipse(x, y, w, h float64, s draw.Style) {
	if s.Fill == nil {
		return
	}
	const n = 48
	p := make(polygon, n)
	for i := range p {
		a := 2 * math.Pi * float64(i) / n
		p[i] = c.m.apply(x+w/2+w/2*math.Cos(a), y+h/2+h/2*math.Sin(a))
	}
	c.fill(*s.Fill, p)
}

// Line implements draw.Canvas: a line is no ground.
func (c *GroundCanvas) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {}

// Path implements draw.Canvas: its subpaths, curves flattened.
func (c *GroundCanvas) Path(p *draw.Path, col draw.Color) {
	var shapes []polygon
	var cur polygon
	var at [2]float64
	flush := func() {
		if len(cur) > 2 {
			shapes = append(shapes, cur)
		}
		cur = nil
	}
	for _, op := range p.Ops {
		switch op.Kind {
		case draw.MoveTo:
			flush()
			at = op.P[0]
			cur = polygon{c.m.apply(at[0], at[1])}
		case draw.LineTo:
			at = op.P[0]
			cur = append(cur, c.m.apply(at[0], at[1]))
		case draw.CubicTo:
			const n = 8
			for i := 1; i <= n; i++ {
				t := float64(i) / n
				u := 1 - t
				var q [2]float64
				for k := range q {
					q[k] = u*u*u*at[k] + 3*u*u*t*op.P[0][k] + 3*u*t*t*op.P[1][k] + t*t*t*op.P[2][k]
				}
				cur = append(cur, c.m.apply(q[0], q[1]))
			}
			at = op.P[2]
		case draw.Close:
			flush()
		}
	}
	flush()
	if len(shapes) > 0 {
		c.fill(col, shapes...)
	}
}

// Picture implements draw.PictureObserver: a picture is a ground of
// colours not known here.
func (c *GroundCanvas) Picture(dst, clip layout.Rect) {
	cl := append(c.clip[:len(c.clip):len(c.clip)], c.rectPoly(clip.X, clip.Y, clip.W, clip.H))
	c.fills = append(c.fills, groundFill{shapes: []polygon{c.rectPoly(dst.X, dst.Y, dst.W, dst.H)}, clip: cl, picture: true})
}

// Note implements draw.Noter.
func (c *GroundCanvas) Note(what string) { c.note = what }

// Text implements draw.Canvas: the grounds under points along the middle
// of the run's lower-case letters, a tenth of its width in from each end,
// and under its middle.
func (c *GroundCanvas) Text(x, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	if strings.TrimSpace(s) == "" {
		return
	}
	w := c.fonts.Width(s, f, size)
	asc, desc := c.fonts.Ascent(f, size), c.fonts.Descent(f, size)
	t := GroundText{Text: s, Font: f, Size: size, Ink: col, Note: c.note}
	box := c.rectPoly(x, y-asc, w, asc+desc)
	t.Box = bounds(box)
	mid := y - asc*0.35
	for _, fx := range []float64{0.1, 0.5, 0.9} {
		g, pic := c.groundAt(c.m.apply(x+w*fx, mid))
		if pic {
			t.Picture = true
			continue
		}
		if !containsColor(t.Grounds, g) {
			t.Grounds = append(t.Grounds, g)
		}
	}
	c.Texts = append(c.Texts, t)
}

func containsColor(cs []draw.Color, c draw.Color) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// groundAt is the colour of the topmost fill at the page-space point p
// (white paper under none), or picture when that fill is a picture.
func (c *GroundCanvas) groundAt(p [2]float64) (col draw.Color, picture bool) {
	for i := len(c.fills) - 1; i >= 0; i-- {
		f := c.fills[i]
		if !insideAll(f.clip, p) || winding(f.shapes, p) == 0 {
			continue
		}
		return f.col, f.picture
	}
	return draw.White, false
}

func insideAll(clips []polygon, p [2]float64) bool {
	for _, cl := range clips {
		if winding([]polygon{cl}, p) == 0 {
			return false
		}
	}
	return true
}

// winding is the winding number of the closed polygons about p.
func winding(shapes []polygon, p [2]float64) int {
	n := 0
	for _, poly := range shapes {
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			if a[1] <= p[1] {
				if b[1] > p[1] && cross(a, b, p) > 0 {
					n++
				}
			} else if b[1] <= p[1] && cross(a, b, p) < 0 {
				n--
			}
		}
	}
	return n
}

func cross(a, b, p [2]float64) float64 {
	return (b[0]-a[0])*(p[1]-a[1]) - (p[0]-a[0])*(b[1]-a[1])
}

func bounds(p polygon) layout.Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p {
		x0, y0, x1, y1 = math.Min(x0, q[0]), math.Min(y0, q[1]), math.Max(x1, q[0]), math.Max(y1, q[1])
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// Push implements draw.Canvas.
func (c *GroundCanvas) Push() {
	c.stack = append(c.stack, groundState{c.m, c.clip, c.note})
}

// Pop implements draw.Canvas: the transformation, clip and note of the
// matching Push come back.
func (c *GroundCanvas) Pop() {
	if n := len(c.stack); n > 0 {
		s := c.stack[n-1]
		c.m, c.clip, c.note, c.stack = s.m, s.clip, s.note, c.stack[:n-1]
	}
}

// Translate implements draw.Canvas.
func (c *GroundCanvas) Translate(dx, dy float64) {
	c.m[4], c.m[5] = c.m[0]*dx+c.m[2]*dy+c.m[4], c.m[1]*dx+c.m[3]*dy+c.m[5]
}

// Rotate implements draw.Canvas: clockwise by deg about (cx, cy).
func (c *GroundCanvas) Rotate(deg, cx, cy float64) {
	c.Translate(cx, cy)
	s, k := math.Sincos(deg * math.Pi / 180)
	m := c.m
	c.m[0], c.m[1] = m[0]*k+m[2]*s, m[1]*k+m[3]*s
	c.m[2], c.m[3] = -m[0]*s+m[2]*k, -m[1]*s+m[3]*k
	c.Translate(-cx, -cy)
}

// ClipRect implements draw.Canvas.
func (c *GroundCanvas) ClipRect(x, y, w, h float64) {
	c.clip = append(c.clip[:len(c.clip):len(c.clip)], c.rectPoly(x, y, w, h))
}
