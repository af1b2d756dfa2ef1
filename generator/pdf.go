package generator

import (
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/runforge/runforge/schema"
)

// pdfFamily is the font family name the embedded Go fonts are registered as.
const (
	pdfFamily     = "go"
	pdfMonoFamily = "gomono"
)

// PDF is a PDF document being written with fpdf. Every page carries a
// TrimBox; the embedded Go fonts are subset into the file.
type PDF struct {
	f     *fpdf.Fpdf
	err   error // first error inside a template (fpdf keeps those apart)
	fonts *Fonts
	used  map[FontStyle]bool
}

// PDFInfo is the document metadata. Created is written as both creation and
// modification date so that identical input gives identical bytes.
type PDFInfo struct {
	Title   string
	Created time.Time
}

// NewPDF starts a document that draws text in fonts.
func NewPDF(info PDFInfo, fonts *Fonts) *PDF {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	f.SetCompression(true)
	f.SetCatalogSort(true)
	f.SetCreationDate(info.Created.UTC())
	f.SetModificationDate(info.Created.UTC())
	f.SetProducer("runforge", false)
	f.SetCreator("runforge", false)
	if info.Title != "" {
		f.SetTitle(bmpOnly(info.Title), true)
	}
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	return &PDF{f: f, fonts: fonts, used: map[FontStyle]bool{}}
}

// useFont embeds a font style the first time it is needed: parsing and
// subsetting a font is a large part of writing a small PDF.
func (d *PDF) useFont(st FontStyle) {
	if d.used[st] {
		return
	}
	d.used[st] = true
	family, style := pdfFont(d.fonts, st)
	d.f.AddUTF8FontFromBytes(family, style, d.fonts.Data(st))
}

// pdfFont is the fpdf family and style a font style is registered under.
func pdfFont(fonts *Fonts, st FontStyle) (family, style string) {
	switch {
	case !fonts.Builtin(st):
		return fmt.Sprintf("packfont%d", int(st)), ""
	case st == Mono:
		return pdfMonoFamily, ""
	}
	return pdfFamily, pdfStyles[st]
}

// AddPage starts a w x h mm page, with its TrimBox, and returns its canvas.
func (d *PDF) AddPage(w, h float64) *PDFCanvas {
	d.f.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
	d.f.SetPageBox("trim", 0, 0, w, h)
	return &PDFCanvas{f: d.f, doc: d, fonts: d.fonts}
}

// PDFTemplate is drawing recorded once and placed many times (a form XObject).
type PDFTemplate struct {
	t    fpdf.Template
	w, h float64
}

// Template records drawing on a w x h mm surface once, for reuse with
// PDFCanvas.UseTemplate. Fonts used inside are embedded with the document's.
func (d *PDF) Template(w, h float64, draw func(Canvas)) *PDFTemplate {
	// A template shares the document's fonts but cannot add any: find the
	// styles it uses first.
	probe := &fontProbe{used: map[FontStyle]bool{}}
	draw(probe)
	for st := range probe.used {
		d.useFont(st)
	}
	t := d.f.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h}, func(tpl *fpdf.Tpl) {
		draw(&PDFCanvas{f: &tpl.Fpdf, fonts: d.fonts})
		if err := tpl.Fpdf.Error(); err != nil && d.err == nil {
			d.err = fmt.Errorf("drawing a template: %w", err)
		}
	})
	return &PDFTemplate{t: t, w: w, h: h}
}

// Write finishes the document.
func (d *PDF) Write(w io.Writer) error {
	if d.err != nil {
		return d.err
	}
	if err := d.f.Output(w); err != nil {
		return fmt.Errorf("writing PDF: %w", err)
	}
	return nil
}

// PageCount is the number of pages so far.
func (d *PDF) PageCount() int { return d.f.PageCount() }

// PDFCanvas draws on a PDF page or template.
type PDFCanvas struct {
	f     *fpdf.Fpdf
	fonts *Fonts
	doc   *PDF  // nil inside a template
	stack []int // clips opened at each Push level
}

var _ Canvas = (*PDFCanvas)(nil)

func (c *PDFCanvas) style(s Style) string {
	op := ""
	if s.Fill != nil {
		c.f.SetFillColor(int(s.Fill.R), int(s.Fill.G), int(s.Fill.B))
		op += "F"
	}
	if s.Stroke != nil {
		c.f.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
		c.f.SetLineWidth(s.Width)
		op += "D"
	}
	return op
}

// Rect implements Canvas.
func (c *PDFCanvas) Rect(x, y, w, h, r float64, s Style) {
	op := c.style(s)
	if op == "" {
		return
	}
	if r > 0 {
		c.f.RoundedRect(x, y, w, h, r, "1234", op)
		return
	}
	c.f.Rect(x, y, w, h, op)
}

// Ellipse implements Canvas.
func (c *PDFCanvas) Ellipse(x, y, w, h float64, s Style) {
	if op := c.style(s); op != "" {
		c.f.Ellipse(x+w/2, y+h/2, w/2, h/2, 0, op)
	}
}

// Line implements Canvas.
func (c *PDFCanvas) Line(x1, y1, x2, y2 float64, col Color, width float64) {
	c.f.SetDrawColor(int(col.R), int(col.G), int(col.B))
	c.f.SetLineWidth(width)
	c.f.Line(x1, y1, x2, y2)
}

// Path implements Canvas.
func (c *PDFCanvas) Path(p *Path, col Color) {
	c.f.SetFillColor(int(col.R), int(col.G), int(col.B))
	for _, op := range p.Ops {
		switch op.Kind {
		case MoveTo:
			c.f.MoveTo(op.P[0][0], op.P[0][1])
		case LineTo:
			c.f.LineTo(op.P[0][0], op.P[0][1])
		case CubicTo:
			c.f.CurveBezierCubicTo(op.P[0][0], op.P[0][1], op.P[1][0], op.P[1][1], op.P[2][0], op.P[2][1])
		case Close:
			c.f.ClosePath()
		}
	}
	c.f.DrawPath("F")
}

var pdfStyles = [...]string{"", "B", "I", "BI", ""}

// Text implements Canvas.
func (c *PDFCanvas) Text(x, y float64, s string, st FontStyle, size float64, col Color) {
	if c.doc != nil {
		c.doc.useFont(st)
	}
	family, style := pdfFont(c.fonts, st)
	c.f.SetFont(family, style, size)
	s = bmpOnly(s)
	c.f.SetTextColor(int(col.R), int(col.G), int(col.B))
	c.f.Text(x, y, s)
}

// Push implements Canvas.
func (c *PDFCanvas) Push() {
	c.f.TransformBegin()
	c.stack = append(c.stack, 0)
}

// Pop implements Canvas.
func (c *PDFCanvas) Pop() {
	n := len(c.stack)
	if n == 0 {
		return
	}
	for i := 0; i < c.stack[n-1]; i++ {
		c.f.ClipEnd()
	}
	c.stack = c.stack[:n-1]
	c.f.TransformEnd()
}

// Translate implements Canvas. Like Rotate, it must be inside Push/Pop.
func (c *PDFCanvas) Translate(dx, dy float64) { c.f.TransformTranslate(dx, dy) }

// Rotate implements Canvas (fpdf turns counter-clockwise).
func (c *PDFCanvas) Rotate(deg, cx, cy float64) { c.f.TransformRotate(-deg, cx, cy) }

// ClipRect implements Canvas.
func (c *PDFCanvas) ClipRect(x, y, w, h float64) {
	c.f.ClipRect(x, y, w, h, false)
	if n := len(c.stack); n > 0 {
		c.stack[n-1]++
	}
}

// UseTemplate places a template with its top-left corner at (x, y).
func (c *PDFCanvas) UseTemplate(t *PDFTemplate, x, y float64) {
	c.f.UseTemplateScaled(t.t, fpdf.PointType{X: x, Y: y}, fpdf.SizeType{Wd: t.w, Ht: t.h})
}

// fontProbe is a Canvas that only notes which font styles are drawn.
type fontProbe struct {
	used map[FontStyle]bool
}

func (p *fontProbe) Rect(x, y, w, h, r float64, s Style)                 {}
func (p *fontProbe) Ellipse(x, y, w, h float64, s Style)                 {}
func (p *fontProbe) Line(x1, y1, x2, y2 float64, c Color, width float64) {}
func (p *fontProbe) Path(*Path, Color)                                   {}
func (p *fontProbe) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	p.used[f] = true
}
func (p *fontProbe) Push()                       {}
func (p *fontProbe) Pop()                        {}
func (p *fontProbe) Translate(dx, dy float64)    {}
func (p *fontProbe) Rotate(deg, cx, cy float64)  {}
func (p *fontProbe) ClipRect(x, y, w, h float64) {}

// bmpOnly replaces characters beyond the Basic Multilingual Plane (emoji and
// the like) with '?': fpdf cannot encode them, and the Go fonts have no
// glyphs for them anyway (validate warns with text/glyph).
func bmpOnly(s string) string {
	for _, r := range s {
		if r > 0xFFFF {
			return strings.Map(func(r rune) rune {
				if r > 0xFFFF {
					return '?'
				}
				return r
			}, s)
		}
	}
	return s
}

// writeDocument makes a PDF titled after the pack and the element, lets fill
// add its pages, and writes it; errors name the element (e.g. "board x").
func (r *Renderer) writeDocument(w io.Writer, p *schema.Pack, name, element string, opts PrintOptions, fill func(*PDF) error) (int, error) {
	title := name
	if p != nil && p.Game != nil {
		title = p.Game.Title + " - " + name
	}
	doc := NewPDF(PDFInfo{Title: title, Created: opts.Created}, r.Fonts)
	if err := fill(doc); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	return doc.PageCount(), nil
}
