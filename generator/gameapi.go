package generator

import (
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
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
