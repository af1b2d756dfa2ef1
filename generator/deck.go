package generator

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// PrintOptions are the print settings of a build.
type PrintOptions struct {
	Paper layout.Paper
	// Margin is the printer margin: nothing that must print (marks, cut
	// lines, labels, scale bars) lies closer to the paper edge.
	Margin     float64
	Bleed      float64
	Duplex     layout.Duplex
	BackOffset layout.Point
	CropMarks  bool
	// CutLines draws full-length cut lines beneath the cards.
	CutLines bool
	// Layout is how cards are imposed: sheet (n-up, backs on the following
	// page), gutterfold (fronts and backs side by side, folded) or press
	// (one card per page, trim + bleed).
	Layout  Layout
	Created time.Time
}

// Layout is a way of imposing cards on pages.
type Layout string

// Layouts.
const (
	LayoutSheet      Layout = "sheet"
	LayoutGutterfold Layout = "gutterfold"
	LayoutPress      Layout = "press"
)

// markColor is the colour of crop marks: registration-dark grey.
var markColor = Color{0x30, 0x30, 0x30}

// buildDeck plans a deck's PDF and previews.
func buildDeck(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []job {
	d := e.(*schema.Deck)
	faceID, backID := d.Sides()
	face, back, _, err := DeckSides(p, d, faceID, backID)
	if err != nil {
		return []job{{run: func(string) ([]Artifact, error) { return nil, err }}}
	}
	jobs := []job{fileJob(d.ID+".pdf", func(w io.Writer) (int, error) {
		return r.WriteDeck(w, p, d, face, back, opts.Print)
	})}
	if opts.Previews {
		jobs = append(jobs, r.deckPreviewJobs(d, face, back)...)
	}
	return jobs
}

// indexDeck describes a deck's PDF in the kit's index.
func indexDeck(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string {
	d := e.(*schema.Deck)
	faceID, backID := d.Sides()
	_, back, size, err := DeckSides(p, d, faceID, backID)
	if err != nil {
		return nil
	}
	grid, err := layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed, CropMarks: opts.CropMarks})
	if err != nil {
		return nil
	}
	line := fmt.Sprintf("%d cards, %gx%gmm, %d a sheet", d.Total(), size.W.MM(), size.H.MM(), grid.PerPage())
	if back != nil && opts.Duplex != layout.NoDuplex {
		line += fmt.Sprintf("; each front page is followed by its back page (duplex, flip on the %s edge)", opts.Duplex)
	}
	return []string{line}
}

// DeckSides returns the face and back templates of a deck and its trim size.
func DeckSides(p *schema.Pack, d *schema.Deck, face, back string) (*schema.Template, *schema.Template, schema.Size, error) {
	ft, ok := p.Templates[face]
	if !ok {
		return nil, nil, schema.Size{}, fmt.Errorf("deck %s: no template %q", d.ID, face)
	}
	var bt *schema.Template
	if back != "" {
		if bt, ok = p.Templates[back]; !ok {
			return nil, nil, schema.Size{}, fmt.Errorf("deck %s: no back template %q", d.ID, back)
		}
	}
	size, ok := ft.TrimSize()
	if s, named := schema.CardSizes[d.Size]; named {
		size = s
		ok = true
	}
	if d.Width != nil && d.Height != nil {
		size, ok = schema.Size{W: *d.Width, H: *d.Height}, true
	}
	if !ok {
		return nil, nil, schema.Size{}, fmt.Errorf("deck %s: template %q has no card size", d.ID, face)
	}
	if bt != nil {
		bt = sized(bt, size)
	}
	return sized(ft, size), bt, size, nil
}

// sized returns the template with the deck's trim size.
func sized(t *schema.Template, s schema.Size) *schema.Template {
	c := *t
	c.Width, c.Height = &s.W, &s.H
	return &c
}

// perCard reports whether a template shows card fields (so each card needs
// its own drawing rather than one shared template).
func perCard(t *schema.Template) bool {
	for _, b := range t.Boxes {
		if b.Field != "" || b.When != "" || strings.Contains(b.Text, "${") {
			return true
		}
	}
	return false
}

// WriteDeck imposes a deck n-up and writes the PDF: for every sheet a front
// page with crop marks and, unless duplex is none, a back page mirrored for
// the flip. Art used more than once is drawn once as a PDF template.
func (r *Renderer) WriteDeck(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	grid, err := layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed, CropMarks: opts.CropMarks})
	if err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	doc := NewPDF(PDFInfo{Title: p.Game.Title + " - " + deckTitle(d), Created: opts.Created}, r.Fonts)

	var copies []*CardData
	for _, card := range d.Cards {
		cd := NewCardData(d, card)
		for i := 0; i < card.Count; i++ {
			copies = append(copies, cd)
		}
	}
	full := layout.Sides{Top: opts.Bleed, Right: opts.Bleed, Bottom: opts.Bleed, Left: opts.Bleed}
	tw, th := size.W.MM()+2*opts.Bleed, size.H.MM()+2*opts.Bleed
	templates := map[*CardData]*PDFTemplate{}
	artFor := func(cd *CardData) *PDFTemplate {
		if t, ok := templates[cd]; ok {
			return t
		}
		t := doc.Template(tw, th, func(c Canvas) {
			c.Push()
			c.Translate(opts.Bleed, opts.Bleed)
			r.DrawCard(c, face, cd, full)
			c.Pop()
		})
		templates[cd] = t
		return t
	}
	var sharedBack *PDFTemplate
	if back != nil && !perCard(back) && opts.Duplex != layout.NoDuplex {
		sharedBack = doc.Template(tw, th, func(c Canvas) {
			c.Push()
			c.Translate(opts.Bleed, opts.Bleed)
			r.DrawCard(c, back, &CardData{Deck: d, Card: &schema.Card{}}, full)
			c.Pop()
		})
	}
	backTemplates := map[*CardData]*PDFTemplate{}

	per := grid.PerPage()
	for start := 0; start < len(copies); start += per {
		sheet := copies[start:min(start+per, len(copies))]
		page := doc.AddPage(opts.Paper.W, opts.Paper.H)
		for i, cd := range sheet {
			trim, bleed := grid.Trim(i), grid.Bleed(i)
			page.Push()
			page.ClipRect(trim.X-bleed.Left, trim.Y-bleed.Top, trim.W+bleed.Left+bleed.Right, trim.H+bleed.Top+bleed.Bottom)
			if cd.Card.Count > 1 {
				page.UseTemplate(artFor(cd), trim.X-opts.Bleed, trim.Y-opts.Bleed)
			} else {
				page.Translate(trim.X, trim.Y)
				r.DrawCard(page, face, cd, bleed)
			}
			page.Pop()
		}
		if opts.CropMarks {
			for _, m := range grid.CropMarks(len(sheet)) {
				page.Line(m.X1, m.Y1, m.X2, m.Y2, markColor, 0.2)
			}
		}
		if back == nil || opts.Duplex == layout.NoDuplex {
			continue
		}
		bpage := doc.AddPage(opts.Paper.W, opts.Paper.H)
		for i, cd := range sheet {
			trim, rotated := grid.BackTrim(i, opts.Duplex, opts.BackOffset)
			bleed := grid.BackBleed(i, opts.Duplex)
			bpage.Push()
			bpage.ClipRect(trim.X-bleed.Left, trim.Y-bleed.Top, trim.W+bleed.Left+bleed.Right, trim.H+bleed.Top+bleed.Bottom)
			if rotated {
				bpage.Rotate(180, trim.X+trim.W/2, trim.Y+trim.H/2)
			}
			switch {
			case sharedBack != nil:
				bpage.UseTemplate(sharedBack, trim.X-opts.Bleed, trim.Y-opts.Bleed)
			case cd.Card.Count > 1:
				t, ok := backTemplates[cd]
				if !ok {
					t = doc.Template(tw, th, func(c Canvas) {
						c.Push()
						c.Translate(opts.Bleed, opts.Bleed)
						r.DrawCard(c, back, cd, full)
						c.Pop()
					})
					backTemplates[cd] = t
				}
				bpage.UseTemplate(t, trim.X-opts.Bleed, trim.Y-opts.Bleed)
			default:
				bpage.Translate(trim.X, trim.Y)
				r.DrawCard(bpage, back, cd, full)
			}
			bpage.Pop()
		}
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

func deckTitle(d *schema.Deck) string {
	if d.Name != "" {
		return d.Name
	}
	return d.ID
}
