package generator

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// The press layout is what print-on-demand shops ask for: one card per page,
// the page exactly the trim plus a 1/8 in bleed, with TrimBox and BleedBox
// set so that their preflight finds the cut, and one 300 dpi PNG per face
// with the same bleed for shops that take images.
const (
	// PressBleed is the bleed of press pages and images: 1/8 in on every
	// side, whatever print.bleed says. DriveThruCards, MakePlayingCards and
	// The Game Crafter all specify 1/8 in and check the exact page or pixel
	// size (825 x 1125 px for a poker card at 300 dpi), so a larger bleed
	// would be refused or rescaled, and a smaller one would show white on a
	// mis-cut.
	PressBleed = 3.175
	// PressDPI is the resolution of press images.
	PressDPI = 300
	// pressBatch is how many press images one job renders on one canvas.
	pressBatch = 8
)

// WriteDeckPress writes a deck for a print shop: for every copy of every
// card a page with its front and, if the deck has a back template, a page
// with its back. Each page is the card's trim plus PressBleed on every side
// (MediaBox = BleedBox), with TrimBox the trim; there are no crop marks, the
// shop trims. A drawing used more than once (a card with copies, a shared
// back) is one form XObject gfPlaced on each of its pages.
func (r *Renderer) WriteDeckPress(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	const b = PressBleed
	tw, th := size.W.MM(), size.H.MM()
	doc := NewPDF(PDFInfo{Title: layoutDocTitle(p, d, "press"), Created: opts.Created}, r.Fonts)
	// fpdf makes a new 1 MB deflate writer for every page and form it
	// compresses: for a page per card side that is most of the time and
	// memory of the build (deck200: 175 ms, 500 MB allocated, against 31 ms
	// and 21 MB). Card drawings are short, so pages and forms stay
	// uncompressed (the file grows by about 1.7 times); fonts are still
	// compressed.
	doc.f.SetCompression(false)
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return 0, err
	}
	art := newGangSideArt(r, doc, parts, b)
	trim := layout.Rect{X: b, Y: b, W: tw, H: th}
	for _, part := range parts {
		for _, cd := range part.copies {
			art.draw(doc.addPressPage(tw, th, b), cd, false, trim, false)
			if part.back != nil {
				art.draw(doc.addPressPage(tw, th, b), cd, true, trim, false)
			}
		}
	}
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	if _, err := w.Write(sortPageBoxes(buf.Bytes())); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// addPressPage starts a page of a trim w x h mm card with bleed on every
// side: MediaBox and BleedBox are the trim plus the bleed, TrimBox the trim.
// fpdf writes a page's boxes in map order: Write's output goes through
// sortPageBoxes to make it deterministic.
func (d *PDF) addPressPage(w, h, bleed float64) *PDFCanvas {
	pw, ph := w+2*bleed, h+2*bleed
	c := d.AddPage(pw, ph)
	// fpdf does not turn box coordinates upside down (its y runs from the
	// page's bottom here); the boxes are centred, so that does not matter.
	d.f.SetPageBox("trim", bleed, bleed, w, h)
	d.f.SetPageBox("bleed", 0, 0, pw, ph)
	return c
}

// pageBoxOrder is the order page boxes are written in (that of PDF 32000
// 14.11.2).
var pageBoxOrder = []string{"/CropBox ", "/BleedBox ", "/TrimBox ", "/ArtBox "}

// sortPageBoxes rewrites the page-box lines of every page dictionary fpdf
// wrote into pageBoxOrder, in place. fpdf keeps a page's boxes in a map and
// writes them in Go's random map order; the lines only change places, so
// the length of every object and so the cross-reference table stay right.
func sortPageBoxes(pdf []byte) []byte {
	head := []byte("<</Type /Page\n/Parent 1 0 R\n")
	rank := func(line []byte) int {
		for i, p := range pageBoxOrder {
			if bytes.HasPrefix(line, []byte(p)) {
				return i
			}
		}
		return -1
	}
	for at := 0; ; {
		i := bytes.Index(pdf[at:], head)
		if i < 0 {
			return pdf
		}
		start := at + i + len(head)
		if bytes.HasPrefix(pdf[start:], []byte("/MediaBox ")) {
			start += bytes.IndexByte(pdf[start:], '\n') + 1
		}
		var lines [][]byte
		end := start
		for {
			nl := bytes.IndexByte(pdf[end:], '\n')
			if nl < 0 || rank(pdf[end:end+nl]) < 0 {
				break
			}
			lines = append(lines, slices.Clone(pdf[end:end+nl+1]))
			end += nl + 1
		}
		if len(lines) > 1 {
			slices.SortStableFunc(lines, func(a, b []byte) int { return rank(a) - rank(b) })
			copy(pdf[start:end], bytes.Join(lines, nil))
		}
		at = end
	}
}

// pressPNGJobs renders the press images of a deck: one PressDPI PNG with
// PressBleed per distinct face, press/<deck>/<card>.png, and per distinct
// back, press/<deck>/<card>_back.png, or press/<deck>/_back.png once when
// every card shares its back. Ids are lower-case letters, digits and
// hyphens, so no image name can be another's.
func (r *Renderer) pressPNGJobs(p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts PrintOptions) []job {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	type image struct {
		path string
		t    *schema.Template
		cd   *CardData
	}
	var images []image
	for _, c := range d.Cards {
		cd := NewCardData(p, d, c)
		images = append(images, image{fmt.Sprintf("press/%s/%s.png", d.ID, c.ID), face, cd})
		if back != nil && perCard(back) {
			images = append(images, image{fmt.Sprintf("press/%s/%s_back.png", d.ID, c.ID), back, cd})
		}
	}
	if back != nil && !perCard(back) {
		images = append(images, image{fmt.Sprintf("press/%s/_back.png", d.ID), back, &CardData{Deck: d, Card: &schema.Card{}}})
	}
	const b = PressBleed
	full := layout.Sides{Top: b, Right: b, Bottom: b, Left: b}
	var jobs []job
	for lo := 0; lo < len(images); lo += pressBatch {
		batch := images[lo:min(lo+pressBatch, len(images))]
		jobs = append(jobs, job{run: func(stage string) ([]Artifact, error) {
			c, err := NewPNGCanvas(r.Fonts, size.W.MM()+2*b, size.H.MM()+2*b, PressDPI)
			if err != nil {
				return nil, fmt.Errorf("deck %s: %w", d.ID, err)
			}
			arts := make([]Artifact, 0, len(batch))
			for _, im := range batch {
				c.Reset()
				c.Push()
				c.Translate(b, b)
				r.DrawCard(c, im.t, im.cd, full)
				c.Pop()
				if err := writeFile(stage, im.path, c.Encode); err != nil {
					return nil, err
				}
				arts = append(arts, Artifact{Path: im.path})
			}
			return arts, nil
		}})
	}
	return jobs
}

// layoutDocTitle is the title of a deck's PDF in a layout.
func layoutDocTitle(p *schema.Pack, d *schema.Deck, layoutName string) string {
	title := gangTitle(p, d) + " (" + layoutName + ")"
	if p != nil && p.Game != nil {
		title = p.Game.Title + " - " + title
	}
	return title
}

// cardSideArt draws card sides with full bleed, as form XObjects on PDF pages
// where a drawing is gfPlaced more than once (a card with copies, a back the
// deck shares), directly otherwise and on other canvases.
type cardSideArt struct {
	r          *Renderer
	doc        *PDF // nil: always draw directly
	deck       *schema.Deck
	face, back *schema.Template
	bleed      float64
	faces      map[*CardData]*PDFTemplate
	backs      map[*CardData]*PDFTemplate
	shared     *PDFTemplate
	// guests draw the cards of the decks that print with this one
	// (printWith:; see newGangSideArt).
	guests map[*schema.Deck]*cardSideArt
}

func newCardSideArt(r *Renderer, doc *PDF, d *schema.Deck, face, back *schema.Template, bleed float64) *cardSideArt {
	return &cardSideArt{r: r, doc: doc, deck: d, face: face, back: back, bleed: bleed,
		faces: map[*CardData]*PDFTemplate{}, backs: map[*CardData]*PDFTemplate{}}
}

// sharedBack reports whether every card has the same back.
func (a *cardSideArt) sharedBack() bool { return a.back != nil && !perCard(a.back) }

// data is what a side is drawn with: a shared back shows no card's fields.
func (a *cardSideArt) data(cd *CardData, back bool) *CardData {
	if back && a.sharedBack() {
		return &CardData{Deck: a.deck, Card: &schema.Card{}}
	}
	return cd
}

// template returns the form XObject of a side gfPlaced more than once, or nil.
func (a *cardSideArt) template(cd *CardData, back bool) *PDFTemplate {
	if a.doc == nil {
		return nil
	}
	var cache map[*CardData]*PDFTemplate
	switch {
	case back && a.sharedBack():
		if a.shared == nil {
			a.shared = a.record(a.back, a.data(cd, true))
		}
		return a.shared
	case cd.Card.Count < 2:
		return nil
	case back:
		cache = a.backs
	default:
		cache = a.faces
	}
	t, ok := cache[cd]
	if !ok {
		tpl := a.face
		if back {
			tpl = a.back
		}
		t = a.record(tpl, cd)
		cache[cd] = t
	}
	return t
}

func (a *cardSideArt) record(t *schema.Template, cd *CardData) *PDFTemplate {
	return recordCardArt(a.r, a.doc, t, cd, a.bleed)
}

// draw draws the front or back of a card with its trim at trim, clipped to
// the bleed, turned 180 degrees about the trim's centre when rotated.
func (a *cardSideArt) draw(c Canvas, cd *CardData, back bool, trim layout.Rect, rotated bool) {
	a = a.of(cd)
	t := a.face
	if back {
		t = a.back
	}
	b := a.bleed
	c.Push()
	c.ClipRect(trim.X-b, trim.Y-b, trim.W+2*b, trim.H+2*b)
	if rotated {
		c.Rotate(180, trim.X+trim.W/2, trim.Y+trim.H/2)
	}
	if pc, ok := c.(*PDFCanvas); ok {
		if tpl := a.template(cd, back); tpl != nil {
			pc.UseTemplate(tpl, trim.X-b, trim.Y-b)
			c.Pop()
			return
		}
	}
	c.Translate(trim.X, trim.Y)
	a.r.DrawCard(c, t, a.data(cd, back), layout.Sides{Top: b, Right: b, Bottom: b, Left: b})
	c.Pop()
}
