package generator

import (
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// What the packages of the shared kinds (generator/deck, ...) and of the
// games (generator/<game>) use of the build: jobs, page sinks, contact
// sheets, card data.

// Job is one unit of a build's work, planned by a kind's Build: it writes
// one or more files of the kit.
type Job struct{ j job }

// FileJob is the job that writes the file at path (relative to the kit's
// folder) with write, which returns its PDF pages (0 for others).
func FileJob(path string, write func(io.Writer) (pages int, err error)) Job {
	j := fileJob(path, write)
	j.file = path
	return Job{j}
}

// File is the path of the file a FileJob or StageFileJob writes; "" for
// other jobs.
func (j Job) File() string { return j.j.file }

// StageJob is the job named name (what it writes, for errors) that runs
// run, which writes its files into the staging folder stage and returns
// them.
func StageJob(name string, run func(stage string) ([]Artifact, error)) Job {
	return Job{job{name: name, run: run}}
}

// StageFileJob is StageJob for a job that writes the one file at path
// (relative to the kit's folder) into the staging folder itself, rather
// than to a writer as a FileJob does (a picture encoded from a canvas its
// jobs share): File names it, so that a plan that needs only some of a
// kit's files can leave the job out.
func StageFileJob(path string, run func(stage string) ([]Artifact, error)) Job {
	return Job{job{name: path, file: path, run: run}}
}

// ErrorJob is a job that fails with err: how a kind's Build reports an
// element it cannot plan.
func ErrorJob(err error) Job {
	return Job{job{err: err, run: func(string) ([]Artifact, error) { return nil, err }}}
}

// Run runs the job on its own, writing its files into the folder stage
// (a parallel job renders on one core), and returns what it wrote: how a
// kind's tests run the jobs its Build plans.
func (j Job) Run(stage string) ([]Artifact, error) {
	if j.j.run != nil {
		return j.j.run(stage)
	}
	return runJobs(stage, []job{j.j})
}

// PageSink takes the pages an imposition draws: a PDF document (PDFSink) or
// a test's recording.
type PageSink interface {
	AddPage(w, h float64) draw.Canvas
}

// PDFSink adds the pages to the PDF document doc.
func PDFSink(doc *draw.PDF) PageSink { return pdfSink{doc} }

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
	}, items: len(in)}}
}

// Images holds the pictures of the pack the renderer was made for
// (ForPack); nil draws none.
func (r *Renderer) Images() *draw.ImageStore { return r.images }

// CardData prepares a card of the pack p for rendering as DrawCard fills
// its template: its fields and those the renderer's games derive.
func (r *Renderer) CardData(p *schema.Pack, deck *schema.Deck, card *schema.Card) *CardData {
	return r.withDerived(NewCardData(p, deck, card))
}

// Visible reports whether the box b shows for the card (its when: field
// is set, or it has none).
func (d *CardData) Visible(b *schema.Box) bool { return d.visible(b) }

// BoxText is the text the box b shows for the card.
func (d *CardData) BoxText(b *schema.Box) string { return d.boxText(b) }
