package deck

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
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
	p, probs := schematest.LoadPack(fsys, "gf")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

func gutterfoldTestOpts(paper string) generator.PrintOptions {
	o := pressTestOpts(paper)
	o.Layout = generator.LayoutGutterfold
	return o
}

// gfLayout is the layout of a card size on a paper with the test options:
// NewGutterfold's when fold is nil, else the first with that fold and turn.
func gfLayout(t testing.TB, paper, size string, fold *layout.Fold, turned bool) layout.Gutterfold {
	t.Helper()
	opts := gutterfoldTestOpts(paper)
	spec := gutterfoldSpec(opts, schema.CardSizes[size])
	if fold == nil {
		g, err := layout.NewGutterfold(spec)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, g := range layout.GutterfoldLayouts(spec) {
		if g.Fold == *fold && g.Turned == turned {
			return g
		}
	}
	t.Fatalf("%s %s: no %s-fold layout with turned=%v", paper, size, *fold, turned)
	return layout.Gutterfold{}
}

func gfFold(f layout.Fold) *layout.Fold { return &f }

func TestGutterfoldGolden(t *testing.T) {
	p := gutterfoldPack(t)
	r, _ := newRenderer(false)
	for _, c := range []struct {
		golden, paper, size string
		fold                *layout.Fold
		turned              bool
	}{
		{"gutterfold-letter.txt", "letter", "poker", nil, false},         // 3 a page: portrait, horizontal fold, backs turned 180
		{"gutterfold-bridge-letter.txt", "letter", "bridge", nil, false}, // 4 a page: landscape, vertical fold
		// Turned cards: fronts 270, backs 90 across a vertical fold.
		{"gutterfold-turned-a4.txt", "a4", "poker", gfFold(layout.FoldVertical), true},
	} {
		t.Run(c.golden, func(t *testing.T) {
			d, face, back := layoutDeck(t, p, "cards")
			size := schema.CardSizes[c.size]
			face, back = sized(face, size), sized(back, size)
			opts := gutterfoldTestOpts(c.paper)
			opts.CutLines = true
			g := gfLayout(t, c.paper, c.size, c.fold, c.turned)
			rec := &draw.Recorder{}
			art := newCardSideArt(r, nil, d, face, back, opts.Bleed)
			copies := deckCards(p, d)
			for start, page := 0, 1; start < len(copies); start, page = start+g.PerPage(), page+1 {
				rec.Logf("page %d %.2fx%.2f", page, g.PageW, g.PageH)
				r.drawGutterfoldPage(rec, g, copies[start:min(start+g.PerPage(), len(copies))], art, opts)
			}
			golden.CheckNamed(t, c.golden, rec.String())
		})
	}
}

func TestGutterfoldPDF(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	for _, c := range []struct {
		paper  string
		pages  int
		pw, ph float64
	}{
		// 72 events: 3 a page on portrait Letter, 4 on landscape A4.
		{"letter", 24, 215.9, 279.4},
		{"a4", 18, 297, 210},
	} {
		d, face, back := layoutDeck(t, p, "events")
		var a, b bytes.Buffer
		pages, err := r.WriteDeckGutterfold(&a, p, d, face, back, gutterfoldTestOpts(c.paper))
		if err != nil {
			t.Fatal(err)
		}
		if pages != c.pages {
			t.Errorf("%s: %d pages, want %d", c.paper, pages, c.pages)
		}
		boxes := layoutPageBoxes(t, a.Bytes())
		if len(boxes) != pages {
			t.Fatalf("%s: pdfcpu reads %d pages of %d", c.paper, len(boxes), pages)
		}
		for i, bx := range boxes {
			if !boxNear(bx["MediaBox"], [4]float64{0, 0, c.pw, c.ph}) {
				t.Errorf("%s page %d: MediaBox %v", c.paper, i+1, bx["MediaBox"])
			}
			if _, ok := bx["TrimBox"]; !ok {
				t.Errorf("%s page %d: no TrimBox", c.paper, i+1)
			}
		}
		if _, err := r.WriteDeckGutterfold(&b, p, d, face, back, gutterfoldTestOpts(c.paper)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two writes differ", c.paper)
		}
	}
	// Bridge cards on A4 (landscape, 2 x 2 fronts a page), with backs that
	// carry each card's countdown.
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

// gfOnFinishedCard is where a point printed on the page at a back slot
// ends up on the finished card, in the card's own upright frame (origin
// at its top-left corner), seen from the back: the sheet folded along the
// fold line (a mirror across it) puts it behind the front; undoing the
// front's turn about its trim's centre gives the front's own frame; and
// turning the card over left to right mirrors that about the card's
// vertical centre line. dir says (x, y) is a direction, not a point.
func gfOnFinishedCard(g layout.Gutterfold, front layout.Slot, w, h, x, y float64, dir bool) (float64, float64) {
	fx, fy := 2*g.FoldAt-x, y
	if g.Fold == layout.FoldHorizontal {
		fx, fy = x, 2*g.FoldAt-y
	}
	if dir {
		if g.Fold == layout.FoldVertical {
			fx = -x
		} else {
			fy = -y
		}
	} else {
		fx -= front.Trim.X + front.Trim.W/2
		fy -= front.Trim.Y + front.Trim.H/2
	}
	s, c := math.Sincos(-front.Turn * math.Pi / 180)
	ux, uy := fx*c-fy*s, fx*s+fy*c
	if dir {
		return -ux, uy
	}
	return w/2 - ux, h/2 + uy
}

// TestGutterfoldFoldPutsEachBackBehindItsFront follows every text of every
// back through the fold: folded over, and the card turned over left to
// right, each must land where the back drawn on its own puts it, reading
// the same way, for upright and turned cards and both folds. A back that
// is not mirrored, mirrored the wrong way or turned wrongly fails.
func TestGutterfoldFoldPutsEachBackBehindItsFront(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	for _, c := range []struct {
		paper, size string
		fold        *layout.Fold
		turned      bool
	}{
		{"letter", "poker", nil, false}, // horizontal fold, upright
		{"a4", "poker", nil, false},     // vertical fold, upright
		{"a4", "poker", gfFold(layout.FoldVertical), true},
		{"a4", "poker", gfFold(layout.FoldHorizontal), true},
		{"letter", "bridge", gfFold(layout.FoldHorizontal), false},
		{"letter", "mini", gfFold(layout.FoldVertical), true},
	} {
		g := gfLayout(t, c.paper, c.size, c.fold, c.turned)
		t.Run(fmt.Sprintf("%s-%s-%s-turned=%v", c.paper, c.size, g.Fold, g.Turned), func(t *testing.T) {
			// Blood backs carry each card's countdown, rotated text included.
			d, face, back := layoutDeck(t, p, "blood")
			size := schema.CardSizes[c.size]
			face, back = sized(face, size), sized(back, size)
			opts := gutterfoldTestOpts(c.paper)
			copies := deckCards(p, d)
			copies = copies[len(copies)-g.PerPage():] // the cards with long countdowns
			tc := newGfTrackCanvas()
			r.drawGutterfoldPage(tc, g, copies, newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
			fronts, backs := g.Fronts(len(copies)), g.Backs(len(copies))
			checked := 0
			for i, cd := range copies {
				// The back as it should look on the finished card.
				want := newGfTrackCanvas()
				r.DrawCard(want, back, cd, layout.Sides{})
				art := backs[i].Art()
				var got []gfPlaced
				for _, op := range tc.ops {
					if op.kind == "text" && op.clip != nil && math.Abs(op.clip.X-art.X) < 1e-6 && math.Abs(op.clip.Y-art.Y) < 1e-6 {
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
					x, y := gfOnFinishedCard(g, fronts[i], size.W.MM(), size.H.MM(), op.x, op.y, false)
					dx, dy := gfOnFinishedCard(g, fronts[i], size.W.MM(), size.H.MM(), op.dx, op.dy, true)
					w := wantTexts[k]
					if op.text != w.text || math.Abs(x-w.x) > 0.001 || math.Abs(y-w.y) > 0.001 || math.Abs(dx-w.dx) > 1e-6 || math.Abs(dy-w.dy) > 1e-6 {
						t.Errorf("card %d: back text %q folded lands at (%.3f, %.3f) reading (%.2f, %.2f), want %q at (%.3f, %.3f) reading (%.2f, %.2f)",
							i, op.text, x, y, dx, dy, w.text, w.x, w.y, w.dx, w.dy)
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

// gfOverlaps reports whether two rectangles share some area.
func gfOverlaps(a, b layout.Rect) bool {
	const eps = 1e-6
	return a.X < b.Right()-eps && b.X < a.Right()-eps && a.Y < b.Bottom()-eps && b.Y < a.Bottom()-eps
}

// gfPageFills are the numbers of cards a page is tried with.
func gfPageFills(per int) []int {
	var ks []int
	for k := 1; k <= per; k++ {
		if k <= 2 || k >= per-1 {
			ks = append(ks, k)
		}
	}
	return ks
}

// TestGutterfoldNothingPrintsInTheMarginOrOnTrims checks every line and
// text drawn outside the cards (marks, cut lines, outlines, the fold line
// and its labels, the instructions, the scale bar) against the margin and
// the trims, for every card size on Letter and A4, on full and partly
// filled pages, with and without cut lines and ink saver.
func TestGutterfoldNothingPrintsInTheMarginOrOnTrims(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	for _, inkSaver := range []bool{false, true} {
		r, _ := newRenderer(inkSaver)
		for _, paper := range []string{"letter", "a4"} {
			for _, size := range []string{"poker", "bridge", "mini", "tarot"} {
				for _, cutLines := range []bool{false, true} {
					d, face, back := layoutDeck(t, p, "events")
					sz := schema.CardSizes[size]
					face, back = sized(face, sz), sized(back, sz)
					opts := gutterfoldTestOpts(paper)
					opts.CutLines = cutLines
					g := gfLayout(t, paper, size, nil, false)
					copies := deckCards(p, d)
					for _, n := range gfPageFills(g.PerPage()) {
						tc := newGfTrackCanvas()
						r.drawGutterfoldPage(tc, g, copies[:n], newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
						name := fmt.Sprintf("%s %s ink saver %v cut lines %v, %d cards", paper, size, inkSaver, cutLines, n)
						m := opts.Margin - 1e-6
						slots := g.Slots(n)
						drawn := 0
						for _, op := range tc.ops {
							if op.clip != nil {
								continue // card art, with its bleed
							}
							drawn++
							x0, y0, x1, y1 := op.x, op.y, op.x2, op.y2
							if op.kind == "text" {
								x1 = op.x + r.Fonts.Width(op.text, op.font, op.size)
								y0, y1 = op.y-r.Fonts.Ascent(op.font, op.size), op.y+r.Fonts.Descent(op.font, op.size)
							}
							if min(x0, x1) < m || min(y0, y1) < m || max(x0, x1) > g.PageW-m || max(y0, y1) > g.PageH-m {
								t.Errorf("%s: %s %q at (%.2f, %.2f)-(%.2f, %.2f) is inside the %.2fmm margin", name, op.kind, op.text, x0, y0, x1, y1, opts.Margin)
							}
							box := layout.Rect{X: min(x0, x1), Y: min(y0, y1), W: math.Abs(x1 - x0), H: math.Abs(y1 - y0)}
							for _, s := range slots {
								if gfOverlaps(box, s.Trim) || op.kind == "line" && box.W == 0 && box.X > s.Trim.X+1e-6 && box.X < s.Trim.Right()-1e-6 && box.Y < s.Trim.Bottom()-1e-6 && box.Bottom() > s.Trim.Y+1e-6 ||
									op.kind == "line" && box.H == 0 && box.Y > s.Trim.Y+1e-6 && box.Y < s.Trim.Bottom()-1e-6 && box.X < s.Trim.Right()-1e-6 && box.Right() > s.Trim.X+1e-6 {
									t.Errorf("%s: %s %q at (%.2f, %.2f)-(%.2f, %.2f) lies on the trim %+v", name, op.kind, op.text, x0, y0, x1, y1, s.Trim)
								}
							}
						}
						if drawn < 20 {
							t.Errorf("%s: only %d lines and texts besides the cards", name, drawn)
						}
					}
				}
			}
		}
	}
}

// TestGutterfoldLabelsKeepClear: the scale bar, the fold labels and the
// instructions lie inside the margin, off the cards' art and clear of
// every mark and of each other; the instructions keep off the fold line;
// and the fold line's dashes stop short of its labels.
func TestGutterfoldLabelsKeepClear(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	d, face, back := layoutDeck(t, p, "events")
	bars, hints, labels := 0, 0, 0
	for _, paper := range []string{"letter", "a4"} {
		for _, size := range []string{"poker", "bridge", "mini", "tarot"} {
			for _, cutLines := range []bool{false, true} {
				opts := gutterfoldTestOpts(paper)
				opts.CutLines = cutLines
				sz := schema.CardSizes[size]
				art := newCardSideArt(r, nil, d, sized(face, sz), sized(back, sz), opts.Bleed)
				g := gfLayout(t, paper, size, nil, false)
				for _, n := range gfPageFills(g.PerPage()) {
					name := fmt.Sprintf("%s %s cut lines %v, %d cards", paper, size, cutLines, n)
					pg := r.gutterfoldPageGeom(g, n, art, opts)
					var boxes []layout.Rect
					if pg.bar != nil {
						boxes = append(boxes, *pg.bar)
						bars++
					}
					if pg.hint != nil {
						h := pg.hintBox
						boxes = append(boxes, h)
						hints++
						if gfOverlaps(h, gutterfoldFoldBand(g, 0.25)) {
							t.Errorf("%s: instructions %+v across the fold line", name, h)
						}
					}
					for _, l := range pg.labels {
						boxes = append(boxes, r.gutterfoldLabelRect(g, l))
						labels++
						for _, dash := range pg.dashes {
							if dash[0] < l[1]+gutterfoldLabelGap-1e-6 && dash[1] > l[0]-gutterfoldLabelGap+1e-6 {
								t.Errorf("%s: fold line dashes %v run into the label at %v", name, dash, l)
							}
						}
					}
					if len(pg.labels) == 0 {
						t.Errorf("%s: no fold label", name)
					}
					area := g.Printable()
					for i, b := range boxes {
						if b.X < area.X-1e-6 || b.Y < area.Y-1e-6 || b.Right() > area.Right()+1e-6 || b.Bottom() > area.Bottom()+1e-6 {
							t.Errorf("%s: %+v leaves the printable area", name, b)
						}
						for _, s := range append(append([]layout.Slot{}, pg.fronts...), pg.backs...) {
							if gfOverlaps(b, s.Art()) {
								t.Errorf("%s: %+v over the art of a card %+v", name, b, s.Art())
							}
						}
						for _, m := range pg.marks {
							if gfOverlaps(b, m.InkRect()) {
								t.Errorf("%s: %+v over a %s mark %+v", name, b, m.Kind, m.InkRect())
							}
						}
						for _, o := range boxes[:i] {
							if gfOverlaps(b, o) {
								t.Errorf("%s: %+v and %+v overlap", name, b, o)
							}
						}
					}
				}
			}
		}
	}
	if bars == 0 || hints == 0 || labels == 0 {
		t.Errorf("%d scale bars, %d instructions, %d labels placed", bars, hints, labels)
	}
}

func TestGutterfoldDrawsFoldLabelAndHint(t *testing.T) {
	p := gutterfoldPack(t)
	r, _ := newRenderer(false)
	d, face, back := layoutDeck(t, p, "cards")
	for _, paper := range []string{"letter", "a4"} {
		opts := gutterfoldTestOpts(paper)
		g := gfLayout(t, paper, "poker", nil, false)
		rec := &draw.Recorder{}
		r.drawGutterfoldPage(rec, g, deckCards(p, d)[:2], newCardSideArt(r, nil, d, face, back, opts.Bleed), opts)
		log := rec.String()
		if n := strings.Count(log, `"fold"`); n < 1 {
			t.Errorf("%s: %d fold labels, want 1 or 2", paper, n)
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
				on := math.Abs(x1-g.FoldAt) <= 0.01 && math.Abs(x2-g.FoldAt) <= 0.01
				if g.Fold == layout.FoldHorizontal {
					on = math.Abs(y1-g.FoldAt) <= 0.01 && math.Abs(y2-g.FoldAt) <= 0.01
				}
				if !on {
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

// TestGutterfoldDeckWithoutBack: a deck with no back template prints its
// fronts and leaves the back slots blank, with their marks.
func TestGutterfoldDeckWithoutBack(t *testing.T) {
	p := gutterfoldPack(t)
	r, _ := newRenderer(false)
	d, face, _ := layoutDeck(t, p, "cards")
	opts := gutterfoldTestOpts("letter")
	g := gfLayout(t, "letter", "poker", nil, false)
	tc := newGfTrackCanvas()
	r.drawGutterfoldPage(tc, g, deckCards(p, d)[:3], newCardSideArt(r, nil, d, face, nil, opts.Bleed), opts)
	onArt := map[bool]int{}
	for _, op := range tc.ops {
		if op.clip == nil {
			continue
		}
		for _, s := range g.Fronts(3) {
			if *op.clip == s.Art() {
				onArt[false]++
			}
		}
		for _, s := range g.Backs(3) {
			if *op.clip == s.Art() {
				onArt[true]++
			}
		}
	}
	if onArt[false] == 0 || onArt[true] != 0 {
		t.Errorf("%d ops on the fronts, %d on the backs; want some, none", onArt[false], onArt[true])
	}
	marks := g.Marks(3, layout.MarkOptions{Crop: true}, true, false)
	for _, b := range g.Backs(3) {
		n := 0
		for _, m := range marks {
			if m.Kind == layout.EdgeMark && m.Ink == layout.InkDark && gfOverlaps(m.InkRect(), b.Trim.Inset(-1)) {
				n++
			}
		}
		if n != 8 {
			t.Errorf("blank back %+v has %d edge marks, want 8", b.Trim, n)
		}
	}
	var buf bytes.Buffer
	pages, err := r.WriteDeckGutterfold(&buf, p, d, face, nil, opts)
	if err != nil || pages != 2 {
		t.Errorf("%d pages, %v; want 2 (4 cards, 3 a page)", pages, err)
	}
}

// TestGutterfoldIndex: the kit's index says how many cards go on a page and
// how they lie.
func TestGutterfoldIndex(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	for _, c := range []struct{ paper, want string }{
		{"letter", "72 cards, 3 a page|portrait letter page folded horizontally: 3 x 1 cards upright, fronts above the fold line"},
		{"a4", "72 cards, 4 a page|landscape a4 page folded vertically: 2 x 2 cards upright, fronts left of the fold line"},
	} {
		d, _, _ := layoutDeck(t, p, "events")
		lines := indexDeck(r.Renderer, p, d, gutterfoldTestOpts(c.paper))
		got := strings.Join(lines, "\n")
		for _, w := range strings.Split(c.want, "|") {
			if !strings.Contains(got, w) {
				t.Errorf("%s: index %q lacks %q", c.paper, got, w)
			}
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
	dx, dy float64 // a text's baseline direction
	clip   *layout.Rect
	font   draw.FontStyle
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

func (c *gfTrackCanvas) Rect(x, y, w, h, r float64, s draw.Style) {
	c.Line(x, y, x+w, y, draw.Black, 0)
	c.Line(x+w, y+h, x, y+h, draw.Black, 0)
}
func (c *gfTrackCanvas) Ellipse(x, y, w, h float64, s draw.Style) {}
func (c *gfTrackCanvas) Path(p *draw.Path, col draw.Color)        {}
func (c *gfTrackCanvas) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {
	a, b := c.m.apply(x1, y1)
	e, f := c.m.apply(x2, y2)
	c.ops = append(c.ops, gfPlaced{kind: "line", x: a, y: b, x2: e, y2: f, clip: c.clip})
}
func (c *gfTrackCanvas) Text(x, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	a, b := c.m.apply(x, y)
	e, g := c.m.apply(x+1, y)
	c.ops = append(c.ops, gfPlaced{kind: "text", text: s, x: a, y: b, dx: e - a, dy: g - b, clip: c.clip, font: f, size: size})
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
