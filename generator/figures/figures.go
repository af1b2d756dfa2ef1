package figures

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// renderer is the generator's renderer with the figures' drawing methods.
type renderer struct{ *generator.Renderer }

// Kind is how figure sets are checked: each label must fit its face at
// schema.FigureLabelMinPt or more. They print on the kit's files
// (KitOutputs, and the token sheets for pawns), not files of their own.
func Kind() generator.KindRenderer {
	return generator.Kind[*schema.FigureSet]{Fit: fitFigures}.Renderer()
}

// fitFigures reports the labels of a set that do not fit their face at
// the smallest size a figure's label may print at.
func fitFigures(r *generator.Renderer, _ *schema.Pack, fs *schema.FigureSet) []schema.TextIssue {
	var out []schema.TextIssue
	for _, f := range fs.Figures {
		var w float64
		var fits bool
		what := "standee face"
		switch {
		case fs.Pawn != nil:
			s := fs.Pawn.Size.MM()
			pl := layoutPawn(r.Fonts, f, s, fs.Pawn.Shape != "square")
			w, fits, what = pl.labelW, pl.labelFits, "pawn"
		case fs.Standee != nil:
			st := standeeOf(fs.Standee)
			w = st.w - 2*faceMargin - 2*faceBand
			_, fits = LabelSize(r.Fonts, f.Label, w, labelMaxPt)
		default:
			continue
		}
		if !fits && f.Label != "" {
			out = append(out, schema.TextIssue{Ref: f.Ref.Child("label"), What: fmt.Sprintf("figure %q label", f.ID),
				Detail: fmt.Sprintf("needs %smm at %gpt, the smallest a figure's label prints at; the %s has %smm: shorten it or make the figure larger",
					generator.FormatMM(r.Fonts.Width(f.Label, draw.Bold, schema.FigureLabelMinPt)), schema.FigureLabelMinPt, what, generator.FormatMM(w))})
		}
	}
	return out
}

// piece is one cut-out of figures.pdf: a standee of a figure, or the
// slotted base of one.
type piece struct {
	fig  *schema.Figure
	s    standee
	base bool
}

// size is the piece's size along its cut outline.
func (pc piece) size() (w, h float64) {
	if pc.base {
		return pc.s.base()
	}
	return pc.s.w, pc.s.height()
}

// placed is a piece on a page: its cut outline's top-left.
type placed struct {
	piece
	page int
	x, y float64
}

// Page furniture of figures.pdf: the gap between pieces (room for the
// bleed and crop marks of both), the header's sizes and gaps.
const (
	pieceGap = 2*markReach + 1
	headPt   = 8.0
	notePt   = 7.0
	headGap  = 2.0
)

// headLines are the instructions at the top of each page of figures.pdf.
func headLines(slot bool) []string {
	how := "fold each at its head so that its faces lie back to back and glue them; fold the GLUE tabs outwards to stand it, or glue them to a coin"
	if slot {
		how = "fold each at its head so that its faces lie back to back and glue them; push its TO BASE tabs together through the slit of a base and fold them flat under it"
	}
	return []string{"Standees: cut along the solid outlines (crop marks at the corners); fold along the dashed lines", how}
}

// headBand and barBand are the heights kept free for the header over the
// pieces and for the scale bar under them (a test holds them to the
// fonts).
const (
	headBand = layout.StandeeHeadBand
	barBand  = layout.StandeeBarBand
)

// standeePieces lists the pieces of the pack's standees in pack order:
// every copy's strip, then the bases of those that stand in one.
func standeePieces(p *schema.Pack) []piece {
	var strips, bases []piece
	for _, f := range p.PrintedFigures(true) {
		s := standeeOf(f.Set.Standee)
		for range f.Count {
			strips = append(strips, piece{fig: f, s: s})
			if s.slot {
				bases = append(bases, piece{fig: f, s: s, base: true})
			}
		}
	}
	return append(strips, bases...)
}

// errNoRoom is returned when a standee does not fit the printable area.
var errNoRoom = errors.New("does not fit the printable area with its crop marks and the page's header")

// plan places the pack's standee pieces on pages.
func plan(p *schema.Pack, opts generator.PrintOptions) ([]placed, int, error) {
	pieces := standeePieces(p)
	if len(pieces) == 0 {
		return nil, 0, nil
	}
	box := layout.StandeeArea(opts.Paper, opts.Margin)
	sizes := make([][2]float64, len(pieces))
	for i, pc := range pieces {
		w, h := pc.size()
		if w > box.W || h > box.H {
			return nil, 0, fmt.Errorf("%s: the standee of figure %q (%s x %s mm) %w on %s paper", pc.fig.Set.Ref.Child("standee").Pos(), pc.fig.ID,
				generator.FormatMM(w), generator.FormatMM(h), errNoRoom, opts.Paper.Name)
		}
		sizes[i] = [2]float64{w, h}
	}
	pls, pages, err := layout.PackShelves(layout.Paper{Name: opts.Paper.Name, W: box.W, H: box.H}, 0, pieceGap, sizes)
	if err != nil {
		return nil, 0, fmt.Errorf("figures: %w", err)
	}
	out := make([]placed, len(pls))
	for i, pl := range pls {
		out[i] = placed{piece: pieces[pl.Item], page: pl.Page, x: generator.Round2(box.X + pl.Trim.X), y: generator.Round2(box.Y + pl.Trim.Y)}
	}
	return out, pages, nil
}

// WriteFigures writes figures.pdf: every standee of the pack, single-sided.
func (r renderer) WriteFigures(w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
	pls, pages, err := plan(p, opts)
	if err != nil || pages == 0 {
		return 0, err
	}
	doc := r.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - Figures", Created: opts.Created, Duplex: layout.NoDuplex})
	r.drawPages(generator.PDFSink(doc), pls, pages, opts)
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("figures: %w", err)
	}
	return doc.PageCount(), nil
}

// drawPages draws the pages of placed pieces on sink: the header, the
// pieces and a scale bar.
func (r renderer) drawPages(sink generator.PageSink, pls []placed, pages int, opts generator.PrintOptions) {
	slot := slices.ContainsFunc(pls, func(pl placed) bool { return pl.s.slot })
	spec := impose.Spec{Items: pages, PerSheet: 1, W: opts.Paper.W, H: opts.Paper.H}
	impose.Draw(sink, impose.Sheets(spec), func(page draw.Canvas, pg impose.Page) {
		area := layout.Printable(opts.Paper, opts.Margin)
		obstacles := r.drawPieces(page, pls, pg.Sheet, layout.Rect{X: area.X, Y: area.Y, W: area.W, H: headBand}, layout.Point{}, slot)
		r.PlaceScaleBar(r.Surface(page), area, obstacles)
	})
}

// drawPieces draws the header in head and the pieces of pls on the given
// page, each shifted by by, and returns what a scale bar keeps clear of:
// the header's band and each piece with its marks.
func (r renderer) drawPieces(page draw.Canvas, pls []placed, sheet int, head layout.Rect, by layout.Point, slot bool) []layout.Rect {
	c := r.Surface(page)
	x, y := head.X, head.Y
	ty := y + r.Fonts.Ascent(draw.Bold, headPt)
	lines := headLines(slot)
	c.Text(generator.Round2(x), generator.Round2(ty), lines[0], draw.Bold, headPt, generator.MarkColor)
	ty += r.Fonts.Descent(draw.Bold, headPt) + r.Fonts.Ascent(draw.Regular, notePt)
	c.Text(generator.Round2(x), generator.Round2(ty), lines[1], draw.Regular, notePt, generator.MarkColor)
	obstacles := []layout.Rect{head}
	for _, pl := range pls {
		if pl.page != sheet {
			continue
		}
		px, py := pl.x, pl.y
		if by != (layout.Point{}) {
			px, py = generator.Round2(px+by.X), generator.Round2(py+by.Y)
		}
		if pl.base {
			drawBase(r.Renderer, page, pl.s, px, py)
		} else {
			drawStandee(r.Renderer, page, pl.fig, pl.s, px, py)
		}
		w, h := pl.size()
		obstacles = append(obstacles, layout.Rect{X: px, Y: py, W: w, H: h}.Inset(-markReach-generator.MarkClear))
	}
	return obstacles
}

// indexFigures describes figures.pdf in the kit's index: what each page
// holds and how to make the standees.
func indexFigures(p *schema.Pack, opts generator.PrintOptions) []string {
	pls, pages, err := plan(p, opts)
	if err != nil || pages == 0 {
		return nil
	}
	out := []string{"printed single-sided, at true size"}
	for _, f := range p.PrintedFigures(true) {
		out = append(out, fmt.Sprintf("%s x%d (%s): %s; %s", f.ID, f.Count, nameOr(f), standeeOf(f.Set.Standee).describe(), pagesOf(pls, f, false)))
	}
	if slices.ContainsFunc(pls, func(pl placed) bool { return pl.base }) {
		out = append(out, "slotted bases: "+pagesOf(pls, nil, true))
	}
	lines := headLines(slices.ContainsFunc(pls, func(pl placed) bool { return pl.s.slot }))
	return append(out, lines[0]+"; "+lines[1])
}

// nameOr is a figure's name, else its id.
func nameOr(f *schema.Figure) string {
	if f.Name != "" {
		return f.Name
	}
	return f.ID
}

// pagesOf says on which pages the standees of f (any figure when nil) or
// the bases lie: "page 1" or "pages 1-2".
func pagesOf(pls []placed, f *schema.Figure, base bool) string {
	var pages []int
	for _, pl := range pls {
		if pl.base == base && (f == nil || pl.fig == f) && !slices.Contains(pages, pl.page+1) {
			pages = append(pages, pl.page+1)
		}
	}
	return PagesText(pages)
}

// PagesText is "page 3", "pages 1-2" or "pages 1, 3".
func PagesText(pages []int) string {
	slices.Sort(pages)
	switch {
	case len(pages) == 0:
		return "no page"
	case len(pages) == 1:
		return fmt.Sprintf("page %d", pages[0])
	case pages[len(pages)-1]-pages[0] == len(pages)-1:
		return fmt.Sprintf("pages %d-%d", pages[0], pages[len(pages)-1])
	}
	s := "pages "
	for i, pg := range pages {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(pg)
	}
	return s
}

// setPages are the pages of figures.pdf that hold the standees of the
// figure set e (and their slotted bases), by the component each figure
// counts towards: the kit's index says where each component is. An
// element that is no figure set of standees, or one with nothing printed,
// has none.
func setPages(p *schema.Pack, e schema.Element, opts generator.PrintOptions) map[string][]int {
	set, isSet := e.(*schema.FigureSet)
	if !isSet || set.Standee == nil {
		return nil
	}
	pls, _, err := plan(p, opts)
	if err != nil {
		return nil
	}
	var out map[string][]int
	for _, pl := range pls {
		if pl.fig.Set != set {
			continue
		}
		if out == nil {
			out = map[string][]int{}
		}
		if i, found := slices.BinarySearch(out[pl.fig.Component], pl.page+1); !found {
			out[pl.fig.Component] = slices.Insert(out[pl.fig.Component], i, pl.page+1)
		}
	}
	return out
}

// KitOutputs is the kit's figures.pdf: every standee of every figure set
// of a pack. Pawns print on the token sheets (generator/tokens), and so do
// the standees of a pack for which onTokens reports that they share its
// token sheets (a Band): then the kit has no figures.pdf.
func KitOutputs(onTokens func(p *schema.Pack, opts generator.PrintOptions) bool) []generator.KitOutput {
	return []generator.KitOutput{{
		Path: "figures.pdf",
		Wanted: func(p *schema.Pack, opts generator.PrintOptions, _ bool) bool {
			return len(p.PrintedFigures(true)) > 0 && !onTokens(p, opts)
		},
		Write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
			return renderer{r}.WriteFigures(w, p, opts)
		},
		What:  "the standees of the kit's figures: cut, fold, glue",
		Index: indexFigures,
		Pages: setPages,
	}}
}
