package deck

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// deckSlots collects where the stub card drawer put each card, per page.
type deckSlots struct {
	pages map[int][]layout.Slot
	sides map[int]bool
	ink   *rendertest.InkCanvas
}

func (d *deckSlots) drawer(rec *draw.Recorder) generator.CardDrawer {
	return func(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
		side := "front"
		if back {
			side = "back"
		}
		if rec != nil {
			rec.Logf("card %s %s trim %.2f %.2f %.2f %.2f bleed %.2f %.2f %.2f %.2f turn=%v", cd.Card.ID, side,
				s.Trim.X, s.Trim.Y, s.Trim.W, s.Trim.H, s.Bleed.Top, s.Bleed.Right, s.Bleed.Bottom, s.Bleed.Left, s.Turn)
		}
		if d.ink != nil {
			n := len(d.ink.Pages) - 1
			d.pages[n] = append(d.pages[n], s)
			d.sides[n] = back
		}
	}
}

// deckOf returns a deck of the bundled kit with its sides and copies.
func deckOf(t testing.TB, p *schema.Pack, id string) (*schema.Deck, *schema.Template, *schema.Template, []*generator.CardData) {
	t.Helper()
	for _, d := range p.Decks() {
		if d.ID != id {
			continue
		}
		faceID, backID := d.Sides()
		face, back, _, err := Sides(p, d, faceID, backID)
		if err != nil {
			t.Fatal(err)
		}
		return d, face, back, deckCards(p, d)
	}
	t.Fatalf("no deck %s", id)
	return nil, nil, nil, nil
}

func deckOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// TestDeckGolden records whole decks (the cards as placements, then the
// marks, scale bars and labels of every page): a mark, a bleed, the
// mirroring, the short-edge rotation or the back offset that moves shows
// here.
func TestDeckGolden(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r := newTestRenderer(t)
	cases := []struct {
		golden, paper string
		duplex        layout.Duplex
		r             renderer
		cutLines      bool
		crop          bool
	}{
		{"deck-letter-long.txt", "letter", layout.LongEdge, r, false, true},
		{"deck-a4-short-inksaver-gray.txt", "a4", layout.ShortEdge, renderer{r.WithOptions(true, true)}, true, true},
		{"deck-letter-none.txt", "letter", layout.NoDuplex, r, false, false},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			_, face, back, copies := deckOf(t, p, "blood")
			opts := deckOpts(c.paper, c.duplex)
			opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
			opts.CutLines, opts.CropMarks = c.cutLines, c.crop
			size, _ := face.TrimSize()
			g, err := deckGrid(opts, size)
			if err != nil {
				t.Fatal(err)
			}
			sink := &rendertest.PageLog{}
			ds := &deckSlots{}
			c.r.imposeDeck(sink, g, copies[:13], face, back, opts, ds.drawer(&sink.Rec))
			golden.CheckNamed(t, c.golden, sink.Rec.String())
		})
	}
}

// TestDeckPagesInsideMargin draws every deck of the kit in every variant
// and checks every page: nothing but the cards' art (bleed) inside the
// printer margin, nothing drawn over a trim but the card itself, every card
// drawn with its slot's bleed, and backs behind their fronts.
func TestDeckPagesInsideMargin(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	base := newTestRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		for _, duplex := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
			for _, inkSaver := range []bool{false, true} {
				for _, v := range []struct{ crop, cut bool }{{true, false}, {false, false}, {true, true}} {
					r := renderer{base.WithOptions(inkSaver, inkSaver)}
					for _, id := range []string{"events", "blood"} {
						name := fmt.Sprintf("%s %s %s ink-saver=%v crop=%v cut=%v", id, paper, duplex, inkSaver, v.crop, v.cut)
						_, face, back, copies := deckOf(t, p, id)
						opts := deckOpts(paper, duplex)
						opts.CropMarks, opts.CutLines = v.crop, v.cut
						size, _ := face.TrimSize()
						g, _ := deckGrid(opts, size)
						ink := rendertest.NewInkCanvas(r.Fonts)
						ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
						r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
						checkDeckPages(t, name, g, ink, ds)
					}
				}
			}
		}
	}
}

func checkDeckPages(t *testing.T, name string, g layout.Grid, ink *rendertest.InkCanvas, ds *deckSlots) {
	t.Helper()
	area := g.Printable()
	const eps = 0.005
	for i, ops := range ink.Pages {
		slots := ds.pages[i]
		if len(slots) == 0 {
			t.Errorf("%s page %d: no cards", name, i+1)
		}
		for _, op := range ops {
			b := op.Box
			if b.X < area.X-eps || b.Y < area.Y-eps || b.Right() > area.Right()+eps || b.Bottom() > area.Bottom()+eps {
				t.Errorf("%s page %d: %s %+v lies in the %.2fmm margin", name, i+1, op.What, b, g.Spec.Margin)
			}
			for k, s := range slots {
				tr := s.Trim
				if b.X < tr.Right()-eps && tr.X < b.Right()-eps && b.Y < tr.Bottom()-eps && tr.Y < b.Bottom()-eps {
					t.Errorf("%s page %d: %s %+v is over the trim of card %d", name, i+1, op.What, b, k)
				}
			}
		}
	}
}

// TestDeckDuplexNone: a deck whose backs carry information (Blood: the
// countdown) keeps them under --duplex none, on pages of their own after
// the fronts, unmirrored and labelled; a deck with a shared decorative back
// prints fronts only.
func TestDeckDuplexNone(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r := newTestRenderer(t)
	opts := deckOpts("letter", layout.NoDuplex)
	for _, c := range []struct {
		deck  string
		pages int
		backs bool
	}{{"blood", 10, true}, {"events", 8, false}} {
		_, face, back, copies := deckOf(t, p, c.deck)
		size, _ := face.TrimSize()
		g, _ := deckGrid(opts, size)
		ink := rendertest.NewInkCanvas(r.Fonts)
		ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
		r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
		if len(ink.Pages) != c.pages {
			t.Fatalf("%s: %d pages, want %d", c.deck, len(ink.Pages), c.pages)
		}
		if !c.backs {
			for i := range ink.Pages {
				if ds.sides[i] {
					t.Errorf("%s: page %d shows backs", c.deck, i+1)
				}
			}
			continue
		}
		sheets := c.pages / 2
		for k := 0; k < sheets; k++ {
			front, backs := ds.pages[k], ds.pages[sheets+k]
			if ds.sides[k] || !ds.sides[sheets+k] || len(front) != len(backs) {
				t.Fatalf("%s: sheet %d: page %d should be fronts, page %d its %d backs", c.deck, k+1, k+1, sheets+k+1, len(front))
			}
			for i := range front {
				if front[i].Trim != backs[i].Trim || backs[i].Turn != front[i].Turn {
					t.Errorf("%s sheet %d slot %d: back %+v, front %+v: want the same place", c.deck, k+1, i, backs[i], front[i])
				}
			}
			want := fmt.Sprintf("backs of sheet %d (page %d)", k+1, k+1)
			found := false
			for _, op := range ink.Pages[sheets+k] {
				found = found || strings.Contains(op.What, want)
			}
			if !found {
				t.Errorf("%s: page %d has no label %q", c.deck, sheets+k+1, want)
			}
		}
	}
}

// TestDeckScaleBar: a page with room gets the 100 mm bar (the partly filled
// last sheet of Blood), a full 9-up sheet has none.
func TestDeckScaleBar(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r := newTestRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		opts := deckOpts(paper, layout.LongEdge)
		_, face, back, copies := deckOf(t, p, "blood")
		size, _ := face.TrimSize()
		g, _ := deckGrid(opts, size)
		ink := rendertest.NewInkCanvas(r.Fonts)
		ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
		r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
		for i, ops := range ink.Pages {
			bars := 0
			for _, op := range ops {
				if strings.HasPrefix(op.What, "text 100 mm") {
					bars++
				}
			}
			full := len(ds.pages[i]) == g.PerPage()
			if full && bars != 0 || !full && bars != 1 {
				t.Errorf("%s page %d (%d cards): %d scale bars", paper, i+1, len(ds.pages[i]), bars)
			}
		}
	}
}

// TestIndexDeck: the kit index says where the cards butt and what happens to
// the backs.
func TestIndexDeck(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r := newTestRenderer(t)
	var blood *schema.Deck
	for _, d := range p.Decks() {
		if d.ID == "blood" {
			blood = d
		}
	}
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		want   []string
	}{
		{"letter", layout.LongEdge, []string{"9 a sheet", "except between rows", "rows butt", "flip on the long edge"}},
		{"a4", layout.ShortEdge, []string{"8 a sheet, turned sideways (2 x 4)", "bleed on every side of every card", "flip on the short edge"}},
		{"letter", layout.NoDuplex, []string{"backs carry information", "pages 6-10", "not mirrored"}},
	} {
		got := strings.Join(indexDeck(r.Renderer, p, blood, deckOpts(c.paper, c.duplex)), "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: index lacks %q:\n%s", c.paper, c.duplex, w, got)
			}
		}
	}
}

// TestDeckArtTurnsShortEdgeBacks: a back in a Rotated slot is drawn turned
// 180 degrees about its trim's centre, inside the clip of its art.
func TestDeckArtTurnsShortEdgeBacks(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r := newTestRenderer(t)
	d, face, back, copies := deckOf(t, p, "blood")
	a := &deckArt{r: r, deck: d, face: face, back: back, bleed: 3,
		faces: map[*generator.CardData]*draw.PDFTemplate{}, backs: map[*generator.CardData]*draw.PDFTemplate{}}
	g, _ := deckGrid(deckOpts("a4", layout.ShortEdge), schema.Size{W: *face.Width, H: *face.Height})
	for _, s := range []layout.Slot{g.BackSlots(4, layout.ShortEdge, layout.Point{})[3], g.BackSlots(4, layout.LongEdge, layout.Point{})[3]} {
		rec := &draw.Recorder{}
		a.draw(rec, copies[0], true, s)
		art := s.Art()
		want := []string{"push", fmt.Sprintf("clip %.2f %.2f %.2f %.2f", art.X, art.Y, art.W, art.H)}
		if s.Turn != 0 {
			want = append(want, fmt.Sprintf("rotate %g %.2f %.2f", s.Turn, s.Trim.X+s.Trim.W/2, s.Trim.Y+s.Trim.H/2))
		}
		card := generator.UprightTrim(s)
		want = append(want, fmt.Sprintf("translate %.2f %.2f", card.X, card.Y))
		if got := strings.Join(rec.Ops[:len(want)], "; "); got != strings.Join(want, "; ") {
			t.Errorf("turn=%v: begins %s, want %s", s.Turn, got, strings.Join(want, "; "))
		}
	}
}

func TestPreviewSheetsFoldAShortLastSheet(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "[[0 1]]"},
		{100, "[[0 100]]"},
		{101, "[[0 101]]"},
		{201, "[[0 100] [100 201]]"},
		{210, "[[0 100] [100 200] [200 210]]"},
	} {
		if got := fmt.Sprint(previewSheets(c.n)); got != c.want {
			t.Errorf("%d items: %s, want %s", c.n, got, c.want)
		}
	}
}
