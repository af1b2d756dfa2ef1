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

func gfSpecName(s GutterfoldSpec) string {
	return fmt.Sprintf("%s %gx%g bleed %g margin %g", s.Paper.Name, s.CardW, s.CardH, s.Bleed, s.Margin)
}

func TestGutterfoldPokerIsTwoUpPortraitFoldedVertically(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		p := Papers[paper]
		g, err := NewGutterfold(GutterfoldSpec{Paper: p, Margin: DefaultMargin, CardW: 63.5, CardH: 88.9, Bleed: DefaultBleed})
		if err != nil {
			t.Fatal(err)
		}
		if g.Cols != 1 || g.Rows != 2 || g.Fold != FoldVertical || g.Landscape() {
			t.Errorf("%s: %dx%d, %s fold, landscape %v; want 1x2 portrait, vertical fold", paper, g.Cols, g.Rows, g.Fold, g.Landscape())
		}
		if g.PageW != p.W || g.PageH != p.H || math.Abs(g.FoldAt-p.W/2) > 1e-9 {
			t.Errorf("%s: page %gx%g, fold at %g; want the paper, folded at its middle", paper, g.PageW, g.PageH, g.FoldAt)
		}
		// Both rows share the column; the gutter between them holds a full mark.
		if math.Abs(g.GutterY-(2*(DefaultBleed+MarkGap)+MarkLength)) > 1e-9 {
			t.Errorf("%s: gutter %g", paper, g.GutterY)
		}
	}
}

func TestGutterfoldDensity(t *testing.T) {
	cases := []struct {
		paper     string
		w, h      float64
		per       int
		fold      Fold
		landscape bool
	}{
		{"letter", 63.5, 88.9, 2, FoldVertical, false},
		{"a4", 63.5, 88.9, 2, FoldVertical, false},
		{"letter", 57.2, 88.9, 3, FoldHorizontal, false},
		{"a4", 57.2, 88.9, 4, FoldVertical, true},
		{"letter", 44, 67, 5, FoldHorizontal, true},
		{"letter", 70, 120, 2, FoldVertical, false},
	}
	for _, c := range cases {
		g, err := NewGutterfold(GutterfoldSpec{Paper: Papers[c.paper], Margin: DefaultMargin, CardW: c.w, CardH: c.h, Bleed: DefaultBleed})
		if err != nil {
			t.Fatal(err)
		}
		if g.PerPage() != c.per || g.Fold != c.fold || g.Landscape() != c.landscape {
			t.Errorf("%s %gx%g: %d a page, %s fold, landscape %v; want %d, %s, %v",
				c.paper, c.w, c.h, g.PerPage(), g.Fold, g.Landscape(), c.per, c.fold, c.landscape)
		}
	}
	if _, err := NewGutterfold(GutterfoldSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 120, CardH: 180, Bleed: 3}); err == nil {
		t.Error("a card too large for a gutterfold page gave no error")
	}
}

// gfMirror is the front's trim reflected across the fold line: where folding
// the sheet puts it.
func gfMirror(g Gutterfold, r Rect) Rect {
	if g.Fold == FoldVertical {
		return Rect{2*g.FoldAt - r.X - r.W, r.Y, r.W, r.H}
	}
	return Rect{r.X, 2*g.FoldAt - r.Y - r.H, r.W, r.H}
}

func TestGutterfoldBackIsFrontMirroredAcrossFold(t *testing.T) {
	for _, s := range gutterfoldCases() {
		g, err := NewGutterfold(s)
		if err != nil {
			continue
		}
		for i := 0; i < g.PerPage(); i++ {
			f := g.Front(i)
			b, rotated := g.Back(i)
			m := gfMirror(g, f)
			if math.Abs(m.X-b.X) > 0.001 || math.Abs(m.Y-b.Y) > 0.001 || math.Abs(m.W-b.W) > 0.001 || math.Abs(m.H-b.H) > 0.001 {
				t.Errorf("%s slot %d: back %+v, front mirrored across the fold %+v", gfSpecName(s), i, b, m)
			}
			// Fronts and backs are on opposite sides of the fold.
			fs, bs := f.X+f.W/2-g.FoldAt, b.X+b.W/2-g.FoldAt
			if g.Fold == FoldHorizontal {
				fs, bs = f.Y+f.H/2-g.FoldAt, b.Y+b.H/2-g.FoldAt
			}
			if fs >= 0 || bs <= 0 {
				t.Errorf("%s slot %d: front and back on the same side of the fold", gfSpecName(s), i)
			}
			// A vertical fold turns the sheet over left-right, as a card
			// is turned over: backs upright. A horizontal fold turns it
			// over top-bottom: backs turned 180 degrees.
			if rotated != (g.Fold == FoldHorizontal) {
				t.Errorf("%s: rotated %v with a %s fold", gfSpecName(s), rotated, g.Fold)
			}
		}
	}
}

func TestGutterfoldFoldClearsEveryBleed(t *testing.T) {
	for _, s := range gutterfoldCases() {
		g, err := NewGutterfold(s)
		if err != nil {
			continue
		}
		for _, t0 := range g.slots(g.PerPage()) {
			r := t0.Inset(-s.Bleed)
			var d float64
			if g.Fold == FoldVertical {
				d = math.Max(r.X-g.FoldAt, g.FoldAt-r.Right())
			} else {
				d = math.Max(r.Y-g.FoldAt, g.FoldAt-r.Bottom())
			}
			// The print conventions ask for 5mm, whatever the constant says.
			if d < 5-1e-9 {
				t.Errorf("%s: fold %.3fmm from a bleed, want at least 5", gfSpecName(s), d)
			}
		}
	}
}

func gfInside(r Rect, x, y float64) bool {
	const eps = 1e-9
	return x >= r.X-eps && x <= r.Right()+eps && y >= r.Y-eps && y <= r.Bottom()+eps
}

func TestGutterfoldEverythingInsideMargin(t *testing.T) {
	n := 0
	for _, s := range gutterfoldCases() {
		g, err := NewGutterfold(s)
		if err != nil {
			continue
		}
		n++
		p := g.Printable()
		for k := 1; k <= g.PerPage(); k++ {
			slots := g.slots(k)
			for _, tr := range slots {
				b := tr.Inset(-s.Bleed)
				if !gfInside(p, b.X, b.Y) || !gfInside(p, b.Right(), b.Bottom()) {
					t.Errorf("%s: card with bleed %+v leaves the printable area %+v", gfSpecName(s), b, p)
				}
			}
			lines := append(g.CropMarks(k), g.CutLines(k)...)
			lines = append(lines, g.FoldLine())
			for _, l := range lines {
				if !gfInside(p, l.X1, l.Y1) || !gfInside(p, l.X2, l.Y2) {
					t.Errorf("%s: line %+v leaves the printable area %+v", gfSpecName(s), l, p)
				}
			}
			for _, m := range g.CropMarks(k) {
				if l := math.Hypot(m.X2-m.X1, m.Y2-m.Y1); l < MinMarkLength-1e-9 || l > MarkLength+1e-9 {
					t.Errorf("%s: mark %+v is %.2fmm long", gfSpecName(s), m, l)
				}
				for _, tr := range slots {
					if gfSegmentHits(m, tr.Inset(-(s.Bleed + MarkGap - 1e-6))) {
						t.Errorf("%s: mark %+v comes within %gmm of a card's bleed %+v", gfSpecName(s), m, MarkGap, tr)
					}
				}
				if g.Fold == FoldVertical && m.Y1 == m.Y2 && math.Min(m.X1, m.X2) < g.FoldAt+FoldMarkGap-1e-9 && math.Max(m.X1, m.X2) > g.FoldAt-FoldMarkGap+1e-9 ||
					g.Fold == FoldHorizontal && m.X1 == m.X2 && math.Min(m.Y1, m.Y2) < g.FoldAt+FoldMarkGap-1e-9 && math.Max(m.Y1, m.Y2) > g.FoldAt-FoldMarkGap+1e-9 {
					t.Errorf("%s: mark %+v reaches the fold line", gfSpecName(s), m)
				}
			}
			for _, b := range g.Bands(2) {
				if !gfInside(p, b.X, b.Y) || !gfInside(p, b.Right(), b.Bottom()) {
					t.Errorf("%s: band %+v leaves the printable area", gfSpecName(s), b)
				}
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d cases laid out", n)
	}
}

// gfSegmentHits reports whether an axis-parallel segment meets the inside
// of r.
func gfSegmentHits(l Line, r Rect) bool {
	x0, x1 := math.Min(l.X1, l.X2), math.Max(l.X1, l.X2)
	y0, y1 := math.Min(l.Y1, l.Y2), math.Max(l.Y1, l.Y2)
	return x1 > r.X && x0 < r.Right() && y1 > r.Y && y0 < r.Bottom()
}

func TestGutterfoldEveryTrimLineHasMarksAtBothEnds(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		for _, size := range [][2]float64{{63.5, 88.9}, {57.2, 88.9}, {44, 67}} {
			s := GutterfoldSpec{Paper: Papers[paper], Margin: DefaultMargin, CardW: size[0], CardH: size[1], Bleed: DefaultBleed}
			g, err := NewGutterfold(s)
			if err != nil {
				t.Fatal(err)
			}
			for k := 1; k <= g.PerPage(); k++ {
				marks := g.CropMarks(k)
				// has reports a mark on the line x = v (or y = v) wholly
				// beyond the trim's bleed on the side given by dir.
				has := func(vertical bool, v, edge, dir float64) bool {
					for _, m := range marks {
						if vertical && m.X1 == m.X2 && math.Abs(m.X1-v) < 1e-9 &&
							(dir < 0 && math.Max(m.Y1, m.Y2) <= edge-s.Bleed || dir > 0 && math.Min(m.Y1, m.Y2) >= edge+s.Bleed) {
							return true
						}
						if !vertical && m.Y1 == m.Y2 && math.Abs(m.Y1-v) < 1e-9 &&
							(dir < 0 && math.Max(m.X1, m.X2) <= edge-s.Bleed || dir > 0 && math.Min(m.X1, m.X2) >= edge+s.Bleed) {
							return true
						}
					}
					return false
				}
				for i, tr := range g.slots(k) {
					for _, x := range []float64{tr.X, tr.Right()} {
						if !has(true, x, tr.Y, -1) || !has(true, x, tr.Bottom(), 1) {
							t.Errorf("%s %gx%g, %d cards: slot %d's cut x=%.2f lacks a mark at an end", paper, size[0], size[1], k, i, x)
						}
					}
					for _, y := range []float64{tr.Y, tr.Bottom()} {
						if !has(false, y, tr.X, -1) || !has(false, y, tr.Right(), 1) {
							t.Errorf("%s %gx%g, %d cards: slot %d's cut y=%.2f lacks a mark at an end", paper, size[0], size[1], k, i, y)
						}
					}
				}
			}
		}
	}
}

func TestGutterfoldPokerMarksLetter(t *testing.T) {
	g, _ := NewGutterfold(GutterfoldSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 63.5, CardH: 88.9, Bleed: DefaultBleed})
	// The first front and its back, exactly.
	if f := g.Front(0); math.Abs(f.X-34.95) > 1e-6 || math.Abs(f.Y-44.8) > 1e-6 {
		t.Errorf("front 0 at %+v", f)
	}
	if b, _ := g.Back(0); math.Abs(b.X-(215.9-34.95-63.5)) > 1e-6 || math.Abs(b.Y-44.8) > 1e-6 {
		t.Errorf("back 0 at %+v", b)
	}
	// 2 cards x 2 sides x 8 marks, less the 4 shared in the gutter between
	// the rows on each half.
	if n := len(g.CropMarks(2)); n != 28 {
		t.Errorf("%d marks, want 28", n)
	}
	// A mark in the fold gap: from the front's bleed to 1mm short of the fold.
	want := Line{34.95 + 63.5 + 3 + MarkGap, 44.8, 34.95 + 63.5 + 3 + MarkGap + MarkLength, 44.8}
	found := false
	for _, m := range g.CropMarks(2) {
		if math.Abs(m.X1-want.X1) < 1e-6 && math.Abs(m.X2-want.X2) < 1e-6 && math.Abs(m.Y1-want.Y1) < 1e-6 && m.Y1 == m.Y2 {
			found = true
		}
	}
	if !found {
		t.Errorf("no fold-gap mark %+v in %+v", want, g.CropMarks(2))
	}
}

func TestGutterfoldFoldSpansKeepClearOfMarks(t *testing.T) {
	for _, s := range gutterfoldCases() {
		g, err := NewGutterfold(s)
		if err != nil {
			continue
		}
		spans := g.FoldSpans()
		if len(spans) == 0 {
			t.Errorf("%s: no stretch of the fold line is free", gfSpecName(s))
		}
		for _, m := range g.CropMarks(g.PerPage()) {
			// Marks crossing the fold gap run perpendicular to the fold.
			var at float64
			switch {
			case g.Fold == FoldVertical && m.Y1 == m.Y2:
				at = m.Y1
			case g.Fold == FoldHorizontal && m.X1 == m.X2:
				at = m.X1
			default:
				continue
			}
			for _, sp := range spans {
				if at > sp[0]-FoldMarkGap+1e-9 && at < sp[1]+FoldMarkGap-1e-9 {
					t.Errorf("%s: span %v is within %gmm of a mark at %.2f", gfSpecName(s), sp, FoldMarkGap, at)
				}
			}
		}
	}
}
