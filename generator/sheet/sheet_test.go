package sheet

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// loadSheet loads the pack of testdata/sheets/<name> and returns its sheet.
func loadSheet(t testing.TB, name string) (*schema.Pack, *schema.Sheet) {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("testdata", "sheets", name)), name)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	sheets := p.Sheets()
	if len(sheets) != 1 {
		t.Fatalf("%s: want 1 sheet, got %d", name, len(sheets))
	}
	return p, sheets[0]
}

// sheetOpts are the print options of a test build.
func sheetOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// recordSink records every page of a sheet into one log.
type recordSink struct {
	rec   draw.Recorder
	pages int
}

// AddPage implements pageSink.
func (s *recordSink) AddPage(w, h float64) draw.Canvas {
	s.pages++
	s.rec.Logf("page %d %.2fx%.2f", s.pages, w, h)
	return &s.rec
}

// recordSheet draws a sheet on a recording.
func recordSheet(t *testing.T, r renderer, s *schema.Sheet, opts generator.PrintOptions) *recordSink {
	t.Helper()
	sink := &recordSink{}
	if err := r.imposeSheet(sink, s, opts); err != nil {
		t.Fatal(err)
	}
	return sink
}

func newTestRenderer(t testing.TB) renderer {
	t.Helper()
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return renderer{r}
}

func TestSheetGolden(t *testing.T) {
	r := newTestRenderer(t)
	cases := []struct {
		golden, fixture, paper string
		duplex                 layout.Duplex
		copies                 int
		r                      renderer
	}{
		{"sheet-page.txt", "page", "letter", layout.LongEdge, 0, r},
		{"sheet-page-inksaver-gray.txt", "page", "a4", layout.ShortEdge, 0, renderer{r.WithOptions(true, true)}},
		{"sheet-poker.txt", "poker", "letter", layout.LongEdge, 2, r},
		{"sheet-half-short.txt", "half", "a4", layout.ShortEdge, 0, r},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			_, s := loadSheet(t, c.fixture)
			if c.copies > 0 {
				cp := *s
				cp.Count = c.copies
				s = &cp
			}
			opts := sheetOpts(c.paper, c.duplex)
			opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
			sink := recordSheet(t, c.r, s, opts)
			golden.CheckNamed(t, c.golden, sink.rec.String())
		})
	}
}

// TestSheetPageCount checks how copies, backs and duplex become pages.
func TestSheetPageCount(t *testing.T) {
	r := newTestRenderer(t)
	cases := []struct {
		fixture string
		copies  int
		duplex  layout.Duplex
		want    int
	}{
		{"poker", 8, layout.LongEdge, 2},   // 9-up poker on letter: 1 front + 1 back
		{"poker", 8, layout.NoDuplex, 2},   // the backs still print, after the fronts
		{"poker", 10, layout.ShortEdge, 4}, // two sheets, each with its back
		{"page", 1, layout.LongEdge, 2},
		{"page", 3, layout.NoDuplex, 6},
		{"half", 2, layout.LongEdge, 1}, // no back: both halves on one page
		{"half", 3, layout.LongEdge, 2},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%d-%s", c.fixture, c.copies, c.duplex), func(t *testing.T) {
			p, s := loadSheet(t, c.fixture)
			cp := *s
			cp.Count = c.copies
			var buf bytes.Buffer
			n, err := r.WriteSheet(&buf, p, &cp, sheetOpts("letter", c.duplex))
			if err != nil {
				t.Fatal(err)
			}
			if n != c.want {
				t.Errorf("got %d pages, want %d", n, c.want)
			}
			conf := model.NewDefaultConfiguration()
			conf.ValidationMode = model.ValidationStrict
			if err := api.Validate(bytes.NewReader(buf.Bytes()), conf); err != nil {
				t.Errorf("invalid PDF: %v", err)
			}
		})
	}
}

// TestSheetDeterministic writes a sheet twice and compares the bytes.
func TestSheetDeterministic(t *testing.T) {
	r := newTestRenderer(t)
	p, s := loadSheet(t, "page")
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		if _, err := r.WriteSheet(buf, p, s, sheetOpts("a4", layout.LongEdge)); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two writes of one sheet differ")
	}
}

// longSheet is the page fixture with its front repeated n times, no back.
func longSheet(t *testing.T, n, columns int) *schema.Sheet {
	_, s := loadSheet(t, "page")
	cp := *s
	cp.Front, cp.Back, cp.Columns = nil, nil, columns
	for i := 0; i < n; i++ {
		cp.Front = append(cp.Front, s.Front...)
	}
	return &cp
}

func TestSheetFlow(t *testing.T) {
	r := newTestRenderer(t)
	opts := sheetOpts("letter", layout.LongEdge)
	t.Run("long content takes pages", func(t *testing.T) {
		l, err := r.layoutSheet(longSheet(t, 12, 2), opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.front.pages) < 2 {
			t.Fatalf("got %d pages, want 2 or more", len(l.front.pages))
		}
		if len(l.front.left) > 0 || len(l.front.cut) > 0 {
			t.Errorf("a page sheet left %d items over and cut %d", len(l.front.left), len(l.front.cut))
		}
		sink := recordSheet(t, r, longSheet(t, 12, 2), opts)
		if sink.pages != len(l.front.pages) {
			t.Errorf("drew %d pages, laid out %d", sink.pages, len(l.front.pages))
		}
	})
	t.Run("left column fills first", func(t *testing.T) {
		l, err := r.layoutSheet(longSheet(t, 6, 2), opts)
		if err != nil {
			t.Fatal(err)
		}
		items := l.front.pages[0].items
		right := false
		leftFoot := 0.0
		for _, p := range items {
			if p.x > 0 {
				right = true
				continue
			}
			if right {
				t.Fatalf("an item of the left column follows one of the right")
			}
			leftFoot = p.y + p.it.h
		}
		if !right {
			t.Fatal("nothing went to the right column")
		}
		if leftFoot < l.box.colH*0.9 || leftFoot > l.box.colH+sheetEps {
			t.Errorf("the left column ends at %.1fmm of %.1fmm", leftFoot, l.box.colH)
		}
	})
	t.Run("breaks", func(t *testing.T) {
		_, s := loadSheet(t, "page")
		cp := *s
		cp.Front = []*schema.Block{s.Front[0], {Break: "column"}, s.Front[1], {Break: "page"}, {Break: "page"}, s.Front[2]}
		l, err := r.layoutSheet(&cp, opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.front.pages) != 2 {
			t.Fatalf("got %d pages, want 2 (two page breaks in a row make one)", len(l.front.pages))
		}
		first := l.front.pages[0].items
		if first[0].x != 0 || first[len(first)-1].x == 0 || first[len(first)-1].it.block != 2 {
			t.Error("the block after a column break is not in the right column")
		}
		if got := l.front.pages[1].items[0]; got.it.block != 5 || got.x != 0 || got.y != 0 {
			t.Errorf("the block after a page break is not at the top of the next page: %+v", got)
		}
	})
	t.Run("table header repeats", func(t *testing.T) {
		_, s := loadSheet(t, "page")
		table := s.Front[4]
		big := &schema.Block{Table: &schema.Table{Header: table.Table.Header}}
		for i := 0; i < 120; i++ {
			big.Table.Rows = append(big.Table.Rows, table.Table.Rows[i%len(table.Table.Rows)])
		}
		cp := *s
		cp.Front, cp.Columns = []*schema.Block{big}, 1
		l, err := r.layoutSheet(&cp, opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.front.pages) < 2 {
			t.Fatal("a 120-row table fits one page")
		}
		top := l.front.pages[1].items[0]
		if top.it.what != "table header" || top.y != 0 {
			t.Errorf("page 2 starts with %q, want the table header", top.it.what)
		}
	})
}

// TestSheetMargin checks that nothing on a page sheet comes closer to the
// paper edge than the printer margin.
func TestSheetMargin(t *testing.T) {
	r := newTestRenderer(t)
	_, s := loadSheet(t, "page")
	cp := *s
	cp.Landscape = false
	opts := sheetOpts("letter", layout.LongEdge)
	l, err := r.layoutSheet(&cp, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := opts.Margin
	for _, page := range l.front.pages {
		for _, p := range page.items {
			rec := &draw.Recorder{}
			p.it.draw(rec, l.geom.inset+p.x, l.geom.inset+p.y)
			for _, op := range rec.Ops {
				var x, y float64
				if _, err := fmt.Sscanf(op, "text %f %f", &x, &y); err != nil {
					if _, err := fmt.Sscanf(op, "rect %f %f", &x, &y); err != nil {
						continue
					}
				}
				if x < m-sheetEps || y < m-sheetEps || x > opts.Paper.W-m || y > opts.Paper.H-m {
					t.Errorf("%q is inside the %.2fmm margin", op, m)
				}
			}
		}
	}
}

// TestSheetTurns guards the rotations: a sideways sheet is turned a
// quarter, a short-edge back a half turn more.
func TestSheetTurns(t *testing.T) {
	r := newTestRenderer(t)
	_, s := loadSheet(t, "page")
	cases := []struct {
		size      string
		landscape bool
		duplex    layout.Duplex
		want      []string
	}{
		{schema.SheetPage, false, layout.LongEdge, nil},
		{schema.SheetPage, false, layout.ShortEdge, []string{"rotate 180 107.95 139.70"}},
		{schema.SheetPage, true, layout.LongEdge, []string{"rotate 270 107.95 139.70", "rotate 270 107.95 139.70"}},
		{schema.SheetPage, true, layout.ShortEdge, []string{"rotate 270 107.95 139.70", "rotate 90 107.95 139.70"}},
		{schema.SheetHalfPage, true, layout.LongEdge, nil},
		{schema.SheetHalfPage, false, layout.ShortEdge, []string{"rotate 270 107.95 69.85", "rotate 90 107.95 209.55"}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%v-%s", c.size, c.landscape, c.duplex), func(t *testing.T) {
			cp := *s
			cp.Size, cp.Landscape, cp.Count = c.size, c.landscape, 1
			sink := recordSheet(t, r, &cp, sheetOpts("letter", c.duplex))
			var got []string
			for _, op := range sink.rec.Ops {
				if strings.HasPrefix(op, "rotate") {
					got = append(got, op)
				}
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("rotations %q, want %q", got, c.want)
			}
		})
	}
}

func TestSheetOverflows(t *testing.T) {
	r := newTestRenderer(t)
	t.Run("crowded poker card", func(t *testing.T) {
		p, s := loadSheet(t, "poker-overflow")
		issues := sheetOverflows(r.Renderer, p, s)
		if len(issues) == 0 {
			t.Fatal("no issue for a poker sheet with too much text")
		}
		first := issues[0]
		// The bullets fit; the heading "Blood" does not with the lines it
		// keeps with.
		if first.Ref.Pointer != "/front/4" {
			t.Errorf("first issue at %s, want /front/4 (the first block that does not fit)", first.Ref.Pointer)
		}
		if pos := first.Ref.Pos(); pos.Line != 13 {
			t.Errorf("first issue at line %d, want 13", pos.Line)
		}
		if len(issues) != 1 {
			t.Errorf("got %d issues, want one, at the first block left over", len(issues))
		}
		if first.What != `sheet "crowded" heading` {
			t.Errorf("what = %q", first.What)
		}
		if want := "does not fit on the poker-size front: 3 of 7 blocks left over (needs ~"; !strings.HasPrefix(first.Detail, want) {
			t.Errorf("detail = %q, want it to start with %q", first.Detail, want)
		}
		for _, is := range issues {
			if !strings.HasPrefix(is.Ref.Pointer, "/front/") {
				t.Errorf("issue at %s", is.Ref.Pointer)
			}
		}
	})
	for _, name := range []string{"poker", "page", "half"} {
		t.Run("fits "+name, func(t *testing.T) {
			p, s := loadSheet(t, name)
			if issues := sheetOverflows(r.Renderer, p, s); len(issues) > 0 {
				t.Errorf("unexpected issues: %+v", issues)
			}
		})
	}
	t.Run("long page sheet flows", func(t *testing.T) {
		p, _ := loadSheet(t, "page")
		if issues := sheetOverflows(r.Renderer, p, longSheet(t, 12, 2)); len(issues) > 0 {
			t.Errorf("a page sheet that flows onto more pages warns: %+v", issues)
		}
	})
	t.Run("row taller than a column", func(t *testing.T) {
		p, s := loadSheet(t, "half")
		cp := *s
		big := schema.Length(40 * 25.4 / 72)
		cp.FontSize = &big
		cp.Front = []*schema.Block{s.Front[0], {Table: &schema.Table{Rows: [][]string{{strings.Repeat("zombies ", 40)}}}, Ref: s.Front[2].Ref}}
		issues := sheetOverflows(r.Renderer, p, &cp)
		if len(issues) != 1 || issues[0].Ref.Pointer != "/front/2" || !strings.Contains(issues[0].Detail, "table row 1") {
			t.Errorf("got %+v, want one issue for the table row", issues)
		}
	})
	t.Run("card too large for the paper", func(t *testing.T) {
		p, s := loadSheet(t, "poker")
		cp := *s
		w, h := schema.Length(300), schema.Length(90)
		cp.Size, cp.Width, cp.Height = "custom", &w, &h
		issues := sheetOverflows(r.Renderer, p, &cp)
		if len(issues) != 1 || !strings.Contains(issues[0].Detail, "does not fit on letter paper") {
			t.Errorf("got %+v", issues)
		}
	})
}

// TestBuildSheet runs the job buildSheet plans.
func TestBuildSheet(t *testing.T) {
	r := newTestRenderer(t)
	p, s := loadSheet(t, "poker")
	jobs := buildSheet(r.Renderer, p, s, generator.BuildOptions{Print: sheetOpts("a4", layout.LongEdge)})
	if len(jobs) != 1 {
		t.Fatalf("got %d jobs", len(jobs))
	}
	dir := t.TempDir()
	arts, err := jobs[0].Run(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(arts) != 1 || arts[0].Path != "turn-card.pdf" || arts[0].Pages != 2 {
		t.Errorf("got %+v", arts)
	}
	if _, err := os.Stat(filepath.Join(dir, "turn-card.pdf")); err != nil {
		t.Error(err)
	}
}

// guideInk is an inkCanvas that also tells the guides of a page (marks,
// cut lines, scale bars: drawn outside any Push) from the sheets' own
// drawing, and notes the clip of every side drawn.
type guideInk struct {
	*rendertest.InkCanvas
	depth int
	guide [][]bool        // per page, per op: drawn at depth 0
	clips [][]layout.Rect // per page, the clip of each side drawn, in order
}

func newGuideInk(f *draw.Fonts) *guideInk { return &guideInk{InkCanvas: rendertest.NewInkCanvas(f)} }

// AddPage implements pageSink.
func (c *guideInk) AddPage(w, h float64) draw.Canvas {
	c.InkCanvas.AddPage(w, h)
	c.depth = 0
	c.guide, c.clips = append(c.guide, nil), append(c.clips, nil)
	return c
}

func (c *guideInk) tag() {
	n := len(c.Pages) - 1
	for len(c.guide[n]) < len(c.Pages[n]) {
		c.guide[n] = append(c.guide[n], c.depth == 0)
	}
}

func (c *guideInk) Rect(x, y, w, h, r float64, s draw.Style) {
	c.InkCanvas.Rect(x, y, w, h, r, s)
	c.tag()
}
func (c *guideInk) Ellipse(x, y, w, h float64, s draw.Style) {
	c.InkCanvas.Ellipse(x, y, w, h, s)
	c.tag()
}
func (c *guideInk) Line(x1, y1, x2, y2 float64, col draw.Color, width float64) {
	c.InkCanvas.Line(x1, y1, x2, y2, col, width)
	c.tag()
}
func (c *guideInk) Text(x, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	c.InkCanvas.Text(x, y, s, f, size, col)
	c.tag()
}
func (c *guideInk) Push() { c.depth++; c.InkCanvas.Push() }
func (c *guideInk) Pop()  { c.depth--; c.InkCanvas.Pop() }
func (c *guideInk) ClipRect(x, y, w, h float64) {
	if c.depth == 1 {
		n := len(c.Pages) - 1
		c.clips[n] = append(c.clips[n], layout.Rect{X: x, Y: y, W: w, H: h})
	}
}

// kitSheet returns a sheet of the bundled kit.
func kitSheet(t testing.TB, id string) *schema.Sheet {
	t.Helper()
	for _, s := range rendertest.LoadBundled(t, "run-for-your-life").Sheets() {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no sheet %s", id)
	return nil
}

// sheetPage is what a test expects on one page of a sheet: its slots and
// whether they are backs.
type sheetPage struct {
	slots []layout.Slot
	back  bool
}

// expectedSheetPages lists the pages imposeSheet should draw for a sheet
// of one side-page per copy (card sizes, or one-page sheets), n copies.
func expectedSheetPages(g sheetGeom, copies int, hasBack bool, opts generator.PrintOptions) []sheetPage {
	per := g.grid.PerPage()
	var out, backs []sheetPage
	for start := 0; start < copies; start += per {
		n := min(per, copies-start)
		out = append(out, sheetPage{slots: g.grid.Slots(n)})
		switch {
		case hasBack && opts.Duplex != layout.NoDuplex:
			out = append(out, sheetPage{slots: g.grid.BackSlots(n, opts.Duplex, opts.BackOffset), back: true})
		case hasBack:
			backs = append(backs, sheetPage{slots: g.grid.BackSlots(n, layout.NoDuplex, layout.Point{}), back: true})
		}
	}
	return append(out, backs...)
}

// TestSheetPagesInsideMargin draws the card-size sheets (the kit's turn
// aid, the poker fixture) and the page and half-page fixtures in every
// variant, and checks every page like TestDeckPagesInsideMargin: every
// mark, cut line and scale bar inside the printer margin and off every
// trim, on front and back pages alike; each side clipped to its slot's art
// (card sizes: the deck's bleed, open edges included) or to the printable
// area (page sizes); marks on every page of a card size when crop marks are
// on, exactly the deck's marks (layout.SheetMarks); the cut line between
// half pages on both sides.
func TestSheetPagesInsideMargin(t *testing.T) {
	base := newTestRenderer(t)
	_, poker := loadSheet(t, "poker")
	_, page := loadSheet(t, "page")
	_, half := loadSheet(t, "half")
	page.Count, half.Count = 1, 2
	sheets := []*schema.Sheet{kitSheet(t, "turn-aid"), poker, page, half}
	const eps = 0.005
	for _, s := range sheets {
		for _, paper := range []string{"letter", "a4"} {
			for _, duplex := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
				for _, inkSaver := range []bool{false, true} {
					for _, v := range []struct{ crop, cut bool }{{true, false}, {false, false}, {true, true}} {
						name := fmt.Sprintf("%s %s %s ink-saver=%v crop=%v cut=%v", s.ID, paper, duplex, inkSaver, v.crop, v.cut)
						r := renderer{base.WithOptions(inkSaver, inkSaver)}
						opts := sheetOpts(paper, duplex)
						opts.CropMarks, opts.CutLines = v.crop, v.cut
						l, err := r.layoutSheet(s, opts)
						if err != nil {
							t.Fatal(err)
						}
						if !l.geom.card && len(l.front.pages) != 1 {
							t.Fatalf("%s: the fixture takes %d pages", name, len(l.front.pages))
						}
						ink := newGuideInk(r.Fonts)
						if err := r.imposeSheet(ink, s, opts); err != nil {
							t.Fatal(err)
						}
						want := expectedSheetPages(l.geom, max(s.Count, 1), len(s.Back) > 0, opts)
						if len(ink.Pages) != len(want) {
							t.Fatalf("%s: %d pages, want %d", name, len(ink.Pages), len(want))
						}
						area := layout.Printable(opts.Paper, opts.Margin)
						white := l.style.paper == draw.White
						for i, ops := range ink.Pages {
							w := want[i]
							checkSheetPage(t, fmt.Sprintf("%s page %d", name, i+1), l.geom, w, ink.clips[i], area, eps)
							cut := 0
							for k, op := range ops {
								if !ink.guide[i][k] {
									continue
								}
								b := op.Box
								if b.X < area.X-eps || b.Y < area.Y-eps || b.Right() > area.Right()+eps || b.Bottom() > area.Bottom()+eps {
									t.Errorf("%s page %d: %s %+v lies in the %.2fmm margin", name, i+1, op.What, b, opts.Margin)
								}
								for j, sl := range w.slots {
									tr := sl.Trim
									if !l.geom.card {
										tr = tr.Inset(opts.Margin)
									}
									if b.X < tr.Right()-eps && tr.X < b.Right()-eps && b.Y < tr.Bottom()-eps && tr.Y < b.Bottom()-eps {
										t.Errorf("%s page %d: %s %+v is over side %d", name, i+1, op.What, b, j)
									}
								}
								if op.What == "line" && op.Col == sheetCut {
									cut++
								}
							}
							if l.geom.card {
								// The deck's marks, knockouts and outlines included, on
								// fronts and backs alike.
								marks := layout.SheetMarks(area, w.slots, layout.MarkOptions{Crop: v.crop, CutLines: v.cut, TrimOutline: white})
								if v.crop && len(marks) == 0 {
									t.Errorf("%s page %d: the grid has no marks", name, i+1)
								}
								checkSheetMarks(t, fmt.Sprintf("%s page %d", name, i+1), marks, ops, ink.guide[i])
							}
							if l.geom.half && cut != 1 {
								t.Errorf("%s page %d: %d cut lines between the halves, want 1", name, i+1, cut)
							}
						}
					}
				}
			}
		}
	}
}

// checkSheetMarks checks that every mark is drawn on the page, in its ink,
// as a guide (outside the sides' drawing).
func checkSheetMarks(t *testing.T, name string, marks []layout.Mark, ops []rendertest.InkOp, guide []bool) {
	t.Helper()
	used := make([]bool, len(ops))
	missing := 0
	for _, m := range marks {
		col := generator.MarkInk(m)
		want := m.InkRect()
		found := false
		for k, op := range ops {
			b := op.Box
			if used[k] || !guide[k] || op.What != "line" || op.Col != col ||
				math.Abs(b.X-want.X) > 1e-6 || math.Abs(b.Y-want.Y) > 1e-6 || math.Abs(b.W-want.W) > 1e-6 || math.Abs(b.H-want.H) > 1e-6 {
				continue
			}
			used[k], found = true, true
			break
		}
		if !found {
			if missing == 0 {
				t.Errorf("%s: %s mark %+v (ink %d) not drawn", name, m.Kind, want, m.Ink)
			}
			missing++
		}
	}
	if missing > 1 {
		t.Errorf("%s: %d of %d marks not drawn", name, missing, len(marks))
	}
}

// checkSheetPage checks the clips of one page: each side clipped to its
// slot's art (card sizes) or its slot inside the margin (page sizes).
func checkSheetPage(t *testing.T, name string, g sheetGeom, w sheetPage, clips []layout.Rect, area layout.Rect, eps float64) {
	t.Helper()
	if len(clips) != len(w.slots) {
		t.Errorf("%s: %d sides drawn, want %d", name, len(clips), len(w.slots))
		return
	}
	for j, c := range clips {
		want := w.slots[j].Art()
		if !g.card {
			want = w.slots[j].Trim.Inset(g.clip)
			if c.X < area.X-eps || c.Y < area.Y-eps || c.Right() > area.Right()+eps || c.Bottom() > area.Bottom()+eps {
				t.Errorf("%s: side %d clipped to %+v, in the margin", name, j, c)
			}
		}
		if math.Abs(c.X-want.X) > eps || math.Abs(c.Y-want.Y) > eps || math.Abs(c.W-want.W) > eps || math.Abs(c.H-want.H) > eps {
			t.Errorf("%s: side %d clipped to %+v, want %+v", name, j, c, want)
		}
	}
}

// TestSheetOpenEdgeBleed: the turn aid (8 poker cards) on Letter fills 8
// of 9 slots; rows butt, so the card above the empty slot gets the full
// bleed on its open bottom edge, and its back the same on the mirrored
// side, like a deck's last sheet.
func TestSheetOpenEdgeBleed(t *testing.T) {
	r := newTestRenderer(t)
	s := kitSheet(t, "turn-aid")
	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
		opts := sheetOpts("letter", d)
		opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
		ink := newGuideInk(r.Fonts)
		if err := r.imposeSheet(ink, s, opts); err != nil {
			t.Fatal(err)
		}
		if len(ink.Pages) != 2 || len(ink.clips[0]) != 8 || len(ink.clips[1]) != 8 {
			t.Fatalf("%s: %d pages; want 8 fronts and 8 backs", d, len(ink.Pages))
		}
		l, _ := r.layoutSheet(s, opts)
		g := l.geom.grid
		front := ink.clips[0][5]
		if got := front.Bottom() - g.Trim(5).Bottom(); math.Abs(got-opts.Bleed) > 1e-6 {
			t.Errorf("%s: front 5 has %.2fmm bleed on its open bottom edge, want %.2f", d, got, opts.Bleed)
		}
		if got := ink.clips[0][2].Bottom() - g.Trim(2).Bottom(); math.Abs(got) > 1e-6 {
			t.Errorf("%s: front 2 has %.2fmm bleed on its butted bottom edge, want 0", d, got)
		}
		trim, _ := g.BackTrim(5, d, opts.BackOffset)
		back := ink.clips[1][5]
		got := back.Bottom() - trim.Bottom()
		if d == layout.ShortEdge {
			got = trim.Y - back.Y
		}
		if math.Abs(got-opts.Bleed) > 1e-6 {
			t.Errorf("%s: back 5 has %.2fmm bleed on its open edge, want %.2f", d, got, opts.Bleed)
		}
	}
}

// TestSheetOwnBackPagesLabelled: under duplex none, the back pages of a
// card-size sheet say which front page they belong behind; duplex back
// pages, which print behind their fronts, carry no such label.
func TestSheetOwnBackPagesLabelled(t *testing.T) {
	r := newTestRenderer(t)
	_, poker := loadSheet(t, "poker")
	s := *poker
	s.Count = 10 // two sheets of fronts on Letter
	for _, c := range []struct {
		duplex layout.Duplex
		want   []string // per page: a label the page must show, or "" for none
	}{
		{layout.NoDuplex, []string{"", "", "backs of page 1", "backs of page 2"}},
		{layout.LongEdge, []string{"", "", "", ""}},
	} {
		ink := newGuideInk(r.Fonts)
		if err := r.imposeSheet(ink, &s, sheetOpts("letter", c.duplex)); err != nil {
			t.Fatal(err)
		}
		if len(ink.Pages) != len(c.want) {
			t.Fatalf("%s: %d pages, want %d", c.duplex, len(ink.Pages), len(c.want))
		}
		for i, ops := range ink.Pages {
			label := ""
			for _, op := range ops {
				if strings.Contains(op.What, "backs of page") {
					label = op.What
				}
			}
			if c.want[i] == "" && label != "" || !strings.Contains(label, c.want[i]) {
				t.Errorf("%s page %d: label %q, want %q", c.duplex, i+1, label, c.want[i])
			}
		}
	}
}

// A sheet's back may have its own background and accent (a tile's used
// side): the back page paints it, the front page its own.
func TestSheetBackColours(t *testing.T) {
	r := newTestRenderer(t)
	_, poker := loadSheet(t, "poker")
	s := *poker
	s.Count = 1
	s.Background, s.Accent = "#b3261e", "#ffffff"
	s.BackBackground, s.BackAccent = "#6e6e6e", "#ffd166"
	sink := recordSheet(t, r, &s, sheetOpts("letter", layout.LongEdge))
	log := strings.Join(sink.rec.Ops, "\n")
	pages := strings.Split(log, "page 2 ")
	if len(pages) != 2 {
		t.Fatalf("want 2 pages:\n%s", log)
	}
	front, back := pages[0], pages[1]
	for _, c := range []struct {
		side, text, colour string
		want               bool
	}{
		{"front", front, "#b3261e", true}, {"front", front, "#6e6e6e", false},
		{"back", back, "#6e6e6e", true}, {"back", back, "#b3261e", false},
		{"back", back, "#ffd166", true},
	} {
		if got := strings.Contains(c.text, c.colour); got != c.want {
			t.Errorf("%s page uses %s: %v, want %v", c.side, c.colour, got, c.want)
		}
	}
}

// Sheets printed with another (printWith:) share its pages: four 50x35mm
// tiles of three sheets make one front page and one back page, each tile's
// back behind its front; the guests write no PDF of their own.
func TestSheetsPrintedWithSharePages(t *testing.T) {
	r := newTestRenderer(t)
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("testdata", "sheets", "ganged")), "ganged")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	var host *schema.Sheet
	for _, s := range p.Sheets() {
		jobs := buildSheet(r.Renderer, p, s, generator.BuildOptions{Print: sheetOpts("letter", layout.LongEdge)})
		if s.ID == "tile-a" {
			host = s
			if len(jobs) != 1 {
				t.Fatalf("host: %d jobs, want 1", len(jobs))
			}
		} else if len(jobs) != 0 {
			t.Errorf("%s prints with tile-a but plans %d files", s.ID, len(jobs))
		}
	}
	for _, c := range []struct {
		duplex layout.Duplex
		want   int
	}{{layout.LongEdge, 2}, {layout.NoDuplex, 2}} {
		sink := &recordSink{}
		if err := r.imposeSheets(sink, append([]*schema.Sheet{host}, p.SheetsPrintedWith("tile-a")...), sheetOpts("letter", c.duplex)); err != nil {
			t.Fatal(err)
		}
		if sink.pages != c.want {
			t.Errorf("%s: %d pages, want %d", c.duplex, sink.pages, c.want)
		}
		log := strings.Join(sink.rec.Ops, "\n")
		front, back, _ := strings.Cut(log, "page 2 ")
		// Four tiles: each front page panel red, each back panel grey.
		if n := strings.Count(front, "#b3261e"); n != 4 {
			t.Errorf("%s: %d red panels on the front page, want 4", c.duplex, n)
		}
		if n := strings.Count(back, "#5f6368"); n != 4 {
			t.Errorf("%s: %d grey panels on the back page, want 4", c.duplex, n)
		}
	}
	var buf bytes.Buffer
	n, err := r.WriteSheet(&buf, p, host, sheetOpts("letter", layout.LongEdge))
	if err != nil || n != 2 {
		t.Fatalf("WriteSheet: %d pages, %v; want 2", n, err)
	}
	lines := indexSheet(r.Renderer, p, host, sheetOpts("letter", layout.LongEdge))
	if !slices.Contains(lines, "tile-a (1), then on the same pages: tile-b (1), tile-c (2)") || !strings.HasPrefix(lines[0], "4 pieces, 50x35mm, 28 a sheet, 2 pages") {
		t.Errorf("index: %q", lines)
	}
}

// indexPages finds the page count in a sheet's first index line.
var indexPages = regexp.MustCompile(`\b(\d+) (?:full )?pages?\b`)

// TestIndexSheetTellsWhatPrints: the kit index gives every sheet's pages
// as WriteSheet prints them, and says how its back prints.
func TestIndexSheetTellsWhatPrints(t *testing.T) {
	r := newTestRenderer(t)
	tests := []struct {
		sheet  string
		duplex layout.Duplex
	}{
		{"page", layout.LongEdge},
		{"page", layout.NoDuplex},
		{"half", layout.LongEdge},
		{"half", layout.NoDuplex},
		{"poker", layout.LongEdge},
		{"poker", layout.ShortEdge},
		{"poker", layout.NoDuplex},
	}
	for _, tt := range tests {
		t.Run(tt.sheet+"/"+tt.duplex.String(), func(t *testing.T) {
			p, s := loadSheet(t, tt.sheet)
			opts := sheetOpts("letter", tt.duplex)
			pages, err := r.WriteSheet(io.Discard, p, s, opts)
			if err != nil {
				t.Fatal(err)
			}
			lines := indexSheet(r.Renderer, p, s, opts)
			if len(lines) == 0 {
				t.Fatal("no index lines")
			}
			m := indexPages.FindStringSubmatch(lines[0])
			if m == nil || m[1] != strconv.Itoa(pages) {
				t.Errorf("index %q does not give the %d pages printed", lines[0], pages)
			}
			hasBack := len(s.Back) > 0
			text := strings.Join(lines, "\n")
			switch {
			case hasBack && tt.duplex != layout.NoDuplex:
				if !strings.Contains(text, "followed by its back page") {
					t.Errorf("two-sided sheet, duplex: index does not say so: %q", lines)
				}
			case hasBack:
				if !strings.Contains(text, "pages of its own after the fronts") {
					t.Errorf("two-sided sheet, duplex none: index does not say where the backs go: %q", lines)
				}
			default:
				if strings.Contains(text, "back") {
					t.Errorf("one-sided sheet: index mentions a back: %q", lines)
				}
			}
		})
	}
}
