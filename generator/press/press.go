// Package press imposes printed pieces the way print-on-demand shops take
// them (the press layout): each piece of trim W x H on pages of its own,
// the page its trim plus Bleed on every side (MediaBox = BleedBox, TrimBox
// the trim), its front followed by its back; one DPI PNG with the same
// bleed per distinct side; and a manifest of the copies to order. Kinds
// supply the pieces (generator.Piece: their sides drawn by their own
// renderers, art carried into the bleed); decks impose their cards with
// the same pages, images and manifest (generator/deck).
package press

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
)

const (
	// Bleed is the bleed of press pages and images: 1/8 in on every side,
	// whatever print.bleed says. DriveThruCards, MakePlayingCards and The
	// Game Crafter all specify 1/8 in and check the exact page or pixel
	// size (825 x 1125 px for a poker card at 300 dpi), so a larger bleed
	// would be refused or rescaled, and a smaller one would show white on
	// a mis-cut.
	Bleed = 3.175
	// DPI is the resolution of press images.
	DPI = 300
	// MaxSide is the longest trim side, mm, that presses: 18 in, the
	// largest board print shops make in one piece (The Game Crafter's
	// 18 x 18 in board). A larger board stays tiled across pages, as the
	// sheet layout prints it.
	MaxSide = 457.0
)

// Item is one distinct printed piece of a set: its trim and sides, and the
// copies to order.
type Item struct {
	// Name is the stem of its images' file names in the set's folder:
	// Name.png for its front, Name_back.png for a back of its own. Ids
	// are lower-case letters, digits and hyphens, so no name can be
	// another's with "_back".
	Name string
	// Copies is how many to order; an item of 0 copies has its images
	// and its manifest line, and no pages.
	Copies int
	// Component is the component of the manifest it counts towards
	// (generator.Piece.Component).
	Component string
	// W and H are its trim, mm.
	W, H float64
	// Front draws the front; Back the back, nil for a one-sided item.
	Front, Back generator.Side
	// SharedBack, when set, is the name of a back that the items of the
	// set with the same SharedBack share (drawn by Back of the first of
	// them): one image, ordered once per copy of each.
	SharedBack string
}

// TwoSided reports whether the item has a back.
func (it Item) TwoSided() bool { return it.Back != nil }

// Set is the items of one element of a pack, with the folder of their
// images and manifest.
type Set struct {
	// Dir is the folder, relative to the kit: press/<element id>.
	Dir   string
	Items []Item
}

// DirOf is the folder of the press images of the element id.
func DirOf(id string) string { return "press/" + id }

// ManifestPath is where the set's manifest goes.
func (s Set) ManifestPath() string { return s.Dir + "/manifest.csv" }

// Fits reports whether every item of the set is at most MaxSide a side.
func (s Set) Fits() bool {
	return !slices.ContainsFunc(s.Items, func(it Item) bool { return max(it.W, it.H) > MaxSide })
}

// Pages is how many press pages the set prints: a page per copy of each
// side.
func (s Set) Pages() int {
	n := 0
	for _, it := range s.Items {
		sides := 1
		if it.TwoSided() {
			sides = 2
		}
		n += max(it.Copies, 0) * sides
	}
	return n
}

// ItemPages are the pages of each item of the set as WritePDF prints them,
// the set's first page being first: item i's are ItemPages[i][0] to
// ItemPages[i][1], none when the first is past the last (no copies).
func (s Set) ItemPages(first int) [][2]int {
	out := make([][2]int, len(s.Items))
	for i, it := range s.Items {
		n := Set{Items: []Item{it}}.Pages()
		out[i] = [2]int{first, first + n - 1}
		first += n
	}
	return out
}

// TwoSided reports whether an item of one of the sets has a back.
func TwoSided(sets ...Set) bool {
	for _, s := range sets {
		if slices.ContainsFunc(s.Items, Item.TwoSided) {
			return true
		}
	}
	return false
}

// FromPieces is the set of an element's pieces, in their order: a card,
// tile, token or figure is an item with its front and back (a deck's
// shared back is one image, "_back"); a die is six one-sided items, its
// faces' stickers <die>_1 to <die>_6, each ordered once per copy of the
// die. Pieces of no copies are left out.
func FromPieces(dir string, pieces []generator.Piece) (Set, error) {
	s := Set{Dir: dir}
	seen := map[string]bool{}
	add := func(it Item) error {
		if seen[it.Name] {
			return fmt.Errorf("two press images of %s are named %s.png", dir, it.Name)
		}
		seen[it.Name] = true
		s.Items = append(s.Items, it)
		return nil
	}
	for _, pc := range pieces {
		if pc.Copies <= 0 || len(pc.Sides) == 0 {
			continue
		}
		if pc.Kind == generator.PieceDie {
			for i, side := range pc.Sides {
				if err := add(Item{Name: fmt.Sprintf("%s_%d", pc.ID, i+1), Copies: pc.Copies, Component: pc.Component, W: pc.W, H: pc.H, Front: side}); err != nil {
					return Set{}, err
				}
			}
			continue
		}
		it := Item{Name: pc.ID, Copies: pc.Copies, Component: pc.Component, W: pc.W, H: pc.H, Front: pc.Sides[0]}
		if len(pc.Sides) > 1 {
			it.Back = pc.Sides[1]
			if pc.SharedBack {
				it.SharedBack = "_back"
			}
		}
		if err := add(it); err != nil {
			return Set{}, err
		}
	}
	return s, nil
}

// NewPDF starts a press PDF. Every press PDF of a kit is made by NewPDF
// and written by Write, so that what press files declare (their boxes,
// and settings for print shops) is set in one place. twoSided says
// whether any of its pages is a back: a PDF of fronts only asks for
// one-sided printing.
func NewPDF(r *generator.Renderer, title string, opts generator.PrintOptions, twoSided bool) *draw.PDF {
	// PDF/X-1a for the shops' preflight, when built in process colour
	// (--cmyk; Renderer.NewPDF ignores it otherwise).
	doc := r.NewPDF(draw.PDFInfo{Title: title, Created: opts.Created, PDFX: true})
	if !twoSided {
		doc.SetDuplex(layout.NoDuplex)
	}
	// fpdf makes a new 1 MB deflate writer for every page and form it
	// compresses: for a page per card side that is most of the time and
	// memory of the build (deck200: 175 ms, 500 MB allocated, against 31
	// ms and 21 MB). Piece drawings are short, so pages and forms stay
	// uncompressed (the file grows by about 1.7 times); fonts and images
	// are still compressed.
	doc.SetCompression(false)
	return doc
}

// Write writes a press PDF made by NewPDF, with the page boxes of every
// page in a fixed order.
func Write(w io.Writer, doc *draw.PDF) error {
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return err
	}
	_, err := w.Write(SortPageBoxes(buf.Bytes()))
	return err
}

// Sink adds press pages to a PDF: impose.Sink with w x h the trim.
type Sink struct{ Doc *draw.PDF }

// AddPage implements impose.Sink: a page of trim w x h with Bleed on
// every side, TrimBox and BleedBox set.
func (s Sink) AddPage(w, h float64) draw.Canvas { return s.Doc.AddPressPage(w, h, Bleed) }

// WritePDF writes the sets' items on press pages, set after set: for every
// copy of every item a page with its front and, for a two-sided item, the
// next with its back. A side printed more than once (an item of several
// copies, a shared back) is one form XObject placed on each of its pages.
// It returns the pages.
func WritePDF(w io.Writer, r *generator.Renderer, title string, opts generator.PrintOptions, sets ...Set) (int, error) {
	doc := NewPDF(r, title, opts, TwoSided(sets...))
	type ref struct {
		it   *Item
		dir  string
		back bool
	}
	var sides []ref
	var plan impose.Plan
	forms := map[string]*draw.PDFTemplate{} // by image name, for sides used more than once
	uses := map[string]int{}
	for si := range sets {
		for ii := range sets[si].Items {
			it := &sets[si].Items[ii]
			for range max(it.Copies, 0) {
				sides = append(sides, ref{it, sets[si].Dir, false})
				plan.Pages = append(plan.Pages, impose.Page{W: it.W, H: it.H, Lo: len(sides) - 1, Hi: len(sides)})
				uses[sets[si].Dir+"/"+it.Name]++
				if it.TwoSided() {
					sides = append(sides, ref{it, sets[si].Dir, true})
					plan.Pages = append(plan.Pages, impose.Page{W: it.W, H: it.H, Side: impose.Back, Lo: len(sides) - 1, Hi: len(sides), Front: len(plan.Pages)})
					uses[sets[si].Dir+"/"+backName(*it)]++
				}
			}
		}
	}
	impose.Draw(Sink{doc}, plan, func(c draw.Canvas, pg impose.Page) {
		s := sides[pg.Lo]
		side, name := s.it.Front, s.it.Name
		if s.back {
			side, name = s.it.Back, backName(*s.it)
		}
		key := s.dir + "/" + name // its image's path: one drawing
		pc, isPDF := c.(*draw.PDFCanvas)
		if !isPDF || uses[key] < 2 {
			drawSide(c, side, s.it.W, s.it.H)
			return
		}
		form, ok := forms[key]
		if !ok {
			form = doc.Template(s.it.W+2*Bleed, s.it.H+2*Bleed, func(c draw.Canvas) { drawSide(c, side, s.it.W, s.it.H) })
			forms[key] = form
		}
		pc.UseTemplate(form, 0, 0)
	})
	if err := Write(w, doc); err != nil {
		return 0, fmt.Errorf("%s: %w", title, err)
	}
	return doc.PageCount(), nil
}

// drawSide draws a side of trim w x h on a press page whose top-left
// corner is the bleed's: clipped to the bleed, the trim Bleed in.
func drawSide(c draw.Canvas, side generator.Side, w, h float64) {
	c.Push()
	c.ClipRect(0, 0, w+2*Bleed, h+2*Bleed)
	c.Translate(Bleed, Bleed)
	side(c, Bleed)
	c.Pop()
}

// backName is the stem of the image of an item's back.
func backName(it Item) string {
	if it.SharedBack != "" {
		return it.SharedBack
	}
	return it.Name + "_back"
}
