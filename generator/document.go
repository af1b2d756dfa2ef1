package generator

import (
	"fmt"
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// writeDocument makes a PDF titled after the pack and the element, lets fill
// add its pages, and writes it; errors name the element (e.g. "board x").
func (r *Renderer) writeDocument(w io.Writer, p *schema.Pack, name, element string, opts PrintOptions, fill func(*draw.PDF) error) (int, error) {
	title := name
	if p != nil && p.Game != nil {
		title = p.Game.Title + " - " + name
	}
	// A one-sided document (a board) sets layout.NoDuplex in fill.
	doc := draw.NewPDF(draw.PDFInfo{Title: title, Created: opts.Created, Duplex: opts.Duplex}, r.Fonts)
	if err := fill(doc); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("%s: %w", element, err)
	}
	return doc.PageCount(), nil
}
