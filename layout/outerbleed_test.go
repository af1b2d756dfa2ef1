package layout

import (
	"fmt"
	"testing"
)

// TestOuterBleedPerSide pins the outer bleed of a sheet side by side where
// the two axes leave different room beyond the grid. It guards against the
// outer bleed being computed with its axes swapped: the room left of and
// right of the grid (the origin's x) capping the top and bottom bleed, and
// the room above and below it (the origin's y) capping the left and right.
// The two agree whenever the margin is at least the bleed on both axes, as
// with the default margin, so only a small margin shows the fault: with
// --margin 0.3mm on Letter, poker cards have full 6 mm gutters both ways,
// the grid is 0.35 mm from the top and bottom of the paper and 6.7 mm from
// its sides, so the top and bottom bleed is 0.35 mm and the sides keep the
// full 3 mm. The contrasting card is tight across the sheet and loose down
// it, which gives the opposite sides the short bleed.
func TestOuterBleedPerSide(t *testing.T) {
	cases := []struct {
		name         string
		spec         GridSpec
		cols, rows   int
		origin       Point
		outer        Sides
		first, last  Sides // bleed of the top-left and bottom-right cards of a full sheet
		firstN       int   // a sheet of firstN cards: bleed of its first card
		firstOfFewer Sides
	}{
		{
			name:   "letter poker 0.3mm margin: short top and bottom",
			spec:   GridSpec{Paper: Papers["letter"], Margin: 0.3, CardW: 63.5, CardH: 88.9, Bleed: 3, MayTurn: true},
			cols:   3,
			rows:   3,
			origin: Point{6.7, 0.35},
			outer:  Sides{Top: 0.35, Right: 3, Bottom: 0.35, Left: 3},
			first:  Sides{Top: 0.35, Right: 3, Bottom: 3, Left: 3},
			last:   Sides{Top: 3, Right: 3, Bottom: 0.35, Left: 3},
			firstN: 1, firstOfFewer: Sides{Top: 0.35, Right: 3, Bottom: 3, Left: 3},
		},
		{
			name:   "letter 67.7x80 card 0.3mm margin: short left and right",
			spec:   GridSpec{Paper: Papers["letter"], Margin: 0.3, CardW: 67.7, CardH: 80, Bleed: 3, MayTurn: true},
			cols:   3,
			rows:   3,
			origin: Point{0.4, 13.7},
			outer:  Sides{Top: 3, Right: 0.4, Bottom: 3, Left: 0.4},
			first:  Sides{Top: 3, Right: 3, Bottom: 3, Left: 0.4},
			last:   Sides{Top: 3, Right: 0.4, Bottom: 3, Left: 3},
			firstN: 1, firstOfFewer: Sides{Top: 3, Right: 3, Bottom: 3, Left: 0.4},
		},
		{
			name:   "letter poker default margin: full bleed all round",
			spec:   GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 63.5, CardH: 88.9, Bleed: 3, MayTurn: true},
			cols:   3,
			rows:   3,
			origin: Point{6.7, 6.35},
			outer:  Sides{Top: 3, Right: 3, Bottom: 3, Left: 3},
			first:  Sides{Top: 3, Right: 3, Bottom: 0, Left: 3},
			last:   Sides{Top: 0, Right: 3, Bottom: 3, Left: 3},
			firstN: 1, firstOfFewer: Sides{Top: 3, Right: 3, Bottom: 3, Left: 3},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGrid(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			if g.Turned || g.Cols != c.cols || g.Rows != c.rows {
				t.Fatalf("grid %dx%d turned=%v, want %dx%d upright", g.Cols, g.Rows, g.Turned, c.cols, c.rows)
			}
			if !near(g.Origin.X, c.origin.X) || !near(g.Origin.Y, c.origin.Y) {
				t.Errorf("origin %+v, want %+v", g.Origin, c.origin)
			}
			checkSides(t, "outer bleed", g.OuterBleed, c.outer)
			full := g.Slots(g.PerPage())
			checkSides(t, "top-left card bleed", full[0].Bleed, c.first)
			checkSides(t, "bottom-right card bleed", full[len(full)-1].Bleed, c.last)
			checkSides(t, fmt.Sprintf("first card of %d bleed", c.firstN), g.Slots(c.firstN)[0].Bleed, c.firstOfFewer)
		})
	}
}

func checkSides(t *testing.T, what string, got, want Sides) {
	t.Helper()
	if !near(got.Top, want.Top) || !near(got.Right, want.Right) || !near(got.Bottom, want.Bottom) || !near(got.Left, want.Left) {
		t.Errorf("%s %+v, want %+v", what, got, want)
	}
}
