// Package draw is the drawing surface PDF and PNG output share: the Canvas
// interface in millimetres, colours and the grayscale variant, the PDF
// (fpdf) and PNG (gg) back ends with their fonts and pictures, and the
// recording canvas golden tests compare.
package draw

import (
	"fmt"
	"strconv"

	"github.com/runforge/runforge/schema/wcag"
)

// Color is an opaque RGB colour.
type Color struct{ R, G, B uint8 }

// Common colours.
var (
	Black = Color{0, 0, 0}
	White = Color{255, 255, 255}
)

// ParseColor parses #rgb or #rrggbb.
func ParseColor(s string) (Color, error) {
	if len(s) == 4 && s[0] == '#' {
		s = "#" + string([]byte{s[1], s[1], s[2], s[2], s[3], s[3]})
	}
	if len(s) != 7 || s[0] != '#' {
		return Color{}, fmt.Errorf("colour %q: want #rgb or #rrggbb", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return Color{}, fmt.Errorf("colour %q: want #rgb or #rrggbb", s)
	}
	return Color{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// ColorOr parses s, returning def when s is empty or malformed.
func ColorOr(s string, def Color) Color {
	if s == "" {
		return def
	}
	c, err := ParseColor(s)
	if err != nil {
		return def
	}
	return c
}

// Gray converts the colour to its luminance, for the black-and-white variant.
func (c Color) Gray() Color {
	y := uint8((299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000)
	return Color{y, y, y}
}

// Luminance is the colour's relative luminance as WCAG 2 defines it (see
// wcag.Luminance): 0 for black, 1 for white.
func (c Color) Luminance() float64 { return wcag.Luminance(c.R, c.G, c.B) }

// Contrast is the WCAG 2 contrast ratio of two colours: 1 for one colour
// on itself, 21 for black on white. Text reads at MinContrast or more.
func Contrast(a, b Color) float64 { return wcag.Ratio(a.Luminance(), b.Luminance()) }

// MinContrast is the contrast text needs against what it is printed on:
// WCAG 2 level AA for body text.
const MinContrast = wcag.MinContrast

// DarkInk is the near-black text is set in.
var DarkInk = Color{0x1a, 0x1a, 0x1a}

// ReadableOn is ink when it reads on ground (MinContrast or more), else
// the one of DarkInk and white that reads better there (black where
// DarkInk falls short: on any ground black or white reaches 4.58).
func ReadableOn(ink, ground Color) Color {
	if Contrast(ink, ground) >= MinContrast {
		return ink
	}
	if Contrast(White, ground) >= Contrast(Black, ground) {
		return White
	}
	if Contrast(DarkInk, ground) >= MinContrast {
		return DarkInk
	}
	return Black
}

// Hex formats the colour as #rrggbb.
func (c Color) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// Style says how a shape is painted: filled, stroked or both.
type Style struct {
	Fill   *Color
	Stroke *Color
	Width  float64 // stroke width in mm
}

// Filled is a fill-only style.
func Filled(c Color) Style { return Style{Fill: &c} }

// Stroked is a stroke-only style.
func Stroked(c Color, width float64) Style { return Style{Stroke: &c, Width: width} }

// FontStyle selects a font: one of the embedded Go fonts (the constants) or
// a font a pack adds (see Fonts.Style).
type FontStyle int

// Font styles.
const (
	Regular FontStyle = iota
	Bold
	Italic
	BoldItalic
	Mono
)

var fontStyleNames = [...]string{"regular", "bold", "italic", "bolditalic", "mono"}

// String names the style (regular, bold, italic, bolditalic, mono).
func (f FontStyle) String() string {
	if int(f) >= 0 && int(f) < len(fontStyleNames) {
		return fontStyleNames[f]
	}
	return fmt.Sprintf("font%d", int(f))
}

// Canvas is a drawing surface in millimetres, origin at the top-left, y down.
// Backends: PDF pages (fpdf), PNG images (gg) and a recording for tests.
type Canvas interface {
	Rect(x, y, w, h, radius float64, s Style)
	Ellipse(x, y, w, h float64, s Style)
	Line(x1, y1, x2, y2 float64, c Color, width float64)
	// Path fills a path with the nonzero rule.
	Path(p *Path, c Color)
	// Text draws a run of text with its baseline starting at (x, y).
	Text(x, y float64, s string, f FontStyle, sizePt float64, c Color)
	// Push saves the transformation and clip; Pop restores them.
	Push()
	Pop()
	// Translate moves the origin. Translate and Rotate must be called
	// between Push and Pop.
	Translate(dx, dy float64)
	// Rotate turns the drawing clockwise by deg degrees about (cx, cy).
	Rotate(deg, cx, cy float64)
	// ClipRect restricts drawing to the rectangle until the matching Pop.
	ClipRect(x, y, w, h float64)
}

// Path is a vector outline made of closed subpaths.
type Path struct {
	Ops []PathOp
}

// PathOpKind is the kind of a path operation.
type PathOpKind uint8

// Path operations.
const (
	MoveTo PathOpKind = iota
	LineTo
	CubicTo
	Close
)

// PathOp is one path operation; CubicTo uses all three points (two control
// points and the end), MoveTo and LineTo only the first.
type PathOp struct {
	Kind PathOpKind
	P    [3][2]float64
}

// Transformed returns the path scaled by s then moved by (dx, dy).
func (p *Path) Transformed(s, dx, dy float64) *Path {
	out := &Path{Ops: make([]PathOp, len(p.Ops))}
	for i, op := range p.Ops {
		for j := range op.P {
			op.P[j] = [2]float64{op.P[j][0]*s + dx, op.P[j][1]*s + dy}
		}
		out.Ops[i] = op
	}
	return out
}

// Strong is the font strong text (**...**) is set in when a box's font is
// f: bold for regular, bold italic for italic; bold and bold italic stay
// as they are, and so does mono, which has no bold. A pack's own font has
// no bold of its own either, so its strong text is set in bold.
func (f FontStyle) Strong() FontStyle {
	switch f {
	case Regular:
		return Bold
	case Italic:
		return BoldItalic
	case Bold, BoldItalic, Mono:
		return f
	}
	return Bold
}

// RGB is the colour of the three 8-bit channels.
func RGB(r, g, b uint8) Color { return Color{r, g, b} }
