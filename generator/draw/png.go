package draw

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"

	"git.sr.ht/~sbinet/gg"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// PNGCanvas draws into an image with gg. Coordinates are millimetres,
// converted to pixels at the canvas's resolution so that text is rasterised
// at its final size.
type PNGCanvas struct {
	dc    *gg.Context
	scale float64 // pixels per mm
	faces map[faceKey]*pngFace
	fonts *Fonts
	otf   map[FontStyle]*opentype.Font
	// gg's Pop keeps the clip mask, so the canvas keeps its own stack.
	clip  *image.Alpha
	clips []*image.Alpha
	// rotated is set while a rotation is in force; text then goes through
	// gg's general (slow) transform path.
	rotated bool
	rots    []bool
	// m mirrors gg's transformation matrix (gg does not expose it), and
	// ms its stack: clipped text is drawn with it (clippedText).
	m  gg.Matrix
	ms []gg.Matrix
	// glyphs is where clipped text is drawn before it goes through the
	// clip: as large as the image, transparent except while a string is
	// drawn.
	glyphs *image.RGBA
	enc    *pngWriter
	err    error // the first clip that could not be set
	// blank is set while the image is still to be cleared to white
	// (settle): a canvas is white when made or Reset, but the clearing
	// waits for the first drawing, which, when it fills the whole image
	// (a card's background), makes it needless.
	blank bool
}

var _ Canvas = (*PNGCanvas)(nil)

type faceKey struct {
	style FontStyle
	px    float64
}

// NewPNGCanvas makes a w x h mm image at dpi, filled white, drawing text
// in fonts.
func NewPNGCanvas(fonts *Fonts, w, h, dpi float64) (*PNGCanvas, error) {
	scale := dpi / 25.4
	pw, ph, err := PNGSize(w, h, dpi)
	if err != nil {
		return nil, err
	}
	c := &PNGCanvas{dc: gg.NewContext(pw, ph), scale: scale, faces: map[faceKey]*pngFace{},
		fonts: fonts, otf: map[FontStyle]*opentype.Font{}, m: gg.Identity(), blank: true}
	return c, nil
}

// PNGSize is the size in pixels of the image of a w x h mm canvas at dpi
// (NewPNGCanvas), or an error when it is empty or above 40 megapixels.
func PNGSize(w, h, dpi float64) (pw, ph int, err error) {
	scale := dpi / 25.4
	pw, ph = int(math.Round(w*scale)), int(math.Round(h*scale))
	if pw <= 0 || ph <= 0 || pw*ph > 40_000_000 {
		return 0, 0, fmt.Errorf("preview of %.0fx%.0f px is out of range", float64(pw), float64(ph))
	}
	return pw, ph, nil
}

// Reset clears the canvas to white with no transformation or clip, so one
// image buffer serves many previews.
func (c *PNGCanvas) Reset() {
	for len(c.clips) > 0 {
		c.Pop()
	}
	c.dc.Identity()
	c.m = gg.Identity()
	c.dc.ResetClip()
	c.clip, c.rotated, c.err = nil, false, nil
	c.blank = true
}

// settle clears the image to white if it is still to be.
func (c *PNGCanvas) settle() {
	if c.blank {
		c.dc.SetRGB(1, 1, 1)
		c.dc.Clear()
		c.blank = false
	}
}

// Image is the canvas's pixels.
func (c *PNGCanvas) Image() *image.RGBA {
	c.settle()
	return c.pixels()
}

// pixels is the canvas's image as it is, perhaps not yet cleared.
func (c *PNGCanvas) pixels() *image.RGBA { return c.dc.Image().(*image.RGBA) }

// Encode writes the image as PNG.
func (c *PNGCanvas) Encode(w io.Writer) error {
	if c.err != nil {
		return c.err
	}
	if c.enc == nil {
		c.enc = &pngWriter{}
	}
	return c.enc.Encode(w, c.Image())
}

// EncodePrint writes the image as PNG for print: with its resolution (the
// canvas's dpi, a pHYs chunk) and an sRGB chunk, which print shops read to
// size and colour it. Encode writes neither.
func (c *PNGCanvas) EncodePrint(w io.Writer) error {
	if c.err != nil {
		return c.err
	}
	if c.enc == nil {
		c.enc = &pngWriter{}
	}
	c.enc.dpi = c.scale * 25.4
	defer func() { c.enc.dpi = 0 }()
	return c.enc.Encode(w, c.Image())
}

func (c *PNGCanvas) setColor(col Color) { c.dc.SetRGB255(int(col.R), int(col.G), int(col.B)) }

func (c *PNGCanvas) paint(s Style) {
	c.settle()
	if s.Fill != nil {
		c.setColor(*s.Fill)
		if s.Stroke != nil {
			c.dc.FillPreserve()
		} else {
			c.dc.Fill()
		}
	}
	if s.Stroke != nil {
		c.setColor(*s.Stroke)
		c.dc.SetLineWidth(s.Width * c.scale)
		c.dc.Stroke()
	}
	c.dc.ClearPath()
}

// Rect implements Canvas.
func (c *PNGCanvas) Rect(x, y, w, h, r float64, s Style) {
	k := c.scale
	if r == 0 && s.Stroke == nil && s.Fill != nil && c.clip == nil && !c.rotated {
		// Fast path: an axis-aligned fill is a copy of one colour.
		x0, y0 := c.dc.TransformPoint(x*k, y*k)
		x1, y1 := c.dc.TransformPoint((x+w)*k, (y+h)*k)
		rect := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
		col := color.RGBA{s.Fill.R, s.Fill.G, s.Fill.B, 255}
		img := c.pixels()
		if img.Rect.In(rect) {
			// It paints every pixel: no need to clear them first.
			c.blank = false
		}
		draw.Draw(c.Image(), rect, image.NewUniform(col), image.Point{}, draw.Src)
		return
	}
	if r > 0 {
		c.dc.DrawRoundedRectangle(x*k, y*k, w*k, h*k, r*k)
	} else {
		c.dc.DrawRectangle(x*k, y*k, w*k, h*k)
	}
	c.paint(s)
}

// Ellipse implements Canvas.
func (c *PNGCanvas) Ellipse(x, y, w, h float64, s Style) {
	k := c.scale
	c.dc.DrawEllipse((x+w/2)*k, (y+h/2)*k, w/2*k, h/2*k)
	c.paint(s)
}

// Line implements Canvas.
func (c *PNGCanvas) Line(x1, y1, x2, y2 float64, col Color, width float64) {
	k := c.scale
	c.dc.DrawLine(x1*k, y1*k, x2*k, y2*k)
	c.paint(Stroked(col, width))
}

// Path implements Canvas.
func (c *PNGCanvas) Path(p *Path, col Color) {
	k := c.scale
	for _, op := range p.Ops {
		switch op.Kind {
		case MoveTo:
			c.dc.MoveTo(op.P[0][0]*k, op.P[0][1]*k)
		case LineTo:
			c.dc.LineTo(op.P[0][0]*k, op.P[0][1]*k)
		case CubicTo:
			c.dc.CubicTo(op.P[0][0]*k, op.P[0][1]*k, op.P[1][0]*k, op.P[1][1]*k, op.P[2][0]*k, op.P[2][1]*k)
		case Close:
			c.dc.ClosePath()
		}
	}
	c.dc.SetFillRuleWinding()
	c.paint(Filled(col))
}

// Text implements Canvas.
func (c *PNGCanvas) Text(x, y float64, s string, st FontStyle, size float64, col Color) {
	px := math.Round(size*PtMM*c.scale*4) / 4
	face, ok := c.face(st, px)
	if !ok {
		return
	}
	if c.clip == nil && !c.rotated {
		// Fast path: a plain translation, so draw the glyphs straight
		// into the image (gg would resample every glyph), as
		// font.Drawer.DrawString does, with the glyphs from the cache.
		tx, ty := c.dc.TransformPoint(x*c.scale, y*c.scale)
		dst := c.Image()
		dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(tx * 64)), Y: fixed.Int26_6(math.Round(ty * 64))}
		prev := rune(-1)
		for _, r := range s {
			if prev >= 0 {
				dot.X += face.kern(prev, r)
			}
			g := face.glyph(dot, r)
			drawGlyph(dst, g, col)
			dot.X += g.advance
			prev = r
		}
		return
	}
	if c.clip != nil {
		c.clippedText(face, s, x*c.scale, y*c.scale, col)
		return
	}
	c.settle()
	c.dc.SetFontFace(face.face)
	c.setColor(col)
	c.dc.DrawString(s, x*c.scale, y*c.scale)
}

// face returns the canvas's face of a style at px pixels per em, made the
// first time it is asked for; false when the font cannot be read.
func (c *PNGCanvas) face(st FontStyle, px float64) (*pngFace, bool) {
	key := faceKey{st, px}
	if f, ok := c.faces[key]; ok {
		return f, true
	}
	otf, ok := c.otf[st]
	if !ok {
		f, err := opentype.Parse(c.fonts.Data(st))
		if err != nil {
			return nil, false
		}
		otf, c.otf[st] = f, f
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, false
	}
	f := newPNGFace(face, c.fonts.glyphs(st, px))
	c.faces[key] = f
	return f, true
}

// clippedText draws s at (x, y) pixels (before the transformation) under
// the clip, pixel for pixel as gg's DrawString does: every glyph goes
// through a bilinear transform into a transparent image as large as the
// canvas, which is then composited through the clip mask. gg allocates
// that image and composites all of it for every string; here it is kept
// for the canvas's life, and only the part the glyphs touched is
// composited and cleared again (elsewhere it is transparent, which
// composites to no change).
func (c *PNGCanvas) clippedText(face *pngFace, s string, x, y float64, col Color) {
	dst := c.Image()
	if c.glyphs == nil {
		c.glyphs = image.NewRGBA(dst.Bounds())
	}
	src := image.NewUniform(color.NRGBA{col.R, col.G, col.B, 255})
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
	var touched image.Rectangle
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += face.kern(prev, r)
		}
		g := face.glyph(dot, r)
		if !g.ok {
			continue
		}
		sr := image.Rectangle{Max: g.rect.Size()}
		m := c.m.Translate(float64(g.rect.Min.X), float64(g.rect.Min.Y))
		s2d := f64.Aff3{m.XX, m.XY, m.X0, m.YX, m.YY, m.Y0}
		xdraw.BiLinear.Transform(c.glyphs, s2d, src, sr, xdraw.Over, &xdraw.Options{SrcMask: g.alpha()})
		touched = touched.Union(coverRect(m, sr))
		dot.X += g.advance
		prev = r
	}
	touched = touched.Intersect(dst.Bounds())
	if touched.Empty() {
		return
	}
	draw.DrawMask(dst, touched, c.glyphs, touched.Min, c.clip, touched.Min, draw.Over)
	draw.Draw(c.glyphs, touched, image.Transparent, image.Point{}, draw.Src)
}

// coverRect is a rectangle of pixels holding every pixel that r, mapped
// by m, touches: the bounding box of its corners with a pixel to spare.
func coverRect(m gg.Matrix, r image.Rectangle) image.Rectangle {
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, p := range [4]image.Point{r.Min, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, r.Max} {
		tx, ty := m.TransformPoint(float64(p.X), float64(p.Y))
		x0, y0, x1, y1 = min(x0, tx), min(y0, ty), max(x1, tx), max(y1, ty)
	}
	return image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
}

// Push implements Canvas.
func (c *PNGCanvas) Push() {
	c.dc.Push()
	c.ms = append(c.ms, c.m)
	c.clips = append(c.clips, c.clip)
	c.rots = append(c.rots, c.rotated)
}

// Pop implements Canvas.
func (c *PNGCanvas) Pop() {
	n := len(c.clips)
	if n == 0 {
		return
	}
	c.dc.Pop()
	c.m, c.ms = c.ms[n-1], c.ms[:n-1]
	c.clip, c.clips = c.clips[n-1], c.clips[:n-1]
	c.rotated, c.rots = c.rots[n-1], c.rots[:n-1]
	if c.clip == nil {
		c.dc.ResetClip()
	} else {
		c.setMask(c.clip)
	}
}

// Translate implements Canvas.
func (c *PNGCanvas) Translate(dx, dy float64) {
	c.dc.Translate(dx*c.scale, dy*c.scale)
	c.m = c.m.Translate(dx*c.scale, dy*c.scale)
}

// Rotate implements Canvas.
func (c *PNGCanvas) Rotate(deg, cx, cy float64) {
	if math.Mod(deg, 360) != 0 {
		c.rotated = true
	}
	c.dc.RotateAbout(gg.Radians(deg), cx*c.scale, cy*c.scale)
	// As gg's RotateAbout does it, so that the two stay equal.
	c.m = c.m.Translate(cx*c.scale, cy*c.scale).Rotate(gg.Radians(deg)).Translate(-cx*c.scale, -cy*c.scale)
}

// ClipRect implements Canvas. The clip is the bounding box of the
// transformed rectangle, intersected with the current clip.
func (c *PNGCanvas) ClipRect(x, y, w, h float64) {
	k := c.scale
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{x, y}, {x + w, y}, {x, y + h}, {x + w, y + h}} {
		tx, ty := c.dc.TransformPoint(p[0]*k, p[1]*k)
		x0, y0, x1, y1 = min(x0, tx), min(y0, ty), max(x1, tx), max(y1, ty)
	}
	b := image.Rect(0, 0, c.dc.Width(), c.dc.Height())
	mask := image.NewAlpha(b)
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(b)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			a := uint8(255)
			if c.clip != nil {
				a = c.clip.AlphaAt(px, py).A
			}
			mask.SetAlpha(px, py, color.Alpha{A: a})
		}
	}
	c.clip = mask
	c.setMask(mask)
}

// setMask clips to mask. gg fails only for a mask of another size than
// the image, which no mask here is; Encode returns the error if it does.
func (c *PNGCanvas) setMask(mask *image.Alpha) {
	if err := c.dc.SetMask(mask); err != nil && c.err == nil {
		c.err = fmt.Errorf("setting a clip: %w", err)
	}
}
