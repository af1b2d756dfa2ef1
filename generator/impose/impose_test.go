package impose

import (
	"reflect"
	"testing"

	"github.com/runforge/runforge/generator/draw"
)

// sides lists the side, sheet and item range of each page.
func sides(pl Plan) [][4]int {
	var out [][4]int
	for _, p := range pl.Pages {
		out = append(out, [4]int{int(p.Side), p.Sheet, p.Lo, p.Hi})
	}
	return out
}

func TestSheets(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		want [][4]int
	}{
		{"fronts only", Spec{Items: 5, PerSheet: 2},
			[][4]int{{0, 0, 0, 2}, {0, 1, 2, 4}, {0, 2, 4, 5}}},
		{"duplex", Spec{Items: 3, PerSheet: 2, Backs: Duplex},
			[][4]int{{0, 0, 0, 2}, {1, 0, 0, 2}, {0, 1, 2, 3}, {1, 1, 2, 3}}},
		{"duplex, blank last back dropped", Spec{Items: 3, PerSheet: 2, Backs: Duplex, DropBlankLast: true,
			HasBack: func(k int) bool { return k == 0 }},
			[][4]int{{0, 0, 0, 2}, {1, 0, 0, 2}, {0, 1, 2, 3}}},
		{"own pages", Spec{Items: 5, PerSheet: 2, Backs: OwnPages, HasBack: func(k int) bool { return k != 1 }},
			[][4]int{{0, 0, 0, 2}, {0, 1, 2, 4}, {0, 2, 4, 5}, {2, 0, 0, 2}, {2, 2, 4, 5}}},
		{"backs listed on their own", Spec{Items: 1, PerSheet: 4, Side: OwnBack},
			[][4]int{{2, 0, 0, 1}}},
		{"glued, every sheet with a back", Spec{Items: 2, PerSheet: 1, Backs: Glued},
			[][4]int{{0, 0, 0, 1}, {2, 0, 0, 1}, {0, 1, 1, 2}, {2, 1, 1, 2}}},
		{"glued, a sheet without a back has no back page", Spec{Items: 3, PerSheet: 1, Backs: Glued, HasBack: func(k int) bool { return k != 1 }},
			[][4]int{{0, 0, 0, 1}, {2, 0, 0, 1}, {0, 1, 1, 2}, {0, 2, 2, 3}, {2, 2, 2, 3}}},
		{"glued, no sheet with a back", Spec{Items: 2, PerSheet: 1, Backs: Glued, HasBack: func(int) bool { return false }},
			[][4]int{{0, 0, 0, 1}, {0, 1, 1, 2}}},
	}
	for _, tt := range tests {
		if got := sides(Sheets(tt.spec)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSheetsFrontNumbers(t *testing.T) {
	tests := []struct {
		name   string
		spec   Spec
		fronts []int
		blank  []bool
	}{
		{"duplex", Spec{Items: 4, PerSheet: 2, Backs: Duplex, DropBlankLast: true, HasBack: func(k int) bool { return k == 1 }},
			[]int{0, 1, 0, 3}, []bool{false, true, false, false}},
		{"glued", Spec{Items: 3, PerSheet: 1, Backs: Glued, HasBack: func(k int) bool { return k != 1 }},
			[]int{0, 1, 0, 0, 4}, []bool{false, false, false, false, false}},
		{"own pages", Spec{Items: 3, PerSheet: 1, Backs: OwnPages, HasBack: func(k int) bool { return k != 1 }},
			[]int{0, 0, 0, 1, 3}, []bool{false, false, false, false, false}},
	}
	for _, tt := range tests {
		var fronts []int
		var blank []bool
		for _, p := range Sheets(tt.spec).Pages {
			fronts, blank = append(fronts, p.Front), append(blank, p.Blank)
		}
		if !reflect.DeepEqual(fronts, tt.fronts) {
			t.Errorf("%s: front numbers %v, want %v", tt.name, fronts, tt.fronts)
		}
		if !reflect.DeepEqual(blank, tt.blank) {
			t.Errorf("%s: blank %v, want %v", tt.name, blank, tt.blank)
		}
	}
}

// countSink counts the pages added.
type countSink struct{ sizes [][2]float64 }

func (s *countSink) AddPage(w, h float64) draw.Canvas {
	s.sizes = append(s.sizes, [2]float64{w, h})
	return nil
}

func TestDraw(t *testing.T) {
	var s countSink
	var seen []int
	n := Draw(&s, Sheets(Spec{Items: 3, PerSheet: 1, W: 10, H: 20}), func(_ draw.Canvas, pg Page) {
		seen = append(seen, pg.Lo)
	})
	if n != 3 || len(s.sizes) != 3 || s.sizes[0] != [2]float64{10, 20} || !reflect.DeepEqual(seen, []int{0, 1, 2}) {
		t.Errorf("Draw: %d pages, sizes %v, items %v", n, s.sizes, seen)
	}
}

func TestTiles(t *testing.T) {
	pl := Tiles(2, []TiledSide{{Tiles: 1}, {Tiles: 2, W: 5, H: 6}}, 1, 2)
	var got [][3]int
	for _, p := range pl.Pages {
		got = append(got, [3]int{p.Sheet, p.Lo, p.Tile})
	}
	want := [][3]int{{0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {0, 1, 2}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 1, 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tiles: got %v, want %v", got, want)
	}
	if p := pl.Pages[2]; p.W != 5 || p.H != 6 || pl.Pages[1].W != 1 {
		t.Errorf("tile page sizes: %+v, %+v", pl.Pages[1], p)
	}
}
