package layout

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func poker(paper string, crop bool) GridSpec {
	return GridSpec{Paper: Papers[paper], Margin: DefaultMargin, CardW: 63.5, CardH: 88.9, Bleed: DefaultBleed, CropMarks: crop}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// TestNewGridNineUpPoker pins the geometry of 9-up poker on both papers:
// full 6 mm gutters where they fit (Letter columns, A4 rows), butted cards
// where they do not (Letter rows, A4 columns), the grid centred, the full
// bleed outside it.
func TestNewGridNineUpPoker(t *testing.T) {
	cases := []struct {
		paper            string
		gutterX, gutterY float64
		origin           Point
		buttCols, buttRs bool
	}{
		{"letter", 6, 0, Point{6.7, 6.35}, false, true},
		{"a4", 0, 6, Point{9.75, 9.15}, true, false},
	}
	for _, c := range cases {
		t.Run(c.paper, func(t *testing.T) {
			g, err := NewGrid(poker(c.paper, true))
			if err != nil {
				t.Fatal(err)
			}
			if g.Cols != 3 || g.Rows != 3 {
				t.Fatalf("got %dx%d, want 3x3", g.Cols, g.Rows)
			}
			if !near(g.GutterX, c.gutterX) || !near(g.GutterY, c.gutterY) {
				t.Errorf("gutters %.3f x %.3f, want %.3f x %.3f", g.GutterX, g.GutterY, c.gutterX, c.gutterY)
			}
			if !near(g.Origin.X, c.origin.X) || !near(g.Origin.Y, c.origin.Y) {
				t.Errorf("origin %+v, want %+v", g.Origin, c.origin)
			}
			if cols, rows := g.Butted(); cols != c.buttCols || rows != c.buttRs {
				t.Errorf("butted cols=%v rows=%v, want %v %v", cols, rows, c.buttCols, c.buttRs)
			}
			if g.OuterBleed != (Sides{3, 3, 3, 3}) {
				t.Errorf("outer bleed %+v, want 3 mm every side", g.OuterBleed)
			}
			p := Papers[c.paper]
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

// TestNewGridOtherSizes: gutters are all or nothing, and a small margin
// gives A4 poker its gutters back.
func TestNewGridOtherSizes(t *testing.T) {
	cases := []struct {
		name             string
		spec             GridSpec
		cols, rows       int
		gutterX, gutterY float64
	}{
		{"a4 poker 3.5mm margin", GridSpec{Paper: Papers["a4"], Margin: 3.5, CardW: 63.5, CardH: 88.9, Bleed: 3}, 3, 3, 6, 6},
		{"letter bridge", GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 57.2, CardH: 88.9, Bleed: 3}, 3, 3, 6, 0},
		{"a4 mini", GridSpec{Paper: Papers["a4"], Margin: DefaultMargin, CardW: 44, CardH: 67, Bleed: 3}, 4, 4, 6, 0},
		{"letter tarot", GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 70, CardH: 120, Bleed: 3}, 2, 2, 6, 6},
		{"page", GridSpec{Paper: Papers["letter"], CardW: 215.9, CardH: 279.4}, 1, 1, 0, 0},
		{"half page", GridSpec{Paper: Papers["a4"], CardW: 210, CardH: 148.5}, 1, 2, 0, 0},
	}
	for _, c := range cases {
		g, err := NewGrid(c.spec)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if g.Cols != c.cols || g.Rows != c.rows || !near(g.GutterX, c.gutterX) || !near(g.GutterY, c.gutterY) {
			t.Errorf("%s: %dx%d gutters %.2f x %.2f, want %dx%d %.2f x %.2f", c.name, g.Cols, g.Rows, g.GutterX, g.GutterY, c.cols, c.rows, c.gutterX, c.gutterY)
		}
	}
}

func TestNewGridRejectsOversizeCard(t *testing.T) {
	_, err := NewGrid(GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 300, CardH: 100, Bleed: 3})
	if err == nil {
		t.Fatal("want an error for a card wider than the paper")
	}
}

// pageCase is one page of a sheet: the front, or the back for a duplex mode.
type pageCase struct {
	name  string
	slots []Slot
}

// gridPages returns the front and the back pages of a sheet of n cards.
func gridPages(g Grid, n int, offset Point) []pageCase {
	return []pageCase{
		{"front", g.Slots(n)},
		{"long", g.BackSlots(n, LongEdge, offset)},
		{"short", g.BackSlots(n, ShortEdge, offset)},
		{"none", g.BackSlots(n, NoDuplex, Point{})},
	}
}

var gridSpecs = []struct {
	name string
	spec GridSpec
}{
	{"letter", poker("letter", true)},
	{"a4", poker("a4", true)},
	{"a4 mini", GridSpec{Paper: Papers["a4"], Margin: DefaultMargin, CardW: 44, CardH: 67, Bleed: 3, CropMarks: true}},
	{"letter tarot", GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 70, CardH: 120, Bleed: 3, CropMarks: true}},
	{"a4 poker small margin", GridSpec{Paper: Papers["a4"], Margin: 3, CardW: 63.5, CardH: 88.9, Bleed: 3, CropMarks: true}},
	{"letter bridge wide margin", GridSpec{Paper: Papers["letter"], Margin: 12, CardW: 57.2, CardH: 88.9, Bleed: 3, CropMarks: true}},
}

// TestGridBleed checks every card of every sheet, full or not, front and
// back: the full bleed on every side, except a side that butts on another
// card of the sheet (no bleed, the trims touch); no art over another card's
// art; backs with their fronts' bleed, mirrored.
func TestGridBleed(t *testing.T) {
	for _, gs := range gridSpecs {
		g, err := NewGrid(gs.spec)
		if err != nil {
			t.Fatal(err)
		}
		b := gs.spec.Bleed
		for n := 1; n <= g.PerPage(); n++ {
			for _, pc := range gridPages(g, n, Point{}) {
				for i, s := range pc.slots {
					name := fmt.Sprintf("%s n=%d %s slot %d", gs.name, n, pc.name, i)
					t1 := s.Trim
					for _, side := range []struct {
						name  string
						bleed float64
						abut  func(o Rect) bool
					}{
						{"top", s.Bleed.Top, func(o Rect) bool { return near(o.Bottom(), t1.Y) && o.X < t1.Right() && t1.X < o.Right() }},
						{"right", s.Bleed.Right, func(o Rect) bool { return near(o.X, t1.Right()) && o.Y < t1.Bottom() && t1.Y < o.Bottom() }},
						{"bottom", s.Bleed.Bottom, func(o Rect) bool { return near(o.Y, t1.Bottom()) && o.X < t1.Right() && t1.X < o.Right() }},
						{"left", s.Bleed.Left, func(o Rect) bool { return near(o.Right(), t1.X) && o.Y < t1.Bottom() && t1.Y < o.Bottom() }},
					} {
						butted := false
						for j, o := range pc.slots {
							if j != i && side.abut(o.Trim) {
								butted = true
							}
						}
						switch {
						case butted && side.bleed != 0:
							t.Errorf("%s: %s butts on a card but has %.2fmm bleed", name, side.name, side.bleed)
						case !butted && !near(side.bleed, b) && !bothButted(g):
							t.Errorf("%s: %s bleed %.2fmm, want %.2fmm", name, side.name, side.bleed, b)
						}
					}
					for j, o := range pc.slots {
						if j != i && markOverlaps(s.Art(), o.Art()) {
							t.Errorf("%s: art %+v overlaps the art of slot %d %+v", name, s.Art(), j, o.Art())
						}
					}
				}
			}
			front := g.Slots(n)
			for _, d := range []Duplex{LongEdge, ShortEdge} {
				for i, s := range g.BackSlots(n, d, Point{X: 0.4, Y: -0.3}) {
					fb := front[i].Bleed
					want := fb
					if d == LongEdge {
						want.Left, want.Right = fb.Right, fb.Left
					} else {
						want.Top, want.Bottom = fb.Bottom, fb.Top
					}
					if s.Bleed != want {
						t.Errorf("%s n=%d %s back %d: bleed %+v, want the front's %+v mirrored", gs.name, n, d, i, s.Bleed, fb)
					}
				}
			}
		}
	}
}

func bothButted(g Grid) bool { c, r := g.Butted(); return c && r }

// TestGridOpenEdges pins the bleed of the last, partly filled sheet: the
// cards next to empty slots get the full bleed there.
func TestGridOpenEdges(t *testing.T) {
	letter, _ := NewGrid(poker("letter", true))
	s := letter.Slots(4) // row 0 full, slot 3 alone in row 1
	if s[1].Bleed.Bottom != 3 || s[2].Bleed.Bottom != 3 || s[3].Bleed.Bottom != 3 || s[0].Bleed.Bottom != 0 || s[3].Bleed.Top != 0 {
		t.Errorf("letter, 4 cards: %+v", s)
	}
	a4, _ := NewGrid(poker("a4", true))
	s = a4.Slots(4)
	if s[3].Bleed.Right != 3 || s[0].Bleed.Right != 0 || s[1].Bleed.Left != 0 {
		t.Errorf("a4, 4 cards: %+v", s)
	}
	// The back of slot 3 (long edge) sits in the right column with the open
	// side on its left.
	b := a4.BackSlots(4, LongEdge, Point{})
	if b[3].Bleed.Left != 3 || b[3].Bleed.Right != 3 || !near(b[3].Trim.X, a4.Trim(2).X) {
		t.Errorf("a4, back of slot 3: %+v", b[3])
	}
}

func TestBackTrimMirrorsForFlip(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		g, _ := NewGrid(poker(paper, true))
		p := Papers[paper]
		for i := 0; i < g.PerPage(); i++ {
			front := g.Trim(i)
			long, turn := g.BackTrim(i, LongEdge, Point{})
			if turn != 0 || math.Abs(long.X-(p.W-front.Right())) > 1e-9 || long.Y != front.Y {
				t.Errorf("long edge: slot %d back %+v for front %+v", i, long, front)
			}
			short, turn := g.BackTrim(i, ShortEdge, Point{})
			if turn != 180 || math.Abs(short.Y-(p.H-front.Bottom())) > 1e-9 || short.X != front.X {
				t.Errorf("short edge: slot %d back %+v for front %+v", i, short, front)
			}
			none, turn := g.BackTrim(i, NoDuplex, Point{})
			if turn != 0 || none != front {
				t.Errorf("no duplex: slot %d back %+v for front %+v", i, none, front)
			}
			off, _ := g.BackTrim(i, LongEdge, Point{X: 0.5, Y: -0.25})
			if math.Abs(off.X-long.X-0.5) > 1e-9 || math.Abs(off.Y-long.Y+0.25) > 1e-9 {
				t.Errorf("offset not applied: %+v vs %+v", off, long)
			}
			offShort, _ := g.BackTrim(i, ShortEdge, Point{X: 0.5, Y: -0.25})
			if math.Abs(offShort.X-short.X-0.5) > 1e-9 || math.Abs(offShort.Y-short.Y+0.25) > 1e-9 {
				t.Errorf("offset not applied (short): %+v vs %+v", offShort, short)
			}
		}
		// Backs of a full sheet land on the front's slots; the slots are
		// turned for short-edge only.
		for i, s := range g.BackSlots(g.PerPage(), ShortEdge, Point{}) {
			if s.Turn != 180 || !near(s.Trim.Y, g.Trim((g.Rows-1-i/g.Cols)*g.Cols+i%g.Cols).Y) {
				t.Errorf("%s short edge back %d: %+v", paper, i, s)
			}
		}
	}
}

// turnPoint turns p (relative to a card's centre) clockwise by deg degrees
// on a page whose y axis points down.
func turnPoint(p Point, deg float64) Point {
	s, c := math.Sincos(deg * math.Pi / 180)
	return Point{p.X*c - p.Y*s, p.X*s + p.Y*c}
}

// TestBacksStandLikeTheirFronts follows points of a card through the
// print: a point q of the back, as read when the card is turned over left
// to right, lies behind the point (-q.x, q.y) of the front. Drawing the
// front by its slot, flipping the sheet (long edge: left to right; short
// edge: top to bottom) and drawing the back by its back slot must put the
// two at the same place of the paper, upright and turned grids alike. A
// wrong turn, a missing mirror or a wrong sign moves a corner and fails.
func TestBacksStandLikeTheirFronts(t *testing.T) {
	for _, turned := range []bool{false, true} {
		spec := poker("a4", true)
		spec.MayTurn = turned
		g, err := NewGrid(spec)
		if err != nil || g.Turned != turned {
			t.Fatalf("a4 MayTurn=%v: turned=%v err=%v", turned, g.Turned, err)
		}
		w, h := 63.5, 88.9 // the card, upright
		for _, d := range []Duplex{LongEdge, ShortEdge} {
			fronts, backs := g.Slots(g.PerPage()), g.BackSlots(g.PerPage(), d, Point{})
			for i := range fronts {
				f, b := fronts[i], backs[i]
				if f.Quarter() != turned || b.Quarter() != turned {
					t.Fatalf("turned=%v slot %d: front turn %v, back turn %v", turned, i, f.Turn, b.Turn)
				}
				fc := Point{f.Trim.X + f.Trim.W/2, f.Trim.Y + f.Trim.H/2}
				bc := Point{b.Trim.X + b.Trim.W/2, b.Trim.Y + b.Trim.H/2}
				for _, q := range []Point{{-w / 2, -h / 2}, {w / 2, -h / 2}, {-w / 2, h / 2}, {w/2 - 10, h/2 - 3}} {
					fp := turnPoint(Point{-q.X, q.Y}, f.Turn)
					onFront := Point{fc.X + fp.X, fc.Y + fp.Y}
					// Where that place of the paper is on the back page.
					behind := onFront
					if d == LongEdge {
						behind.X = g.Spec.Paper.W - onFront.X
					} else {
						behind.Y = g.Spec.Paper.H - onFront.Y
					}
					bp := turnPoint(q, b.Turn)
					onBack := Point{bc.X + bp.X, bc.Y + bp.Y}
					if !near(onBack.X, behind.X) || !near(onBack.Y, behind.Y) {
						t.Errorf("turned=%v %v slot %d: back point %v drawn at %v, behind its front at %v",
							turned, d, i, q, onBack, behind)
					}
				}
			}
		}
	}
}

// TestNewGridTurnsForFullBleed: a grid that would butt is turned sideways
// when that gives full gutters for at most one card a sheet less (poker on
// A4: 2 x 4 turned rather than 3 x 3 butted), and left upright otherwise
// (Letter, where turned cards butt too; any paper without MayTurn).
func TestNewGridTurnsForFullBleed(t *testing.T) {
	cases := []struct {
		paper      string
		margin     float64
		mayTurn    bool
		turned     bool
		cols, rows int
	}{
		{"a4", DefaultMargin, true, true, 2, 4},
		{"a4", DefaultMargin, false, false, 3, 3},
		{"a4", 3.5, true, false, 3, 3}, // full gutters upright: no need to turn
		{"letter", DefaultMargin, true, false, 3, 3},
	}
	for _, c := range cases {
		spec := poker(c.paper, true)
		spec.Margin, spec.MayTurn = c.margin, c.mayTurn
		g, err := NewGrid(spec)
		if err != nil {
			t.Fatal(err)
		}
		if g.Turned != c.turned || g.Cols != c.cols || g.Rows != c.rows {
			t.Errorf("%s margin %g MayTurn=%v: turned=%v %dx%d, want turned=%v %dx%d",
				c.paper, c.margin, c.mayTurn, g.Turned, g.Cols, g.Rows, c.turned, c.cols, c.rows)
		}
		if g.Turned {
			if cols, rows := g.Butted(); cols || rows {
				t.Errorf("%s: turned grid butts", c.paper)
			}
			if g.Spec.CardW != 88.9 || g.Spec.CardH != 63.5 || g.Slots(1)[0].Turn != 270 {
				t.Errorf("%s: turned cell %gx%g turn %v", c.paper, g.Spec.CardW, g.Spec.CardH, g.Slots(1)[0].Turn)
			}
			for i := 0; i < g.PerPage(); i++ {
				if b := g.Bleed(i); b != (Sides{3, 3, 3, 3}) {
					t.Errorf("%s slot %d bleed %+v", c.paper, i, b)
				}
			}
		}
	}
	// A card that fits only sideways is turned even though it butts.
	wide := GridSpec{Paper: Papers["letter"], Margin: DefaultMargin, CardW: 250, CardH: 100, Bleed: 3, MayTurn: true}
	if g, err := NewGrid(wide); err != nil || !g.Turned {
		t.Errorf("250x100 card on Letter: turned=%v err=%v", g.Turned, err)
	}
}

// markOpts are the mark variants every page is checked in.
var markOpts = []MarkOptions{
	{Crop: true},
	{Crop: true, CutLines: true},
	{Crop: true, TrimOutline: true},
	{TrimOutline: true},
	{CutLines: true},
}

// TestMarksInsideMarginAndOffTrims: on every page (front, long, short and
// none backs, with and without a back offset), in every variant, every
// mark's ink (knockouts included) lies inside the printable area and over
// no trim.
func TestMarksInsideMarginAndOffTrims(t *testing.T) {
	for _, gs := range gridSpecs {
		g, err := NewGrid(gs.spec)
		if err != nil {
			t.Fatal(err)
		}
		area := g.Printable()
		for n := 1; n <= g.PerPage(); n++ {
			for _, off := range []Point{{}, {X: 0.5, Y: -0.25}, {X: -1.2, Y: 0.8}} {
				for _, pc := range gridPages(g, n, off) {
					for _, o := range markOpts {
						marks := SheetMarks(area, pc.slots, o)
						if o.Crop && len(marks) == 0 {
							t.Fatalf("%s n=%d %s: no marks", gs.name, n, pc.name)
						}
						for _, m := range marks {
							r := m.InkRect()
							if !markWithin(r, area) {
								t.Errorf("%s n=%d %s %+v: %s mark %+v (ink %+v) is in the margin", gs.name, n, pc.name, o, m.Kind, m.Line, r)
							}
							for i, s := range pc.slots {
								if markOverlaps(r, s.Trim) {
									t.Errorf("%s n=%d %s: %s mark %+v is over the trim of slot %d", gs.name, n, pc.name, m.Kind, m.Line, i)
								}
							}
							if !onCutLine(m, pc.slots) {
								t.Errorf("%s n=%d %s: %s mark %+v is not on a cut line", gs.name, n, pc.name, m.Kind, m.Line)
							}
							if (m.Kind == CropMark || m.Kind == EdgeMark) && m.Ink == InkDark {
								if l := math.Hypot(m.X2-m.X1, m.Y2-m.Y1); l < MinTick-1e-6 || l > MarkLength+2*MarkGap+1e-6 {
									t.Errorf("%s n=%d %s: %s mark %+v is %.2fmm long", gs.name, n, pc.name, m.Kind, m.Line, l)
								}
							}
						}
					}
				}
			}
		}
	}
}

// onCutLine reports whether a dark mark runs along a trim edge's line:
// centred on it (crop marks, cut lines: up to half its width off where the
// line lies on the margin), or touching it from outside (edge marks, trim
// outlines).
func onCutLine(m Mark, slots []Slot) bool {
	if m.Ink == InkKnockout {
		return true
	}
	across := m.Y1
	if m.Vertical() {
		across = m.X1
	}
	for _, s := range slots {
		cs := []float64{s.Trim.Y, s.Trim.Bottom()}
		if m.Vertical() {
			cs = []float64{s.Trim.X, s.Trim.Right()}
		}
		for _, c := range cs {
			switch m.Kind {
			case CropMark, CutLine:
				if math.Abs(across-c) <= m.Width/2+1e-6 {
					return true
				}
			}
			switch m.Kind {
			case EdgeMark, TrimOutline, CutLine:
				if near(math.Abs(across-c), m.Width/2) {
					return true
				}
			}
		}
	}
	return false
}

// guides are the dark crop and edge marks along one cut line.
func guides(marks []Mark, vertical bool, c float64) []Mark {
	var out []Mark
	for _, m := range marks {
		if m.Ink != InkDark || (m.Kind != CropMark && m.Kind != EdgeMark) || m.Vertical() != vertical {
			continue
		}
		across := m.Y1
		if vertical {
			across = m.X1
		}
		if math.Abs(across-c) <= MarkWidth/2+1e-6 {
			out = append(out, m)
		}
	}
	return out
}

// edgeGuided reports whether every edge of the given direction (vertical:
// left and right edges) of every card has an edge mark at both its ends.
func edgeGuided(marks []Mark, slots []Slot, vertical bool) (bool, string) {
	for i, s := range slots {
		t := s.Trim
		type edge struct{ at, a, b float64 }
		es := []edge{{t.Y, t.X, t.Right()}, {t.Bottom(), t.X, t.Right()}}
		if vertical {
			es = []edge{{t.X, t.Y, t.Bottom()}, {t.Right(), t.Y, t.Bottom()}}
		}
		for _, e := range es {
			var atA, atB bool
			for _, m := range guides(marks, vertical, e.at) {
				if m.Kind != EdgeMark {
					continue
				}
				a, b := m.X1, m.X2
				if vertical {
					a, b = m.Y1, m.Y2
				}
				if a < e.a-1e-6 || b > e.b+1e-6 {
					continue // not within the edge: another cut could take it
				}
				atA = atA || a <= e.a+1.0
				atB = atB || b >= e.b-1.0
			}
			if !atA || !atB {
				return false, fmt.Sprintf("slot %d edge at %.2f (%.2f-%.2f) lacks an edge mark at one end", i, e.at, e.a, e.b)
			}
		}
	}
	return true, ""
}

// sheetGuided reports whether every cut line of the given direction has
// guides far enough apart (about a card's length, or the whole line when it
// is shorter) to line up a straightedge and cut straight through the sheet.
func sheetGuided(marks []Mark, slots []Slot, vertical bool) (bool, string) {
	var cs []float64
	for _, s := range slots {
		if vertical {
			cs = appendUnique(cs, s.Trim.X, s.Trim.Right())
		} else {
			cs = appendUnique(cs, s.Trim.Y, s.Trim.Bottom())
		}
	}
	for _, c := range cs {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range slots {
			t := s.Trim
			if vertical && (near(t.X, c) || near(t.Right(), c)) {
				lo, hi = math.Min(lo, t.Y), math.Max(hi, t.Bottom())
			}
			if !vertical && (near(t.Y, c) || near(t.Bottom(), c)) {
				lo, hi = math.Min(lo, t.X), math.Max(hi, t.Right())
			}
		}
		first, last := math.Inf(1), math.Inf(-1)
		for _, m := range guides(marks, vertical, c) {
			at := (m.X1 + m.X2) / 2
			if vertical {
				at = (m.Y1 + m.Y2) / 2
			}
			first, last = math.Min(first, at), math.Max(last, at)
		}
		card := slots[0].Trim.W
		if vertical {
			card = slots[0].Trim.H
		}
		if !(last-first >= 0.9*math.Min(hi-lo, card)) {
			return false, fmt.Sprintf("cut line at %.2f (%.2f-%.2f) has guides %.2f-%.2f only", c, lo, hi, first, last)
		}
	}
	return true, ""
}

// TestMarksSurviveCutting is the cutting guarantee: on every page, one
// direction's cut lines can be cut first straight across the sheet (guides
// on both halves of every line), after which every edge of the other
// direction has an edge mark at both ends, which no cut but its own can
// remove. Without butted lines, both orders work. Every trim corner has a
// mark.
func TestMarksSurviveCutting(t *testing.T) {
	for _, gs := range gridSpecs {
		g, err := NewGrid(gs.spec)
		if err != nil {
			t.Fatal(err)
		}
		buttCols, buttRows := g.Butted()
		for n := 1; n <= g.PerPage(); n++ {
			for _, pc := range gridPages(g, n, Point{}) {
				for _, o := range []MarkOptions{{Crop: true}, {Crop: true, CutLines: true, TrimOutline: true}} {
					name := fmt.Sprintf("%s n=%d %s %+v", gs.name, n, pc.name, o)
					marks := SheetMarks(g.Printable(), pc.slots, o)
					ev, whyV := edgeGuided(marks, pc.slots, true)
					eh, whyH := edgeGuided(marks, pc.slots, false)
					sv, whySV := sheetGuided(marks, pc.slots, true)
					sh, whySH := sheetGuided(marks, pc.slots, false)
					if !(sv && eh) && !(sh && ev) {
						t.Errorf("%s: no cutting order works: vertical first (%s %s), horizontal first (%s %s)", name, whySV, whyH, whySH, whyV)
					}
					// Rows butt on Letter: cut them first; the columns
					// then have edge marks. Columns butt on A4.
					if buttRows && !buttCols && !(sh && ev) {
						t.Errorf("%s: rows butt but cutting them first fails: %s %s", name, whySH, whyV)
					}
					if buttCols && !buttRows && !(sv && eh) {
						t.Errorf("%s: columns butt but cutting them first fails: %s %s", name, whySV, whyH)
					}
					if !buttCols && !buttRows && !(ev && eh && sv && sh) {
						t.Errorf("%s: nothing butts, yet %s %s %s %s", name, whyV, whyH, whySV, whySH)
					}
					for i, s := range pc.slots {
						tr := s.Trim
						for _, c := range [][2]float64{{tr.X, tr.Y}, {tr.Right(), tr.Y}, {tr.X, tr.Bottom()}, {tr.Right(), tr.Bottom()}} {
							if !cornerMarked(marks, c[0], c[1]) {
								t.Errorf("%s: corner %.2f,%.2f of slot %d has no mark", name, c[0], c[1], i)
							}
						}
					}
				}
			}
		}
	}
}

// cornerMarked reports whether a dark crop or edge mark runs along one of
// the corner's edges within 1 mm of it.
func cornerMarked(marks []Mark, x, y float64) bool {
	for _, m := range marks {
		if m.Ink != InkDark || (m.Kind != CropMark && m.Kind != EdgeMark) {
			continue
		}
		r := m.InkRect().Inset(-1)
		if x >= r.X && x <= r.Right() && y >= r.Y && y <= r.Bottom() {
			return true
		}
	}
	return false
}

func fmtMarks(marks []Mark, kind MarkKind, ink MarkInk) string {
	var b strings.Builder
	for _, m := range marks {
		if m.Kind == kind && m.Ink == ink {
			fmt.Fprintf(&b, "%.2f,%.2f-%.2f,%.2f/%.2f ", m.X1, m.Y1, m.X2, m.Y2, m.Width)
		}
	}
	return b.String()
}

// TestMarkPositions pins marks of the full poker sheets: moving a mark,
// its width or its knockout makes this fail.
func TestMarkPositions(t *testing.T) {
	letter, _ := NewGrid(poker("letter", true))
	lm := letter.Marks(9, MarkOptions{Crop: true})
	a4, _ := NewGrid(poker("a4", true))
	am := a4.Marks(9, MarkOptions{Crop: true})
	want := []struct {
		name  string
		marks []Mark
		kind  MarkKind
		ink   MarkInk
		has   []string
		count int
	}{
		// Letter: rows butt, so the horizontal cuts have crop marks only in
		// the two column gutters; the top line, on the margin, moves in by
		// 0.1 mm. No room for vertical crop marks.
		{"letter crop", lm, CropMark, InkDark, []string{
			"70.70,6.45-75.70,6.45/0.20", "140.20,6.45-145.20,6.45/0.20",
			"70.70,95.25-75.70,95.25/0.20", "140.20,184.15-145.20,184.15/0.20",
			"70.70,272.95-75.70,272.95/0.20"}, 8},
		{"letter crop knockout", lm, CropMark, InkKnockout, []string{"70.70,6.55-75.70,6.55/0.40", "70.70,95.25-75.70,95.25/0.60"}, 8},
		// Edge marks hug the left and right edges of every card, at both
		// ends; the top and bottom edges have no room.
		{"letter edge", lm, EdgeMark, InkDark, []string{
			"6.60,6.35-6.60,11.35/0.20", "70.30,6.35-70.30,11.35/0.20", "76.10,90.25-76.10,95.25/0.20",
			"209.30,268.05-209.30,273.05/0.20"}, 36},
		{"letter edge knockout", lm, EdgeMark, InkKnockout, []string{"6.43,6.35-6.43,11.35/0.15", "70.50,6.35-70.50,11.35/0.20"}, 36},
		// A4: columns butt; vertical crop marks above and below the grid
		// and across the row gutters, horizontal ones left and right.
		{"a4 crop", am, CropMark, InkDark, []string{
			"9.75,6.35-9.75,8.65/0.20", "73.25,98.55-73.25,103.55/0.20", "200.25,288.35-200.25,290.65/0.20",
			"6.35,9.15-9.25,9.15/0.20", "200.75,287.85-203.65,287.85/0.20"}, 4*4 + 6*2},
		{"a4 edge", am, EdgeMark, InkDark, []string{
			"9.75,9.05-14.75,9.05/0.20", "68.25,98.15-73.25,98.15/0.20", "9.65,9.15-9.65,14.15/0.20"}, 36 + 12},
	}
	for _, w := range want {
		got := fmtMarks(w.marks, w.kind, w.ink)
		for _, h := range w.has {
			if !strings.Contains(got, h) {
				t.Errorf("%s: no mark %s in\n%s", w.name, h, got)
			}
		}
		if n := strings.Count(got, " "); n != w.count {
			t.Errorf("%s: %d marks, want %d:\n%s", w.name, n, w.count, got)
		}
	}
}

// TestCutLinesAndOutline: cut lines run the whole length of the waste and
// of every edge with room; the trim outline is light and only hugs edges.
func TestCutLinesAndOutline(t *testing.T) {
	g, _ := NewGrid(poker("a4", true))
	marks := g.Marks(9, MarkOptions{CutLines: true, TrimOutline: true})
	var cut, outline int
	for _, m := range marks {
		switch {
		case m.Kind == CutLine && m.Ink == InkDark:
			cut++
			if m.Width != CutLineWidth {
				t.Errorf("cut line %+v is %.2f wide", m, m.Width)
			}
		case m.Kind == TrimOutline:
			outline++
			if m.Ink != InkFaint {
				t.Errorf("outline %+v is not faint", m)
			}
			if l := math.Hypot(m.X2-m.X1, m.Y2-m.Y1); !near(l, 63.5) && !near(l, 88.9) {
				t.Errorf("outline %+v is %.2fmm long, want a whole edge", m, l)
			}
		case m.Kind == CropMark || m.Kind == EdgeMark:
			t.Errorf("crop marks drawn without Crop: %+v", m)
		}
	}
	// A4: every card has its top and bottom edge free (18), the outer
	// columns their outer edge (6).
	if outline != 18+6 {
		t.Errorf("%d outline edges, want 24", outline)
	}
	if cut == 0 {
		t.Error("no cut lines")
	}
	// Knockouts come first.
	seenDark := false
	for _, m := range marks {
		if m.Ink != InkKnockout {
			seenDark = true
		} else if seenDark {
			t.Fatal("a knockout is drawn after a dark line")
		}
	}
}

// TestCropMarksCompat: the Line form used by other impositions is the
// dark lines of the crop and edge marks.
func TestCropMarksCompat(t *testing.T) {
	g, _ := NewGrid(poker("letter", true))
	lines := g.CropMarks(9)
	if len(lines) != 8+36 {
		t.Errorf("%d lines, want 44", len(lines))
	}
	if g.CropMarks(0) != nil {
		t.Error("marks for an empty sheet")
	}
}

func TestFindRoom(t *testing.T) {
	area := Rect{0, 0, 100, 100}
	obst := []Rect{{0, 0, 100, 30}, {0, 30, 40, 70}}
	r, ok := FindRoom(area, obst, 50, 10)
	if !ok || r.X < 40-1e-9 || r.Y < 30-1e-9 {
		t.Fatalf("got %+v %v", r, ok)
	}
	for _, o := range obst {
		if markOverlaps(r, o) {
			t.Errorf("%+v overlaps %+v", r, o)
		}
	}
	if _, ok := FindRoom(area, obst, 70, 10); ok {
		t.Error("found room for 70mm in 60mm")
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

// BackOf mirrors any piece's place for the flip, as BackTrim does a card's:
// a token at (20, 30) 10x10 on A4.
func TestBackOfMirrorsAPiece(t *testing.T) {
	a4 := Papers["a4"]
	r := Rect{X: 20, Y: 30, W: 10, H: 10}
	off := Point{X: 0.5, Y: -0.25}
	for _, c := range []struct {
		d    Duplex
		want Rect
		turn float64
	}{
		{LongEdge, Rect{X: 210 - 30 + 0.5, Y: 30 - 0.25, W: 10, H: 10}, 0},
		{ShortEdge, Rect{X: 20 + 0.5, Y: 297 - 40 - 0.25, W: 10, H: 10}, 180},
		{NoDuplex, Rect{X: 20.5, Y: 29.75, W: 10, H: 10}, 0},
	} {
		got, turn := BackOf(a4, r, 0, c.d, off)
		if got != c.want || turn != c.turn {
			t.Errorf("%s: %+v turned %g, want %+v turned %g", c.d, got, turn, c.want, c.turn)
		}
	}
}
