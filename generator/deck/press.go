package deck

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
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
func (r renderer) WriteDeckPress(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts generator.PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	const b = PressBleed
	tw, th := size.W.MM(), size.H.MM()
	// PDF/X-1a for the shops' preflight, when built in process colour.
	doc := r.NewPDF(draw.PDFInfo{Title: layoutDocTitle(p, d, "press"), Created: opts.Created, PDFX: true})
	// fpdf makes a new 1 MB deflate writer for every page and form it
	// compresses: for a page per card side that is most of the time and
	// memory of the build (deck200: 175 ms, 500 MB allocated, against 31 ms
	// and 21 MB). Card drawings are short, so pages and forms stay
	// uncompressed (the file grows by about 1.7 times); fonts are still
	// compressed.
	doc.SetCompression(false)
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return 0, err
	}
	art := newGangSideArt(r, doc, parts, b)
	trim := layout.Rect{X: b, Y: b, W: tw, H: th}
	// A page per copy's front and, where its deck has a back template, a
	// page for its back.
	var plan impose.Plan
	copies := gangCopies(parts)
	k := 0
	for _, part := range parts {
		for range part.copies {
			plan.Pages = append(plan.Pages, impose.Page{W: tw, H: th, Sheet: k, Lo: k, Hi: k + 1})
			if part.back != nil {
				plan.Pages = append(plan.Pages, impose.Page{W: tw, H: th, Side: impose.Back, Sheet: k, Lo: k, Hi: k + 1, Front: len(plan.Pages)})
			}
			k++
		}
	}
	impose.Draw(pressSink{doc: doc, bleed: b}, plan, func(c draw.Canvas, pg impose.Page) {
		art.draw(c, copies[pg.Lo], pg.Side == impose.Back, trim, false)
	})
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	if _, err := w.Write(sortPageBoxes(buf.Bytes())); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// pressSink adds press pages (the trim plus bleed on every side, with
// TrimBox and BleedBox) to a PDF.
type pressSink struct {
	doc   *draw.PDF
	bleed float64
}

// AddPage implements impose.Sink: w x h is the trim.
func (s pressSink) AddPage(w, h float64) draw.Canvas { return s.doc.AddPressPage(w, h, s.bleed) }

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

// pressImage is one press image: a distinct face or back of a deck's
// cards, and how many copies of it the deck's cards need.
type pressImage struct {
	path   string // press/<deck>/<name>.png
	back   bool
	card   string // the card it shows; "" for a back every card shares
	pairs  string // a face: the path of its back; a back: ""
	t      *schema.Template
	cd     *generator.CardData
	copies int
}

// pressImages lists a deck's press images in deck order: per card its face,
// press/<deck>/<card>.png, and a back that shows card fields,
// press/<deck>/<card>_back.png; then a back every card shares once,
// press/<deck>/_back.png. Ids are lower-case letters, digits and hyphens,
// so no image name can be another's. face and back are at the deck's size.
func pressImages(p *schema.Pack, d *schema.Deck, face, back *schema.Template) []pressImage {
	shared := fmt.Sprintf("press/%s/_back.png", d.ID)
	var images []pressImage
	total := 0
	for _, c := range d.Cards {
		cd := generator.NewCardData(p, d, c)
		copies := max(c.Count, 0)
		total += copies
		front := pressImage{path: fmt.Sprintf("press/%s/%s.png", d.ID, c.ID), card: c.ID, t: face, cd: cd, copies: copies}
		switch {
		case back == nil:
			images = append(images, front)
		case perCard(back):
			front.pairs = fmt.Sprintf("press/%s/%s_back.png", d.ID, c.ID)
			images = append(images, front, pressImage{path: front.pairs, back: true, card: c.ID, t: back, cd: cd, copies: copies})
		default:
			front.pairs = shared
			images = append(images, front)
		}
	}
	if back != nil && !perCard(back) {
		images = append(images, pressImage{path: shared, back: true, t: back, cd: &generator.CardData{Deck: d, Card: &schema.Card{}}, copies: total})
	}
	return images
}

// pressPNGJobs renders the press images of a deck (see pressImages), one
// PressDPI PNG with PressBleed each, and their manifest.
func (r renderer) pressPNGJobs(p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts generator.PrintOptions) []generator.Job {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	images := pressImages(p, d, face, back)
	const b = PressBleed
	full := layout.Sides{Top: b, Right: b, Bottom: b, Left: b}
	jobs := []generator.Job{generator.FileJob(pressManifestPath(d), func(w io.Writer) (int, error) {
		return 0, writePressManifest(w, images, size)
	})}
	for lo := 0; lo < len(images); lo += pressBatch {
		batch := images[lo:min(lo+pressBatch, len(images))]
		jobs = append(jobs, generator.StageJob("", func(stage string) ([]generator.Artifact, error) {
			c, err := draw.NewPNGCanvas(r.Fonts, size.W.MM()+2*b, size.H.MM()+2*b, PressDPI)
			if err != nil {
				return nil, fmt.Errorf("deck %s: %w", d.ID, err)
			}
			arts := make([]generator.Artifact, 0, len(batch))
			for _, im := range batch {
				c.Reset()
				c.Push()
				c.Translate(b, b)
				r.DrawCard(c, im.t, im.cd, full)
				c.Pop()
				if err := generator.WriteFile(stage, im.path, c.Encode); err != nil {
					return nil, err
				}
				arts = append(arts, generator.Artifact{Path: im.path})
			}
			return arts, nil
		}))
	}
	return jobs
}

// pressManifestPath is where the manifest of a deck's press images goes.
func pressManifestPath(d *schema.Deck) string { return "press/" + d.ID + "/manifest.csv" }

// pressManifestHeader names the columns of a press manifest.
var pressManifestHeader = []string{"file", "side", "copies", "card", "back_file", "width_px", "height_px", "width_mm", "height_mm", "dpi", "bleed_mm"}

// writePressManifest writes the manifest of a deck's press images as CSV,
// one row per image in pressImages' order: its file name (in the manifest's
// folder), front or back, how many copies of it to order, the card it shows
// ("" for a shared back), the back a front goes with, and its size with
// bleed in pixels and millimetres.
func writePressManifest(w io.Writer, images []pressImage, size schema.Size) error {
	const b = PressBleed
	wmm, hmm := size.W.MM()+2*b, size.H.MM()+2*b
	px := func(mm float64) string { return strconv.Itoa(int(math.Round(mm * PressDPI / 25.4))) }
	mm := func(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }
	cw := csv.NewWriter(w)
	if err := cw.Write(pressManifestHeader); err != nil {
		return err
	}
	for _, im := range images {
		side := "front"
		if im.back {
			side = "back"
		}
		if err := cw.Write([]string{path.Base(im.path), side, strconv.Itoa(im.copies), im.card, baseOrEmpty(im.pairs),
			px(wmm), px(hmm), mm(wmm), mm(hmm), strconv.Itoa(PressDPI), mm(b)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// baseOrEmpty is the last element of a slash path, or "" for "".
func baseOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return path.Base(p)
}

// pressIndexLine tells, in the kit's index, where the manifest of a deck's
// press images is and how many copies of each image to order.
func pressIndexLine(p *schema.Pack, part deckPart) string {
	images := pressImages(p, part.deck, part.face, part.back)
	var faces, cards int
	var several, none []string
	backs := ""
	for _, im := range images {
		switch {
		case im.back && im.card == "":
			backs = fmt.Sprintf(" and 1 back shared by all (_back.png x%d)", im.copies)
		case im.back:
			backs = " and a back of its own for each"
		default:
			faces++
			cards += im.copies
			if im.copies > 1 {
				several = append(several, fmt.Sprintf("%s.png x%d", im.card, im.copies))
			} else if im.copies == 0 {
				none = append(none, im.card+".png")
			}
		}
	}
	line := fmt.Sprintf("%s lists the copies of each image to order, with its side, card, back and size with bleed in px and mm: %s for %s%s",
		pressManifestPath(part.deck), generator.Plural(faces, "face"), generator.Plural(cards, "card"), backs)
	if len(several) > 0 {
		line += "; faces of more than one copy: " + strings.Join(several, ", ")
	} else {
		line += "; one copy of each face"
	}
	if len(none) > 0 {
		line += "; not ordered (count 0): " + strings.Join(none, ", ")
	}
	return line
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
	r          renderer
	doc        *draw.PDF // nil: always draw directly
	deck       *schema.Deck
	face, back *schema.Template
	bleed      float64
	faces      map[*generator.CardData]*draw.PDFTemplate
	backs      map[*generator.CardData]*draw.PDFTemplate
	shared     *draw.PDFTemplate
	// guests draw the cards of the decks that print with this one
	// (printWith:; see newGangSideArt).
	guests map[*schema.Deck]*cardSideArt
}

func newCardSideArt(r renderer, doc *draw.PDF, d *schema.Deck, face, back *schema.Template, bleed float64) *cardSideArt {
	return &cardSideArt{r: r, doc: doc, deck: d, face: face, back: back, bleed: bleed,
		faces: map[*generator.CardData]*draw.PDFTemplate{}, backs: map[*generator.CardData]*draw.PDFTemplate{}}
}

// sharedBack reports whether every card has the same back.
func (a *cardSideArt) sharedBack() bool { return a.back != nil && !perCard(a.back) }

// data is what a side is drawn with: a shared back shows no card's fields.
func (a *cardSideArt) data(cd *generator.CardData, back bool) *generator.CardData {
	if back && a.sharedBack() {
		return &generator.CardData{Deck: a.deck, Card: &schema.Card{}}
	}
	return cd
}

// template returns the form XObject of a side gfPlaced more than once, or nil.
func (a *cardSideArt) template(cd *generator.CardData, back bool) *draw.PDFTemplate {
	if a.doc == nil {
		return nil
	}
	var cache map[*generator.CardData]*draw.PDFTemplate
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

func (a *cardSideArt) record(t *schema.Template, cd *generator.CardData) *draw.PDFTemplate {
	return recordCardArt(a.r, a.doc, t, cd, a.bleed)
}

// draw draws the front or back of a card with its trim at trim, clipped to
// the bleed, turned 180 degrees about the trim's centre when rotated.
func (a *cardSideArt) draw(c draw.Canvas, cd *generator.CardData, back bool, trim layout.Rect, rotated bool) {
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
	if pc, ok := c.(*draw.PDFCanvas); ok {
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
