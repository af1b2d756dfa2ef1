package layout

import (
	"math"
	"testing"
)

func poker(paper string, crop bool) GridSpec {
	return GridSpec{Paper: Papers[paper], Margin: DefaultMargin, CardW: 63.5, CardH: 88.9, Bleed: DefaultBleed, CropMarks: crop}
}

func TestNewGridNineUpPoker(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		t.Run(paper, func(t *testing.T) {
			g, err := NewGrid(poker(paper, true))
			if err != nil {
				t.Fatal(err)
			}
			if g.Cols != 3 || g.Rows != 3 {
				t.Fatalf("got %dx%d, want 3x3", g.Cols, g.Rows)
			}
			p := Papers[paper]
			for i := 0; i < g.PerPage(); i++ {
				tr := g.Trim(i)
				if tr.X < DefaultMargin-1e-6 || tr.Y < DefaultMargin-1e-6 ||
					tr.Right() > p.W-DefaultMargin+1e-6 || tr.Bottom() > p.H-DefaultMargin+1e-6 {
					t.Errorf("slot %d trim %+v leaves the printable area", i, tr)
				}
			}
		})
	}
}

func TestGridBleedNeverOverlapsNeighbour(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		g, _ := NewGrid(poker(paper, true))
		for i := 0; i+1 < g.PerPage(); i++ {
			if (i+1)%g.Cols == 0 {
				continue
			}
			a, b := g.Trim(i), g.Trim(i+1)
			if a.Right()+g.Bleed(i).Right > b.X-g.Bleed(i+1).Left+1e-6 {
				t.Errorf("%s: bleed of slots %d and %d overlaps", paper, i, i+1)
			}
		}
	}
}

func TestCropMarksOutsideCardsAndOffPageEdge(t *testing.T) {
	cases := []struct {
		name string
		spec GridSpec
		n    int
	}{
		{"letter full", poker("letter", true), 9},
		{"a4 full", poker("a4", true), 9},
		{"letter partial", poker("letter", true), 4},
		{"mini cards", GridSpec{Paper: Papers["a4"], Margin: DefaultMargin, CardW: 44, CardH: 67, Bleed: 3, CropMarks: true}, 16},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGrid(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			marks := g.CropMarks(c.n)
			if len(marks) == 0 {
				t.Fatal("no crop marks")
			}
			p := c.spec.Paper
			for _, m := range marks {
				for _, pt := range [][2]float64{{m.X1, m.Y1}, {m.X2, m.Y2}} {
					if pt[0] < EdgeGap-1e-6 || pt[1] < EdgeGap-1e-6 || pt[0] > p.W-EdgeGap+1e-6 || pt[1] > p.H-EdgeGap+1e-6 {
						t.Errorf("mark %+v runs to the page edge", m)
					}
				}
				for i := 0; i < min(c.n, g.PerPage()); i++ {
					tr, b := g.Trim(i), g.Bleed(i)
					art := Rect{tr.X - b.Left, tr.Y - b.Top, tr.W + b.Left + b.Right, tr.H + b.Top + b.Bottom}
					if segmentHitsRect(m, art) {
						t.Errorf("mark %+v crosses the art of slot %d %+v", m, i, art)
					}
				}
				if l := math.Hypot(m.X2-m.X1, m.Y2-m.Y1); l < MinMarkLength-1e-6 {
					t.Errorf("mark %+v is only %.2fmm long", m, l)
				}
			}
		})
	}
}

func segmentHitsRect(m Line, r Rect) bool {
	x0, x1 := math.Min(m.X1, m.X2), math.Max(m.X1, m.X2)
	y0, y1 := math.Min(m.Y1, m.Y2), math.Max(m.Y1, m.Y2)
	return x1 > r.X+1e-6 && x0 < r.Right()-1e-6 && y1 > r.Y+1e-6 && y0 < r.Bottom()-1e-6
}

func TestBackTrimMirrorsForFlip(t *testing.T) {
	g, _ := NewGrid(poker("letter", true))
	p := Papers["letter"]
	for i := 0; i < g.PerPage(); i++ {
		front := g.Trim(i)
		long, rot := g.BackTrim(i, LongEdge, Point{})
		if rot || math.Abs(long.X-(p.W-front.Right())) > 1e-9 || long.Y != front.Y {
			t.Errorf("long edge: slot %d back %+v for front %+v", i, long, front)
		}
		short, rot := g.BackTrim(i, ShortEdge, Point{})
		if !rot || math.Abs(short.Y-(p.H-front.Bottom())) > 1e-9 || short.X != front.X {
			t.Errorf("short edge: slot %d back %+v for front %+v", i, short, front)
		}
		off, _ := g.BackTrim(i, LongEdge, Point{X: 0.5, Y: -0.25})
		if math.Abs(off.X-long.X-0.5) > 1e-9 || math.Abs(off.Y-long.Y+0.25) > 1e-9 {
			t.Errorf("offset not applied: %+v vs %+v", off, long)
		}
	}
}

func TestNewGridRejectsOversizeCard(t *testing.T) {
	_, err := NewGrid(GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 300, CardH: 100, Bleed: 3})
	if err == nil {
		t.Fatal("want an error for a card wider than the paper")
	}
}

func TestPackShelves(t *testing.T) {
	sizes := [][2]float64{}
	for i := 0; i < 60; i++ {
		sizes = append(sizes, [2]float64{25, 25})
	}
	pl, pages, err := PackShelves(Papers["letter"], DefaultMargin, 2, sizes)
	if err != nil {
		t.Fatal(err)
	}
	if pages != 1 || len(pl) != 60 {
		t.Fatalf("got %d placements on %d pages", len(pl), pages)
	}
	for i := range pl {
		for j := i + 1; j < len(pl); j++ {
			a, b := pl[i].Trim, pl[j].Trim
			if pl[i].Page == pl[j].Page && a.X < b.Right() && b.X < a.Right() && a.Y < b.Bottom() && b.Y < a.Bottom() {
				t.Fatalf("placements %d and %d overlap", i, j)
			}
		}
	}
	if _, _, err := PackShelves(Papers["a4"], DefaultMargin, 2, [][2]float64{{300, 10}}); err == nil {
		t.Fatal("want an error for a piece wider than the paper")
	}
}
