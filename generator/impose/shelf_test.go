package impose

import (
	"math"
	"reflect"
	"testing"

	"github.com/runforge/runforge/layout"
)

// letterArea is Letter paper less a quarter-inch margin.
var letterArea = layout.Rect{X: 6.35, Y: 6.35, W: 203.2, H: 266.7}

func TestShelvesSheets(t *testing.T) {
	run := []Piece{{50, 35}, {50, 35}, {50, 35}, {50, 35}, {50, 35}, {40, 40}, {63.5, 88.9}}
	tests := []struct {
		name   string
		spec   ShelfSpec
		counts []int
		order  []int // item indices in placing order
	}{
		{"mixed tiles and a card on one sheet", ShelfSpec{Area: letterArea, Bleed: 3, Gutter: 6, Pieces: run},
			[]int{7}, []int{6, 5, 0, 1, 2, 3, 4}},
		{"tallest first, ties by width then given order",
			ShelfSpec{Area: letterArea, Bleed: 3, Gutter: 6, Pieces: []Piece{{10, 20}, {30, 20}, {10, 40}}},
			[]int{3}, []int{2, 1, 0}},
		{"a full sheet spills onto the next",
			ShelfSpec{Area: layout.Rect{W: 100, H: 100}, Bleed: 0, Gutter: 4, Pieces: []Piece{{60, 60}, {60, 60}, {30, 30}}},
			[]int{2, 1}, []int{0, 2, 1}},
		{"a shelf is one row: a short piece beside a tall one, not two stacked",
			ShelfSpec{Area: layout.Rect{W: 100, H: 100}, Bleed: 1, Gutter: 2, Pieces: []Piece{{48, 98}, {46, 20}, {46, 20}}},
			[]int{2, 1}, []int{0, 1, 2}},
		{"a later sheet's gap is not refilled before an earlier sheet's",
			ShelfSpec{Area: layout.Rect{W: 100, H: 100}, Bleed: 0, Gutter: 4, Pieces: []Piece{{90, 90}, {90, 90}, {5, 5}}},
			[]int{2, 1}, []int{0, 2, 1}},
		{"no pieces, no sheets", ShelfSpec{Area: letterArea, Bleed: 3, Gutter: 6}, []int{}, nil},
	}
	for _, tt := range tests {
		sp, err := Shelves(tt.spec)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := sp.Counts(); !reflect.DeepEqual(got, tt.counts) {
			t.Errorf("%s: counts %v, want %v", tt.name, got, tt.counts)
		}
		if got := sp.Order(); !reflect.DeepEqual(got, tt.order) {
			t.Errorf("%s: order %v, want %v", tt.name, got, tt.order)
		}
		checkShelfSheets(t, tt.name, tt.spec, sp)
	}
}

// checkShelfSheets holds every sheet to the packer's promises: every piece
// at true size, its art inside the area, and a gutter between any two
// trims (so neither bleed reaches the other's trim).
func checkShelfSheets(t *testing.T, name string, spec ShelfSpec, sp ShelfPlan) {
	t.Helper()
	const eps = 1e-6
	for k, sheet := range sp.Sheets {
		for i, p := range sheet {
			want := spec.Pieces[p.Item]
			if math.Abs(p.Trim.W-want.W) > eps || math.Abs(p.Trim.H-want.H) > eps {
				t.Errorf("%s: sheet %d piece %d is %gx%g, want %gx%g", name, k, p.Item, p.Trim.W, p.Trim.H, want.W, want.H)
			}
			art := p.Trim.Inset(-spec.Bleed)
			if art.X < spec.Area.X-eps || art.Y < spec.Area.Y-eps || art.Right() > spec.Area.Right()+eps || art.Bottom() > spec.Area.Bottom()+eps {
				t.Errorf("%s: sheet %d piece %d art %+v leaves the area %+v", name, k, p.Item, art, spec.Area)
			}
			for _, q := range sheet[i+1:] {
				a, b := p.Trim, q.Trim
				gapX := math.Max(b.X-a.Right(), a.X-b.Right())
				gapY := math.Max(b.Y-a.Bottom(), a.Y-b.Bottom())
				if math.Max(gapX, gapY) < spec.Gutter-eps {
					t.Errorf("%s: sheet %d pieces %d and %d are %.2fmm apart, want %gmm", name, k, p.Item, q.Item, math.Max(gapX, gapY), spec.Gutter)
				}
			}
		}
	}
}

func TestShelvesErrors(t *testing.T) {
	tests := []struct {
		name string
		spec ShelfSpec
	}{
		{"larger than the area with its bleed", ShelfSpec{Area: layout.Rect{W: 100, H: 100}, Bleed: 3, Gutter: 6, Pieces: []Piece{{96, 50}}}},
		{"a gutter narrower than two bleeds", ShelfSpec{Area: letterArea, Bleed: 3, Gutter: 5, Pieces: []Piece{{10, 10}}}},
		{"an empty piece", ShelfSpec{Area: letterArea, Gutter: 1, Pieces: []Piece{{0, 10}}}},
	}
	for _, tt := range tests {
		if _, err := Shelves(tt.spec); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func TestShelfBackSlots(t *testing.T) {
	paper := layout.Paper{Name: "test", W: 200, H: 300}
	sheet := []Placed{{Item: 0, Trim: layout.Rect{X: 10, Y: 20, W: 50, H: 35}}, {Item: 1, Trim: layout.Rect{X: 70, Y: 20, W: 40, H: 40}}}
	bleed := 3.0
	tests := []struct {
		name   string
		d      layout.Duplex
		offset layout.Point
		trims  []layout.Rect
		turn   float64
	}{
		{"long edge: mirrored left to right", layout.LongEdge, layout.Point{},
			[]layout.Rect{{X: 140, Y: 20, W: 50, H: 35}, {X: 90, Y: 20, W: 40, H: 40}}, 0},
		{"short edge: mirrored top to bottom, turned", layout.ShortEdge, layout.Point{},
			[]layout.Rect{{X: 10, Y: 245, W: 50, H: 35}, {X: 70, Y: 240, W: 40, H: 40}}, 180},
		{"long edge with a back offset", layout.LongEdge, layout.Point{X: 0.5, Y: -0.25},
			[]layout.Rect{{X: 140.5, Y: 19.75, W: 50, H: 35}, {X: 90.5, Y: 19.75, W: 40, H: 40}}, 0},
		{"short edge with a back offset", layout.ShortEdge, layout.Point{X: -1, Y: 2},
			[]layout.Rect{{X: 9, Y: 247, W: 50, H: 35}, {X: 69, Y: 242, W: 40, H: 40}}, 180},
		{"no duplex: where the fronts are", layout.NoDuplex, layout.Point{},
			[]layout.Rect{{X: 10, Y: 20, W: 50, H: 35}, {X: 70, Y: 20, W: 40, H: 40}}, 0},
	}
	for _, tt := range tests {
		got := BackSlots(paper, sheet, bleed, tt.d, tt.offset)
		for i, s := range got {
			if !nearRect(s.Trim, tt.trims[i]) || s.Turn != tt.turn {
				t.Errorf("%s: back %d at %+v turned %g, want %+v turned %g", tt.name, i, s.Trim, s.Turn, tt.trims[i], tt.turn)
			}
			if s.Bleed != (layout.Sides{Top: bleed, Right: bleed, Bottom: bleed, Left: bleed}) {
				t.Errorf("%s: back %d bleed %+v, want %g all round", tt.name, i, s.Bleed, bleed)
			}
			// Registration: the back's trim, flipped back over the
			// paper's edge and less the offset, is its front's trim.
			f := s.Trim
			f.X -= tt.offset.X
			f.Y -= tt.offset.Y
			switch tt.d {
			case layout.LongEdge:
				f.X = paper.W - f.X - f.W
			case layout.ShortEdge:
				f.Y = paper.H - f.Y - f.H
			}
			if !nearRect(f, sheet[i].Trim) {
				t.Errorf("%s: back %d registers at %+v, its front is at %+v", tt.name, i, f, sheet[i].Trim)
			}
		}
	}
}

func nearRect(a, b layout.Rect) bool {
	const eps = 1e-9
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.W-b.W) < eps && math.Abs(a.H-b.H) < eps
}

func TestSheetsCounts(t *testing.T) {
	got := sides(Sheets(Spec{Items: 6, Counts: []int{4, 2}, Backs: Duplex}))
	want := [][4]int{{0, 0, 0, 4}, {1, 0, 0, 4}, {0, 1, 4, 6}, {1, 1, 4, 6}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
