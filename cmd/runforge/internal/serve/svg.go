package serve

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// svgCanvas draws a page as SVG, in millimetres: the browser draws it as
// sharp as the PDF at any zoom, at once. Text is set in the browser's
// sans-serif (or monospace) face, stretched to the width runforge's own
// font gives it, so that it sits where the PDF prints it. Pictures are
// drawn as grey boxes.
type svgCanvas struct {
	fonts *draw.Fonts
	w, h  float64
	body  bytes.Buffer
	// open counts the groups opened since each Push.
	open  []int
	clips int
	// mark names the parts to mark (a RUN map's spaces "D3"): the first
	// rectangle drawn after a note (draw.Note) whose last word is one of
	// them gets a red outline. marked lists those marked.
	mark    map[string]bool
	pending bool
	marked  []string
}

var (
	_ draw.Canvas          = (*svgCanvas)(nil)
	_ draw.PictureObserver = (*svgCanvas)(nil)
	_ draw.Noter           = (*svgCanvas)(nil)
)

// Note implements draw.Noter: the next rectangle is marked when the
// note's last word is a name to mark.
func (c *svgCanvas) Note(what string) {
	fields := strings.Fields(what)
	c.pending = false
	if len(fields) > 0 && c.mark[fields[len(fields)-1]] {
		c.pending = true
		c.marked = append(c.marked, fields[len(fields)-1])
	}
}

// markWidth is the width of a mark's outline, in mm.
const markWidth = 1.2

func newSVGCanvas(fonts *draw.Fonts, w, h float64) *svgCanvas {
	return &svgCanvas{fonts: fonts, w: w, h: h, open: []int{0}}
}

// num formats a length.
func num(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// paint is the fill and stroke attributes of a style.
func paint(s draw.Style) string {
	out := ` fill="none"`
	if s.Fill != nil {
		out = ` fill="` + s.Fill.Hex() + `"`
	}
	if s.Stroke != nil {
		out += ` stroke="` + s.Stroke.Hex() + `" stroke-width="` + num(s.Width) + `"`
	}
	return out
}

// Rect implements draw.Canvas.
func (c *svgCanvas) Rect(x, y, w, h, radius float64, s draw.Style) {
	r := ""
	if radius > 0 {
		r = ` rx="` + num(radius) + `"`
	}
	fmt.Fprintf(&c.body, `<rect x="%s" y="%s" width="%s" height="%s"%s%s/>`, num(x), num(y), num(w), num(h), r, paint(s))
	if c.pending && w > 2*markWidth && h > 2*markWidth {
		c.pending = false
		fmt.Fprintf(&c.body, `<rect class="mark" x="%s" y="%s" width="%s" height="%s" fill="#e3001b" fill-opacity="0.3" stroke="#e3001b" stroke-width="%s"/>`,
			num(x+markWidth/2), num(y+markWidth/2), num(w-markWidth), num(h-markWidth), num(markWidth))
	}
}

// Ellipse implements draw.Canvas.
func (c *svgCanvas) Ellipse(x, y, w, h float64, s draw.Style) {
	fmt.Fprintf(&c.body, `<ellipse cx="%s" cy="%s" rx="%s" ry="%s"%s/>`, num(x+w/2), num(y+h/2), num(w/2), num(h/2), paint(s))
}

// Line implements draw.Canvas.
func (c *svgCanvas) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {
	fmt.Fprintf(&c.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`, num(x1), num(y1), num(x2), num(y2), col.Hex(), num(width))
}

// Path implements draw.Canvas.
func (c *svgCanvas) Path(p *draw.Path, col draw.Color) {
	c.body.WriteString(`<path d="`)
	for _, op := range p.Ops {
		switch op.Kind {
		case draw.MoveTo:
			fmt.Fprintf(&c.body, "M%s %s", num(op.P[0][0]), num(op.P[0][1]))
		case draw.LineTo:
			fmt.Fprintf(&c.body, "L%s %s", num(op.P[0][0]), num(op.P[0][1]))
		case draw.CubicTo:
			fmt.Fprintf(&c.body, "C%s %s %s %s %s %s", num(op.P[0][0]), num(op.P[0][1]), num(op.P[1][0]), num(op.P[1][1]), num(op.P[2][0]), num(op.P[2][1]))
		case draw.Close:
			c.body.WriteString("Z")
		}
	}
	fmt.Fprintf(&c.body, `" fill="%s" fill-rule="nonzero"/>`, col.Hex())
}

// Text implements draw.Canvas.
func (c *svgCanvas) Text(x, y float64, s string, f draw.FontStyle, sizePt float64, col draw.Color) {
	if s == "" {
		return
	}
	family, weight, style := "sans-serif", "normal", "normal"
	switch f {
	case draw.Bold:
		weight = "bold"
	case draw.Italic:
		style = "italic"
	case draw.BoldItalic:
		weight, style = "bold", "italic"
	case draw.Mono:
		family = "monospace"
	}
	fmt.Fprintf(&c.body, `<text x="%s" y="%s" font-family="%s" font-weight="%s" font-style="%s" font-size="%s" fill="%s"`,
		num(x), num(y), family, weight, style, num(sizePt*draw.PtMM), col.Hex())
	if c.fonts != nil {
		if w := c.fonts.Width(s, f, sizePt); w > 0 {
			fmt.Fprintf(&c.body, ` textLength="%s" lengthAdjust="spacingAndGlyphs"`, num(w))
		}
	}
	c.body.WriteString(` xml:space="preserve">`)
	c.body.WriteString(html.EscapeString(s))
	c.body.WriteString(`</text>`)
}

// Push implements draw.Canvas.
func (c *svgCanvas) Push() { c.open = append(c.open, 0) }

// Pop implements draw.Canvas.
func (c *svgCanvas) Pop() {
	if len(c.open) <= 1 {
		return
	}
	for range c.open[len(c.open)-1] {
		c.body.WriteString("</g>")
	}
	c.open = c.open[:len(c.open)-1]
}

// group opens a group until the matching Pop.
func (c *svgCanvas) group(attrs string) {
	c.body.WriteString("<g " + attrs + ">")
	c.open[len(c.open)-1]++
}

// Translate implements draw.Canvas.
func (c *svgCanvas) Translate(dx, dy float64) {
	c.group(`transform="translate(` + num(dx) + ` ` + num(dy) + `)"`)
}

// Rotate implements draw.Canvas.
func (c *svgCanvas) Rotate(deg, cx, cy float64) {
	c.group(`transform="rotate(` + num(deg) + ` ` + num(cx) + ` ` + num(cy) + `)"`)
}

// ClipRect implements draw.Canvas.
func (c *svgCanvas) ClipRect(x, y, w, h float64) {
	c.clips++
	id := "c" + strconv.Itoa(c.clips)
	fmt.Fprintf(&c.body, `<clipPath id="%s"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath>`, id, num(x), num(y), num(w), num(h))
	c.group(`clip-path="url(#` + id + `)"`)
}

// Picture implements draw.PictureObserver: a grey box where the picture
// prints.
func (c *svgCanvas) Picture(dst, clip layout.Rect) {
	c.Push()
	c.ClipRect(clip.X, clip.Y, clip.W, clip.H)
	fmt.Fprintf(&c.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="#d0d7de"/>`, num(dst.X), num(dst.Y), num(dst.W), num(dst.H))
	c.Pop()
}

// SVG is the page as an SVG document, 1 px a millimetre at 100% (the page
// scales it).
func (c *svgCanvas) SVG() []byte {
	for len(c.open) > 1 {
		c.Pop()
	}
	for range c.open[0] {
		c.body.WriteString("</g>")
	}
	c.open[0] = 0
	var out bytes.Buffer
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" width="%smm" height="%smm" viewBox="0 0 %s %s">`, num(c.w), num(c.h), num(c.w), num(c.h))
	fmt.Fprintf(&out, `<rect width="%s" height="%s" fill="#fff"/>`, num(c.w), num(c.h))
	out.Write(c.body.Bytes())
	out.WriteString("</svg>\n")
	return out.Bytes()
}
