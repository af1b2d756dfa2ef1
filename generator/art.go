package generator

import (
	"math"
	"strconv"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// ArtOut receives the pages of a board, a die sheet or a game's large
// piece printed like one: a PDF (PDFArtOut), or recordings in tests.
type ArtOut interface {
	AddPage(w, h float64) draw.Canvas
	// Art records drawing once; the returned function places it with its
	// top-left corner at (x, y) of a page AddPage returned.
	Art(w, h float64, paint func(draw.Canvas)) PlaceArt
}

// PlaceArt places art recorded once (ArtOut.Art) on a page, its top-left
// corner at (x, y).
type PlaceArt func(page draw.Canvas, x, y float64)

// pdfArtOut writes pages to a PDF; art becomes a PDF template.
type pdfArtOut struct{ doc *draw.PDF }

// Art implements ArtOut.
func (o pdfArtOut) Art(w, h float64, paint func(draw.Canvas)) PlaceArt {
	t := o.doc.Template(w, h, paint)
	return func(page draw.Canvas, x, y float64) { page.(*draw.PDFCanvas).UseTemplate(t, x, y) }
}

// FormatMM writes a length in mm with at most one decimal ("12.5").
func FormatMM(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// DashedLine draws a dashed line from a to b.
func DashedLine(c draw.Canvas, a, b layout.Point, col draw.Color, width float64) {
	const on, off = 2.0, 1.4
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	for d := 0.0; d < n; d += on + off {
		e := min(d+on, n)
		c.Line(a.X+ux*d, a.Y+uy*d, a.X+ux*e, a.Y+uy*e, col, width)
	}
}

// Blend mixes a towards b by t (0: a, 1: b).
func Blend(a, b draw.Color, t float64) draw.Color {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return draw.RGB(m(a.R, b.R), m(a.G, b.G), m(a.B, b.B))
}

// AddPage implements boardOut.
func (o pdfArtOut) AddPage(w, h float64) draw.Canvas { return o.doc.AddPage(w, h) }

// PDFArtOut writes pages to the PDF document doc; its art becomes a PDF
// template, recorded once and placed wherever it prints.
func PDFArtOut(doc *draw.PDF) ArtOut { return pdfArtOut{doc} }
