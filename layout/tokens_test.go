package layout

import "testing"

// jrMix is Just Run's token sheet as sizes on the sheet (token plus
// bleed): 18 of 22 mm, 8 of 20, 314 of 18 and 43 pawns of 15, largest
// first.
func jrMix() [][2]float64 {
	var sizes [][2]float64
	for _, g := range []struct {
		n int
		s float64
	}{{18, 22}, {8, 20}, {314, 18}, {43, 15}} {
		for range g.n {
			sizes = append(sizes, [2]float64{g.s, g.s})
		}
	}
	return sizes
}

// PackFirstFit lets small items fill the ends of rows that larger ones
// leave, so the mix takes fewer A4 sheets than shelves in order; every
// item is placed once, inside the margin, and no two overlap.
func TestPackFirstFit(t *testing.T) {
	for _, tc := range []struct {
		paper         string
		sizes         [][2]float64
		shelves, want int
	}{
		{"a4", jrMix(), 4, 3},
		{"letter", jrMix(), 3, 3},
		// A taller item joins the last row of a sheet, as on shelves.
		{"letter", [][2]float64{{20, 20}, {20, 20}, {30, 30}}, 1, 1},
	} {
		_, shelves, err := PackShelves(Papers[tc.paper], DefaultMargin, 2, tc.sizes)
		if err != nil {
			t.Fatal(err)
		}
		pl, pages, err := PackFirstFit(Papers[tc.paper], DefaultMargin, 2, tc.sizes)
		if err != nil {
			t.Fatal(err)
		}
		if shelves != tc.shelves || pages != tc.want || len(pl) != len(tc.sizes) {
			t.Errorf("%s, %d items: shelves %d sheets, first fit %d sheets (%d placed); want %d and %d", tc.paper, len(tc.sizes), shelves, pages, len(pl), tc.shelves, tc.want)
		}
		area := Printable(Papers[tc.paper], DefaultMargin)
		seen := map[int]bool{}
		for i, a := range pl {
			if seen[a.Item] || a.Trim.X < area.X || a.Trim.Y < area.Y || a.Trim.Right() > area.Right()+1e-9 || a.Trim.Bottom() > area.Bottom()+1e-9 {
				t.Fatalf("%s: item %d placed twice or outside the margin: %+v", tc.paper, a.Item, a.Trim)
			}
			seen[a.Item] = true
			if a.Trim.W != tc.sizes[a.Item][0] || a.Trim.H != tc.sizes[a.Item][1] {
				t.Fatalf("%s: item %d placed at the wrong size", tc.paper, a.Item)
			}
			for _, b := range pl[i+1:] {
				if a.Page == b.Page && a.Trim.X < b.Trim.Right()+2 && b.Trim.X < a.Trim.Right()+2 && a.Trim.Y < b.Trim.Bottom()+2 && b.Trim.Y < a.Trim.Bottom()+2 {
					t.Fatalf("%s: items %d and %d closer than the gap", tc.paper, a.Item, b.Item)
				}
			}
		}
	}
	if _, _, err := PackFirstFit(Papers["a4"], DefaultMargin, 2, [][2]float64{{300, 10}}); err == nil {
		t.Fatal("want an error for a piece wider than the paper")
	}
}
