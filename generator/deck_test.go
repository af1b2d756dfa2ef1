package generator

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// inkCanvas notes the page-space bounding box of everything drawn on it,
// through Push, Translate and Rotate, page by page.
type inkCanvas struct {
	fonts *draw.Fonts
	pages [][]inkOp
	m     [6]float64 // x' = m0 x + m2 y + m4, y' = m1 x + m3 y + m5
	stack [][6]float64
}

type inkOp struct {
	what string
	box  layout.Rect
	col  draw.Color
}

func newInkCanvas(f *draw.Fonts) *inkCanvas { return &inkCanvas{fonts: f} }

// AddPage implements pageSink.
func (c *inkCanvas) AddPage(w, h float64) draw.Canvas {
	c.pages = append(c.pages, nil)
	c.m, c.stack = [6]float64{1, 0, 0, 1, 0, 0}, nil
	return c
}

func (c *inkCanvas) apply(x, y float64) (float64, float64) {
	return c.m[0]*x + c.m[2]*y + c.m[4], c.m[1]*x + c.m[3]*y + c.m[5]
}

func (c *inkCanvas) note(what string, col draw.Color, x0, y0, x1, y1 float64) {
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := c.apply(p[0], p[1])
		bx0, by0, bx1, by1 = math.Min(bx0, x), math.Min(by0, y), math.Max(bx1, x), math.Max(by1, y)
	}
	n := len(c.pages) - 1
	c.pages[n] = append(c.pages[n], inkOp{what, layout.Rect{X: bx0, Y: by0, W: bx1 - bx0, H: by1 - by0}, col})
}

func (c *inkCanvas) Rect(x, y, w, h, r float64, s draw.Style) {
	d := s.Width / 2
	col := draw.White
	if s.Fill != nil {
		col = *s.Fill
	}
	if s.Stroke != nil {
		col = *s.Stroke
	}
	c.note("rect", col, x-d, y-d, x+w+d, y+h+d)
}
func (c *inkCanvas) Ellipse(x, y, w, h float64, s draw.Style) { c.Rect(x, y, w, h, 0, s) }
func (c *inkCanvas) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {
	d := width / 2
	switch {
	case y1 == y2:
		c.note("line", col, math.Min(x1, x2), y1-d, math.Max(x1, x2), y1+d)
	case x1 == x2:
		c.note("line", col, x1-d, math.Min(y1, y2), x1+d, math.Max(y1, y2))
	default:
		c.note("line", col, math.Min(x1, x2)-d, math.Min(y1, y2)-d, math.Max(x1, x2)+d, math.Max(y1, y2)+d)
	}
}
func (c *inkCanvas) Path(p *draw.Path, col draw.Color) {}
func (c *inkCanvas) Text(x, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	c.note("text "+s, col, x, y-c.fonts.Ascent(f, size), x+c.fonts.Width(s, f, size), y+c.fonts.Descent(f, size))
}
func (c *inkCanvas) Push() { c.stack = append(c.stack, c.m) }
func (c *inkCanvas) Pop() {
	if n := len(c.stack); n > 0 {
		c.m, c.stack = c.stack[n-1], c.stack[:n-1]
	}
}
func (c *inkCanvas) Translate(dx, dy float64) {
	c.m[4], c.m[5] = c.apply(dx, dy)
}
func (c *inkCanvas) Rotate(deg, cx, cy float64) {
	c.Translate(cx, cy)
	s, k := math.Sincos(deg * math.Pi / 180)
	m := c.m
	c.m[0], c.m[1] = m[0]*k+m[2]*s, m[1]*k+m[3]*s
	c.m[2], c.m[3] = -m[0]*s+m[2]*k, -m[1]*s+m[3]*k
	c.Translate(-cx, -cy)
}
func (c *inkCanvas) ClipRect(x, y, w, h float64) {}

// deckSlots collects where the stub card drawer put each card, per page.
type deckSlots struct {
	pages map[int][]layout.Slot
	sides map[int]bool
	ink   *inkCanvas
}

func (d *deckSlots) drawer(rec *draw.Recorder) cardDrawer {
	return func(c draw.Canvas, cd *CardData, back bool, s layout.Slot) {
		side := "front"
		if back {
			side = "back"
		}
		if rec != nil {
			rec.Logf("card %s %s trim %.2f %.2f %.2f %.2f bleed %.2f %.2f %.2f %.2f turn=%v", cd.Card.ID, side,
				s.Trim.X, s.Trim.Y, s.Trim.W, s.Trim.H, s.Bleed.Top, s.Bleed.Right, s.Bleed.Bottom, s.Bleed.Left, s.Turn)
		}
		if d.ink != nil {
			n := len(d.ink.pages) - 1
			d.pages[n] = append(d.pages[n], s)
			d.sides[n] = back
		}
	}
}

// deckOf returns a deck of the bundled kit with its sides and copies.
func deckOf(t testing.TB, p *schema.Pack, id string) (*schema.Deck, *schema.Template, *schema.Template, []*CardData) {
	t.Helper()
	for _, d := range p.Decks() {
		if d.ID != id {
			continue
		}
		faceID, backID := d.Sides()
		face, back, _, err := DeckSides(p, d, faceID, backID)
		if err != nil {
			t.Fatal(err)
		}
		return d, face, back, deckCards(p, d)
	}
	t.Fatalf("no deck %s", id)
	return nil, nil, nil, nil
}

func deckOpts(paper string, d layout.Duplex) PrintOptions {
	o := sheetOpts(paper, d)
	return o
}

// TestDeckGolden records whole decks (the cards as placements, then the
// marks, scale bars and labels of every page): a mark, a bleed, the
// mirroring, the short-edge rotation or the back offset that moves shows
// here.
func TestDeckGolden(t *testing.T) {
	p := loadRFYL(t)
	r := newTestRenderer(t)
	cases := []struct {
		golden, paper string
		duplex        layout.Duplex
		r             *Renderer
		cutLines      bool
		crop          bool
	}{
		{"deck-letter-long.txt", "letter", layout.LongEdge, r, false, true},
		{"deck-a4-short-inksaver-gray.txt", "a4", layout.ShortEdge, r.WithOptions(true, true), true, true},
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
			sink := &recordSink{}
			ds := &deckSlots{}
			c.r.imposeDeck(sink, g, copies[:13], face, back, opts, ds.drawer(&sink.rec))
			checkGolden(t, c.golden, sink.rec.String())
		})
	}
}

// TestDeckPagesInsideMargin draws every deck of the kit in every variant
// and checks every page: nothing but the cards' art (bleed) inside the
// printer margin, nothing drawn over a trim but the card itself, every card
// drawn with its slot's bleed, and backs behind their fronts.
func TestDeckPagesInsideMargin(t *testing.T) {
	p := loadRFYL(t)
	base := newTestRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		for _, duplex := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
			for _, inkSaver := range []bool{false, true} {
				for _, v := range []struct{ crop, cut bool }{{true, false}, {false, false}, {true, true}} {
					r := base.WithOptions(inkSaver, inkSaver)
					for _, id := range []string{"events", "blood"} {
						name := fmt.Sprintf("%s %s %s ink-saver=%v crop=%v cut=%v", id, paper, duplex, inkSaver, v.crop, v.cut)
						_, face, back, copies := deckOf(t, p, id)
						opts := deckOpts(paper, duplex)
						opts.CropMarks, opts.CutLines = v.crop, v.cut
						size, _ := face.TrimSize()
						g, _ := deckGrid(opts, size)
						ink := newInkCanvas(r.Fonts)
						ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
						r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
						checkDeckPages(t, name, g, ink, ds)
					}
				}
			}
		}
	}
}

func checkDeckPages(t *testing.T, name string, g layout.Grid, ink *inkCanvas, ds *deckSlots) {
	t.Helper()
	area := g.Printable()
	const eps = 0.005
	for i, ops := range ink.pages {
		slots := ds.pages[i]
		if len(slots) == 0 {
			t.Errorf("%s page %d: no cards", name, i+1)
		}
		for _, op := range ops {
			b := op.box
			if b.X < area.X-eps || b.Y < area.Y-eps || b.Right() > area.Right()+eps || b.Bottom() > area.Bottom()+eps {
				t.Errorf("%s page %d: %s %+v lies in the %.2fmm margin", name, i+1, op.what, b, g.Spec.Margin)
			}
			for k, s := range slots {
				tr := s.Trim
				if b.X < tr.Right()-eps && tr.X < b.Right()-eps && b.Y < tr.Bottom()-eps && tr.Y < b.Bottom()-eps {
					t.Errorf("%s page %d: %s %+v is over the trim of card %d", name, i+1, op.what, b, k)
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
	p := loadRFYL(t)
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
		ink := newInkCanvas(r.Fonts)
		ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
		r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
		if len(ink.pages) != c.pages {
			t.Fatalf("%s: %d pages, want %d", c.deck, len(ink.pages), c.pages)
		}
		if !c.backs {
			for i := range ink.pages {
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
			for _, op := range ink.pages[sheets+k] {
				found = found || strings.Contains(op.what, want)
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
	p := loadRFYL(t)
	r := newTestRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		opts := deckOpts(paper, layout.LongEdge)
		_, face, back, copies := deckOf(t, p, "blood")
		size, _ := face.TrimSize()
		g, _ := deckGrid(opts, size)
		ink := newInkCanvas(r.Fonts)
		ds := &deckSlots{pages: map[int][]layout.Slot{}, sides: map[int]bool{}, ink: ink}
		r.imposeDeck(ink, g, copies, face, back, opts, ds.drawer(nil))
		for i, ops := range ink.pages {
			bars := 0
			for _, op := range ops {
				if strings.HasPrefix(op.what, "text 100 mm") {
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
	p := loadRFYL(t)
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
		got := strings.Join(indexDeck(r, p, blood, deckOpts(c.paper, c.duplex)), "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: index lacks %q:\n%s", c.paper, c.duplex, w, got)
			}
		}
	}
}

// TestCalibrationSigns simulates a printer that shifts the back by e: the
// reading at C, added to the offset the sheet was printed with, is the
// offset that puts the scales of every target (and so every back) behind
// its front. A wrong sign, a wrong mirror or a label on the wrong side
// fails here.
func TestCalibrationSigns(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
			for _, o := range []layout.Point{{}, {X: 0.5, Y: -0.25}} {
				for _, e := range []layout.Point{{}, {X: 1.5, Y: 0}, {X: 0, Y: -2}, {X: -0.7, Y: 1.1}} {
					opts := deckOpts(paper, d)
					opts.BackOffset = o
					pw, ph := opts.Paper.W, opts.Paper.H
					// The pin goes through the paper: on the back page, a
					// long-edge flip mirrors x, a short-edge flip y.
					hole := func(p layout.Point) layout.Point {
						if d == layout.ShortEdge {
							return layout.Point{X: p.X, Y: ph - p.Y}
						}
						return layout.Point{X: pw - p.X, Y: p.Y}
					}
					var rx, ry float64
					for _, tg := range calibrationTargets(opts) {
						// The scales land shifted by the printer's error;
						// read the labels at the hole.
						h := hole(tg.Front)
						x, y := readScale(h.X-tg.Back.X-e.X), readScale(h.Y-tg.Back.Y-e.Y)
						if e == (layout.Point{}) && o == (layout.Point{}) && (x != 0 || y != 0) {
							t.Errorf("%s %s target %s: a perfect printer reads %g,%g", paper, d, tg.Name, x, y)
						}
						if tg.Name == "C" {
							rx, ry = x, y
						}
					}
					next := opts
					next.BackOffset = layout.Point{X: o.X + rx, Y: o.Y + ry}
					for _, tg := range calibrationTargets(next) {
						landed := layout.Point{X: tg.Back.X + e.X, Y: tg.Back.Y + e.Y}
						if h := hole(tg.Front); math.Abs(landed.X-h.X) > 1e-6 || math.Abs(landed.Y-h.Y) > 1e-6 {
							t.Errorf("%s %s offset %+v error %+v: read %g,%g at C; target %s's scales then land at %+v, not behind it at %+v",
								paper, d, o, e, rx, ry, tg.Name, landed, h)
						}
					}
				}
			}
		}
	}
}

// readScale reads a back scale k mm from its centre, as a user does:
// the labels of the millimetre ticks either side, interpolated.
func readScale(k float64) float64 {
	lo := math.Floor(k)
	var a, b float64
	fmt.Sscanf(calScaleLabel(int(lo)), "%g", &a)
	fmt.Sscanf(calScaleLabel(int(lo)+1), "%g", &b)
	return a + (k-lo)*(b-a)
}

// TestCalibrationPage: both pages inside the margin (with a back offset),
// grayscale grey, and the golden drawing.
func TestCalibrationPage(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		gray   bool
	}{{"letter", layout.LongEdge, false}, {"a4", layout.ShortEdge, true}, {"letter", layout.ShortEdge, true}, {"a4", layout.LongEdge, false}} {
		rr := r.WithOptions(false, c.gray)
		opts := deckOpts(c.paper, c.duplex)
		opts.BackOffset = layout.Point{X: 1.5, Y: -1}
		ink := newInkCanvas(rr.Fonts)
		rr.drawCalibration(ink, opts)
		if len(ink.pages) != 2 {
			t.Fatalf("%d pages", len(ink.pages))
		}
		area := layout.Printable(opts.Paper, opts.Margin)
		for i, ops := range ink.pages {
			bars := 0
			for _, op := range ops {
				b := op.box
				if b.X < area.X || b.Y < area.Y || b.Right() > area.Right() || b.Bottom() > area.Bottom() {
					t.Errorf("%s %s page %d: %s %+v in the margin", c.paper, c.duplex, i+1, op.what, b)
				}
				if c.gray && (op.col.R != op.col.G || op.col.G != op.col.B) {
					t.Errorf("%s %s page %d: %s in colour %s under grayscale", c.paper, c.duplex, i+1, op.what, op.col.Hex())
				}
				if op.what == "text 100 mm" {
					bars++
				}
			}
			if bars != 1 {
				t.Errorf("%s %s page %d: %d scale bars", c.paper, c.duplex, i+1, bars)
			}
		}
	}
	sink := &recordSink{}
	opts := deckOpts("letter", layout.LongEdge)
	opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
	r.drawCalibration(sink, opts)
	checkGolden(t, "calibration-letter-long.txt", sink.rec.String())
}

// TestDeckArtTurnsShortEdgeBacks: a back in a Rotated slot is drawn turned
// 180 degrees about its trim's centre, inside the clip of its art.
func TestDeckArtTurnsShortEdgeBacks(t *testing.T) {
	p := loadRFYL(t)
	r := newTestRenderer(t)
	d, face, back, copies := deckOf(t, p, "blood")
	a := &deckArt{r: r, deck: d, face: face, back: back, bleed: 3,
		faces: map[*CardData]*draw.PDFTemplate{}, backs: map[*CardData]*draw.PDFTemplate{}}
	g, _ := deckGrid(deckOpts("a4", layout.ShortEdge), schema.Size{W: *face.Width, H: *face.Height})
	for _, s := range []layout.Slot{g.BackSlots(4, layout.ShortEdge, layout.Point{})[3], g.BackSlots(4, layout.LongEdge, layout.Point{})[3]} {
		rec := &draw.Recorder{}
		a.draw(rec, copies[0], true, s)
		art := s.Art()
		want := []string{"push", fmt.Sprintf("clip %.2f %.2f %.2f %.2f", art.X, art.Y, art.W, art.H)}
		if s.Turn != 0 {
			want = append(want, fmt.Sprintf("rotate %g %.2f %.2f", s.Turn, s.Trim.X+s.Trim.W/2, s.Trim.Y+s.Trim.H/2))
		}
		card := uprightTrim(s)
		want = append(want, fmt.Sprintf("translate %.2f %.2f", card.X, card.Y))
		if got := strings.Join(rec.Ops[:len(want)], "; "); got != strings.Join(want, "; ") {
			t.Errorf("turn=%v: begins %s, want %s", s.Turn, got, strings.Join(want, "; "))
		}
	}
}
