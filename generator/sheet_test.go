package generator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// loadSheet loads the pack of testdata/sheets/<name> and returns its sheet.
func loadSheet(t testing.TB, name string) (*schema.Pack, *schema.Sheet) {
	t.Helper()
	p, probs := schema.LoadPack(os.DirFS(filepath.Join("testdata", "sheets", name)), name)
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
func sheetOpts(paper string, d layout.Duplex) PrintOptions {
	return PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// recordSink records every page of a sheet into one log.
type recordSink struct {
	rec   Recorder
	pages int
}

// AddPage implements pageSink.
func (s *recordSink) AddPage(w, h float64) Canvas {
	s.pages++
	s.rec.log("page %d %.2fx%.2f", s.pages, w, h)
	return &s.rec
}

// recordSheet draws a sheet on a recording.
func recordSheet(t *testing.T, r *Renderer, s *schema.Sheet, opts PrintOptions) *recordSink {
	t.Helper()
	sink := &recordSink{}
	if err := r.imposeSheet(sink, s, opts); err != nil {
		t.Fatal(err)
	}
	return sink
}

func newTestRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSheetGolden(t *testing.T) {
	r := newTestRenderer(t)
	cases := []struct {
		golden, fixture, paper string
		duplex                 layout.Duplex
		copies                 int
		r                      *Renderer
	}{
		{"sheet-page.txt", "page", "letter", layout.LongEdge, 0, r},
		{"sheet-page-inksaver-gray.txt", "page", "a4", layout.ShortEdge, 0, r.WithOptions(true, true)},
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
			checkGolden(t, c.golden, sink.rec.String())
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
			rec := &Recorder{}
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
		issues := sheetOverflows(r, p, s)
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
			if issues := sheetOverflows(r, p, s); len(issues) > 0 {
				t.Errorf("unexpected issues: %+v", issues)
			}
		})
	}
	t.Run("long page sheet flows", func(t *testing.T) {
		p, _ := loadSheet(t, "page")
		if issues := sheetOverflows(r, p, longSheet(t, 12, 2)); len(issues) > 0 {
			t.Errorf("a page sheet that flows onto more pages warns: %+v", issues)
		}
	})
	t.Run("row taller than a column", func(t *testing.T) {
		p, s := loadSheet(t, "half")
		cp := *s
		big := schema.Length(40 * 25.4 / 72)
		cp.FontSize = &big
		cp.Front = []*schema.Block{s.Front[0], {Table: &schema.Table{Rows: [][]string{{strings.Repeat("zombies ", 40)}}}, Ref: s.Front[2].Ref}}
		issues := sheetOverflows(r, p, &cp)
		if len(issues) != 1 || issues[0].Ref.Pointer != "/front/2" || !strings.Contains(issues[0].Detail, "table row 1") {
			t.Errorf("got %+v, want one issue for the table row", issues)
		}
	})
	t.Run("card too large for the paper", func(t *testing.T) {
		p, s := loadSheet(t, "poker")
		cp := *s
		w, h := schema.Length(300), schema.Length(90)
		cp.Size, cp.Width, cp.Height = "custom", &w, &h
		issues := sheetOverflows(r, p, &cp)
		if len(issues) != 1 || !strings.Contains(issues[0].Detail, "does not fit on letter paper") {
			t.Errorf("got %+v", issues)
		}
	})
}

// TestBuildSheet runs the job buildSheet plans.
func TestBuildSheet(t *testing.T) {
	r := newTestRenderer(t)
	p, s := loadSheet(t, "poker")
	jobs := buildSheet(r, p, s, BuildOptions{Print: sheetOpts("a4", layout.LongEdge)})
	if len(jobs) != 1 {
		t.Fatalf("got %d jobs", len(jobs))
	}
	dir := t.TempDir()
	arts, err := jobs[0].run(dir)
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
