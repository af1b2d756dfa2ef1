package rfod

import (
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// The Run, Fight, or Die! Actions & Events Guide (kind: Guide; Run,
// Fight, or Die! rulebook L72, L117-119) prints as one two-sided reference sheet: side A holds the six
// events and the Bat, Run and Gun actions, side B the Search and Book
// tables for 1-5 icons. With duplex, side B is on the back page, placed
// like a card back (mirrored for the flip, shifted by the back offset);
// without, it follows on a page of its own to glue back to back.

// Guide size, in millimetres: it fits the printable area of Letter and A4.
const (
	guideW = 180.0
	guideH = 245.0
)

// buildGuide plans a guide's PDF.
func buildGuide(r *generator.Renderer, p *schema.Pack, g *rfodschema.Guide, opts generator.BuildOptions) []generator.Job {
	return []generator.Job{generator.FileJob(g.ID+".pdf", func(w io.Writer) (int, error) {
		return WriteGuide(r, w, p, g, opts.Print)
	})}
}

// indexGuide describes a guide's PDF in the kit's index.
func indexGuide(r *generator.Renderer, p *schema.Pack, _ *rfodschema.Guide, opts generator.PrintOptions) []string {
	size := fmt.Sprintf("%s x %s mm", generator.FormatMM(guideW), generator.FormatMM(guideH))
	if opts.Duplex == layout.NoDuplex {
		return []string{"2 pages: side A (events and actions) and side B (the Search and Book tables) at " + size + "; cut both along the crop marks and glue them back to back"}
	}
	return []string{"2 pages, one sheet printed double-sided: side A (events and actions) and side B (the Search and Book tables) at " + size + "; cut along the crop marks"}
}

// WriteGuide writes a guide's PDF: side A, then side B.
func WriteGuide(r *generator.Renderer, w io.Writer, p *schema.Pack, g *rfodschema.Guide, opts generator.PrintOptions) (int, error) {
	return r.WriteDocument(w, p, NameOr(g.Name, g.ID), "guide "+g.ID, opts, func(doc *draw.PDF) error {
		return imposeGuide(r, generator.PDFSink(doc), g, opts)
	})
}

// imposeGuide adds the guide's two pages to sink: side A on the front,
// side B on its back (duplex) or on the page after it, to glue behind it.
func imposeGuide(r *generator.Renderer, sink generator.PageSink, g *rfodschema.Guide, opts generator.PrintOptions) error {
	pw, ph := opts.Paper.W, opts.Paper.H
	if pw <= 0 || ph <= 0 {
		return fmt.Errorf("no paper size")
	}
	name := g.Name
	if name == "" {
		name = "Actions & Events Guide"
	}
	trim, s := rfBoardFrame(opts, pw, ph, guideW, guideH)
	spec := impose.Spec{Items: 1, PerSheet: 1, W: pw, H: ph, Backs: impose.Glued}
	if opts.Duplex != layout.NoDuplex {
		spec.Backs = impose.Duplex
	}
	impose.Draw(sink, impose.Sheets(spec), func(c draw.Canvas, pg impose.Page) {
		if pg.Side == impose.Front {
			drawPlaced(r, c, opts, pw, ph, trim, s, 0, name+": side A", "cut along the crop marks", func(c draw.Canvas) {
				drawGuideSideA(r, c, g, opts.Bleed, nil)
			})
			return
		}
		back, turn, note := trim, 0.0, "side B: glue it to the back of side A"
		if pg.Side == impose.Back {
			back, turn = layout.BackOf(opts.Paper, trim, 0, opts.Duplex, opts.BackOffset)
			note = "side B: the back of side A"
		}
		drawPlaced(r, c, opts, pw, ph, back, s, turn, name+": side B", note, func(c draw.Canvas) {
			drawGuideSideB(r, c, g, opts.Bleed, nil)
		})
	})
	return nil
}

// guideOverflows lists the guide's texts that do not fit their row.
func guideOverflows(r *generator.Renderer, p *schema.Pack, g *rfodschema.Guide) []schema.TextIssue {
	fs := &fitSink{what: fmt.Sprintf("guide %q", g.ID)}
	drawGuideSideA(r, &draw.Recorder{}, g, 0, fs)
	drawGuideSideB(r, &draw.Recorder{}, g, 0, fs)
	return fs.issues
}

// guideFrame draws a guide side's paper, border and title, and returns
// the y below the title.
func guideFrame(r *generator.Renderer, c draw.Canvas, title, sub string, bleed float64) float64 {
	bg := Background(r)
	c.Rect(-bleed, -bleed, guideW+2*bleed, guideH+2*bleed, 0, draw.Filled(bg))
	c.Rect(3, 3, guideW-6, guideH-6, 2.5, draw.Stroked(Rule, 0.4))
	band := rfFill(r, Blood)
	ink := draw.White
	if r.InkSaver {
		ink = Blood
	}
	c.Rect(6, 6, guideW-12, 15, 2, draw.Style{Fill: &band, Stroke: &Blood, Width: 0.5})
	CentredText(r, c, guideW/2, 16, title, draw.Bold, 16, ink)
	CentredText(r, c, guideW/2, 27, sub, draw.Italic, 8, Muted)
	return 31
}

// guideHeading draws a section heading at y and returns the y below it.
func guideHeading(r *generator.Renderer, c draw.Canvas, y float64, title, note string) float64 {
	c.Text(8, y+5, title, draw.Bold, 11, Blood)
	tw := r.Fonts.Width(title, draw.Bold, 11)
	c.Text(generator.Round2(8+tw+3), y+5, r.ClipText(note, draw.Italic, 7.5, guideW-16-tw-3), draw.Italic, 7.5, Muted)
	c.Line(8, y+7, guideW-8, y+7, Blood, 0.5)
	return y + 9
}

// faceTitle is a die face's printed name: "zombies-rise" is ZOMBIES RISE.
func faceTitle(id string) string { return strings.ToUpper(strings.ReplaceAll(id, "-", " ")) }

// drawGuideEntries draws rows of a die face, its name and its text from y
// with rows of height rowH, and returns the y below them.
func drawGuideEntries(r *generator.Renderer, c draw.Canvas, entries []*rfodschema.GuideEntry, y, rowH float64, fs *fitSink) float64 {
	bg := Background(r)
	for i, e := range entries {
		if e == nil {
			continue
		}
		face := e.Event
		if face == "" {
			face = e.Icon
		}
		ry := y + float64(i)*rowH
		if i%2 == 1 && !r.InkSaver {
			c.Rect(6, ry, guideW-12, rowH, 1.5, draw.Filled(Panel))
		}
		size := min(rowH-4, 14)
		drawDieFace(r, c, face, 10, ry+(rowH-size)/2, size)
		c.Text(10+size+4, ry+rowH/2+1.4, r.ClipText(faceTitle(face), draw.Bold, 10, 40), draw.Bold, 10, Ink)
		tx := 10 + size + 46
		fs.note(TextIn(r, c, e.Text, typeset.Style{Size: 9, MinSize: 6, VAlign: "middle"}, tx, ry+1, guideW-10-tx, rowH-2, Ink, bg), e.Ref.Child("text"), face+" text")
	}
	return y + float64(len(entries))*rowH
}

// drawGuideSideA draws the events and the actions.
// fs, when not nil, collects the texts that do not fit.
func drawGuideSideA(r *generator.Renderer, c draw.Canvas, g *rfodschema.Guide, bleed float64, fs *fitSink) {
	y := guideFrame(r, c, "ACTIONS & EVENTS GUIDE", "Side A: the Event die and the actions", bleed)
	rows := len(g.Events) + len(g.Actions)
	avail := guideH - 8 - y - 2*10
	rowH := 18.0
	if rows > 0 {
		rowH = min(22, avail/float64(rows))
	}
	if len(g.Events) > 0 {
		y = guideHeading(r, c, y, "EVENTS", "the grey Event die, resolved right after your first roll")
		y = drawGuideEntries(r, c, g.Events, y, rowH, fs) + 2
	}
	if len(g.Actions) > 0 {
		y = guideHeading(r, c, y, "ACTIONS", "the white Action dice you keep")
		drawGuideEntries(r, c, g.Actions, y, rowH, fs)
	}
}

// drawGuideSideB draws the Search and Book tables.
// fs, when not nil, collects the texts that do not fit.
func drawGuideSideB(r *generator.Renderer, c draw.Canvas, g *rfodschema.Guide, bleed float64, fs *fitSink) {
	y := guideFrame(r, c, "SEARCH & BOOK OF THE DEAD", "Side B: what 1 to 5 icons give; choose one option of your row", bleed)
	avail := guideH - 8 - y - 2*10
	heights := guideRowHeights(r, append(append([]*rfodschema.GuideRow{}, g.Search...), g.Book...), avail)
	if len(g.Search) > 0 {
		y = guideHeading(r, c, y, "SEARCH", "for Followers: count your Search icons")
		y = drawGuideTable(r, c, g.Search, "search", y, heights[:len(g.Search)], fs) + 2
	}
	if len(g.Book) > 0 {
		y = guideHeading(r, c, y, "BOOK OF THE DEAD", "count your Book icons")
		drawGuideTable(r, c, g.Book, "book", y, heights[len(g.Search):], fs)
	}
}

// Guide table rows, in millimetres.
const (
	guideRowMin  = 14.0 // a row's least height: the dice and their caption
	guideRowMax  = 22.0 // a row grows no taller than this from spare room
	guideRowPad  = 3.0  // above and below a row's text
	guideTextPt  = 9.0  // the options' text size
	guideMinText = 5.5  // the least it shrinks to
)

// guideRowHeights shares avail among the table rows by what their options
// need at full size, so that a row of four options is taller than a row of
// one instead of shrinking its text: each row gets what it needs (at
// least guideRowMin) and an equal part of the room left, up to
// guideRowMax; when the rows need more than avail, squeezeRows shares it.
func guideRowHeights(r *generator.Renderer, rows []*rfodschema.GuideRow, avail float64) []float64 {
	need := make([]float64, len(rows))
	total := 0.0
	for i, row := range rows {
		need[i] = guideRowMin
		if row != nil {
			block := typeset.Layout(r.Fonts, guideOptionsText(row), typeset.Style{Size: guideTextPt, MinSize: guideTextPt, LineHeight: 1.1}, guideW-10-guideTextX(guideRowMax), generator.Unbounded)
			need[i] = max(guideRowMin, block.Height+2*guideRowPad)
		}
		total += need[i]
	}
	if len(rows) == 0 {
		return need
	}
	if total > avail {
		return squeezeRows(need, avail)
	}
	extra := (avail - total) / float64(len(rows))
	for i := range need {
		need[i] = max(need[i], min(need[i]+extra, guideRowMax))
	}
	return need
}

// squeezeRows fits rows that need more than avail: each keeps at least a
// floor (guideRowMin, or an equal share when even that is too much) and
// the room above the floors goes to the rows in proportion to what they
// need beyond it, so one long row cannot squash the others.
func squeezeRows(need []float64, avail float64) []float64 {
	floor := min(guideRowMin, avail/float64(len(need)))
	over := 0.0
	for _, n := range need {
		over += max(n-floor, 0)
	}
	room := avail - floor*float64(len(need))
	out := make([]float64, len(need))
	for i, n := range need {
		out[i] = floor
		if over > 0 {
			out[i] += max(n-floor, 0) * room / over
		}
	}
	return out
}

// guideDieSize is the size of the dice a row of height rowH draws.
func guideDieSize(rowH float64) float64 { return min(rowH-6, 8.5) }

// guideTextX is where a row's options start: after five dice.
func guideTextX(rowH float64) float64 { return 10 + 5*(guideDieSize(rowH)+1) + 4 }

// guideOptionsText is a row's options, one a line, after "Choose one:"
// when there are several.
func guideOptionsText(row *rfodschema.GuideRow) string {
	var lines []string
	for _, o := range row.Options {
		if o == nil {
			continue
		}
		t := strings.TrimSpace(o.Text)
		if len(row.Options) > 1 {
			t = "• " + t
		}
		lines = append(lines, t)
	}
	text := strings.Join(lines, "\n")
	if len(lines) > 1 {
		text = "Choose one:\n" + text
	}
	return text
}

// drawGuideTable draws a table's rows, row i heights[i] tall: the icons
// rolled, drawn as dice, and the options, one per line.
func drawGuideTable(r *generator.Renderer, c draw.Canvas, rows []*rfodschema.GuideRow, face string, y float64, heights []float64, fs *fitSink) float64 {
	bg := Background(r)
	ry := y
	for i, row := range rows {
		rowH := heights[i]
		if row == nil {
			ry += rowH
			continue
		}
		paper := bg
		if i%2 == 1 && !r.InkSaver {
			c.Rect(6, ry, guideW-12, rowH, 1.5, draw.Filled(Panel))
			paper = Panel
		}
		n := min(max(row.Count, 0), 6)
		size := guideDieSize(rowH)
		x := 10.0
		for range n {
			drawDieFace(r, c, face, x, ry+(rowH-size)/2-1.5, size)
			x += size + 1
		}
		CentredText(r, c, 10+(5*(size+1)-1)/2, ry+rowH-1.2, fmt.Sprintf("%d %s", row.Count, Plural(row.Count, "icon", "icons")), draw.Bold, 6, Muted)
		tx := guideTextX(rowH)
		fs.note(TextIn(r, c, guideOptionsText(row), typeset.Style{Size: guideTextPt, MinSize: guideMinText, VAlign: "middle", LineHeight: 1.1}, tx, ry+1, guideW-10-tx, rowH-2, Ink, paper),
			row.Ref.Child("options"), fmt.Sprintf("%s row %d options", face, row.Count))
		ry += rowH
	}
	return ry
}
