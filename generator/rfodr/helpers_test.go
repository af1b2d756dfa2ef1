package rfodr

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// Test helpers of the mats' pages, as the generator's board tests have
// them; the fixtures are Run, Fight, or Die!'s (rfod/testdata).

// loadRFPack loads a Run, Fight, or Die! fixture pack of testdata
// (rfod, rfodr).
func loadRFPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("..", "rfod", "testdata", dir)), dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// rfOpts are the print options of the RFoD tests.
func rfOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// checkRFGolden compares got with testdata/rfod-golden/name, or rewrites
// it with -update.
func checkRFGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}

func boardRenderer(t testing.TB) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func boardOpts(paper string) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func boardOptsDuplex(paper string, d layout.Duplex) generator.PrintOptions {
	o := boardOpts(paper)
	o.Duplex = d
	return o
}

// textBox is the extent of a logged text run.
func boardTextExtent(t *testing.T, r *generator.Renderer, op string) layout.Rect {
	f := strings.Fields(op)
	q := strings.IndexByte(op, '"')
	s, err := strconv.Unquote(op[q:])
	if len(f) < 7 || err != nil {
		t.Fatalf("cannot parse %q", op)
	}
	x, _ := strconv.ParseFloat(f[1], 64)
	y, _ := strconv.ParseFloat(f[2], 64)
	font := f[3]
	size, _ := strconv.ParseFloat(strings.TrimSuffix(f[4], "pt"), 64)
	st := draw.Regular
	for s := draw.Regular; s <= draw.Mono; s++ {
		if s.String() == font {
			st = s
		}
	}
	asc, desc := r.Fonts.Ascent(st, size), r.Fonts.Descent(st, size)
	return layout.Rect{X: x, Y: y - asc, W: r.Fonts.Width(s, st, size), H: asc + desc}
}

func flipRect(r layout.Rect, paper layout.Paper, d layout.Duplex) layout.Rect {
	if d == layout.ShortEdge {
		r.Y = paper.H - r.Y - r.H
	} else {
		r.X = paper.W - r.X - r.W
	}
	return r
}

// recBoardOut records a board's pages; art is recorded once and logged
// where it is placed.
type recBoardOut struct {
	pages []*recBoardPage
	arts  []*draw.Recorder
}

// recBoardPage is a recorded page that also keeps the exact centres of the
// alignment marks drawn on it.
type recBoardPage struct {
	draw.Recorder
	w, h float64
}

func (o *recBoardOut) AddPage(w, h float64) draw.Canvas {
	p := &recBoardPage{w: w, h: h}
	p.Logf("page %.2f %.2f", w, h)
	o.pages = append(o.pages, p)
	return p
}

func (o *recBoardOut) Art(w, h float64, paint func(draw.Canvas)) generator.PlaceArt {
	rec := &draw.Recorder{}
	rec.Logf("art %d %.2f %.2f", len(o.arts), w, h)
	paint(rec)
	o.arts = append(o.arts, rec)
	i := len(o.arts) - 1
	return func(page draw.Canvas, x, y float64) { page.(*recBoardPage).Logf("use art %d at %.2f %.2f", i, x, y) }
}

func (o *recBoardOut) String() string {
	var b strings.Builder
	for _, a := range o.arts {
		b.WriteString(a.String())
	}
	for _, p := range o.pages {
		b.WriteString(p.String())
	}
	return b.String()
}
