package generator

import (
	"fmt"
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/schema"
)

// WriteDocument makes a PDF titled after the pack and the element, lets fill
// add its pages, and writes it; errors name the element (e.g. "board x").
func (r *Renderer) WriteDocument(w io.Writer, p *schema.Pack, name, element string, opts PrintOptions, fill func(*draw.PDF) error) (int, error) {
	title := name
	if p != nil && p.Game != nil {
		title = p.Game.Title + " - " + name
	}
	// A one-sided document (a board) sets layout.NoDuplex in fill.
	doc := r.NewPDF(draw.PDFInfo{Title: title, Created: opts.Created, Duplex: opts.Duplex})
	if err := fill(doc); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	return doc.PageCount(), nil
}

// pageSink receives the pages of a print: a PDF document, or a recording
// in tests.
type pageSink = impose.Sink

// pdfSink adds the pages to a PDF document.
type pdfSink struct{ doc *draw.PDF }

// AddPage implements impose.Sink.
func (s pdfSink) AddPage(w, h float64) draw.Canvas { return s.doc.AddPage(w, h) }
