package generator

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// gutterfoldPack is a small generic deck: three cards, one with two copies,
// a face showing the card's name and a shared back.
func gutterfoldPack(t *testing.T) *schema.Pack {
	t.Helper()
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: gf\ntitle: Gutterfold test\nsystem: generic\ncomponents:\n  - {id: cards, name: Cards, expected: 4}\n")},
		// Templates of its own, so that the golden log follows the layout,
		// not changes to the built-in templates.
		"templates.yaml": {Data: []byte("kind: Templates\ntemplates:\n" +
			"  - id: gf-face\n    size: poker\n    background: \"#ffffff\"\n    boxes:\n" +
			"      - {id: name, field: name, x: 5mm, y: 5mm, w: 53.5mm, h: 8mm, font: bold, size: 12pt}\n" +
			"  - id: gf-back\n    size: poker\n    background: \"#223344\"\n    boxes:\n" +
			"      - {id: title, text: BACK, x: 5mm, y: 5mm, w: 53.5mm, h: 8mm, size: 12pt, color: \"#ffffff\"}\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ntemplate: gf-face\nback: gf-back\ncards:\n" +
			"  - {id: a, count: 2, name: Alpha, cost: 1, type: Item, text: First card.}\n" +
			"  - {id: b, name: Bravo, cost: 2, type: Event, text: Second card.}\n" +
			"  - {id: c, name: Charlie, cost: 3, type: Place, text: Third card.}\n")},
	}
	p, probs := schema.LoadPack(fsys, "gf")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

func gutterfoldTestOpts(paper string) PrintOptions {
	o := pressTestOpts(paper)
	o.Layout = LayoutGutterfold
	return o
}

func TestGutterfoldGolden(t *testing.T) {
	p := gutterfoldPack(t)
	r, _ := NewRenderer(false)
	for _, c := range []struct{ golden, size string }{
		{"gutterfold-letter.txt", "poker"},         // portrait, vertical fold
		{"gutterfold-bridge-letter.txt", "bridge"}, // portrait, horizontal fold: backs turned
	} {
		t.Run(c.golden, func(t *testing.T) {
			d, face, back := layoutDeck(t, p, "cards")
			size := schema.CardSizes[c.size]
			face, back = sized(face, size), sized(back, size)
			opts := gutterfoldTestOpts("letter")
			opts.CutLines = true
			g, err := layout.NewGutterfold(layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin,
				CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed})
			if err != nil {
				t.Fatal(err)
			}
			rec := &Recorder{}
			art := newCardSideArt(r, nil, d, face, back, opts.Bleed)
			copies := deckCards(d)
			for start, page := 0, 1; start < len(copies); start, page = start+g.PerPage(), page+1 {
				rec.log("page %d %.2fx%.2f", page, g.PageW, g.PageH)
				r.drawGutterfoldPage(rec, g, copies[start:min(start+g.PerPage(), len(copies))], art, opts)
			}
			checkGolden(t, c.golden, rec.String())
		})
	}
}

func TestGutterfoldPDF(t *testing.T) {
	p := loadRFYL(t)
	r, _ := NewRenderer(false)
	for _, paper := range []string{"letter", "a4"} {
		d, face, back := layoutDeck(t, p, "events")
		var a, b bytes.Buffer
		pages, err := r.WriteDeckGutterfold(&a, p, d, face, back, gutterfoldTestOpts(paper))
		if err != nil {
			t.Fatal(err)
		}
		// 72 events, two a page (poker on Letter or A4).
		if pages != 36 {
			t.Errorf("%s: %d pages, want 36", paper, pages)
		}
		boxes := layoutPageBoxes(t, a.Bytes())
		if len(boxes) != pages {
			t.Fatalf("%s: pdfcpu reads %d pages of %d", paper, len(boxes), pages)
		}
		pw, ph := layout.Papers[paper].W, layout.Papers[paper].H
		for i, bx := range boxes {
			if !boxNear(bx["MediaBox"], [4]float64{0, 0, pw, ph}) {
				t.Errorf("%s page %d: MediaBox %v", paper, i+1, bx["MediaBox"])
			}
			if _, ok := bx["TrimBox"]; !ok {
				t.Errorf("%s page %d: no TrimBox", paper, i+1)
			}
		}
		if _, err := r.WriteDeckGutterfold(&b, p, d, face, back, gutterfoldTestOpts(paper)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two writes differ", paper)
		}
	}
	// A landscape layout (bridge cards on A4: 2 x 2 fronts a page).
	d, face, back := layoutDeck(t, p, "blood")
	d = layoutFirstCards(d, 3)
	bridge := schema.CardSizes["bridge"]
	face, back = sized(face, bridge), sized(back, bridge)
	var buf bytes.Buffer
	pages, err := r.WriteDeckGutterfold(&buf, p, d, face, back, gutterfoldTestOpts("a4"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (d.Total() + 3) / 4; pages != want {
		t.Errorf("bridge on A4: %d pages for %d cards, want %d", pages, d.Total(), want)
	}
	for i, bx := range layoutPageBoxes(t, buf.Bytes()) {
		if !boxNear(bx["MediaBox"], [4]float64{0, 0, 297, 210}) {
			t.Errorf("bridge on A4, page %d: MediaBox %v, want landscape A4", i+1, bx["MediaBox"])
		}
	}
}

// gfAffine maps (x, y) to (a*x + c*y + e, b*x + d*y + f).
type gfAffine struct{ a, b, c, d, e, f float64 }

func (m gfAffine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// then is n applied after m... in the local frame: points go through n first.
func (m gfAffine) then(n gfAffine) gfAffine {
	return gfAffine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

// gfPlaced is a text or line drawn on a gfTrackCanvas, in page coordinates.
type gfPlaced struct {
	kind   string
	text   string
	x, y   float64 // text anchor, or line start
	x2, y2 float64 // line end
	clip   *layout.Rect
	font   FontStyle
	size   float64
}

// gfTrackCanvas follows the transformation and the outermost clip, recording
// where texts and lines land on the page.
type gfTrackCanvas struct {
	m     gfAffine
	clip  *layout.Rect
	stack []struct {
		m    gfAffine
		clip *layout.Rect
	}
	ops []gfPlaced
}

func newGfTrackCanvas() *gfTrackCanvas { return &gfTrackCanvas{m: gfAffine{a: 1, d: 1}} }

func (c *gfTrackCanvas) Rect(x, y, w, h, r float64, s Style) {
	c.Line(x, y, x+w, y, Black, 0)
	c.Line(x+w, y+h, x, y+h, Black, 0)
}
func (c *gfTrackCanvas) Ellipse(x, y, w, h float64, s Style) {}
func (c *gfTrackCanvas) Path(p *Path, col Color)             {}
func (c *gfTrackCanvas) Line(x1, y1, x2, y2 float64, col Color, width float64) {
	a, b := c.m.apply(x1, y1)
	e, f := c.m.apply(x2, y2)
	c.ops = append(c.ops, gfPlaced{kind: "line", x: a, y: b, x2: e, y2: f, clip: c.clip})
}
func (c *gfTrackCanvas) Text(x, y float64, s string, f FontStyle, size float64, col Color) {
	a, b := c.m.apply(x, y)
	c.ops = append(c.ops, gfPlaced{kind: "text", text: s, x: a, y: b, clip: c.clip, font: f, size: size})
}
func (c *gfTrackCanvas) Push() {
	c.stack = append(c.stack, struct {
		m    gfAffine
		clip *layout.Rect
	}{c.m, c.clip})
}
func (c *gfTrackCanvas) Pop() {
	n := len(c.stack)
	c.m, c.clip = c.stack[n-1].m, c.stack[n-1].clip
	c.stack = c.stack[:n-1]
}
func (c *gfTrackCanvas) Translate(dx, dy float64) { c.m = c.m.then(gfAffine{a: 1, d: 1, e: dx, f: dy}) }
func (c *gfTrackCanvas) Rotate(deg, cx, cy float64) {
	s, co := math.Sincos(deg * math.Pi / 180)
	// Clockwise on a y-down page, about (cx, cy).
	c.m = c.m.then(gfAffine{a: 1, d: 1, e: cx, f: cy}).then(gfAffine{a: co, b: s, c: -s, d: co}).then(gfAffine{a: 1, d: 1, e: -cx, f: -cy})
}
func (c *gfTrackCanvas) ClipRect(x, y, w, h float64) {
	if c.clip != nil {
		return
	}
	x0, y0 := c.m.apply(x, y)
	x1, y1 := c.m.apply(x+w, y+h)
	c.clip = &layout.Rect{X: math.Min(x0, x1), Y: math.Min(y0, y1), W: math.Abs(x1 - x0), H: math.Abs(y1 - y0)}
}

// gfFoldAndTurn is where a point printed on the page ends up, seen on the
// finished card: the sheet folded along the fold line (a mirror across it),
// then the card turned over left-right to look at it (a mirror about the
// vertical centre line of the front it lies on).
func gfFoldAndTurn(g layout.Gutterfold, front layout.Rect, x, y float64) (float64, float64) {
	if g.Fold == layout.FoldVertical {
		x = 2*g.FoldAt - x
	} else {
		y = 2*g.FoldAt - y
	}
	return 2*(front.X+front.W/2) - x, y
}

// TestGutterfoldFoldPutsEachBackBehindItsFront mirrors the page: every text
// of every back, folded over and turned like a card, must land where the
// same back drawn on its own at the front's trim would put it, the right
// way up. A back that is not mirrored, mirrored the wrong way or turned
// wrongly fails.
func TestGutterfoldFoldPutsEachBackBehindItsFront(t *testing.T) {
	p := loadRFYL(t)
	r, _ := NewRenderer(false)
	for _, c := range []struct {
		paper, size string
		fold        layout.Fold
	}{
		{"letter", "poker", layout.FoldVertical},
		{"a4", "poker", layout.FoldVertical},
		{"letter", "bridge", layout.FoldHorizontal},
		{"a4", "bridge", layout.FoldVertical},
	} {
		t.Run(c.paper+"-"+c.size, func(t *testing.T) {
			// Blood backs carry each card's countdown, rotated text included.
			d, face, back := layoutDeck(t, p, "blood")
			size := schema.CardSizes[c.size]
			face, back = sized(face, size), sized(back, size)
			opts := gutterfoldTestOpts(c.paper)
			g, err := layout.NewGutterfold(layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin,
				CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed})
			if err != nil {
				t.Fatal(err)
			}
			if g.Fold != c.fold {
				t.Fatalf("%s fold, want %s", g.Fold, c.fold)
			}
			copies := deckCards(d)
			copies = copies[len(copies)-g.PerPage():] // the cards with long countdowns
			tc := newGfTrackCanvas()
			r.drawGutterfoldPage(tc, g, copies, newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
			checked := 0
			for i, cd := range copies {
				front := g.Front(i)
				bt, _ := g.Back(i)
				// The back as it should look on the finished card.
				want := newGfTrackCanvas()
				want.Translate(front.X, front.Y)
				r.DrawCard(want, back, cd, layout.Sides{})
				var got []gfPlaced
				for _, op := range tc.ops {
					if op.kind == "text" && op.clip != nil && math.Abs(op.clip.X-(bt.X-opts.Bleed)) < 1e-6 && math.Abs(op.clip.Y-(bt.Y-opts.Bleed)) < 1e-6 {
						got = append(got, op)
					}
				}
				var wantTexts []gfPlaced
				for _, op := range want.ops {
					if op.kind == "text" {
						wantTexts = append(wantTexts, op)
					}
				}
				if len(got) == 0 || len(got) != len(wantTexts) {
					t.Fatalf("card %d: %d texts on the back slot, want %d", i, len(got), len(wantTexts))
				}
				for k, op := range got {
					x, y := gfFoldAndTurn(g, front, op.x, op.y)
					w := wantTexts[k]
					if op.text != w.text || math.Abs(x-w.x) > 0.001 || math.Abs(y-w.y) > 0.001 {
						t.Errorf("card %d: back text %q folded lands at (%.3f, %.3f), want %q at (%.3f, %.3f)", i, op.text, x, y, w.text, w.x, w.y)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatal("no back text checked")
			}
		})
	}
}

// TestGutterfoldNothingPrintsInTheMargin checks every line and text drawn
// outside the cards (marks, cut lines, the fold line and its labels, the
// instructions) against the margin, on full and partly filled pages.
func TestGutterfoldNothingPrintsInTheMargin(t *testing.T) {
	p := loadRFYL(t)
	for _, inkSaver := range []bool{false, true} {
		r, _ := NewRenderer(inkSaver)
		for _, paper := range []string{"letter", "a4"} {
			for _, size := range []string{"poker", "bridge", "mini"} {
				d, face, back := layoutDeck(t, p, "events")
				sz := schema.CardSizes[size]
				face, back = sized(face, sz), sized(back, sz)
				opts := gutterfoldTestOpts(paper)
				opts.CutLines = true
				g, err := layout.NewGutterfold(layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin,
					CardW: sz.W.MM(), CardH: sz.H.MM(), Bleed: opts.Bleed})
				if err != nil {
					t.Fatal(err)
				}
				copies := deckCards(d)
				for n := 1; n <= g.PerPage(); n++ {
					tc := newGfTrackCanvas()
					r.drawGutterfoldPage(tc, g, copies[:n], newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
					m := opts.Margin - 1e-6
					for _, op := range tc.ops {
						if op.clip != nil {
							continue // card art, with its bleed
						}
						x0, y0, x1, y1 := op.x, op.y, op.x2, op.y2
						if op.kind == "text" {
							x1 = op.x + r.Fonts.Width(op.text, op.font, op.size)
							y0, y1 = op.y-r.Fonts.Ascent(op.font, op.size), op.y+r.Fonts.Descent(op.font, op.size)
						}
						if min(x0, x1) < m || min(y0, y1) < m || max(x0, x1) > g.PageW-m || max(y0, y1) > g.PageH-m {
							t.Errorf("%s %s ink saver %v, %d cards: %s %q at (%.2f, %.2f)-(%.2f, %.2f) is inside the %.2fmm margin",
								paper, size, inkSaver, n, op.kind, op.text, x0, y0, x1, y1, opts.Margin)
						}
					}
				}
			}
		}
	}
}

func TestGutterfoldDrawsFoldLabelAndHint(t *testing.T) {
	p := gutterfoldPack(t)
	r, _ := NewRenderer(false)
	d, face, back := layoutDeck(t, p, "cards")
	for _, paper := range []string{"letter", "a4"} {
		opts := gutterfoldTestOpts(paper)
		g, _ := layout.NewGutterfold(layout.GutterfoldSpec{Paper: opts.Paper, Margin: opts.Margin, CardW: 63.5, CardH: 88.9, Bleed: opts.Bleed})
		rec := &Recorder{}
		r.drawGutterfoldPage(rec, g, deckCards(d)[:2], newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
		log := rec.String()
		if n := strings.Count(log, `"fold"`); n != 2 {
			t.Errorf("%s: %d fold labels, want 2", paper, n)
		}
		if !strings.Contains(log, `"Gutterfold:`) || !strings.Contains(log, "glue") {
			t.Errorf("%s: no instructions on the page", paper)
		}
		if !strings.Contains(log, `"100 mm"`) {
			t.Errorf("%s: no 100 mm scale bar on the page", paper)
		}
		// The dashes of the fold line lie on it.
		dashes := 0
		for _, l := range rec.Ops {
			var x1, y1, x2, y2 float64
			var col string
			if _, err := fmt.Sscanf(l, "line %f %f %f %f %s", &x1, &y1, &x2, &y2, &col); err == nil && strings.HasPrefix(col, gutterfoldFoldColor.Hex()) {
				if math.Abs(x1-g.FoldAt) > 0.01 || math.Abs(x2-g.FoldAt) > 0.01 {
					t.Errorf("%s: a fold dash off the fold: %s", paper, l)
				}
				dashes++
			}
		}
		if dashes < 50 {
			t.Errorf("%s: %d fold dashes", paper, dashes)
		}
	}
}
