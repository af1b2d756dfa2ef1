package deck

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// The press layout is what print-on-demand shops ask for: one card per page,
// the page exactly the trim plus a 1/8 in bleed, with TrimBox and BleedBox
// set so that their preflight finds the cut, and one 300 dpi PNG per face
// with the same bleed for shops that take images. The pages, images and
// manifest are generator/press's, as for every other piece; a deck draws
// its own pages for the cards of the decks that print with it and to place
// a card's copies as one form.

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
	const b = press.Bleed
	tw, th := size.W.MM(), size.H.MM()
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return 0, err
	}
	doc := press.NewPDF(r.Renderer, layoutDocTitle(p, d, "press"), opts, slices.ContainsFunc(parts, func(part deckPart) bool { return part.back != nil }))
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
	impose.Draw(press.Sink{Doc: doc}, plan, func(c draw.Canvas, pg impose.Page) {
		art.draw(c, copies[pg.Lo], pg.Side == impose.Back, trim, false)
	})
	if err := press.Write(w, doc); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// pressSet is a deck's press set: per card an item with its face and,
// where the deck has a back template, its back (the deck's shared back,
// _back.png, where the back shows no card fields). Cards of count 0 are
// items of no copies: their images are made, not ordered. face and back
// are at the deck's size.
func (r renderer) pressSet(p *schema.Pack, d *schema.Deck, face, back *schema.Template) press.Set {
	size, _ := face.TrimSize()
	side := func(t *schema.Template, cd *generator.CardData) generator.Side {
		return func(c draw.Canvas, b float64) {
			r.DrawCard(c, t, cd, layout.Sides{Top: b, Right: b, Bottom: b, Left: b})
		}
	}
	set := press.Set{Dir: press.DirOf(d.ID)}
	sharedBack := side(back, &generator.CardData{Deck: d, Card: &schema.Card{}})
	for _, c := range d.Cards {
		cd := generator.NewCardData(p, d, c)
		it := press.Item{Name: c.ID, Copies: max(c.Count, 0), W: size.W.MM(), H: size.H.MM(), Front: side(face, cd)}
		switch {
		case back == nil:
		case perCard(back):
			it.Back = side(back, cd)
		default:
			it.Back, it.SharedBack = sharedBack, "_back"
		}
		set.Items = append(set.Items, it)
	}
	return set
}

// pressPNGJobs renders the press images of a deck, one press.DPI PNG with
// press.Bleed each, and their manifest.
func (r renderer) pressPNGJobs(p *schema.Pack, d *schema.Deck, face, back *schema.Template) []generator.Job {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	return press.Jobs(r.Renderer, r.pressSet(p, d, face, back))
}

// pressIndexLine tells, in the kit's index, where the manifest of a deck's
// press images is and how many copies of each image to order.
func (r renderer) pressIndexLine(p *schema.Pack, part deckPart) string {
	set := r.pressSet(p, part.deck, part.face, part.back)
	images := set.Images()
	var faces, cards int
	var several, none []string
	backs := ""
	for _, im := range images {
		switch {
		case im.Back && im.Item == "":
			backs = fmt.Sprintf(" and 1 back shared by all (_back.png x%d)", im.Copies)
		case im.Back:
			backs = " and a back of its own for each"
		default:
			faces++
			cards += im.Copies
			if im.Copies > 1 {
				several = append(several, fmt.Sprintf("%s.png x%d", im.Item, im.Copies))
			} else if im.Copies == 0 {
				none = append(none, im.Item+".png")
			}
		}
	}
	line := fmt.Sprintf("%s lists the copies of each image to order, with its side, card, back and size with bleed in px and mm: %s for %s%s",
		set.ManifestPath(), generator.Plural(faces, "face"), generator.Plural(cards, "card"), backs)
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
