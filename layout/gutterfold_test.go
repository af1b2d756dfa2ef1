package layout

import (
	"fmt"
	"math"
	"testing"
)

// gutterfoldCases are the card sizes, papers, bleeds and margins the
// gutterfold geometry is checked on.
func gutterfoldCases() []GutterfoldSpec {
	var specs []GutterfoldSpec
	sizes := [][2]float64{{63.5, 88.9}, {57.2, 88.9}, {44, 67}, {70, 120}, {70, 70}, {88.9, 63.5}, {25, 25}}
	for _, paper := range []string{"letter", "a4"} {
		for _, s := range sizes {
			for _, bleed := range []float64{0, DefaultBleed, 3.175, 5} {
				for _, margin := range []float64{DefaultMargin, 4, 12} {
					specs = append(specs, GutterfoldSpec{Paper: Papers[paper], Margin: margin, CardW: s[0], CardH: s[1], Bleed: bleed})
				}
			}
		}
	}
	return specs
}

// gutterfoldCaseLayouts are every layout (upright and turned, both page
// orientations, both folds) of every case.
func gutterfoldCaseLayouts() []Gutterfold {
	var out []Gutterfold
	for _, s := range gutterfoldCases() {
		out = append(out, GutterfoldLayouts(s)...)
	}
	return out
}

// gfStandard are the named card sizes with the default bleed and margin.
var gfStandard = []struct {
	name string
	w, h float64
}{{"poker", 63.5, 88.9}, {"bridge", 57.2, 88.9}, {"mini", 44, 67}, {"tarot", 70, 120}}

func gfSpec(paper string, w, h float64) GutterfoldSpec {
	return GutterfoldSpec{Paper: Papers[paper], Margin: DefaultMargin, CardW: w, CardH: h, Bleed: DefaultBleed}
}

func gfName(g Gutterfold) string {
	s := g.Spec
	return fmt.Sprintf("%s %gx%g bleed %g margin %g (%s, %s fold, turned %v, %dx%d)", s.Paper.Name, s.CardW, s.CardH, s.Bleed, s.Margin,
		map[bool]string{false: "portrait", true: "landscape"}[g.Landscape()], g.Fold, g.Turned, g.Cols, g.Rows)
}

// TestGutterfoldPokerCounts: 3 poker cards a page on Letter, 4 on A4, placed
// as the arithmetic in NewGutterfold's comment says.
func TestGutterfoldPokerCounts(t *testing.T) {
	cases := []struct {
		paper      string
		per        int
		cols, rows int
		fold       Fold
		landscape  bool
		// The first front's trim, and the fold.
		x, y, foldAt float64
	}{
		// 3 x 63.5 + 2 x 6 = 202.5 centred on 215.9; the row's bottom 8 mm
		// above the fold at 139.7.
		{"letter", 3, 3, 1, FoldHorizontal, false, (215.9 - 202.5) / 2, 139.7 - 8 - 88.9, 139.7},
		// 2 x 2 left of the fold at 148.5: 2 x 63.5 + 6 + 8 = 141; 2 x
		// 88.9 + 6 = 183.8 centred on 210.
		{"a4", 4, 2, 2, FoldVertical, true, 148.5 - 141, (210 - 183.8) / 2, 148.5},
	}
	for _, c := range cases {
		g, err := NewGutterfold(gfSpec(c.paper, 63.5, 88.9))
		if err != nil {
			t.Fatal(err)
		}
		if g.PerPage() != c.per || g.Cols != c.cols || g.Rows != c.rows || g.Fold != c.fold || g.Landscape() != c.landscape || g.Turned {
			t.Errorf("%s: %s; want %d (%dx%d), %s fold, landscape %v, upright", c.paper, gfName(g), c.per, c.cols, c.rows, c.fold, c.landscape)
		}
		f := g.Front(0)
		if math.Abs(f.X-c.x) > 1e-9 || math.Abs(f.Y-c.y) > 1e-9 || math.Abs(g.FoldAt-c.foldAt) > 1e-9 || f.W != 63.5 || f.H != 88.9 {
			t.Errorf("%s: front 0 at %+v, fold at %g; want (%g, %g), fold at %g", c.paper, f, g.FoldAt, c.x, c.y, c.foldAt)
		}
		if g.GutterX != 6 || g.GutterY != 6 || math.Abs(g.FoldGap-16) > 1e-9 {
			t.Errorf("%s: gutters %g, %g, fold gap %g; want 6, 6, 16", c.paper, g.GutterX, g.GutterY, g.FoldGap)
		}
	}
}

func TestGutterfoldDensity(t *testing.T) {
	cases := []struct {
		paper      string
		w, h       float64
		per        int
		fold       Fold
		landscape  bool
		cols, rows int
	}{
		{"letter", 63.5, 88.9, 3, FoldHorizontal, false, 3, 1},
		{"a4", 63.5, 88.9, 4, FoldVertical, true, 2, 2},
		{"letter", 57.2, 88.9, 4, FoldVertical, true, 2, 2},
		{"a4", 57.2, 88.9, 4, FoldVertical, true, 2, 2},
		{"letter", 44, 67, 5, FoldHorizontal, true, 5, 1},
		{"a4", 44, 67, 5, FoldHorizontal, true, 5, 1},
		{"letter", 70, 120, 2, FoldVertical, false, 1, 2},
		{"a4", 70, 120, 2, FoldVertical, false, 1, 2},
		{"letter", 63.5, 63.5, 3, FoldVertical, false, 1, 3},
		// A card laid out landscape: the same as poker.
		{"letter", 88.9, 63.5, 3, FoldVertical, false, 1, 3},
	}
	for _, c := range cases {
		g, err := NewGutterfold(gfSpec(c.paper, c.w, c.h))
		if err != nil {
			t.Fatal(err)
		}
		if g.PerPage() != c.per || g.Fold != c.fold || g.Landscape() != c.landscape || g.Cols != c.cols || g.Rows != c.rows || g.Turned {
			t.Errorf("%s %gx%g: %s; want %d (%dx%d), %s fold, landscape %v, upright",
				c.paper, c.w, c.h, gfName(g), c.per, c.cols, c.rows, c.fold, c.landscape)
		}
	}
	if _, err := NewGutterfold(GutterfoldSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 140, CardH: 200, Bleed: 3}); err == nil {
		t.Error("a card too large for a gutterfold page gave no error")
	}
}

// TestGutterfoldChoosesDensestAndBreaksTies: NewGutterfold holds as many
// cards as the best of all layouts, and among those it prefers upright
// cards, then a portrait page, then a vertical fold. A turned layout always
// has an upright twin on the other page orientation (the same sheet turned
// a quarter), so it never wins.
func TestGutterfoldChoosesDensestAndBreaksTies(t *testing.T) {
	rank := func(g Gutterfold) int {
		r := 0
		if g.Turned {
			r += 4
		}
		if g.Landscape() {
			r += 2
		}
		if g.Fold == FoldHorizontal {
			r++
		}
		return r
	}
	for _, s := range gutterfoldCases() {
		all := GutterfoldLayouts(s)
		g, err := NewGutterfold(s)
		if len(all) == 0 {
			if err == nil {
				t.Errorf("%+v: no layout, yet no error", s)
			}
			continue
		}
		for _, o := range all {
			if o.PerPage() > g.PerPage() || o.PerPage() == g.PerPage() && rank(o) < rank(g) {
				t.Errorf("%s chosen over %s", gfName(g), gfName(o))
			}
			if !o.Turned {
				continue
			}
			twin := false
			for _, u := range all {
				twin = twin || !u.Turned && u.Landscape() != o.Landscape() && u.Fold != o.Fold && u.PerPage() == o.PerPage()
			}
			if !twin {
				t.Errorf("%s has no upright twin", gfName(o))
			}
		}
	}
}

// gfMirror is a point reflected across the fold line: where folding the
// sheet puts it.
func gfMirror(g Gutterfold, p Point) Point {
	if g.Fold == FoldVertical {
		return Point{2*g.FoldAt - p.X, p.Y}
	}
	return Point{p.X, 2*g.FoldAt - p.Y}
}

func TestGutterfoldBackIsFrontMirroredAcrossFold(t *testing.T) {
	for _, g := range gutterfoldCaseLayouts() {
		fronts, backs := g.Fronts(g.PerPage()), g.Backs(g.PerPage())
		if len(fronts) != g.PerPage() || len(backs) != g.PerPage() {
			t.Fatalf("%s: %d fronts, %d backs", gfName(g), len(fronts), len(backs))
		}
		for i := range fronts {
			f, b := fronts[i].Trim, backs[i].Trim
			p, q := gfMirror(g, Point{f.X, f.Y}), gfMirror(g, Point{f.Right(), f.Bottom()})
			m := Rect{math.Min(p.X, q.X), math.Min(p.Y, q.Y), math.Abs(q.X - p.X), math.Abs(q.Y - p.Y)}
			if math.Abs(m.X-b.X) > 1e-9 || math.Abs(m.Y-b.Y) > 1e-9 || math.Abs(m.W-b.W) > 1e-9 || math.Abs(m.H-b.H) > 1e-9 {
				t.Errorf("%s slot %d: back %+v, front mirrored across the fold %+v", gfName(g), i, b, m)
			}
			// Fronts and backs are on opposite sides of the fold: fronts
			// left of or above it.
			fs, bs := f.X+f.W/2-g.FoldAt, b.X+b.W/2-g.FoldAt
			if g.Fold == FoldHorizontal {
				fs, bs = f.Y+f.H/2-g.FoldAt, b.Y+b.H/2-g.FoldAt
			}
			if fs >= 0 || bs <= 0 {
				t.Errorf("%s slot %d: front and back on the wrong sides of the fold", gfName(g), i)
			}
			if fronts[i].Quarter() != g.Turned || backs[i].Quarter() != g.Turned || fronts[i].Index != i || backs[i].Index != i {
				t.Errorf("%s slot %d: front %+v, back %+v", gfName(g), i, fronts[i], backs[i])
			}
			// The trim on the page is the card's, turned or not.
			w, h := g.Spec.CardW, g.Spec.CardH
			if g.Turned {
				w, h = h, w
			}
			if f.W != w || f.H != h {
				t.Errorf("%s slot %d: trim %gx%g", gfName(g), i, f.W, f.H)
			}
		}
	}
}

// TestGutterfoldBacksStandBehindTheirFronts follows points of a card
// through the fold, as TestBacksStandLikeTheirFronts does through a duplex
// flip: a point q of the back, as read when the card is turned over left to
// right, lies behind the point (-q.x, q.y) of the front. Drawing the front
// by its slot, folding the sheet (a mirror across the fold line) and
// drawing the back by its back slot must put the two at the same place of
// the paper, for upright and turned cards and both folds. A wrong turn, a
// missing mirror or a wrong sign moves a corner and fails.
func TestGutterfoldBacksStandBehindTheirFronts(t *testing.T) {
	seen := map[[2]int]bool{}
	for _, paper := range []string{"letter", "a4"} {
		for _, size := range gfStandard {
			for _, g := range GutterfoldLayouts(gfSpec(paper, size.w, size.h)) {
				seen[[2]int{int(g.Fold), map[bool]int{false: 0, true: 1}[g.Turned]}] = true
				w, h := size.w, size.h // the card, upright
				fronts, backs := g.Fronts(g.PerPage()), g.Backs(g.PerPage())
				for i := range fronts {
					f, b := fronts[i], backs[i]
					fc := Point{f.Trim.X + f.Trim.W/2, f.Trim.Y + f.Trim.H/2}
					bc := Point{b.Trim.X + b.Trim.W/2, b.Trim.Y + b.Trim.H/2}
					for _, q := range []Point{{-w / 2, -h / 2}, {w / 2, -h / 2}, {-w / 2, h / 2}, {w/2 - 10, h/2 - 3}} {
						fp := turnPoint(Point{-q.X, q.Y}, f.Turn)
						behind := gfMirror(g, Point{fc.X + fp.X, fc.Y + fp.Y})
						bp := turnPoint(q, b.Turn)
						onBack := Point{bc.X + bp.X, bc.Y + bp.Y}
						if !near(onBack.X, behind.X) || !near(onBack.Y, behind.Y) {
							t.Errorf("%s slot %d: back point %v drawn at %v, behind its front at %v", gfName(g), i, q, onBack, behind)
						}
					}
				}
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("checked fold and turn combinations %v, want all 4", seen)
	}
}

// TestGutterfoldGeometry: every card, front and back, has the full bleed
// on every side, on the paper; neighbours on one half are at least twice
// the bleed apart; every trim lies inside the margin with room for its
// edge marks; and the fold line keeps at least 5 mm from every bleed.
func TestGutterfoldGeometry(t *testing.T) {
	n := 0
	for _, g := range gutterfoldCaseLayouts() {
		n++
		s := g.Spec
		b := math.Max(s.Bleed, 0)
		p := g.Printable()
		paper := Rect{0, 0, g.PageW, g.PageH}
		slots := g.Slots(g.PerPage())
		for i, sl := range slots {
			if sl.Bleed != (Sides{b, b, b, b}) {
				t.Errorf("%s slot %d: bleed %+v, want %g all round", gfName(g), i, sl.Bleed, b)
			}
			if !markWithin(sl.Art(), paper) {
				t.Errorf("%s slot %d: art %+v leaves the paper", gfName(g), i, sl.Art())
			}
			if !markWithin(sl.Trim.Inset(-trimRoom), p) {
				t.Errorf("%s slot %d: trim %+v is not %gmm inside the printable area %+v", gfName(g), i, sl.Trim, trimRoom, p)
			}
			art := sl.Art()
			d := math.Max(art.X-g.FoldAt, g.FoldAt-art.Right())
			if g.Fold == FoldHorizontal {
				d = math.Max(art.Y-g.FoldAt, g.FoldAt-art.Bottom())
			}
			// The print conventions ask for 5mm, whatever the constant says.
			if d < 5-1e-9 {
				t.Errorf("%s slot %d: fold %.3fmm from the bleed, want at least 5", gfName(g), i, d)
			}
			for j, o := range slots {
				if j != i && markOverlaps(art, o.Art()) {
					t.Errorf("%s: the art of slots %d and %d overlap: %+v, %+v", gfName(g), i, j, art, o.Art())
				}
			}
		}
		if fl := g.FoldLine(); !markWithin(Rect{fl.X1, fl.Y1, fl.X2 - fl.X1, fl.Y2 - fl.Y1}, p) {
			t.Errorf("%s: fold line %+v leaves the printable area", gfName(g), fl)
		}
	}
	if n < 200 {
		t.Fatalf("only %d layouts checked", n)
	}
}

// gfMarkOpts are the mark options the tests try.
var gfMarkOpts = []struct {
	o              MarkOptions
	fronts, backs  bool
	name           string
	wantEdgeMarks  bool
	wantCropMarks  bool
	wantCutLines   bool
	wantTrimOutlns bool
}{
	{MarkOptions{Crop: true}, false, false, "crop", true, true, false, false},
	{MarkOptions{Crop: true, CutLines: true}, true, false, "crop, cut lines, white fronts", true, true, true, true},
	{MarkOptions{CutLines: true}, true, true, "cut lines, white cards", false, false, true, true},
}

// gfPageFills are the numbers of cards a page is tried with: one, a full
// row and a card, all but one, all.
func gfPageFills(g Gutterfold) []int {
	var ks []int
	for _, k := range []int{1, g.Cols + 1, g.PerPage() - 1, g.PerPage()} {
		if k >= 1 && k <= g.PerPage() && (len(ks) == 0 || k > ks[len(ks)-1]) {
			ks = append(ks, k)
		}
	}
	return ks
}

// TestGutterfoldMarksInsideMarginAndOffTrims: on every layout and page
// (full or not), every mark, cut line and outline lies inside the printable
// area, on no trim, and FoldMarkGap clear of the fold line.
func TestGutterfoldMarksInsideMarginAndOffTrims(t *testing.T) {
	for _, g := range gutterfoldCaseLayouts() {
		p := g.Printable()
		for _, k := range gfPageFills(g) {
			slots := g.Slots(k)
			for _, mo := range gfMarkOpts {
				for _, m := range g.Marks(k, mo.o, mo.fronts, mo.backs) {
					r := m.InkRect()
					if !markWithin(r, p) {
						t.Errorf("%s, %d cards, %s: %s mark %+v leaves the printable area %+v", gfName(g), k, mo.name, m.Kind, r, p)
					}
					for _, s := range slots {
						if markOverlaps(r, s.Trim) {
							t.Errorf("%s, %d cards, %s: %s mark %+v over the trim %+v", gfName(g), k, mo.name, m.Kind, r, s.Trim)
						}
					}
					a0, a1 := r.X, r.Right()
					if g.Fold == FoldHorizontal {
						a0, a1 = r.Y, r.Bottom()
					}
					if a1 > g.FoldAt-FoldMarkGap+1e-9 && a0 < g.FoldAt+FoldMarkGap-1e-9 {
						t.Errorf("%s, %d cards, %s: %s mark %+v within %gmm of the fold", gfName(g), k, mo.name, m.Kind, r, FoldMarkGap)
					}
				}
			}
		}
	}
}

// gfHasEdgeMark reports whether a dark edge mark hugs the edge of trim
// (side 0 top, 1 right, 2 bottom, 3 left) on its waste side at the end
// nearer to at.
func gfHasEdgeMark(marks []Mark, tr Rect, side int, at float64) bool {
	for _, m := range marks {
		if m.Kind != EdgeMark || m.Ink != InkDark {
			continue
		}
		r := m.InkRect()
		switch side {
		case 0, 2:
			y := tr.Y - m.Width
			if side == 2 {
				y = tr.Bottom()
			}
			if !m.Vertical() && near(r.Y, y) && r.X <= at+1e-6 && r.Right() >= at-1e-6 && r.X >= tr.X-1e-6 && r.Right() <= tr.Right()+1e-6 {
				return true
			}
		default:
			x := tr.Right()
			if side == 3 {
				x = tr.X - m.Width
			}
			if m.Vertical() && near(r.X, x) && r.Y <= at+1e-6 && r.Bottom() >= at-1e-6 && r.Y >= tr.Y-1e-6 && r.Bottom() <= tr.Bottom()+1e-6 {
				return true
			}
		}
	}
	return false
}

// TestGutterfoldMarksGuideEveryCut: with the standard card sizes, bleed and
// margin, on Letter and A4, full pages and not, with and without cut lines,
// every trim edge of every front and back has an edge mark at both ends
// (so every trim corner shows), and every trim edge line has crop marks on
// the waste beyond both ends of the card where that waste is long enough
// for one (the gutters, the fold gap, the paper to the margin).
func TestGutterfoldMarksGuideEveryCut(t *testing.T) {
	probes := 0
	for _, paper := range []string{"letter", "a4"} {
		for _, size := range gfStandard {
			for _, g := range GutterfoldLayouts(gfSpec(paper, size.w, size.h)) {
				p := g.Printable()
				for k := 1; k <= g.PerPage(); k++ {
					slots := g.Slots(k)
					for _, mo := range gfMarkOpts {
						marks := g.Marks(k, mo.o, mo.fronts, mo.backs)
						kinds := map[MarkKind]int{}
						for _, m := range marks {
							kinds[m.Kind]++
						}
						if (kinds[EdgeMark] > 0) != mo.wantEdgeMarks || (kinds[CropMark] > 0) != mo.wantCropMarks ||
							(kinds[CutLine] > 0) != mo.wantCutLines || (kinds[TrimOutline] > 0) != mo.wantTrimOutlns {
							t.Errorf("%s, %d cards, %s: marks of kinds %v", gfName(g), k, mo.name, kinds)
						}
						if !mo.o.Crop {
							continue
						}
						for i, s := range slots {
							tr := s.Trim
							for side, ends := range [][2]float64{{tr.X, tr.Right()}, {tr.Y, tr.Bottom()}, {tr.X, tr.Right()}, {tr.Y, tr.Bottom()}} {
								for _, at := range ends {
									if !gfHasEdgeMark(marks, tr, side, at) {
										t.Errorf("%s, %d cards, %s: slot %d (%+v) has no edge mark on side %d at %.2f", gfName(g), k, mo.name, i, tr, side, at)
									}
								}
							}
							// Crop marks on each cut line beyond each end of the
							// card, where the line crosses enough waste.
							type probe struct {
								vertical  bool
								c, from   float64
								dir       float64
								freeUntil float64
							}
							for _, pr := range []probe{
								{true, tr.X, tr.Y, -1, p.Y}, {true, tr.Right(), tr.Y, -1, p.Y},
								{true, tr.X, tr.Bottom(), 1, p.Bottom()}, {true, tr.Right(), tr.Bottom(), 1, p.Bottom()},
								{false, tr.Y, tr.X, -1, p.X}, {false, tr.Bottom(), tr.X, -1, p.X},
								{false, tr.Y, tr.Right(), 1, p.Right()}, {false, tr.Bottom(), tr.Right(), 1, p.Right()},
							} {
								// The waste runs from the trim to the next trim
								// on the line, or to the margin.
								end := pr.freeUntil
								for _, o := range slots {
									ot := o.Trim
									a0, a1, b0, b1 := ot.X, ot.Right(), ot.Y, ot.Bottom()
									if pr.vertical {
										a0, a1, b0, b1 = ot.Y, ot.Bottom(), ot.X, ot.Right()
									}
									if pr.c > b0-markClearance && pr.c < b1+markClearance {
										if pr.dir > 0 && a0 >= pr.from-1e-9 && a0 > pr.from+1e-9 {
											end = math.Min(end, a0)
										}
										if pr.dir < 0 && a1 <= pr.from+1e-9 && a1 < pr.from-1e-9 {
											end = math.Max(end, a1)
										}
									}
								}
								waste := math.Abs(end-pr.from) - MarkGap
								if end != pr.freeUntil {
									waste -= MarkGap
								}
								// Across the fold, each side keeps FoldMarkGap off it.
								if crossesFold := (pr.vertical == (g.Fold == FoldHorizontal)) && (pr.from-g.FoldAt)*(end-g.FoldAt) < 0; crossesFold {
									waste = math.Abs(g.FoldAt-pr.from) - MarkGap - FoldMarkGap
								}
								if waste < MinTick+0.01 {
									continue
								}
								probes++
								found := false
								for _, m := range marks {
									if m.Kind != CropMark || m.Ink != InkDark || m.Vertical() != pr.vertical {
										continue
									}
									c, a, b := m.Y1, math.Min(m.X1, m.X2), math.Max(m.X1, m.X2)
									if pr.vertical {
										c, a, b = m.X1, math.Min(m.Y1, m.Y2), math.Max(m.Y1, m.Y2)
									}
									if math.Abs(c-pr.c) > MarkWidth/2+1e-6 {
										continue
									}
									if pr.dir > 0 && math.Abs(a-(pr.from+MarkGap)) < 1e-6 || pr.dir < 0 && math.Abs(b-(pr.from-MarkGap)) < 1e-6 {
										found = true
									}
								}
								if !found {
									t.Errorf("%s, %d cards, %s: slot %d: no crop mark on the %v cut line at %.2f beyond %.2f (direction %v, %.2fmm of waste)",
										gfName(g), k, mo.name, i, map[bool]string{true: "vertical", false: "horizontal"}[pr.vertical], pr.c, pr.from, pr.dir, waste)
								}
							}
						}
					}
				}
			}
		}
	}
	if probes < 1000 {
		t.Errorf("only %d crop marks looked for", probes)
	}
}

// TestGutterfoldPokerMarksLetter pins the marks of a full poker page on
// Letter: the marks in the fold gap stop short of the fold, and the
// outer edges, 0.35 mm inside the margin, have edge marks but no crop
// marks beyond them.
func TestGutterfoldPokerMarksLetter(t *testing.T) {
	g, _ := NewGutterfold(gfSpec("letter", 63.5, 88.9))
	marks := g.Marks(3, MarkOptions{Crop: true}, false, false)
	f := g.Front(0)
	if !near(f.X, 6.7) || !near(f.Y, 42.8) {
		t.Fatalf("front 0 at %+v", f)
	}
	// On the cut line x = 6.7, across the fold gap: from 0.5 mm below the
	// front's trim, 5 mm long, and its mirror image below the fold.
	for _, want := range []Line{{6.7, 131.7 + MarkGap, 6.7, 131.7 + MarkGap + MarkLength}, {6.7, 147.7 - MarkGap - MarkLength, 6.7, 147.7 - MarkGap}} {
		found := false
		for _, m := range marks {
			if m.Kind == CropMark && m.Ink == InkDark && near(m.X1, want.X1) && near(m.Y1, want.Y1) && near(m.X2, want.X2) && near(m.Y2, want.Y2) {
				found = true
			}
		}
		if !found {
			t.Errorf("no fold-gap crop mark %+v", want)
		}
	}
	for _, m := range marks {
		if m.Kind == CropMark && !m.Vertical() && m.X1 < f.X {
			t.Errorf("a crop mark %+v in the 0.35 mm left of the cards", m)
		}
	}
}

func TestGutterfoldFoldSpansKeepClearOfObstacles(t *testing.T) {
	for _, g := range gutterfoldCaseLayouts() {
		var obstacles []Rect
		for _, m := range g.Marks(g.PerPage(), MarkOptions{Crop: true, CutLines: true}, false, false) {
			obstacles = append(obstacles, m.InkRect())
		}
		const reach, gap = 2.0, 0.5
		spans := g.FoldSpans(obstacles, reach, gap)
		l := g.FoldLine()
		lo, hi := l.Y1, l.Y2
		if g.Fold == FoldHorizontal {
			lo, hi = l.X1, l.X2
		}
		if len(spans) == 0 {
			t.Errorf("%s: no stretch of the fold line is free", gfName(g))
		}
		for i, sp := range spans {
			if sp[0] < lo-1e-9 || sp[1] > hi+1e-9 || sp[1] <= sp[0] || i > 0 && sp[0] < spans[i-1][1] {
				t.Errorf("%s: spans %v", gfName(g), spans)
			}
			box := Rect{g.FoldAt - reach, sp[0], 2 * reach, sp[1] - sp[0]}
			if g.Fold == FoldHorizontal {
				box = Rect{sp[0], g.FoldAt - reach, sp[1] - sp[0], 2 * reach}
			}
			for _, o := range obstacles {
				if markOverlaps(box.Inset(-gap+1e-6), o) {
					t.Errorf("%s: span %v is within %gmm of %+v", gfName(g), sp, gap, o)
				}
			}
		}
	}
}
