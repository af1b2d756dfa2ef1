package generator

import (
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// What the game packages (generator/<game>) use of the renderer: exported
// wrappers of its unexported helpers.

// Job is one unit of a build's work, planned by a kind's Build: it writes
// one or more files of the kit.
type Job struct{ j job }

// FileJob is the job that writes the file at path (relative to the kit's
// folder) with write, which returns its PDF pages (0 for others).
func FileJob(path string, write func(io.Writer) (pages int, err error)) Job {
	return Job{fileJob(path, write)}
}

// Round2 rounds v to two decimals, as coordinates are written.
func Round2(v float64) float64 { return round2(v) }

// PageSink takes the pages an imposition draws: a PDF document (PDFSink) or
// a test's recording.
type PageSink interface {
	AddPage(w, h float64) draw.Canvas
}

// PDFSink adds the pages to the PDF document doc.
func PDFSink(doc *draw.PDF) PageSink { return pdfSink{doc} }

// MarkClear is the room left between a page's label or scale bar and a
// crop mark, in mm.
const MarkClear = deckMarkClear

// DrawMarks draws crop marks and cut lines.
func DrawMarks(c draw.Canvas, marks []layout.Mark) { drawMarks(c, marks) }

// PageRange names pages a to b of a document ("page 3", "pages 3-5").
func PageRange(a, b int) string { return pageRange(a, b) }

// IsLight reports whether c is a light colour, one dark ink shows on.
func IsLight(c draw.Color) bool { return isLight(c) }

// Blend mixes a with b: t = 0 is a, t = 1 is b.
func Blend(a, b draw.Color, t float64) draw.Color { return boardBlend(a, b, t) }

// FormatMM writes a length in mm with at most one decimal ("12.5").
func FormatMM(v float64) string { return boardMM(v) }

// Surface applies the renderer's colour variant (grayscale) to a canvas:
// what a game's drawing starts with.
func (r *Renderer) Surface(c draw.Canvas) draw.Canvas { return r.surface(c) }

// DrawPageLabel writes a one-line label on a white ground in the first free
// place inside area, clear of the obstacles; it reports whether the label
// was written (a page too full for it goes without).
func (r *Renderer) DrawPageLabel(c draw.Canvas, area layout.Rect, obstacles []layout.Rect, label string) bool {
	return r.drawPageLabel(c, area, obstacles, label)
}

// ClipText shortens s with an ellipsis until it is no wider than w.
func (r *Renderer) ClipText(s string, f draw.FontStyle, size, w float64) string {
	return r.clipText(s, f, size, w)
}

// PreviewItem is one picture of a contact sheet (ContactSheetJob).
type PreviewItem struct {
	// Label says what is drawn, for errors.
	Label string
	// Path is where its own PNG goes; "" for none.
	Path string
	// Draw draws it at its trim size.
	Draw func(draw.Canvas)
}

// ContactSheetJob is the job that renders items of cw x ch mm, writes each
// one's own PNG and pastes it into its cell of a contact sheet written as
// name; it renders in parallel on the build's idle slots.
func (r *Renderer) ContactSheetJob(name string, cw, ch float64, items []PreviewItem) Job {
	in := make([]previewItem, len(items))
	for i, it := range items {
		in[i] = previewItem{label: it.Label, path: it.Path, draw: it.Draw}
	}
	return Job{job{name: name, parallel: func(env jobEnv) ([]Artifact, error) {
		return r.writeContactSheet(env, name, cw, ch, in)
	}}}
}

// Images holds the pictures of the pack the renderer was made for
// (ForPack); nil draws none.
func (r *Renderer) Images() *draw.ImageStore { return r.images }

// ImposeDeck draws copies on sheets of grid on sink as a deck's cards are:
// each sheet of fronts followed, for duplex, by its back page, with crop
// marks and labels; card draws one side of a copy in its slot.
func (r *Renderer) ImposeDeck(sink PageSink, grid layout.Grid, copies []*CardData, face, back *schema.Template, opts PrintOptions, card func(c draw.Canvas, cd *CardData, back bool, s layout.Slot)) {
	r.imposeDeck(sink, grid, copies, face, back, opts, card)
}

// DrawInSlot draws one side of an item in its slot: clipped to the slot's
// art and turned by the slot's turn about the trim's centre. On a PDF page
// it places the side's recorded template when there is one (drawn with the
// full bleed, its top-left at the bleed's); otherwise paint paints the side
// from the upright trim's top-left corner.
func DrawInSlot(c draw.Canvas, s layout.Slot, bleed float64, template func() *draw.PDFTemplate, paint func(c draw.Canvas, bleed layout.Sides)) {
	drawInSlot(c, s, bleed, template, paint)
}

// DeckBleedNote is the kit index's line on where the items of sheets of
// grid have bleed and how to cut them.
func DeckBleedNote(g layout.Grid, opts PrintOptions) string { return deckBleedNote(g, opts) }
