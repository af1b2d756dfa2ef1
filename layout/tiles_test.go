package layout

import (
	"math"
	"strings"
	"testing"
)

const tileTol = 1e-6

func TestTileBoardCounts(t *testing.T) {
	cases := []struct {
		name       string
		paper      string
		w, h       float64
		rows, cols int
		landscape  bool
	}{
		{"500x400 letter", "letter", 500, 400, 2, 3, false},
		{"500x400 a4", "a4", 500, 400, 2, 3, false},
		{"small board", "letter", 150, 200, 1, 1, false},
		{"fits printable exactly", "letter", 215.9 - 2*DefaultMargin, 279.4 - 2*DefaultMargin, 1, 1, false},
		{"wide strip fits landscape", "a4", 260, 150, 1, 1, true},
		{"long strip prefers landscape", "letter", 1000, 180, 1, 4, true},
		{"280x380 track side letter", "letter", 280, 380, 2, 2, false},
		{"280x380 track side a4", "a4", 280, 380, 3, 1, true},
		{"2000 square", "a4", 2000, 2000, 8, 11, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := TileBoard(Papers[c.paper], DefaultMargin, DefaultOverlap, c.w, c.h)
			if err != nil {
				t.Fatal(err)
			}
			if p.Rows != c.rows || p.Cols != c.cols || p.Landscape != c.landscape {
				t.Errorf("got %dx%d landscape=%v, want %dx%d landscape=%v", p.Rows, p.Cols, p.Landscape, c.rows, c.cols, c.landscape)
			}
			if p.Pages() != c.rows*c.cols {
				t.Errorf("%d tiles for %dx%d", p.Pages(), p.Rows, p.Cols)
			}
			checkTilePlan(t, p)
		})
	}
}

// checkPlan checks the invariants of every plan.
func checkTilePlan(t *testing.T, p TilePlan) {
	t.Helper()
	if p.Landscape != (p.Paper.W > p.Paper.H) {
		t.Errorf("landscape=%v but the page is %gx%g", p.Landscape, p.Paper.W, p.Paper.H)
	}
	checkTileCoverage(t, p)
	checkTilesInside(t, p)
	checkTileSeams(t, p)
	checkTileLabels(t, p)
}

// checkCoverage: every point of the board lies on some tile, and no tile
// reaches beyond the board.
func checkTileCoverage(t *testing.T, p TilePlan) {
	t.Helper()
	for _, tl := range p.Tiles {
		r := tl.Region
		if r.X < -tileTol || r.Y < -tileTol || r.Right() > p.BoardW+tileTol || r.Bottom() > p.BoardH+tileTol {
			t.Errorf("tile %s %+v reaches beyond the %gx%g board", tl.Label, r, p.BoardW, p.BoardH)
		}
	}
	const steps = 97
	for i := 0; i <= steps; i++ {
		for j := 0; j <= steps; j++ {
			x, y := p.BoardW*float64(i)/steps, p.BoardH*float64(j)/steps
			covered := false
			for _, tl := range p.Tiles {
				r := tl.Region
				if x >= r.X-tileTol && x <= r.Right()+tileTol && y >= r.Y-tileTol && y <= r.Bottom()+tileTol {
					covered = true
					break
				}
			}
			if !covered {
				t.Fatalf("board point %.1f,%.1f is on no tile", x, y)
			}
		}
	}
}

// checkInside: every tile's region, and the caption, lie inside the
// printable area; the region stays clear of the caption.
func checkTilesInside(t *testing.T, p TilePlan) {
	t.Helper()
	pr := p.Printable()
	inside := func(r Rect) bool {
		return r.X >= pr.X-tileTol && r.Y >= pr.Y-tileTol && r.Right() <= pr.Right()+tileTol && r.Bottom() <= pr.Bottom()+tileTol
	}
	for _, tl := range p.Tiles {
		if !inside(tl.OnPage()) {
			t.Errorf("tile %s on page %+v is outside the printable area %+v", tl.Label, tl.OnPage(), pr)
		}
		if p.Caption.H > 0 && tl.OnPage().Bottom() > p.Caption.Y+tileTol {
			t.Errorf("tile %s overlaps the caption band", tl.Label)
		}
	}
	if p.Caption.H > 0 && !inside(p.Caption) {
		t.Errorf("caption %+v is outside the printable area", p.Caption)
	}
}

// checkSeams: neighbours overlap by exactly the overlap, each shared edge
// has at least two marks inside both tiles' regions, and non-neighbours
// and one-page boards share nothing.
func checkTileSeams(t *testing.T, p TilePlan) {
	t.Helper()
	want := p.Rows*(p.Cols-1) + p.Cols*(p.Rows-1)
	if len(p.Seams) != want {
		t.Fatalf("%d seams, want %d", len(p.Seams), want)
	}
	for _, s := range p.Seams {
		a, b := p.Tiles[s.Under], p.Tiles[s.Over]
		width := a.Region.Right() - b.Region.X
		if !s.Vertical {
			width = a.Region.Bottom() - b.Region.Y
		}
		if math.Abs(width-p.Overlap) > tileTol {
			t.Errorf("%s/%s overlap by %g, want %g", a.Label, b.Label, width, p.Overlap)
		}
		if len(s.Marks) < 2 {
			t.Errorf("%s/%s: %d marks, want at least 2", a.Label, b.Label, len(s.Marks))
		}
		for _, m := range s.Marks {
			for _, tl := range []Tile{a, b} {
				r := tl.Region.Inset(MarkRadius)
				if m.X < r.X-tileTol || m.X > r.Right()+tileTol || m.Y < r.Y-tileTol || m.Y > r.Bottom()+tileTol {
					t.Errorf("mark %+v of %s/%s is not inside %s %+v", m, a.Label, b.Label, tl.Label, tl.Region)
				}
			}
		}
	}
	for _, tl := range p.Tiles {
		e := tl.Overlap
		want := Edges{Top: tl.Row > 0, Right: tl.Col < p.Cols-1, Bottom: tl.Row < p.Rows-1, Left: tl.Col > 0}
		if e != want {
			t.Errorf("tile %s overlap edges %+v, want %+v", tl.Label, e, want)
		}
	}
	if p.Pages() == 1 && (p.Tiles[0].Region != Rect{0, 0, p.BoardW, p.BoardH}) {
		t.Errorf("one-page board region %+v", p.Tiles[0].Region)
	}
}

func checkTileLabels(t *testing.T, p TilePlan) {
	t.Helper()
	seen := map[string]bool{}
	for _, tl := range p.Tiles {
		if seen[tl.Label] {
			t.Errorf("label %s twice", tl.Label)
		}
		seen[tl.Label] = true
		if tl.Label != TileLabel(tl.Row, tl.Col) {
			t.Errorf("tile %d,%d labelled %s", tl.Row, tl.Col, tl.Label)
		}
	}
}

func TestTileLabels(t *testing.T) {
	cases := map[[2]int]string{{0, 0}: "A1", {0, 1}: "A2", {1, 0}: "B1", {25, 9}: "Z10", {26, 0}: "AA1"}
	for rc, want := range cases {
		if got := TileLabel(rc[0], rc[1]); got != want {
			t.Errorf("TileLabel(%d, %d) = %s, want %s", rc[0], rc[1], got, want)
		}
	}
}

func TestTileBoardOverlapWidths(t *testing.T) {
	for _, ov := range []float64{MinOverlap, DefaultOverlap, 20} {
		p, err := TileBoard(Papers["a4"], DefaultMargin, ov, 600, 450)
		if err != nil {
			t.Fatal(err)
		}
		if p.Overlap != ov {
			t.Errorf("plan overlap %g, want %g", p.Overlap, ov)
		}
		checkTilePlan(t, p)
	}
}

func TestTileBoardMarksOnCutLine(t *testing.T) {
	p, err := TileBoard(Papers["letter"], DefaultMargin, DefaultOverlap, 500, 400)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Seams {
		mid := s.Strip.X + s.Strip.W/2
		if !s.Vertical {
			mid = s.Strip.Y + s.Strip.H/2
		}
		if math.Abs(s.Cut-mid) > tileTol {
			t.Errorf("cut %g is not the middle of strip %+v", s.Cut, s.Strip)
		}
		for _, m := range s.Marks {
			on := m.X
			if !s.Vertical {
				on = m.Y
			}
			if math.Abs(on-s.Cut) > tileTol {
				t.Errorf("mark %+v is off the cut line %g", m, s.Cut)
			}
		}
	}
}

func TestTileBoardErrors(t *testing.T) {
	letter := Papers["letter"]
	cases := []struct {
		name               string
		margin, overlap, w float64
		h                  float64
		want               string
	}{
		{"zero width", DefaultMargin, DefaultOverlap, 0, 100, "must be positive"},
		{"negative height", DefaultMargin, DefaultOverlap, 100, -5, "must be positive"},
		{"NaN", DefaultMargin, DefaultOverlap, math.NaN(), 100, "must be positive"},
		{"too wide", DefaultMargin, DefaultOverlap, 2000.5, 100, "at most 2000mm"},
		{"too tall", DefaultMargin, DefaultOverlap, 100, 5000, "at most 2000mm"},
		{"huge margin", 120, DefaultOverlap, 300, 300, "nothing printable"},
		{"negative margin", -1, DefaultOverlap, 300, 300, "nothing printable"},
		{"thin overlap", DefaultMargin, 2, 300, 300, "at least 6mm"},
		{"overlap wider than a page third", DefaultMargin, 90, 900, 900, "too little"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := TileBoard(letter, c.margin, c.overlap, c.w, c.h)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestTileBoardPaired(t *testing.T) {
	tests := []struct {
		name              string
		paper             string
		w, h              float64
		pages, tiles      int
		paired, landscape bool
	}{
		{"Run For Your Life's track side on Letter: 6 tiles two a landscape page, not 4 one a page", "letter", 280, 380, 3, 6, true, true},
		{"the same side on A4: 3 tiles one a page are fewer pages", "a4", 280, 380, 3, 3, false, true},
		{"a side that fits one page stays one page", "letter", 180, 240, 1, 1, false, false},
		{"a side of two tiles keeps its pages (one shared page would hide the page map)", "letter", 200, 400, 2, 2, false, false},
	}
	for _, tt := range tests {
		paper := Papers[tt.paper]
		single, err := TileBoard(paper, DefaultMargin, DefaultOverlap, tt.w, tt.h)
		if err != nil {
			t.Fatal(err)
		}
		p, err := TileBoardPaired(paper, DefaultMargin, DefaultOverlap, 6, tt.w, tt.h)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if p.Pages() != tt.pages || len(p.Tiles) != tt.tiles || p.Paired() != tt.paired || p.Landscape != tt.landscape {
			t.Errorf("%s: %d pages of %d tiles (paired %v, landscape %v), want %d of %d (%v, %v)", tt.name,
				p.Pages(), len(p.Tiles), p.Paired(), p.Landscape, tt.pages, tt.tiles, tt.paired, tt.landscape)
		}
		if p.Pages() > single.Pages() {
			t.Errorf("%s: %d pages, one tile a page takes %d", tt.name, p.Pages(), single.Pages())
		}
		for k := 0; k < p.Pages(); k++ {
			on := p.OnPageOf(k)
			if len(on) == 0 || len(on) > 2 {
				t.Errorf("%s: page %d holds tiles %v", tt.name, k, on)
			}
			for i, a := range on {
				ta := p.Tiles[a]
				r := ta.OnPage()
				room := ta.Area
				if ta.Caption.H > 0 {
					room.H = ta.Caption.Y - room.Y
				}
				if r.X < room.X-1e-9 || r.Y < room.Y-1e-9 || r.Right() > room.Right()+1e-9 || r.Bottom() > room.Bottom()+1e-9 {
					t.Errorf("%s: tile %s at %+v leaves its area %+v", tt.name, ta.Label, r, room)
				}
				if !insideRect(ta.Area, p.Printable()) {
					t.Errorf("%s: tile %s's area %+v leaves the printable area", tt.name, ta.Label, ta.Area)
				}
				for _, b := range on[i+1:] {
					if overlaps(ta.Area, p.Tiles[b].Area) {
						t.Errorf("%s: tiles %s and %s share room on page %d", tt.name, ta.Label, p.Tiles[b].Label, k)
					}
				}
			}
		}
		// True size: the tiles, less their overlaps, make up the board.
		var sumW, sumH float64
		for _, tl := range p.Tiles {
			if tl.Row == 0 {
				sumW += tl.Region.W
			}
			if tl.Col == 0 {
				sumH += tl.Region.H
			}
		}
		if w := sumW - float64(p.Cols-1)*p.Overlap; math.Abs(w-tt.w) > 1e-6 {
			t.Errorf("%s: tiles span %gmm of a %gmm board", tt.name, w, tt.w)
		}
		if h := sumH - float64(p.Rows-1)*p.Overlap; math.Abs(h-tt.h) > 1e-6 {
			t.Errorf("%s: tiles span %gmm of a %gmm board", tt.name, h, tt.h)
		}
	}
}

func insideRect(a, b Rect) bool {
	return a.X >= b.X-1e-9 && a.Y >= b.Y-1e-9 && a.Right() <= b.Right()+1e-9 && a.Bottom() <= b.Bottom()+1e-9
}

func overlaps(a, b Rect) bool {
	return a.X < b.Right()-1e-9 && b.X < a.Right()-1e-9 && a.Y < b.Bottom()-1e-9 && b.Y < a.Bottom()-1e-9
}
